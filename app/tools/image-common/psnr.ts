// Peak signal-to-noise ratio between two RGBA8 images of the same size. psnrRgb: over the colour
// channels only. psnrPremultiplied: what is seen, colour weighted by alpha, plus alpha; shown with
// a compressed DDS so the visitor can judge what the block format cost.
import type { RgbaImage } from "../../../codecs/image/rgba-image.ts";

/** PSNR in dB over R, G and B; Infinity for identical colours. Throws a RangeError for different sizes. */
export function psnrRgb(a: RgbaImage, b: RgbaImage): number {
  if (a.width !== b.width || a.height !== b.height) throw new RangeError(`Images differ in size: ${a.width}×${a.height} and ${b.width}×${b.height}`);
  const pixels = a.width * a.height;
  let sum = 0;
  for (let i = 0; i < pixels * 4; i += 4) {
    const dr = a.data[i]! - b.data[i]!;
    const dg = a.data[i + 1]! - b.data[i + 1]!;
    const db = a.data[i + 2]! - b.data[i + 2]!;
    sum += dr * dr + dg * dg + db * db;
  }
  if (sum === 0) return Infinity;
  const mse = sum / (pixels * 3);
  return 10 * Math.log10((255 * 255) / mse);
}

/**
 * PSNR in dB of what is seen: colour weighted by alpha (premultiplied, so the hidden colour of a
 * transparent pixel counts for nothing, as in BC1's transparent black) plus alpha itself. For an
 * opaque image it is the PSNR over R, G, B and A. Infinity when nothing differs.
 */
export function psnrPremultiplied(a: RgbaImage, b: RgbaImage): number {
  if (a.width !== b.width || a.height !== b.height) throw new RangeError(`Images differ in size: ${a.width}×${a.height} and ${b.width}×${b.height}`);
  const pixels = a.width * a.height;
  let sum = 0;
  for (let i = 0; i < pixels * 4; i += 4) {
    const alphaA = a.data[i + 3]!;
    const alphaB = b.data[i + 3]!;
    for (let c = 0; c < 3; c++) {
      const d = (a.data[i + c]! * alphaA - b.data[i + c]! * alphaB) / 255;
      sum += d * d;
    }
    sum += (alphaA - alphaB) ** 2;
  }
  if (sum === 0) return Infinity;
  return 10 * Math.log10((255 * 255) / (sum / (pixels * 4)));
}

/** "38.2 dB", or "lossless" for identical colours. */
export function formatPsnr(db: number): string {
  return Number.isFinite(db) ? `${db.toFixed(1)} dB` : "lossless";
}
