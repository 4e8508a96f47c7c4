// The icon images of a JPG/PNG: decoded (PNG by our decoder, exact alpha; JPEG by the browser),
// padded to a centred transparent square, then reduced (or enlarged) to each chosen size with
// an alpha-correct filter. Used by ./jpg-to-ico.worker.ts; `iconImages` and `buildIco` run in Node too.
import { encodeIco } from "../../../codecs/ico/index.ts";
import { padToSquare } from "../../../codecs/image/pad-square.ts";
import type { RgbaImage } from "../../../codecs/image/rgba-image.ts";
import { resizeRgba } from "../../../codecs/image/resize.ts";

/** One image per size, smallest first: the source padded to a square, then resized. */
export function iconImages(source: RgbaImage, sizes: readonly number[]): RgbaImage[] {
  const square = padToSquare(source);
  return sizes.map((size) => (square.width === size ? square : resizeRgba(square, size, size)));
}

export function buildIco(source: RgbaImage, sizes: readonly number[]): { ico: Uint8Array; icons: RgbaImage[] } {
  const icons = iconImages(source, sizes);
  return { ico: encodeIco(icons), icons };
}
