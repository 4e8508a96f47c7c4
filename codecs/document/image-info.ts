// The kind and pixel size of an embedded picture, read from its first bytes (PNG's IHDR, JPEG's
// start-of-frame marker), so a reader can keep PNG and JPEG pictures with their size and say which
// other kinds it dropped.

export type PictureKind = "png" | "jpeg" | "gif" | "bmp" | "webp" | "tiff" | "emf" | "wmf" | "svg" | "unknown";

export interface PictureInfo {
  kind: PictureKind;
  /** the size in pixels (PNG and JPEG only; 0 when unreadable) */
  width: number;
  height: number;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((value, i) => bytes[at + i] === value);

function pngSize(bytes: Uint8Array): [number, number] {
  // signature (8), IHDR length and type (8), then width and height, big-endian
  if (bytes.length < 24 || !startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12)) return [0, 0];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

// SOF0..SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not
const isStartOfFrame = (marker: number): boolean => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Uint8Array): [number, number] {
  let at = 2;
  // marker segments up to the frame header; each step skips a whole segment, so this is linear
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return [0, 0];
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return [0, 0];
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return [width, height];
    }
    if (marker === 0xd9 || marker === 0xda || length < 2) return [0, 0];
    at += 2 + length;
  }
  return [0, 0];
}

const other = (kind: PictureKind): PictureInfo => ({ kind, width: 0, height: 0 });

/** What the bytes are, and (PNG and JPEG) their size in pixels. */
export function pictureInfo(bytes: Uint8Array): PictureInfo {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    const [width, height] = pngSize(bytes);
    return { kind: "png", width, height };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const [width, height] = jpegSize(bytes);
    return { kind: "jpeg", width, height };
  }
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return other("gif");
  if (startsWith(bytes, [0x42, 0x4d])) return other("bmp");
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return other("webp");
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return other("tiff");
  // EMF: record type 1 then " EMF" at offset 40; WMF: the placeable header or a plain one
  if (startsWith(bytes, [0x01, 0x00, 0x00, 0x00]) && startsWith(bytes, [0x20, 0x45, 0x4d, 0x46], 40)) return other("emf");
  if (startsWith(bytes, [0xd7, 0xcd, 0xc6, 0x9a]) || startsWith(bytes, [0x01, 0x00, 0x09, 0x00]) || startsWith(bytes, [0x02, 0x00, 0x09, 0x00])) return other("wmf");
  const head = new TextDecoder().decode(bytes.subarray(0, 256)).trimStart();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return other("svg");
  return other("unknown");
}
