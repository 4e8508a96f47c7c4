import { describe, expect, it } from "vitest";
import { AA_TEXT_RATIO, contrastRatio, formatRatio, mix, parseHex, relativeLuminance, toHex } from "./contrast.ts";

describe("WCAG 2.x contrast", () => {
  it("gives the known ratios of grey text on white: #777777 just misses AA, #767676 just passes", () => {
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(AA_TEXT_RATIO);
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(AA_TEXT_RATIO);
  });

  it("spans 1:1 (same colour) to 21:1 (black on white), in either order", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBe(21);
    expect(contrastRatio("#ffffff", "#000000")).toBe(21);
    expect(contrastRatio("#2563eb", "#2563eb")).toBe(1);
    expect(contrastRatio("#0000ff", "#ffffff")).toBeCloseTo(8.59, 2);
    expect(contrastRatio("#ff0000", "#ffffff")).toBeCloseTo(4.0, 2);
  });

  it("weighs green most and blue least in relative luminance", () => {
    expect(relativeLuminance([255, 255, 255])).toBe(1);
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(relativeLuminance([0, 255, 0])).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance([255, 0, 0])).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance([0, 0, 255])).toBeCloseTo(0.0722, 4);
  });

  it("shows two decimals, never rounded up to a threshold the ratio misses", () => {
    expect(formatRatio(4.478)).toBe("4.48");
    expect(formatRatio(4.497)).toBe("4.49");
    expect(formatRatio(4.5)).toBe("4.5");
    expect(formatRatio(21)).toBe("21");
    expect(formatRatio(2.5424)).toBe("2.54");
  });

  it("reads and writes #rrggbb, refuses other shapes, and mixes in sRGB", () => {
    expect(parseHex("#2563EB")).toEqual([37, 99, 235]);
    for (const bad of ["#fff", "2563eb", "#2563eg", "#2563eb ", ""]) expect(parseHex(bad), bad).toBeNull();
    expect(toHex([37, 99, 235])).toBe("#2563eb");
    expect(toHex([-3, 300, 127.6])).toBe("#00ff80");
    expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
    expect(mix("#2563eb", "#ffffff", 0)).toBe("#2563eb");
    expect(() => contrastRatio("red", "#ffffff")).toThrow("not a #rrggbb colour");
  });
});
