import { describe, expect, it } from "vitest";
import { padToSquare } from "./pad-square.ts";

/** An image whose pixel (x, y) is (x, y, 7, 255). */
function marked(width: number, height: number) {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([x, y, 7, 255], (y * width + x) * 4);
  return { width, height, data };
}

const pixel = (image: { width: number; data: ArrayLike<number> }, x: number, y: number) => Array.from({ length: 4 }, (_, c) => image.data[(y * image.width + x) * 4 + c]);

describe("padToSquare", () => {
  it("returns a square image unchanged", () => {
    const square = marked(3, 3);
    expect(padToSquare(square)).toBe(square);
  });

  it("centres a wide image vertically on transparent rows", () => {
    const out = padToSquare(marked(5, 3));
    expect([out.width, out.height]).toEqual([5, 5]);
    expect(pixel(out, 2, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(out, 0, 1)).toEqual([0, 0, 7, 255]);
    expect(pixel(out, 4, 3)).toEqual([4, 2, 7, 255]);
    expect(pixel(out, 4, 4)).toEqual([0, 0, 0, 0]);
  });

  it("centres a tall image horizontally, the odd extra column on the right", () => {
    const out = padToSquare(marked(2, 5));
    expect([out.width, out.height]).toEqual([5, 5]);
    // 3 spare columns: 1 left, 2 right
    for (let y = 0; y < 5; y++) {
      expect(pixel(out, 0, y)).toEqual([0, 0, 0, 0]);
      expect(pixel(out, 1, y)).toEqual([0, y, 7, 255]);
      expect(pixel(out, 2, y)).toEqual([1, y, 7, 255]);
      expect(pixel(out, 3, y)).toEqual([0, 0, 0, 0]);
      expect(pixel(out, 4, y)).toEqual([0, 0, 0, 0]);
    }
  });

  it("keeps every source pixel, once", () => {
    const source = marked(17, 4);
    const out = padToSquare(source);
    const opaque = Array.from({ length: out.width * out.height }, (_, i) => out.data[i * 4 + 3]).filter((a) => a === 255);
    expect(opaque).toHaveLength(17 * 4);
  });
});
