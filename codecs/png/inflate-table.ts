// Lookup tables for deflate's canonical Huffman codes (RFC 1951 §3.2.2). A table is indexed by the
// next `primary` input bits (codes arrive most significant bit first in a lowest-bit-first stream,
// so the index is the bit-reversed code); codes longer than that go through a link entry to a
// second-level table indexed by the bits after those. Entries are Int32:
//
// - link: sign bit | second-level offset << 4 | second-level index bits;
// - literals: total code bits (4 bits) | count << 4 (2 bits) | literal << 6 | second << 14 |
//   third << 22: up to three literals whose codes together fit in the primary bits (short codes
//   are common in PNG data);
// - anything else (NOT_LITERAL set): total bits (code and extra bits) | code length << 5 |
//   base value << 9 | END_OF_BLOCK or INVALID flags. Distances use this form too.
import { DISTANCE_BASE, DISTANCE_EXTRA, LENGTH_BASE, LENGTH_EXTRA } from "./deflate-tables.ts";
import { PngError } from "./errors.ts";
import { ENTRY_FORMAT } from "./inflate-block.ts";

const { LITERAL_BITS, DISTANCE_BITS, INVALID, END_OF_BLOCK, NOT_LITERAL } = ENTRY_FORMAT;

/** Table sizes that hold the primary table and every second-level table a valid code can need. */
export const LITERAL_TABLE_SIZE = (1 << LITERAL_BITS) + 286 * (1 << (15 - LITERAL_BITS));
export const DISTANCE_TABLE_SIZE = (1 << DISTANCE_BITS) + 30 * (1 << (15 - DISTANCE_BITS));

/** No code: every decoder refuses it (in the code-length table its symbol is out of range). */
const INVALID_ENTRY = NOT_LITERAL | INVALID;

/** The literal/length table for `lengths[0..n)`, with runs of two or three literals in its primary part. */
export function buildLiteralTable(lengths: Uint8Array, n: number, table: Int32Array): void {
  buildTable(lengths, n, table, LITERAL_BITS, literalEntry);
  // highest index first: the entries a run is made from sit at lower indices, still single
  for (let i = (1 << LITERAL_BITS) - 1; i >= 0; i--) {
    const first = table[i]!;
    if (first < 0 || first & NOT_LITERAL) continue;
    let used = first & 15;
    let entry = first;
    for (let k = 1; k < 3; k++) {
      const next = table[i >>> used]!;
      if (next < 0 || next & NOT_LITERAL || used + (next & 15) > LITERAL_BITS) break;
      used += next & 15;
      entry = ((entry + (1 << 4)) | (((next >>> 6) & 255) << (6 + 8 * k))) - (entry & 15) + used;
    }
    table[i] = entry;
  }
}

export function buildDistanceTable(lengths: Uint8Array, n: number, table: Int32Array): void {
  buildTable(lengths, n, table, DISTANCE_BITS, distanceEntry);
}

/** The code-length code's table (7 bits, no second level): entries are symbol << 4 | code length. */
export function buildCodeLengthTable(lengths: Uint8Array, table: Int32Array): void {
  buildTable(lengths, 19, table, 7, (symbol, length) => (symbol << 4) | length);
}

function literalEntry(symbol: number, length: number): number {
  if (symbol < 256) return (symbol << 6) | (1 << 4) | length;
  if (symbol === 256) return NOT_LITERAL | END_OF_BLOCK | (length << 5) | length;
  if (symbol > 285) return INVALID_ENTRY;
  const code = symbol - 257;
  return NOT_LITERAL | (LENGTH_BASE[code]! << 9) | (length << 5) | (length + LENGTH_EXTRA[code]!);
}

function distanceEntry(symbol: number, length: number): number {
  if (symbol > 29) return INVALID_ENTRY;
  return NOT_LITERAL | (DISTANCE_BASE[symbol]! << 9) | (length << 5) | (length + DISTANCE_EXTRA[symbol]!);
}

const counts = new Int32Array(16);
const nextCode = new Int32Array(16);

/**
 * Fills `table` for the code whose lengths (0 = unused, at most 15) are `lengths[0..n)`.
 * Throws PngError for an over-subscribed code; an incomplete one leaves INVALID holes.
 */
function buildTable(lengths: Uint8Array, n: number, table: Int32Array, primary: number, entryOf: (symbol: number, length: number) => number): void {
  counts.fill(0);
  let maxLength = 0;
  for (let s = 0; s < n; s++) {
    const length = lengths[s]!;
    counts[length]! += 1;
    if (length > maxLength) maxLength = length;
  }
  counts[0] = 0;
  let left = 1;
  let code = 0;
  for (let length = 1; length <= 15; length++) {
    left = (left << 1) - counts[length]!;
    if (left < 0) throw new PngError("This PNG file is damaged: its compressed image data has an impossible Huffman code.", "corrupt");
    code = (code + counts[length - 1]!) << 1;
    nextCode[length] = code;
  }
  const size = 1 << primary;
  const subBits = Math.max(0, maxLength - primary);
  const subSize = 1 << subBits;
  table.fill(INVALID_ENTRY, 0, size);
  let used = size;
  for (let s = 0; s < n; s++) {
    const length = lengths[s]!;
    if (length === 0) continue;
    const reversed = reverseBits(nextCode[length]!, length);
    nextCode[length]! += 1;
    const entry = entryOf(s, length);
    if (length <= primary) {
      for (let i = reversed; i < size; i += 1 << length) table[i] = entry;
      continue;
    }
    const slot = reversed & (size - 1);
    let link = table[slot]!;
    if (link >= 0) {
      link = 0x80000000 | (used << 4) | subBits;
      table[slot] = link;
      table.fill(INVALID_ENTRY, used, used + subSize);
      used += subSize;
    }
    const base = (link >>> 4) & 0x7ffffff;
    for (let i = reversed >>> primary; i < subSize; i += 1 << (length - primary)) table[base + i] = entry;
  }
}

function reverseBits(code: number, length: number): number {
  let reversed = 0;
  for (let i = 0; i < length; i++) {
    reversed = (reversed << 1) | (code & 1);
    code >>>= 1;
  }
  return reversed;
}
