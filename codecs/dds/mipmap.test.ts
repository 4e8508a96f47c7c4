import { describe, expect, it } from "vitest";
import type { RgbaImage } from "../image/rgba-image.ts";
import { downsampleMip, linearToSrgb, mipLevelCount, mipLevelSize, srgbToLinear } from "./mipmap.ts";

const image = (width: number, height: number, pixels: number[][]): RgbaImage => ({
  width,
  height,
  data: Uint8Array.from(pixels.flat()),
});

const pixelsOf = (img: RgbaImage) => Array.from({ length: img.width * img.height }, (_, i) => [...img.data.subarray(i * 4, i * 4 + 4)]);

/** The linear-light mean of 8-bit sRGB values, back in 8-bit sRGB. */
const linearMean = (values: number[], weights = values.map(() => 1)) => {
  const total = weights.reduce((a, b) => a + b, 0);
  const mean = values.reduce((sum, v, i) => sum + srgbToLinear(v) * weights[i]!, 0) / total;
  return Math.round(linearToSrgb(mean) * 255);
};

describe("mip chain sizes", () => {
  it("counts levels down to 1x1 (floor(log2(max side)) + 1)", () => {
    expect(mipLevelCount(1, 1)).toBe(1);
    expect(mipLevelCount(2, 1)).toBe(2);
    expect(mipLevelCount(256, 256)).toBe(9);
    expect(mipLevelCount(13, 7)).toBe(4);
    expect(mipLevelCount(16384, 3)).toBe(15);
  });
  it("halves each side with floor, never below 1 (Direct3D's rule)", () => {
    expect([0, 1, 2, 3].map((l) => mipLevelSize(13, 7, l))).toEqual([
      { width: 13, height: 7 },
      { width: 6, height: 3 },
      { width: 3, height: 1 },
      { width: 1, height: 1 },
    ]);
  });
});

describe("box filter in linear light", () => {
  it("averages a 2x2 block in linear light, not in sRGB values", () => {
    const out = downsampleMip(image(2, 2, [[0, 0, 0, 255], [255, 255, 255, 255], [0, 0, 0, 255], [255, 255, 255, 255]]));
    expect(out.width).toBe(1);
    expect(out.height).toBe(1);
    // Half black, half white: linear 0.5 is sRGB 188, where a plain sRGB mean would give 128.
    expect(pixelsOf(out)).toEqual([[188, 188, 188, 255]]);
  });

  it("weights colour by alpha: a transparent pixel's colour does not bleed", () => {
    const out = downsampleMip(image(2, 1, [[255, 0, 0, 0], [0, 0, 255, 255]]));
    expect(pixelsOf(out)).toEqual([[0, 0, 255, 128]]);
  });

  it("keeps the plain colour average of a fully transparent area", () => {
    const out = downsampleMip(image(2, 1, [[255, 0, 0, 0], [0, 0, 255, 0]]));
    expect(pixelsOf(out)).toEqual([[linearMean([255, 0]), 0, linearMean([0, 255]), 0]]);
  });

  it("gives each of 3 source pixels a third when 3 become 1", () => {
    const out = downsampleMip(image(3, 1, [[30, 0, 0, 255], [60, 0, 0, 255], [200, 0, 0, 255]]));
    expect(pixelsOf(out)).toEqual([[linearMean([30, 60, 200]), 0, 0, 255]]);
  });

  it("covers odd sizes by area: 5 -> 2 weighs the middle column half to each side", () => {
    const out = downsampleMip(image(5, 1, [10, 50, 90, 130, 250].map((v) => [v, v, v, 200])));
    expect(out.width).toBe(2);
    expect(out.data[0]).toBe(linearMean([10, 50, 90], [1, 1, 0.5]));
    expect(out.data[4]).toBe(linearMean([90, 130, 250], [0.5, 1, 1]));
    expect(out.data[3]).toBe(200);
    expect(out.data[7]).toBe(200);
  });

  it("keeps a flat image flat at every level (13x7 down to 1x1)", () => {
    let img: RgbaImage = image(13, 7, Array.from({ length: 91 }, () => [12, 130, 250, 77]));
    while (img.width > 1 || img.height > 1) {
      img = downsampleMip(img);
      for (const p of pixelsOf(img)) expect(p).toEqual([12, 130, 250, 77]);
    }
  });

  it("shrinks a single row or column along one axis only", () => {
    const row = downsampleMip(image(4, 1, [[0, 0, 0, 255], [0, 0, 0, 255], [255, 255, 255, 255], [255, 255, 255, 255]]));
    expect(pixelsOf(row)).toEqual([[0, 0, 0, 255], [255, 255, 255, 255]]);
    const column = downsampleMip(image(1, 2, [[10, 10, 10, 255], [10, 10, 10, 255]]));
    expect(pixelsOf(column)).toEqual([[10, 10, 10, 255]]);
  });
});
