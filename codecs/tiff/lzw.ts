// TIFF LZW (compression 5): MSB-first codes of 9 to 12 bits with "early change", Clear = 256,
// EndOfInformation = 257. Files from before TIFF 5.0 ("old-style" LZW, which libtiff still reads)
// pack the codes LSB-first and widen them one code later; libtiff tells them by their first
// code, a Clear whose low bit lands in the second byte, and so do we. Our own decoder: utif2's keeps its code table between calls and can
// follow a cycle in it forever on a corrupt strip. Here every string is built from codes defined
// before it, output is bounded by `out`, and a code that cannot be valid stops the strip.
import { TiffError } from "./errors.ts";

const CLEAR = 256;
const EOI = 257;
const FIRST_FREE = 258;
const MAX_CODES = 4096;

/** Decodes `input` into `out` (which it never outgrows); returns the number of bytes written. */
export function decodeLzw(input: Uint8Array, out: Uint8Array): number {
  const prefix = new Uint16Array(MAX_CODES);
  const suffix = new Uint8Array(MAX_CODES);
  const first = new Uint8Array(MAX_CODES);
  const length = new Uint16Array(MAX_CODES);
  for (let i = 0; i < 256; i++) {
    suffix[i] = i;
    first[i] = i;
    length[i] = 1;
  }
  let next = FIRST_FREE;
  let width = 9;
  let old = -1;
  let pos = 0;
  let bitBuffer = 0;
  let bitCount = 0;
  let index = 0;
  const end = out.length;
  const oldStyle = input.length >= 2 && input[0] === 0 && ((input[1] as number) & 1) === 1;
  // new-style codes widen one code before the table needs it ("early change"), old-style ones when it does
  const early = oldStyle ? 0 : 1;

  while (pos < end) {
    let code: number;
    if (oldStyle) {
      while (bitCount < width && index < input.length) {
        bitBuffer = (bitBuffer | ((input[index++] as number) << bitCount)) >>> 0;
        bitCount += 8;
      }
      if (bitCount < width) break; // out of data
      code = bitBuffer & ((1 << width) - 1);
      bitBuffer >>>= width;
      bitCount -= width;
    } else {
      while (bitCount < width && index < input.length) {
        bitBuffer = ((bitBuffer << 8) | (input[index++] as number)) >>> 0;
        bitCount += 8;
      }
      if (bitCount < width) break; // out of data
      code = (bitBuffer >>> (bitCount - width)) & ((1 << width) - 1);
      bitCount -= width;
      bitBuffer &= (1 << bitCount) - 1;
    }

    if (code === EOI) break;
    if (code === CLEAR) {
      next = FIRST_FREE;
      width = 9;
      old = -1;
      continue;
    }
    if (old === -1) {
      if (code > 255) throw new TiffError("The TIFF file is corrupt: its LZW data starts with an undefined code.", "corrupt");
      out[pos++] = code;
      old = code;
      continue;
    }
    let emit: number;
    if (code < next) {
      emit = code;
      if (next < MAX_CODES) addEntry(next++, old, first[code] as number);
    } else if (code === next && next < MAX_CODES) {
      addEntry(next++, old, first[old] as number);
      emit = code;
    } else {
      throw new TiffError("The TIFF file is corrupt: its LZW data uses a code before defining it.", "corrupt");
    }
    // write the string of `emit` backwards from its end, clipped to the output
    const size = length[emit] as number;
    let at = pos + size - 1;
    let c = emit;
    for (let k = 0; k < size; k++, at--) {
      if (at < end) out[at] = suffix[c] as number;
      c = prefix[c] as number;
    }
    pos += size;
    old = code;
    // the width grows when the table reaches it (one code earlier for new-style data)
    if (next + early >= 1 << width && width < 12) width++;
  }
  return Math.min(pos, end);

  function addEntry(code: number, base: number, char: number): void {
    prefix[code] = base;
    suffix[code] = char;
    first[code] = first[base] as number;
    length[code] = (length[base] as number) + 1;
  }
}
