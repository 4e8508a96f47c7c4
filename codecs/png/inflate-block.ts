// The hot loop of inflate: one Huffman-coded block (RFC 1951 §3.2.5), literals and back-references,
// written into a fixed buffer. The reader's state lives in locals for the whole block; table
// entries (see ./inflate-table.ts) carry up to three literals, or a length or distance base with its
// extra-bit count, so most symbols cost one lookup.
import { BitReader, streamTruncated } from "./bit-reader.ts";
import { PngError } from "./errors.ts";

// The table entry format (built by ./inflate-table.ts) is defined here, in private constants that
// the compiler folds into the loop (it loads exported or imported ones from memory every time).
const LITERAL_BITS = 10;
const DISTANCE_BITS = 8;
const INVALID = 1 << 28;
const END_OF_BLOCK = 1 << 29;
const NOT_LITERAL = 1 << 30;
const LITERAL_MASK = (1 << LITERAL_BITS) - 1;
const DISTANCE_MASK = (1 << DISTANCE_BITS) - 1;
export const ENTRY_FORMAT = { LITERAL_BITS, DISTANCE_BITS, INVALID, END_OF_BLOCK, NOT_LITERAL } as const;
const damaged = (what: string) => new PngError(`This PNG file is damaged: its compressed image data ${what}.`, "corrupt");

/**
 * Decodes symbols of the current block with the given tables into `out` from `o` until the block
 * ends (reader.endOfBlock) or `o` reaches `softLimit`; returns the new end of the output. `out`
 * must have room for one more symbol past `softLimit` (258 bytes, and 7 of copy overrun).
 */
export function inflateBlock(reader: BitReader, out: Uint8Array, outView: DataView, o: number, softLimit: number, literal: Int32Array, distance: Int32Array): number {
  const view = reader.view;
  // past this position more bits were consumed than the input holds (the buffer keeps at most 31)
  const limit = reader.end + 4;
  let pos = reader.pos;
  let bits = reader.bits;
  let count = reader.count;
  let ended = false;
  while (o < softLimit) {
    // branch-free refill to 24-31 bits: or in the next four bytes, count only the whole bytes that
    // fit (the bits above `count` are the stream's next bits, so or-ing them again later is harmless)
    bits |= view.getUint32(pos, true) << count;
    pos += (31 - count) >> 3;
    count |= 24;
    if (pos > limit) throw streamTruncated();
    let entry = literal[bits & LITERAL_MASK]!;
    if (entry < 0) entry = literal[((entry >>> 4) & 0x7ffffff) + ((bits >>> LITERAL_BITS) & ((1 << (entry & 15)) - 1))]!;
    if ((entry & NOT_LITERAL) === 0) {
      // one to three literals; all three bytes are written (those past the count are overwritten next)
      const used = entry & 15;
      bits = (bits >>> used) | 0;
      count -= used;
      out[o] = entry >>> 6;
      out[o + 1] = entry >>> 14;
      out[o + 2] = entry >>> 22;
      o += (entry >>> 4) & 3;
      continue;
    }
    const total = entry & 31;
    const saved = bits;
    bits = (bits >>> total) | 0;
    count -= total;
    if (entry & (END_OF_BLOCK | INVALID)) {
      if (entry & INVALID) throw damaged("has an invalid literal or length code");
      ended = true;
      break;
    }
    const length = ((entry >>> 9) & 511) + ((saved & ((1 << total) - 1)) >>> ((entry >>> 5) & 15));

    bits |= view.getUint32(pos, true) << count;
    pos += (31 - count) >> 3;
    count |= 24;
    if (pos > limit) throw streamTruncated();
    let dEntry = distance[bits & DISTANCE_MASK]!;
    if (dEntry < 0) dEntry = distance[((dEntry >>> 4) & 0x7ffffff) + ((bits >>> DISTANCE_BITS) & ((1 << (dEntry & 15)) - 1))]!;
    if (dEntry & INVALID) throw damaged("has an invalid distance code");
    const codeLength = (dEntry >>> 5) & 15;
    const extra = (dEntry & 31) - codeLength;
    bits = (bits >>> codeLength) | 0;
    count -= codeLength;
    if (count < extra) {
      bits |= view.getUint32(pos, true) << count;
      pos += (31 - count) >> 3;
      count |= 24;
      if (pos > limit) throw streamTruncated();
    }
    const dist = ((dEntry >>> 9) & 0x7fff) + (bits & ((1 << extra) - 1));
    bits = (bits >>> extra) | 0;
    count -= extra;
    if (dist > o) throw damaged("refers back to before its start");
    const stop = o + length;
    let from = o - dist;
    // whole words where the source is far enough back, overrunning `stop` by up to 7 bytes that
    // the next symbols overwrite
    if (dist >= 8) {
      for (; o < stop; o += 8, from += 8) {
        outView.setUint32(o, outView.getUint32(from, true), true);
        outView.setUint32(o + 4, outView.getUint32(from + 4, true), true);
      }
    } else if (dist >= 4) {
      for (; o < stop; o += 4, from += 4) outView.setUint32(o, outView.getUint32(from, true), true);
    } else {
      for (; o < stop; o++, from++) out[o] = out[from]!;
    }
    o = stop;
  }
  reader.pos = pos;
  reader.bits = bits;
  reader.count = count;
  reader.endOfBlock = ended;
  return o;
}
