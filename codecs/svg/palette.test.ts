import { describe, expect, it } from "vitest";
import { choosePalette, exactColors, medianCut } from "./palette.ts";
import { BLUE, CLEAR, paintImage, photoLike, RED, WHITE } from "#tests/support/codecs/svg/test-helpers.ts";

describe("choosePalette", () => {
  it("returns an image's own colours, most frequent first, when there are few enough", () => {
    const image = paintImage(10, 10, (x, y) => (x < 2 ? RED : y < 3 ? BLUE : WHITE));
    expect(choosePalette(image, 8)).toEqual([
      { r: 255, g: 255, b: 255, a: 255 },
      { r: 20, g: 60, b: 200, a: 255 },
      { r: 220, g: 30, b: 40, a: 255 },
    ]);
  });

  it("counts every fully transparent pixel as one colour whatever its RGB", () => {
    const image = paintImage(4, 1, (x) => (x === 0 ? [9, 9, 9, 0] : x === 1 ? [200, 1, 1, 0] : CLEAR));
    expect(exactColors(image, 4)).toEqual([{ r: 0, g: 0, b: 0, a: 0 }]);
  });

  it("gives up on exact colours past the limit and falls back to a median cut of that many", () => {
    const image = photoLike(64, 48);
    expect(exactColors(image, 16)).toBeNull();
    const palette = choosePalette(image, 16);
    expect(palette).toHaveLength(16);
    expect(new Set(palette.map((c) => `${c.r},${c.g},${c.b},${c.a}`)).size).toBe(16);
  });
});

const samples = (colors: number[][]) => Uint8Array.from(colors.flat());

describe("medianCut", () => {
  it("splits two clusters into their means", () => {
    const data = samples([
      [10, 10, 10, 255],
      [12, 10, 10, 255],
      [200, 100, 50, 255],
      [202, 104, 50, 255],
    ]);
    expect(medianCut(data, 2)).toEqual([
      { r: 11, g: 10, b: 10, a: 255 },
      { r: 201, g: 102, b: 50, a: 255 },
    ]);
  });

  it("stops when every box holds one colour", () => {
    expect(medianCut(samples([[1, 2, 3, 255], [1, 2, 3, 255], [9, 9, 9, 255]]), 8)).toHaveLength(2);
  });

  it("separates by alpha as well", () => {
    const palette = medianCut(samples([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 255]]), 2);
    expect(palette.map((c) => c.a).toSorted((a, b) => a - b)).toEqual([0, 255]);
  });
});
