// The EXIF Orientation of a JPEG (tag 0x0112 in IFD0 of the APP1 "Exif" segment), so the picture can
// be turned upright as browsers and cameras' viewers do. Reads only the segments before the image
// data, skipping junk and fill bytes between them as the decoder does, every offset checked;
// anything odd means 1 (as stored).
import type { Orientation } from "../image/orient.ts";

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0]; // "Exif\0" (the sixth byte is 0 by the standard; a few writers put FF there)

export function jpegOrientation(bytes: Uint8Array): Orientation {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 1;
  let at = 2;
  // each turn moves forward: bounded by the file's size
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff || bytes[at + 1] === 0xff || bytes[at + 1] === 0) {
      at++; // junk or a fill byte before the next marker
      continue;
    }
    const marker = bytes[at + 1]!;
    if (marker === 0xda || marker === 0xd9) return 1; // image data or end: no EXIF before it
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) {
      at += 2;
      continue;
    }
    const start = at + 4;
    if (marker === 0xe1 && EXIF_HEADER.every((b, i) => bytes[start + i] === b)) {
      const found = orientationInTiff(bytes.subarray(start + 6, Math.min(bytes.length, at + 2 + length)));
      if (found !== null) return found;
    }
    at += 2 + length;
  }
  return 1;
}

/** Tag 0x0112 of IFD0 in the TIFF structure that EXIF data is; null when the structure is unreadable. */
function orientationInTiff(tiff: Uint8Array): Orientation | null {
  if (tiff.length < 8) return null;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  if (view.getUint16(2, little) !== 42) return null;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return null;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (view.getUint16(entry, little) !== 0x0112) continue;
    // a SHORT as the standard says, stored in the entry itself; a few writers use a LONG
    const type = view.getUint16(entry + 2, little);
    const value = type === 4 ? view.getUint32(entry + 8, little) : view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? (value as Orientation) : 1;
  }
  return 1;
}
