import { describe, expect, it } from "vitest";
import { previewZoom } from "./preview-zoom.ts";

describe("previewZoom", () => {
  it("enlarges tiny images by whole steps up to the limit and leaves the rest alone", () => {
    expect(previewZoom(8, 8)).toBe(16);
    expect(previewZoom(1, 1)).toBe(16);
    expect(previewZoom(1, 1, 32)).toBe(32);
    expect(previewZoom(30, 10)).toBe(4);
    expect(previewZoom(64, 65)).toBe(1);
    expect(previewZoom(4000, 3000)).toBe(1);
  });
});
