// A JPEG's pixel size from its frame header (SOFn), read before decoding so an absurd image is
// refused with a clear message instead of exhausting the browser's memory.
import { ImageLoadError } from "./image-load-error";

/** Largest width or height decoded, as in the DDS and PNG codecs: at most 16384² pixels, 1 GiB of RGBA. */
export const MAX_IMAGE_SIDE = 16384;

/** Width and height from the first SOF segment, or null when there is none before the scan data or the file ends first. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    at += 2;
    // markers without a length: TEM, RST0-7, SOI, EOI
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) continue;
    if (at + 1 >= bytes.length) return null;
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 7 > bytes.length) return null;
      const height = (bytes[at + 3]! << 8) | bytes[at + 4]!;
      const width = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      return { width, height };
    }
    if (marker === 0xda) return null; // scan data before any frame header
    at += length;
  }
  return null;
}

/** Refuses zero, missing or too large sizes with a message for the visitor. */
export function checkImageSize(size: { width: number; height: number } | null, kind: string): { width: number; height: number } {
  if (!size) throw new ImageLoadError(`The ${kind} file is damaged: its image size could not be read.`, "damaged");
  const { width, height } = size;
  if (width === 0 || height === 0) throw new ImageLoadError(`The ${kind} file declares an empty image (${width} × ${height}).`, "empty-image");
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new ImageLoadError(`The image is too large: ${width} × ${height} pixels (at most ${MAX_IMAGE_SIDE} pixels a side).`, "too-large");
  }
  return size;
}
