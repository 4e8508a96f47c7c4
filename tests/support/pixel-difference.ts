// How far two decodes of one image are apart, channel by channel (alpha included).
import type { RgbaImage } from "#codecs/image/rgba-image.ts";

/** Largest and mean absolute difference of two equally long sample buffers. */
export function difference(a: ArrayLike<number>, b: ArrayLike<number>): { max: number; mean: number } {
  if (a.length !== b.length) throw new Error(`sizes differ: ${a.length} vs ${b.length}`);
  let max = 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    sum += d;
    if (d > max) max = d;
  }
  return { max, mean: sum / a.length };
}

/** Throws when two images differ in size. */
export function expectSameSize(a: RgbaImage, b: RgbaImage): void {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`sizes differ: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
}

/** Mean absolute difference per channel (RGBA) between two images of one size. */
export function meanAbsDiff(a: RgbaImage, b: RgbaImage): number {
  expectSameSize(a, b);
  return difference(a.data, b.data).mean;
}

/** The largest channel difference between two images of one size. */
export function maxAbsDiff(a: RgbaImage, b: RgbaImage): number {
  expectSameSize(a, b);
  return difference(a.data, b.data).max;
}

/** Mean absolute difference per colour channel of the two images composited over white (alpha weighs the colours). */
export function meanDifferenceOnWhite(a: RgbaImage, b: RgbaImage): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`sizes differ: ${a.width} × ${a.height} vs ${b.width} × ${b.height}`);
  let total = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const alphaA = a.data[i + 3]! / 255;
    const alphaB = b.data[i + 3]! / 255;
    for (let c = 0; c < 3; c++) total += Math.abs(a.data[i + c]! * alphaA + 255 * (1 - alphaA) - (b.data[i + c]! * alphaB + 255 * (1 - alphaB)));
  }
  return total / ((a.data.length / 4) * 3);
}
