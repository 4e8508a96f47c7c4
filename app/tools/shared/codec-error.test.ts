import { describe, expect, it } from "vitest";
import { CodecError, codecErrorMessage } from "./codec-error";
import { abortError, WorkerJobError } from "./worker-bridge";

describe("codecErrorMessage", () => {
  it("returns the message of typed codec errors, thrown here or in a worker", () => {
    expect(codecErrorMessage(new CodecError("The DDS header is truncated"))).toBe("The DDS header is truncated");
    class DdsError extends Error {
      override name = "DdsError";
    }
    expect(codecErrorMessage(new DdsError("BC6H is not supported"))).toBe("BC6H is not supported");
    expect(codecErrorMessage(new WorkerJobError("BC6H is not supported", { errorName: "DdsError" }))).toBe("BC6H is not supported");
    expect(codecErrorMessage(new DOMException("The source image could not be decoded.", "InvalidStateError"))).toBe("The source image could not be decoded.");
  });

  it("keeps programmer errors, crashes and aborts generic", () => {
    expect(codecErrorMessage(new TypeError("Cannot read properties of undefined"))).toBeUndefined();
    expect(codecErrorMessage(new Error("boom"))).toBeUndefined();
    expect(codecErrorMessage(new WorkerJobError("x is undefined", { errorName: "TypeError" }))).toBeUndefined();
    expect(codecErrorMessage(new WorkerJobError("The conversion worker stopped", { crashed: true, errorName: "WorkerCrash" }))).toBeUndefined();
    expect(codecErrorMessage(abortError())).toBeUndefined();
    expect(codecErrorMessage(new CodecError("  "))).toBeUndefined();
    expect(codecErrorMessage("a string")).toBeUndefined();
    expect(codecErrorMessage(null)).toBeUndefined();
  });
});
