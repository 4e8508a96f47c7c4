import { describe, expect, it } from "vitest";
import { psnrPremultiplied, psnrRgb } from "./psnr.ts";

const image = (pixels: number[][]) => ({ width: pixels.length, height: 1, data: new Uint8Array(pixels.flat()) });

describe("psnrRgb", () => {
  it("is infinite for identical colours, whatever the alpha", () => {
    expect(psnrRgb(image([[1, 2, 3, 0]]), image([[1, 2, 3, 255]]))).toBe(Infinity);
  });

  it("follows 10·log10(255² / MSE) over R, G and B", () => {
    // one channel off by 10 over 2 pixels: MSE = 100 / 6
    const db = psnrRgb(image([[0, 0, 0, 255], [50, 50, 50, 255]]), image([[10, 0, 0, 255], [50, 50, 50, 255]]));
    expect(db).toBeCloseTo(10 * Math.log10((255 * 255 * 6) / 100), 10);
  });

  it("refuses images of different sizes", () => {
    expect(() => psnrRgb(image([[0, 0, 0, 0]]), image([[0, 0, 0, 0], [0, 0, 0, 0]]))).toThrow(RangeError);
  });
});

describe("psnrPremultiplied", () => {
  it("ignores the colour of fully transparent pixels and counts alpha", () => {
    expect(psnrPremultiplied(image([[10, 20, 30, 0]]), image([[0, 0, 0, 0]]))).toBe(Infinity);
    // alpha off by 10 on one of 4 channels of one pixel, colour black
    expect(psnrPremultiplied(image([[0, 0, 0, 100]]), image([[0, 0, 0, 110]]))).toBeCloseTo(10 * Math.log10((255 * 255 * 4) / 100), 10);
  });

  it("weights colour errors by alpha: an opaque error counts fully, a half-transparent one half", () => {
    const opaque = psnrPremultiplied(image([[100, 0, 0, 255]]), image([[110, 0, 0, 255]]));
    expect(opaque).toBeCloseTo(10 * Math.log10((255 * 255 * 4) / 100), 10);
    const half = psnrPremultiplied(image([[100, 0, 0, 51]]), image([[150, 0, 0, 51]]));
    expect(half).toBeCloseTo(10 * Math.log10((255 * 255 * 4) / 100), 10);
  });
});
