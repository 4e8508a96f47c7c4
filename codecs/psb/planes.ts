// Channel planes of a PSB/PSD: one channel of an image (the composite's or a layer's) as samples,
// raw, PackBits (RLE), ZIP or ZIP with prediction, at 1, 8, 16 or 32 bits. 8-bit planes stay bytes;
// 16-bit planes are kept at 16 bits (the white matte is undone at the file's depth); 32-bit float
// planes (linear light) become 16-bit samples, encoded with the sRGB curve when they are colour.
import { unzlibSync } from "fflate";
import { decodePackBits } from "../common/packbits.ts";
import { PsbError } from "./errors.ts";

/** One channel's samples, row after row; `max` is full scale (1 for 1-bit planes, whose 1 means black). */
export interface Plane {
  data: Uint8Array | Uint16Array;
  max: number;
}

export interface PlaneShape {
  width: number;
  height: number;
  /** bits per sample: 1, 8, 16 or 32 */
  depth: number;
  /** PSB: RLE row lengths take 4 bytes instead of 2 */
  large: boolean;
  /** "PSD" or "PSB", for messages */
  format: string;
}

/** Bytes a stored row takes. */
export function rowBytes(shape: PlaneShape): number {
  return shape.depth === 1 ? Math.ceil(shape.width / 8) : shape.width * (shape.depth / 8);
}

function truncated(shape: PlaneShape, what: string): PsbError {
  return new PsbError(`This ${shape.format} file is truncated: ${what} ends past the end of the file.`, "truncated");
}

/**
 * RLE rows: `table` is where this channel's row lengths start, `data` where its first row starts.
 * Returns the stored (uncompressed) rows and where the channel's data ends.
 */
export function unpackRleRows(bytes: Uint8Array, table: number, data: number, shape: PlaneShape, what: string): { stored: Uint8Array; end: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const countSize = shape.large ? 4 : 2;
  const perRow = rowBytes(shape);
  if (table + shape.height * countSize > bytes.length) throw truncated(shape, `${what}'s row table`);
  const stored = new Uint8Array(perRow * shape.height);
  let at = data;
  // one PackBits run per row; a short row reads as zeros, an overlong one stops at the row's end
  for (let y = 0; y < shape.height; y++) {
    const length = shape.large ? view.getUint32(table + y * 4) : view.getUint16(table + y * 2);
    if (at + length > bytes.length) throw truncated(shape, what);
    decodePackBits(bytes.subarray(at, at + length), stored.subarray(y * perRow, (y + 1) * perRow));
    at += length;
  }
  return { stored, end: at };
}

/** ZIP (zlib) rows, inflated into a buffer of exactly the plane's size (a zip bomb cannot grow it), then un-predicted. */
export function inflateRows(compressed: Uint8Array, shape: PlaneShape, predicted: boolean, what: string): Uint8Array {
  const perRow = rowBytes(shape);
  const stored = new Uint8Array(perRow * shape.height);
  try {
    const result = unzlibSync(compressed, { out: stored });
    if (result !== stored && result.length > 0) stored.set(result.subarray(0, Math.min(result.length, stored.length)));
  } catch {
    throw new PsbError(`This ${shape.format} file is corrupt: ${what}'s ZIP-compressed data cannot be inflated.`, "corrupt");
  }
  if (predicted) unpredict(stored, shape);
  return stored;
}

/** Undoes Photoshop's ZIP prediction: each sample is stored as the difference from the one on its left. */
export function unpredict(stored: Uint8Array, shape: PlaneShape): void {
  const { width, height, depth } = shape;
  const perRow = rowBytes(shape);
  for (let y = 0; y < height; y++) {
    const row = y * perRow;
    if (depth === 16) {
      // big-endian 16-bit differences
      let previous = (stored[row]! << 8) | stored[row + 1]!;
      for (let x = 1, i = row + 2; x < width; x++, i += 2) {
        const value = (previous + ((stored[i]! << 8) | stored[i + 1]!)) & 0xffff;
        stored[i] = value >> 8;
        stored[i + 1] = value & 0xff;
        previous = value;
      }
    } else if (depth === 32) {
      // the row's bytes were split into four byte planes (all first bytes, then all second bytes...)
      // and then byte-differenced across the whole row: undo both
      for (let i = row + 1; i < row + perRow; i++) stored[i] = (stored[i]! + stored[i - 1]!) & 0xff;
      const planes = stored.slice(row, row + perRow);
      for (let x = 0; x < width; x++) {
        for (let b = 0; b < 4; b++) stored[row + x * 4 + b] = planes[b * width + x]!;
      }
    } else {
      for (let i = row + 1; i < row + perRow; i++) stored[i] = (stored[i]! + stored[i - 1]!) & 0xff;
    }
  }
}

/** Stored rows (big-endian) to a plane; `colour` says whether a 32-bit plane gets the sRGB curve. */
export function toPlane(stored: Uint8Array, shape: PlaneShape, colour: boolean): Plane {
  const { width, height, depth } = shape;
  if (depth === 8) return { data: stored, max: 255 };
  const count = width * height;
  if (depth === 1) {
    // bits to one byte per pixel (1 = black); rows are padded to whole bytes
    const perRow = rowBytes(shape);
    const out = new Uint8Array(count);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) out[y * width + x] = (stored[y * perRow + (x >> 3)]! >> (7 - (x & 7))) & 1;
    }
    return { data: out, max: 1 };
  }
  const out = new Uint16Array(count);
  const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  if (depth === 16) {
    for (let i = 0; i < count; i++) out[i] = view.getUint16(i * 2);
    return { data: out, max: 0xffff };
  }
  // 32-bit floats hold linear light (1.0 = white); values outside [0, 1] are clipped
  for (let i = 0; i < count; i++) {
    const raw = view.getFloat32(i * 4);
    const v = raw > 0 ? Math.min(1, raw) : 0;
    const encoded = !colour ? v : v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
    out[i] = Math.round(encoded * 0xffff);
  }
  return { data: out, max: 0xffff };
}

/** Reads one layer channel's data (after its 2-byte compression field) into a plane. */
export function decodeLayerChannel(bytes: Uint8Array, start: number, end: number, compression: number, shape: PlaneShape, colour: boolean, what: string): Plane {
  if (end > bytes.length) throw truncated(shape, what);
  const size = rowBytes(shape) * shape.height;
  let stored: Uint8Array;
  if (compression === 0) {
    // a raw channel shorter than its rectangle reads as zeros past its end
    stored = new Uint8Array(size);
    stored.set(bytes.subarray(start, Math.min(end, start + size)));
  } else if (compression === 1) {
    const countSize = shape.large ? 4 : 2;
    stored = unpackRleRows(bytes, start, start + shape.height * countSize, shape, what).stored;
  } else if (compression === 2 || compression === 3) {
    stored = inflateRows(bytes.subarray(start, end), shape, compression === 3, what);
  } else {
    throw new PsbError(`This ${shape.format} file is corrupt: ${what} uses an unknown compression (${compression}).`, "corrupt");
  }
  return toPlane(stored, shape, colour);
}
