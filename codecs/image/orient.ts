// The eight orientations of TIFF's Orientation tag (274) and EXIF's, which share its values: how
// the stored rows and columns map to the picture as it should be seen. Turning the stored pixels
// upright lets every later step (PDF pages, previews) ignore the tag.
import type { RgbaImage } from "./rgba-image.ts";

/**
 * 1 top-left (as stored), 2 mirrored left-right, 3 rotated 180°, 4 mirrored top-bottom,
 * 5 transposed, 6 needs a 90° clockwise turn, 7 transversed, 8 needs a 90° counter-clockwise turn.
 */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** Whether the upright picture swaps width and height (and the horizontal and vertical resolution). */
export function swapsAxes(orientation: Orientation): boolean {
  return orientation >= 5;
}

/** The upright picture; `image` itself for orientation 1. */
export function applyOrientation(image: RgbaImage, orientation: Orientation): RgbaImage {
  if (orientation === 1) return image;
  const { width: w, height: h } = image;
  const swap = swapsAxes(orientation);
  const width = swap ? h : w;
  const height = swap ? w : h;
  // one 32-bit word per pixel (a copy when the bytes do not start on a word boundary)
  const bytes = image.data.byteOffset % 4 === 0 ? image.data : image.data.slice();
  const src = new Uint32Array(bytes.buffer, bytes.byteOffset, w * h);
  const out = new Uint8Array(width * height * 4);
  const dst = new Uint32Array(out.buffer);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // (sx, sy): the stored pixel shown at (x, y)
      let sx: number;
      let sy: number;
      switch (orientation) {
        case 2: sx = w - 1 - x; sy = y; break;
        case 3: sx = w - 1 - x; sy = h - 1 - y; break;
        case 4: sx = x; sy = h - 1 - y; break;
        case 5: sx = y; sy = x; break;
        case 6: sx = y; sy = h - 1 - x; break;
        case 7: sx = w - 1 - y; sy = h - 1 - x; break;
        default: sx = w - 1 - y; sy = x; break; // 8
      }
      dst[y * width + x] = src[sy * w + sx]!;
    }
  }
  return { width, height, data: out };
}
