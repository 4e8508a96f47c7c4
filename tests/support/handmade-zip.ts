// Zip files written byte by byte, for the zip-bomb guard's tests: entries whose headers may lie
// about their sizes, and a deflate stream that unpacks to gigabytes of zeros without ever holding
// them (fixed-Huffman matches of 258 bytes at distance 1: 13 bits for every 258 zeros).
import { deflateSync } from "fflate";
import { crc32 } from "#codecs/png/crc32.ts";

export interface HandmadeEntry {
  name: string;
  /** the entry's bytes as stored: raw deflate when `method` is 8 */
  data: Uint8Array;
  method: 0 | 8;
  crc32: number;
  /** the uncompressed size written in both headers (may lie) */
  declaredSize: number;
}

/** A deflated entry made with fflate, its headers honest. */
export function deflatedEntry(name: string, content: Uint8Array | string): HandmadeEntry {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  return { name, data: deflateSync(bytes), method: 8, crc32: crc32(bytes), declaredSize: bytes.length };
}

/** A zip holding `entries` (no zip64: each size must fit in 32 bits). */
export function handmadeZip(entries: readonly HandmadeEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const local = new Uint8Array(30 + name.length);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true);
    l.setUint16(4, 20, true);
    l.setUint16(8, entry.method, true);
    l.setUint32(14, entry.crc32, true);
    l.setUint32(18, entry.data.length, true);
    l.setUint32(22, entry.declaredSize, true);
    l.setUint16(26, name.length, true);
    local.set(name, 30);
    const header = new Uint8Array(46 + name.length);
    const c = new DataView(header.buffer);
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(4, 20, true);
    c.setUint16(6, 20, true);
    c.setUint16(10, entry.method, true);
    c.setUint32(16, entry.crc32, true);
    c.setUint32(20, entry.data.length, true);
    c.setUint32(24, entry.declaredSize, true);
    c.setUint16(28, name.length, true);
    c.setUint32(42, offset, true);
    header.set(name, 46);
    parts.push(local, entry.data);
    central.push(header);
    offset += local.length + entry.data.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const e = new DataView(end.buffer);
  e.setUint32(0, 0x06054b50, true);
  e.setUint16(8, entries.length, true);
  e.setUint16(10, entries.length, true);
  e.setUint32(12, centralSize, true);
  e.setUint32(16, offset, true);
  const all = [...parts, ...central, end];
  const out = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

class BitWriter {
  bytes: Uint8Array;
  length = 0;
  private bit = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }
  /** `count` bits of `value`, least significant first (deflate's headers and extra bits). */
  bits(value: number, count: number): void {
    for (let i = 0; i < count; i++) this.push((value >>> i) & 1);
  }
  /** a Huffman code, most significant bit first */
  code(value: number, count: number): void {
    for (let i = count - 1; i >= 0; i--) this.push((value >>> i) & 1);
  }
  private push(bit: number): void {
    if (bit) this.bytes[this.length]! |= 1 << this.bit;
    if (++this.bit === 8) {
      this.bit = 0;
      this.length++;
    }
  }
  finish(): Uint8Array {
    return this.bytes.slice(0, this.length + (this.bit > 0 ? 1 : 0));
  }
}

/** A raw deflate stream of exactly `size` zero bytes (size ≥ 1), about size / 159 bytes long. */
export function zerosDeflate(size: number): Uint8Array {
  const matches = Math.floor((size - 1) / 258);
  const tail = size - 1 - matches * 258;
  const w = new BitWriter(Math.ceil(((matches + tail + 2) * 13 + 16) / 8));
  w.bits(1, 1); // the final block
  w.bits(1, 2); // fixed Huffman codes
  w.code(0x30, 8); // literal 0
  for (let i = 0; i < matches; i++) {
    w.code(0xc5, 8); // length 258 (symbol 285)
    w.code(0, 5); // distance 1
  }
  for (let i = 0; i < tail; i++) w.code(0x30, 8);
  w.code(0, 7); // end of block
  return w.finish();
}
