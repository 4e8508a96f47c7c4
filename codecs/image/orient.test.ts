import { describe, expect, it } from "vitest";
import { applyOrientation, type Orientation } from "./orient.ts";

// a 3 × 2 image whose pixels are numbered 1..6 in the red channel, stored row by row:
//   1 2 3
//   4 5 6
const stored = { width: 3, height: 2, data: Uint8Array.from([1, 2, 3, 4, 5, 6].flatMap((v) => [v, 0, 0, 255])) };
const grid = (image: { width: number; height: number; data: ArrayLike<number> }) =>
  Array.from({ length: image.height }, (_row, y) => Array.from({ length: image.width }, (_column, x) => image.data[(y * image.width + x) * 4]));

describe("applyOrientation", () => {
  it.each<[Orientation, number[][]]>([
    [1, [[1, 2, 3], [4, 5, 6]]],
    [2, [[3, 2, 1], [6, 5, 4]]],
    [3, [[6, 5, 4], [3, 2, 1]]],
    [4, [[4, 5, 6], [1, 2, 3]]],
    [5, [[1, 4], [2, 5], [3, 6]]],
    [6, [[4, 1], [5, 2], [6, 3]]],
    [7, [[6, 3], [5, 2], [4, 1]]],
    [8, [[3, 6], [2, 5], [1, 4]]],
  ])("orientation %i shows the stored pixels upright", (orientation, expected) => {
    expect(grid(applyOrientation(stored, orientation))).toEqual(expected);
  });

  it("reads pixels that do not start on a word boundary", () => {
    const shifted = new Uint8Array(stored.data.length + 1).subarray(1);
    shifted.set(stored.data);
    expect(grid(applyOrientation({ ...stored, data: shifted }, 6))).toEqual([[4, 1], [5, 2], [6, 3]]);
  });
});
