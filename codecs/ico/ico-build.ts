// The icon images of a JPG/PNG: decoded (PNG by our decoder, exact alpha; JPEG by the browser),
// padded to a centred transparent square, then reduced (or enlarged) to each chosen size with
// an alpha-correct filter. Used by app/tools/ico/jpg-to-ico.worker.ts and the CLI; `iconImages` and `buildIco` run in Node too.
import { encodeIco } from "./index.ts";
import { padToSquare } from "../image/pad-square.ts";
import type { RgbaImage } from "../image/rgba-image.ts";
import { resizeRgba } from "../image/resize.ts";

/** One image per size, smallest first: the source padded to a square, then resized. */
export function iconImages(source: RgbaImage, sizes: readonly number[]): RgbaImage[] {
  const square = padToSquare(source);
  return sizes.map((size) => (square.width === size ? square : resizeRgba(square, size, size)));
}

export function buildIco(source: RgbaImage, sizes: readonly number[]): { ico: Uint8Array; icons: RgbaImage[] } {
  const icons = iconImages(source, sizes);
  return { ico: encodeIco(icons), icons };
}
