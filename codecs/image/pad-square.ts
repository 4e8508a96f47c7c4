/**
 * Pads an image to a square, centred on a transparent background (an icon is square; stretching
 * would distort it and cropping would lose part of it). When the difference is odd, the extra
 * column or row goes to the right or bottom. A square image is returned as it is.
 */
import type { RgbaImage } from "./rgba-image.ts";

export function padToSquare(image: RgbaImage): RgbaImage {
  const { width, height, data } = image;
  if (width === height) return image;
  const side = Math.max(width, height);
  const left = Math.floor((side - width) / 2);
  const top = Math.floor((side - height) / 2);
  const out = new Uint8Array(side * side * 4); // zeros: transparent black
  const rowBytes = width * 4;
  for (let y = 0; y < height; y++) {
    out.set(data.subarray(y * rowBytes, (y + 1) * rowBytes), ((top + y) * side + left) * 4);
  }
  return { width: side, height: side, data: out };
}
