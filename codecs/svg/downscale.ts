// Tracing costs time in proportion to pixels × colours, so trace mode works on at most a set number
// of pixels: larger images are reduced first (the SVG keeps the original size through its viewBox).
import type { RgbaImage } from "../image/rgba-image.ts";

/** The largest size with the same aspect ratio and at most `maxPixels` pixels (the size itself if it fits). */
export function fitWithin(width: number, height: number, maxPixels: number): { width: number; height: number } {
  if (width * height <= maxPixels) return { width, height };
  const scale = Math.sqrt(maxPixels / (width * height));
  // a very thin image keeps one row (or column), and the other side takes the rest of the budget
  const fittedHeight = Math.max(1, Math.floor(height * scale));
  const fittedWidth = Math.max(1, Math.min(width, Math.floor(width * scale), Math.floor(maxPixels / fittedHeight)));
  return { width: fittedWidth, height: Math.max(1, Math.min(fittedHeight, Math.floor(maxPixels / fittedWidth))) };
}

/**
 * Box-filter reduction to `width` × `height` (each output pixel averages the source pixels whose
 * centres fall in it). Colours are weighted by alpha so transparent pixels do not darken edges.
 */
export function downscale(image: RgbaImage, width: number, height: number): RgbaImage {
  const out = new Uint8ClampedArray(width * height * 4);
  const src = image.data;
  const columnStart = new Uint32Array(width + 1);
  for (let x = 0; x <= width; x++) columnStart[x] = Math.min(image.width, Math.round((x * image.width) / width));
  for (let y = 0; y < height; y++) {
    const y0 = Math.round((y * image.height) / height);
    const y1 = Math.max(y0 + 1, Math.round(((y + 1) * image.height) / height));
    for (let x = 0; x < width; x++) {
      const x0 = columnStart[x]!;
      const x1 = Math.max(x0 + 1, columnStart[x + 1]!);
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let i = (sy * image.width + x0) * 4, end = (sy * image.width + x1) * 4; i < end; i += 4) {
          const alpha = src[i + 3]!;
          r += src[i]! * alpha;
          g += src[i + 1]! * alpha;
          b += src[i + 2]! * alpha;
          a += alpha;
        }
      }
      const o = (y * width + x) * 4;
      if (a > 0) {
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
        out[o + 3] = Math.round(a / ((y1 - y0) * (x1 - x0)));
      }
    }
  }
  return { width, height, data: out };
}

/** The image reduced to at most `maxPixels` pixels, or the image itself when it already fits. */
export function downscaleToFit(image: RgbaImage, maxPixels: number): RgbaImage {
  const size = fitWithin(image.width, image.height, maxPixels);
  return size.width === image.width && size.height === image.height ? image : downscale(image, size.width, size.height);
}
