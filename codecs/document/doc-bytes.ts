import { DocumentError } from "./document-error.ts";

// Bounds-checked little-endian reads for the .doc parser: every offset comes from the file, so a
// read past the end means the file is cut short or broken, and the visitor hears "damaged".

export function damaged(detail: string): DocumentError {
  return new DocumentError(`This Word document is damaged or incomplete (${detail}), so it cannot be read.`, "damaged");
}

export function u8(bytes: Uint8Array, offset: number, what: string): number {
  if (!(offset >= 0 && offset < bytes.length)) throw damaged(`${what} lies outside the file`);
  return bytes[offset]!;
}

export function u16(bytes: Uint8Array, offset: number, what: string): number {
  if (!(offset >= 0 && offset + 2 <= bytes.length)) throw damaged(`${what} lies outside the file`);
  return bytes[offset]! | (bytes[offset + 1]! << 8);
}

export function u32(bytes: Uint8Array, offset: number, what: string): number {
  if (!(offset >= 0 && offset + 4 <= bytes.length)) throw damaged(`${what} lies outside the file`);
  return (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24)) >>> 0;
}

/** The bytes [offset, offset + length) of `bytes`, or "damaged" when they run past its end. */
export function slice(bytes: Uint8Array, offset: number, length: number, what: string): Uint8Array {
  if (!(offset >= 0 && length >= 0 && offset + length <= bytes.length)) throw damaged(`${what} lies outside the file`);
  return bytes.subarray(offset, offset + length);
}
