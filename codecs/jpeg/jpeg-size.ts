// A JPEG's pixel size from its frame header (SOFn) and its pixel density from the JFIF header,
// read without decoding (moved here from app/tools/image-common so the document readers can use it).

/**
 * Width and height from the first SOF segment, or null when there is none before the scan data or the
 * file ends first. Junk and fill bytes before a marker are skipped, as libjpeg and our decoder do.
 */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  // each turn moves forward: bounded by the file's size
  while (at + 1 < bytes.length) {
    const marker = bytes[at + 1]!;
    if (bytes[at] !== 0xff || marker === 0xff || marker === 0) {
      at += 1; // junk, a fill byte, or FF 00 before the next marker
      continue;
    }
    at += 2;
    // markers without a length: TEM, RST0-7, SOI, EOI
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) continue;
    if (at + 1 >= bytes.length) return null;
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    if (length < 2) continue;
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

const JFIF = [0x4a, 0x46, 0x49, 0x46, 0]; // "JFIF\0"

/**
 * Pixels per inch from the JFIF header (APP0), or null when there is none or it gives only an
 * aspect ratio (units 0). EXIF's XResolution is not read: cameras write 72 there whatever the picture.
 */
export function jpegDensity(bytes: Uint8Array): { x: number; y: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xda || marker === 0xd9) return null;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return null;
    const start = at + 4;
    if (marker === 0xe0 && length >= 16 && start + 12 <= bytes.length && JFIF.every((b, i) => bytes[start + i] === b)) {
      const units = bytes[start + 7]!;
      const x = (bytes[start + 8]! << 8) | bytes[start + 9]!;
      const y = (bytes[start + 10]! << 8) | bytes[start + 11]!;
      if ((units !== 1 && units !== 2) || x === 0 || y === 0) return null;
      const perInch = units === 1 ? 1 : 2.54;
      return { x: x * perInch, y: y * perInch };
    }
    at += 2 + length;
  }
  return null;
}

/** Whether the file has an end-of-image marker (FF D9) after its header: a file cut short has none. */
export function jpegHasEnd(bytes: Uint8Array): boolean {
  for (let i = bytes.length - 2; i > 2; i--) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}
