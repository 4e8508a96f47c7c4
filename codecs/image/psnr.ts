// Peak signal-to-noise ratio, 10·log10(255² / MSE), between RGBA8 pixels: over the first channels
// of each pixel (psnrChannels, psnrRgb), or of what is seen, colour weighted by alpha, plus alpha
// (psnrPremultiplied; the PNG to DDS page shows it so the visitor can judge a block format's cost).
// The codec tests, benches and pages all measure with these.
import type { RgbaImage } from "./rgba-image.ts";

/** PSNR in dB over the first `channels` channels (3: colour, 4: with alpha) of RGBA8 pixel arrays; Infinity when equal. */
export function psnrChannels(a: ArrayLike<number>, b: ArrayLike<number>, channels = 3): number {
  if (a.length !== b.length) throw new RangeError(`psnr: ${a.length} vs ${b.length} bytes`);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < channels; c++) {
      const d = a[i + c]! - b[i + c]!;
      sum += d * d;
      count++;
    }
  }
  return sum === 0 ? Infinity : 10 * Math.log10((255 * 255) / (sum / count));
}

function checkSameSize(a: RgbaImage, b: RgbaImage): void {
  if (a.width !== b.width || a.height !== b.height) throw new RangeError(`Images differ in size: ${a.width}×${a.height} and ${b.width}×${b.height}`);
}

/** PSNR in dB over R, G and B; Infinity for identical colours. Throws a RangeError for different sizes. */
export function psnrRgb(a: RgbaImage, b: RgbaImage): number {
  checkSameSize(a, b);
  return psnrChannels(a.data, b.data, 3);
}

/**
 * PSNR in dB of what is seen: colour weighted by alpha (premultiplied, so the hidden colour of a
 * transparent pixel counts for nothing, as in BC1's transparent black) plus alpha itself. For an
 * opaque image it is the PSNR over R, G, B and A. Infinity when nothing differs.
 */
export function psnrPremultiplied(a: RgbaImage, b: RgbaImage): number {
  checkSameSize(a, b);
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
