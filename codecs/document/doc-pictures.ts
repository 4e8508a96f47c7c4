import type { ImageBlock } from "./model.ts";
import { readPngHeader } from "../png/decode.ts";
import { CodecFailure } from "../common/codec-failure.ts";

// Inline pictures ([MS-DOC] PICFAndOfficeArtData, [MS-ODRAW] OfficeArtFBSE,
// OfficeArtBlip): a picture character's sprmCPicLocation points into the Data stream at a
// PICF header, an OfficeArt shape container and the picture's file entry (FBSE), whose embedded
// BLIP holds PNG or JPEG bytes as they are. Other kinds (EMF, WMF, PICT, DIB, TIFF) and pictures
// kept outside the Data stream are not read: the caller counts them for a note.

const PICF_HEADER = 68;
const MM_SHAPE_FILE = 0x66;
const RECORD_HEADER = 8;
const FBSE = 0xf007;
const FBSE_FIXED = 36;
const BLIP_JPEG = 0xf01d;
const BLIP_PNG = 0xf01e;
const BLIP_JPEG_CMYK = 0xf02a;
/** recInstance values of BLIPs that carry a second 16-byte UID before the picture. */
const TWO_UID_INSTANCES = new Set([0x46b, 0x6e3, 0x6e1, 0x6e5]);
/** OfficeArt records walked after the shape container before giving up on finding the FBSE. */
const MAX_RECORDS = 16;
const TWIPS_PER_POINT = 20;

interface Record {
  instance: number;
  type: number;
  length: number;
  body: number;
}

function record(data: Uint8Array, view: DataView, at: number, end: number): Record | undefined {
  if (at + RECORD_HEADER > end) return undefined;
  const verInstance = view.getUint16(at, true);
  const length = view.getUint32(at + 4, true);
  if (at + RECORD_HEADER + length > end || data.length < end) return undefined;
  return { instance: verInstance >> 4, type: view.getUint16(at + 2, true), length, body: at + RECORD_HEADER };
}

/** A JPEG's size from its first start-of-frame marker. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    at += 2 + length;
  }
  return undefined;
}

function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  try {
    const header = readPngHeader(bytes);
    return { width: header.width, height: header.height };
  } catch (error) {
    if (error instanceof CodecFailure) return undefined;
    throw error;
  }
}

/** The picture at `offset` of the Data stream, or undefined when it is not an embedded PNG or JPEG. */
export function readPicture(data: Uint8Array, offset: number): ImageBlock | undefined {
  if (offset + PICF_HEADER > data.length) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const lcb = view.getUint32(offset, true);
  const cbHeader = view.getUint16(offset + 4, true);
  const end = offset + lcb;
  if (cbHeader !== PICF_HEADER || lcb < PICF_HEADER || end > data.length) return undefined;
  const mm = view.getUint16(offset + 6, true);
  const dxaGoal = view.getUint16(offset + 28, true);
  const dyaGoal = view.getUint16(offset + 30, true);
  const mx = view.getUint16(offset + 32, true);
  const my = view.getUint16(offset + 34, true);
  let at = offset + PICF_HEADER;
  // a linked picture names its file first
  if (mm === MM_SHAPE_FILE) at += 1 + data[at]!;
  const shape = record(data, view, at, end);
  if (!shape) return undefined;
  at = shape.body + shape.length;
  for (let i = 0; i < MAX_RECORDS; i++) {
    const entry = record(data, view, at, end);
    if (!entry) return undefined;
    if (entry.type === FBSE && entry.length >= FBSE_FIXED) {
      const cbName = data[entry.body + 33]!;
      const blip = record(data, view, entry.body + FBSE_FIXED + cbName, entry.body + entry.length);
      if (!blip) return undefined;
      const isPng = blip.type === BLIP_PNG;
      if (!isPng && blip.type !== BLIP_JPEG && blip.type !== BLIP_JPEG_CMYK) return undefined;
      const header = 16 + (TWO_UID_INSTANCES.has(blip.instance) ? 16 : 0) + 1;
      if (blip.length <= header) return undefined;
      const bytes = data.slice(blip.body + header, blip.body + blip.length);
      const size = isPng ? pngSize(bytes) : jpegSize(bytes);
      if (!size) return undefined;
      const image: ImageBlock = { kind: "image", data: bytes, mime: isPng ? "image/png" : "image/jpeg", width: size.width, height: size.height };
      if (dxaGoal > 0 && dyaGoal > 0) {
        image.displayWidthPt = Math.round(((dxaGoal * (mx || 1000)) / 1000 / TWIPS_PER_POINT) * 100) / 100;
        image.displayHeightPt = Math.round(((dyaGoal * (my || 1000)) / 1000 / TWIPS_PER_POINT) * 100) / 100;
      }
      return image;
    }
    at = entry.body + entry.length;
  }
  return undefined;
}
