// The EXIF Orientation of a JPEG (tag 0x0112 in IFD0 of the APP1 "Exif" segment), so decoders
// that ignore it (jpeg-js) can turn the picture upright as browsers and cameras' viewers do.
// Reads only the segments before the image data, every offset checked; anything odd means 1.
import type { Orientation } from "../image/orient.ts";

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"

export function jpegOrientation(bytes: Uint8Array): Orientation {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 1;
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xda || marker === 0xd9) return 1; // image data or end: no EXIF before it
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return 1;
    const start = at + 4;
    if (marker === 0xe1 && EXIF_HEADER.every((b, i) => bytes[start + i] === b)) {
      return orientationInTiff(bytes.subarray(start + 6, Math.min(bytes.length, at + 2 + length)));
    }
    at += 2 + length;
  }
  return 1;
}

/** Tag 0x0112 of IFD0 in the TIFF structure that EXIF data is. */
function orientationInTiff(tiff: Uint8Array): Orientation {
  if (tiff.length < 8) return 1;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return 1;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  if (view.getUint16(2, little) !== 42) return 1;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return 1;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (view.getUint16(entry, little) !== 0x0112) continue;
    const value = view.getUint16(entry + 8, little); // a SHORT, stored in the entry itself
    return Number.isInteger(value) && value >= 1 && value <= 8 ? (value as Orientation) : 1;
  }
  return 1;
}
