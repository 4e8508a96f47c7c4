import { describe, expect, it } from "vitest";
import { checkImageSize } from "./jpeg-size.ts";

describe("checkImageSize", () => {
  it("accepts sizes within the limits and refuses the rest with a clear message", () => {
    expect(checkImageSize({ width: 16384, height: 100 }, "JPEG")).toEqual({ width: 16384, height: 100 });
    expect(() => checkImageSize(null, "JPEG")).toThrow("The JPEG file is damaged: its image size could not be read.");
    expect(() => checkImageSize({ width: 0, height: 5 }, "JPEG")).toThrow("empty image (0 × 5)");
    expect(() => checkImageSize({ width: 16385, height: 5 }, "JPEG")).toThrow("at most 16384 pixels a side");
    expect(() => checkImageSize({ width: 3, height: 65535 }, "JPEG")).toThrow("The image is too large: 3 × 65535 pixels");
    try {
      checkImageSize(null, "JPEG");
    } catch (error) {
      expect(error).toMatchObject({ name: "ImageLoadError", code: "damaged" });
    }
  });
});
