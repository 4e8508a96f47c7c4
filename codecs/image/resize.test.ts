import { describe, expect, it } from "vitest";
import { resizeRgba } from "./resize.ts";

function solid(width: number, height: number, rgba: [number, number, number, number]) {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { width, height, data };
}

describe("resizeRgba", () => {
  it("keeps a solid colour solid at any size, up or down", () => {
    for (const [w, h] of [[1, 1], [7, 3], [256, 256], [3, 100]] as const) {
      const out = resizeRgba(solid(40, 30, [10, 200, 30, 255]), w, h);
      expect(out.data.length).toBe(w * h * 4);
      for (let i = 0; i < out.data.length; i += 4) expect([...out.data.subarray(i, i + 4)]).toEqual([10, 200, 30, 255]);
    }
  });

  it("averages every source pixel when reducing (a 1-px checkerboard becomes mid grey)", () => {
    const data = new Uint8Array(64 * 64 * 4);
    for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) data.set((x + y) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255], (y * 64 + x) * 4);
    const out = resizeRgba({ width: 64, height: 64, data }, 16, 16);
    for (let i = 0; i < out.data.length; i += 4) expect(Math.abs(out.data[i]! - 128)).toBeLessThanOrEqual(2);
  });

  it("lets transparent pixels lend no colour to their neighbours", () => {
    const data = new Uint8Array(2 * 1 * 4);
    data.set([255, 0, 0, 255], 0); // opaque red
    data.set([0, 255, 0, 0], 4); // transparent green
    const out = resizeRgba({ width: 2, height: 1, data }, 1, 1);
    expect([...out.data]).toEqual([255, 0, 0, 128]);
  });

  it("refuses an impossible size", () => {
    expect(() => resizeRgba(solid(2, 2, [0, 0, 0, 0]), 0, 4)).toThrow(RangeError);
  });
});
