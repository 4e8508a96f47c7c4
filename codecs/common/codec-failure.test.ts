import { describe, expect, it } from "vitest";
import { DdsError } from "../dds/index.ts";
import { IcoError } from "../ico/index.ts";
import { CodecFailure, visitorMessage } from "./codec-failure.ts";

describe("visitorMessage", () => {
  it("gives a CodecFailure's own message, trimmed, with its code kept on the error", () => {
    const error = new DdsError("  This DDS file uses BC6H, which is not supported. ", "unsupported-format");
    expect(error).toBeInstanceOf(CodecFailure);
    expect(error.code).toBe("unsupported-format");
    expect(visitorMessage(error)).toBe("This DDS file uses BC6H, which is not supported.");
    expect(visitorMessage(new IcoError("Please select at least one icon size", "no-sizes"))).toBe("Please select at least one icon size");
  });

  it("gives nothing for errors without a codec code, whatever their name or message", () => {
    expect(visitorMessage(new TypeError("Cannot read properties of undefined"))).toBeUndefined();
    expect(visitorMessage(new Error("boom"))).toBeUndefined();
    // a DOMException has a numeric `code`: it is not a codec's
    expect(visitorMessage(new DOMException("The source image could not be decoded.", "InvalidStateError"))).toBeUndefined();
    expect(visitorMessage(new DOMException("The conversion was cancelled.", "AbortError"))).toBeUndefined();
    // a look-alike object is not a CodecFailure either
    expect(visitorMessage({ name: "DdsError", code: "truncated", message: "The DDS header is truncated" })).toBeUndefined();
    expect(visitorMessage(new CodecFailure("   ", "blank"))).toBeUndefined();
    expect(visitorMessage("a string")).toBeUndefined();
    expect(visitorMessage(null)).toBeUndefined();
  });
});
