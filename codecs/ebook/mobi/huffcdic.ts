// HUFF/CDIC, the text compression (MOBI type 17480) of Mobipocket's own tools, found in many older
// commercial MOBI books (issue 25). One HUFF record holds a Huffman code's tables; the CDIC records
// after it hold the phrase dictionary, whose phrases may themselves be compressed. Each code is
// read as 32 bits from the current bit: the cache table (by its top 8 bits) gives the code's length
// when that is known, else the base table's minimum codes tell it; the code's distance below the
// largest code of its length is the phrase's index. Layout per the MobileRead wiki's MOBI page.
// Every count and offset is checked, phrases are expanded once and at most MAX_PHRASE_DEPTH deep,
// and a record's output is capped, so a hostile dictionary cannot loop or grow memory.
import { EbookError } from "../ebook-error.ts";

/** Phrases nest a few levels in real books; a cycle or a deeper chain is refused. */
const MAX_PHRASE_DEPTH = 32;
/** CDIC records hold at most 2^16 phrases each by their 16-bit offsets. */
const MAX_CODE_BITS = 16;

function damaged(why: string): EbookError {
  return new EbookError(`This Kindle book's text cannot be read: its HUFF/CDIC compression is damaged (${why}).`, "damaged");
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

interface Phrase {
  bytes: Uint8Array;
  /** already plain text (the writer's flag), or expanded by us */
  plain: boolean;
  /** being expanded: meeting it again is a cycle */
  busy?: boolean;
}

export interface HuffCdic {
  /** the cache table: for each top byte, length (bits 0–4), terminal flag (bit 7), largest code (bits 8–31) */
  cache: Uint32Array;
  /** for code lengths 1–32: the smallest code, shifted to 32 bits */
  minCode: number[];
  /** for code lengths 1–32: the largest code, shifted to 32 bits and filled with ones */
  maxCode: number[];
  phrases: Phrase[];
}

/** Reads the HUFF record and its CDIC records into the code tables and the phrase dictionary. */
export function readHuffCdic(huff: Uint8Array, cdics: readonly Uint8Array[]): HuffCdic {
  if (huff.length < 24 || ascii(huff, 0, 4) !== "HUFF") throw damaged("the HUFF record is missing");
  const view = new DataView(huff.buffer, huff.byteOffset, huff.byteLength);
  const cacheAt = view.getUint32(8);
  const baseAt = view.getUint32(12);
  if (cacheAt + 256 * 4 > huff.length || baseAt + 64 * 4 > huff.length) throw damaged("the HUFF tables run past the record");
  const cache = new Uint32Array(256);
  for (let i = 0; i < 256; i++) cache[i] = view.getUint32(cacheAt + i * 4);
  const minCode = [0];
  const maxCode = [0];
  for (let length = 1; length <= 32; length++) {
    const scale = 2 ** (32 - length);
    minCode.push(view.getUint32(baseAt + (length - 1) * 8) * scale);
    maxCode.push((view.getUint32(baseAt + (length - 1) * 8 + 4) + 1) * scale - 1);
  }

  const phrases: Phrase[] = [];
  for (const [index, cdic] of cdics.entries()) {
    if (cdic.length < 16 || ascii(cdic, 0, 4) !== "CDIC") throw damaged(`CDIC record ${index + 1} is missing`);
    const cview = new DataView(cdic.buffer, cdic.byteOffset, cdic.byteLength);
    const headerLength = cview.getUint32(4);
    const total = cview.getUint32(8);
    const bits = cview.getUint32(12);
    if (bits < 1 || bits > MAX_CODE_BITS || headerLength < 16 || headerLength > cdic.length) throw damaged(`CDIC record ${index + 1} has a bad header`);
    const count = Math.min(1 << bits, total - phrases.length);
    if (count < 0 || headerLength + count * 2 > cdic.length) throw damaged(`CDIC record ${index + 1} lists more phrases than it holds`);
    for (let i = 0; i < count; i++) {
      const at = headerLength + cview.getUint16(headerLength + i * 2);
      if (at + 2 > cdic.length) throw damaged(`phrase ${phrases.length} lies outside its CDIC record`);
      const word = cview.getUint16(at);
      const length = word & 0x7fff;
      if (at + 2 + length > cdic.length) throw damaged(`phrase ${phrases.length} runs past its CDIC record`);
      phrases.push({ bytes: cdic.subarray(at + 2, at + 2 + length), plain: (word & 0x8000) !== 0 });
    }
  }
  return { cache, minCode, maxCode, phrases };
}

/** The 32 bits of `data` from bit `position` on (bits past its end read as zeros). */
function peek32(data: Uint8Array, position: number): number {
  const byte = position >>> 3;
  const shift = position & 7;
  let value = 0;
  for (let i = 0; i < 5; i++) value = value * 256 + (data[byte + i] ?? 0);
  // 40 bits read: drop the `8 - shift` low ones and anything above the 32 wanted
  return Math.floor(value / 2 ** (8 - shift)) % 2 ** 32;
}

/** Decompresses one text record (trailing entries already stripped), writing at most `limit` bytes. */
export function huffCdicDecompress(data: Uint8Array, tables: HuffCdic, limit: number, depth = 0): Uint8Array {
  if (depth > MAX_PHRASE_DEPTH) throw damaged("its phrases nest too deep");
  const out: Uint8Array[] = [];
  let size = 0;
  const total = data.length * 8;
  for (let position = 0; ; ) {
    const code = peek32(data, position);
    const entry = tables.cache[Math.floor(code / 2 ** 24)]!;
    let length = entry & 0x1f;
    if (length === 0) throw damaged("a code has no length");
    let max: number;
    if ((entry & 0x80) !== 0) max = ((entry >>> 8) + 1) * 2 ** (32 - length) - 1;
    else {
      while (length < 32 && code < tables.minCode[length]!) length++;
      max = tables.maxCode[length]!;
    }
    if (position + length > total) break;
    position += length;
    const index = Math.floor((max - code) / 2 ** (32 - length));
    const phrase = tables.phrases[index];
    if (phrase === undefined) throw damaged(`a code names phrase ${index}, beyond the ${tables.phrases.length} it has`);
    if (!phrase.plain) {
      if (phrase.busy) throw damaged("a phrase contains itself");
      phrase.busy = true;
      phrase.bytes = huffCdicDecompress(phrase.bytes, tables, limit, depth + 1);
      phrase.busy = false;
      phrase.plain = true;
    }
    size += phrase.bytes.length;
    if (size > limit) throw damaged(`a text record expands beyond ${limit} bytes`);
    out.push(phrase.bytes);
  }
  const result = new Uint8Array(size);
  let at = 0;
  for (const piece of out) {
    result.set(piece, at);
    at += piece.length;
  }
  return result;
}
