import { describe, expect, it } from "vitest";
import { parseColorCount, resultSummary } from "./avif-svg-job.ts";

describe("parseColorCount", () => {
  it("accepts whole numbers from 2 to 64", () => {
    expect(parseColorCount("2")).toBe(2);
    expect(parseColorCount(" 16 ")).toBe(16);
    expect(parseColorCount("64")).toBe(64);
  });

  it("refuses anything else", () => {
    for (const text of ["", "1", "65", "8.5", "-4", "1e1", "abc", "0x10"]) expect(parseColorCount(text)).toBeNull();
  });
});

describe("resultSummary", () => {
  const svg = new Uint8Array(0);

  it("says what an embedded SVG holds", () => {
    expect(resultSummary({ svg, mode: "embed", width: 640, height: 480, pngBytes: 150 * 1024 })).toBe(
      "640 × 480 px, the image embedded as a 150 KB PNG (exact pixels).",
    );
  });

  it("says how a trace came out, and when the image was reduced for it", () => {
    expect(resultSummary({ svg, mode: "trace", width: 300, height: 200, tracedWidth: 300, tracedHeight: 200, colors: 1, paths: 1 })).toBe(
      "300 × 200 px, traced into 1 path in 1 colour.",
    );
    expect(resultSummary({ svg, mode: "trace", width: 4000, height: 3000, tracedWidth: 1154, tracedHeight: 866, colors: 16, paths: 812 })).toBe(
      "4000 × 3000 px, traced into 812 paths in 16 colours. The image was reduced to 1154 × 866 px for tracing to keep it fast; the SVG keeps the original size.",
    );
  });
});
