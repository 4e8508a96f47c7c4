// PalmDOC's LZ77 variant (MOBI compression type 2) and the trailing entries Kindle books append to
// each text record. The decompressor writes into a buffer of the size the caller allows, so a record
// that expands beyond it, or a back-reference before the start of the output, stops with an error
// instead of growing memory or reading garbage. Each input byte is read once: it cannot loop.
import { EbookError } from "../ebook-error.ts";

/** A record never holds more than 4096 text bytes by the format; allow slack for odd writers. */
export const MAX_RECORD_TEXT = 64 * 1024;

function damaged(why: string): EbookError {
  return new EbookError(`This Kindle book's text cannot be read: ${why}.`, "damaged");
}

/** Decompresses one PalmDOC record (at most `limit` bytes out). */
export function palmdocDecompress(input: Uint8Array, limit = MAX_RECORD_TEXT): Uint8Array {
  const out = new Uint8Array(limit);
  let o = 0;
  const room = (n: number): void => {
    if (o + n > limit) throw damaged(`a compressed text record expands beyond ${limit} bytes`);
  };
  for (let i = 0; i < input.length; ) {
    const c = input[i++]!;
    if (c >= 1 && c <= 8) {
      // the next c bytes are literals
      if (i + c > input.length) throw damaged("a compressed text record ends in the middle of a literal run");
      room(c);
      out.set(input.subarray(i, i + c), o);
      o += c;
      i += c;
    } else if (c < 0x80) {
      room(1);
      out[o++] = c;
    } else if (c >= 0xc0) {
      // a space followed by an ASCII character
      room(2);
      out[o++] = 0x20;
      out[o++] = c ^ 0x80;
    } else {
      if (i >= input.length) throw damaged("a compressed text record ends in the middle of a back-reference");
      const pair = ((c << 8) | input[i++]!) & 0x3fff;
      const distance = pair >> 3;
      const length = (pair & 7) + 3;
      if (distance === 0 || distance > o) throw damaged("a back-reference points before the start of the text");
      room(length);
      // byte by byte: the copy may overlap what it writes
      for (let k = 0; k < length; k++, o++) out[o] = out[o - distance]!;
    }
  }
  return out.subarray(0, o);
}

/**
 * The record without its trailing entries. Bit 0 of the MOBI header's "extra data flags" marks the
 * multibyte-character overlap (its size in the low two bits of the last byte left); every higher bit
 * an entry (TBS indexing and others) whose size is a backward variable-width integer at the very end.
 */
export function stripTrailingEntries(record: Uint8Array, extraFlags: number): Uint8Array {
  let end = record.length;
  for (let flags = extraFlags >> 1; flags !== 0; flags >>>= 1) {
    if ((flags & 1) === 0) continue;
    let size = 0;
    let shift = 0;
    for (let p = end - 1; p >= 0 && shift < 28; p--) {
      const v = record[p]!;
      size |= (v & 0x7f) << shift;
      shift += 7;
      if (v & 0x80) break;
    }
    if (size > end) throw damaged("the entries at the end of a text record claim more bytes than the record has");
    end -= size;
  }
  if (extraFlags & 1 && end > 0) {
    const size = (record[end - 1]! & 3) + 1;
    end = Math.max(0, end - size);
  }
  return record.subarray(0, end);
}
