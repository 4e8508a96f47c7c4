import { damagedEncryption } from "./crypto-errors.ts";

// Small byte helpers for the encryption headers: every read is checked against the data's end.

export function u32(bytes: Uint8Array, at: number, what: string): number {
  if (at < 0 || at + 4 > bytes.length) throw damagedEncryption(`its ${what} is cut short`);
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

export function u16(bytes: Uint8Array, at: number, what: string): number {
  if (at < 0 || at + 2 > bytes.length) throw damagedEncryption(`its ${what} is cut short`);
  return bytes[at]! | (bytes[at + 1]! << 8);
}

export function slice(bytes: Uint8Array, at: number, length: number, what: string): Uint8Array {
  if (at < 0 || length < 0 || at + length > bytes.length) throw damagedEncryption(`its ${what} is cut short`);
  return bytes.subarray(at, at + length);
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const littleEndian32 = (value: number): Uint8Array => Uint8Array.of(value & 255, (value >>> 8) & 255, (value >>> 16) & 255, (value >>> 24) & 255);

/** The password as Office hashes it: UTF-16LE code units, no terminator. */
export function utf16le(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    out[i * 2] = unit & 255;
    out[i * 2 + 1] = unit >>> 8;
  }
  return out;
}

/** Equal bytes, looking at every one (no early exit on the first difference). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/** `bytes` cut or padded (with `pad`) to `length`: Office's way of fitting a hash to a key or an IV. */
export function fit(bytes: Uint8Array, length: number, pad: number): Uint8Array {
  if (bytes.length >= length) return bytes.slice(0, length);
  const out = new Uint8Array(length).fill(pad);
  out.set(bytes);
  return out;
}
