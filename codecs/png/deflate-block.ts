// Writes one deflate block (RFC 1951 §3.2) from a parsed block: literals are read back from the
// input and matches come as (literal count, length, distance) triples. The block takes whichever
// of dynamic Huffman, fixed Huffman or stored costs fewest bits, so incompressible data grows by
// only a few bytes per 64 KB.
import type { BitWriter } from "./bit-writer.ts";
import {
  CODE_LENGTH_ORDER,
  DISTANCE_BASE,
  DISTANCE_CODE,
  DISTANCE_EXTRA,
  FIXED_DISTANCE_LENGTHS,
  FIXED_LITERAL_LENGTHS,
  LENGTH_BASE,
  LENGTH_CODE,
  LENGTH_EXTRA,
} from "./deflate-tables.ts";
import { canonicalCodes, codeLengths } from "./huffman.ts";

/** A block as parsed: input bytes, match triples and symbol frequencies. */
export interface ParsedBlock {
  input: Uint8Array;
  start: number;
  end: number;
  /** (literals before the match, match length, match distance) triples. */
  matches: Int32Array;
  matchValues: number;
  /** Literal/length frequencies (286, end-of-block not yet counted) and distance frequencies (30). */
  literalFreq: Int32Array;
  distanceFreq: Int32Array;
}

const FIXED_LITERAL_CODES = canonicalCodes(FIXED_LITERAL_LENGTHS);
const FIXED_DISTANCE_CODES = canonicalCodes(FIXED_DISTANCE_LENGTHS);
const END_OF_BLOCK = 256;
const MAX_STORED = 65535;

/** Bits of the block's symbols and extra bits under the given code lengths. */
function bodyBits(block: ParsedBlock, literalLengths: Uint8Array, distanceLengths: Uint8Array): number {
  let bits = 0;
  for (let s = 0; s < 286; s++) bits += block.literalFreq[s]! * literalLengths[s]!;
  for (let c = 0; c < 29; c++) bits += block.literalFreq[257 + c]! * LENGTH_EXTRA[c]!;
  for (let c = 0; c < 30; c++) bits += block.distanceFreq[c]! * (distanceLengths[c]! + DISTANCE_EXTRA[c]!);
  return bits;
}

/** The dynamic block header: code lengths run-length coded with symbols 16-18 (RFC 1951 §3.2.7). */
class DynamicHeader {
  literalLengths: Uint8Array;
  distanceLengths: Uint8Array;
  literalCount: number;
  distanceCount: number;
  /** Code-length symbols with their extra-bit values. */
  symbols: number[] = [];
  extras: number[] = [];
  codeLengthLengths: Uint8Array;
  codeLengthCount: number;
  bits: number;

  constructor(block: ParsedBlock) {
    this.literalLengths = codeLengths(block.literalFreq, 286, 15);
    this.distanceLengths = codeLengths(block.distanceFreq, 30, 15);
    // two one-bit distance codes when there are no matches: every inflater accepts that
    if (this.distanceLengths.every((len) => len === 0)) this.distanceLengths.fill(1, 0, 2);
    this.literalCount = Math.max(257, lastUsed(this.literalLengths) + 1);
    this.distanceCount = Math.max(1, lastUsed(this.distanceLengths) + 1);
    const all = new Uint8Array(this.literalCount + this.distanceCount);
    all.set(this.literalLengths.subarray(0, this.literalCount));
    all.set(this.distanceLengths.subarray(0, this.distanceCount), this.literalCount);
    this.runLengthCode(all);
    const freq = new Int32Array(19);
    for (const s of this.symbols) freq[s]! += 1;
    this.codeLengthLengths = codeLengths(freq, 19, 7);
    this.codeLengthCount = 19;
    while (this.codeLengthCount > 4 && this.codeLengthLengths[CODE_LENGTH_ORDER[this.codeLengthCount - 1]!] === 0) this.codeLengthCount--;
    let bits = 3 + 14 + 3 * this.codeLengthCount;
    for (let s = 0; s < 19; s++) bits += freq[s]! * this.codeLengthLengths[s]!;
    this.bits = bits + freq[16]! * 2 + freq[17]! * 3 + freq[18]! * 7;
  }

  private runLengthCode(lengths: Uint8Array): void {
    let i = 0;
    while (i < lengths.length) {
      const len = lengths[i]!;
      let run = 1;
      while (i + run < lengths.length && lengths[i + run] === len && run < 138) run++;
      if (len === 0 && run >= 11) {
        this.push(18, run - 11);
        i += run;
      } else if (len === 0 && run >= 3) {
        this.push(17, run - 3);
        i += run;
      } else if (len !== 0 && run >= 4) {
        // the length once, then "repeat previous" 3-6 times as often as fits
        this.push(len, 0);
        i += 1;
        for (let left = run - 1; left >= 3; ) {
          const r = Math.min(left, 6);
          this.push(16, r - 3);
          left -= r;
          i += r;
        }
      } else {
        this.push(len, 0);
        i += 1;
      }
    }
  }

  private push(symbol: number, extra: number): void {
    this.symbols.push(symbol);
    this.extras.push(extra);
  }

  write(w: BitWriter): void {
    w.write(this.literalCount - 257, 5);
    w.write(this.distanceCount - 1, 5);
    w.write(this.codeLengthCount - 4, 4);
    for (let k = 0; k < this.codeLengthCount; k++) w.write(this.codeLengthLengths[CODE_LENGTH_ORDER[k]!]!, 3);
    const codes = canonicalCodes(this.codeLengthLengths);
    for (let k = 0; k < this.symbols.length; k++) {
      const s = this.symbols[k]!;
      w.write(codes[s]!, this.codeLengthLengths[s]!);
      if (s >= 16) w.write(this.extras[k]!, s === 16 ? 2 : s === 17 ? 3 : 7);
    }
  }
}

function lastUsed(lengths: Uint8Array): number {
  let last = lengths.length - 1;
  while (last >= 0 && lengths[last] === 0) last--;
  return last;
}

/** Writes `block` as one or more deflate blocks, the last marked final when `final`. */
export function writeBlock(w: BitWriter, block: ParsedBlock, final: boolean): void {
  block.literalFreq[END_OF_BLOCK]! += 1;
  const dynamic = new DynamicHeader(block);
  const dynamicBits = dynamic.bits + bodyBits(block, dynamic.literalLengths, dynamic.distanceLengths);
  const fixedBits = 3 + bodyBits(block, FIXED_LITERAL_LENGTHS, FIXED_DISTANCE_LENGTHS);
  const length = block.end - block.start;
  const storedBits = (length + 5 * Math.max(1, Math.ceil(length / MAX_STORED))) * 8 + 7;
  w.reserve((Math.min(dynamicBits, fixedBits, storedBits) >> 3) + 16);
  if (storedBits <= dynamicBits && storedBits <= fixedBits) writeStored(w, block.input, block.start, block.end, final);
  else if (fixedBits <= dynamicBits) {
    w.write(final ? 3 : 2, 3);
    writeSymbols(w, block, FIXED_LITERAL_CODES, FIXED_LITERAL_LENGTHS, FIXED_DISTANCE_CODES, FIXED_DISTANCE_LENGTHS);
  } else {
    w.write(final ? 5 : 4, 3);
    dynamic.write(w);
    const literalCodes = canonicalCodes(dynamic.literalLengths);
    const distanceCodes = canonicalCodes(dynamic.distanceLengths);
    writeSymbols(w, block, literalCodes, dynamic.literalLengths, distanceCodes, dynamic.distanceLengths);
  }
}

function writeStored(w: BitWriter, input: Uint8Array, start: number, end: number, final: boolean): void {
  let at = start;
  do {
    const n = Math.min(MAX_STORED, end - at);
    w.write(final && at + n === end ? 1 : 0, 3);
    w.alignToByte();
    const out = w.out;
    out[w.at] = n;
    out[w.at + 1] = n >>> 8;
    out[w.at + 2] = ~n;
    out[w.at + 3] = ~n >>> 8;
    out.set(input.subarray(at, at + n), w.at + 4);
    w.at += 4 + n;
    at += n;
  } while (at < end);
}

/** The hot loop: every symbol through a local bit buffer, two bytes written whenever 16 bits are ready. */
function writeSymbols(w: BitWriter, block: ParsedBlock, lc: Uint16Array, ll: Uint8Array, dc: Uint16Array, dl: Uint8Array): void {
  const { input, matches, matchValues, end } = block;
  const out = w.out;
  let o = w.at;
  let bb = w.bits;
  let bc = w.count;
  let p = block.start;
  let ready = 0;
  for (let m = 0; m <= matchValues; m += 3) {
    // after the last match, the literals up to the end of the block
    const literalEnd = m < matchValues ? p + matches[m]! : end;
    while (p < literalEnd) {
      const sym = input[p++]!;
      bb |= lc[sym]! << bc;
      bc += ll[sym]!;
      // branch-free flush: the two bytes are always stored, but only kept when 16 bits were ready
      out[o] = bb;
      out[o + 1] = bb >>> 8;
      ready = bc & 16;
      o += ready >>> 3;
      bb >>>= ready;
      bc -= ready;
    }
    if (m === matchValues) break;
    const len = matches[m + 1]!;
    const dist = matches[m + 2]!;
    p += len;
    const lcode = LENGTH_CODE[len]!;
    bb |= lc[257 + lcode]! << bc;
    bc += ll[257 + lcode]!;
    out[o] = bb;
    out[o + 1] = bb >>> 8;
    ready = bc & 16;
    o += ready >>> 3;
    bb >>>= ready;
    bc -= ready;
    bb |= (len - LENGTH_BASE[lcode]!) << bc;
    bc += LENGTH_EXTRA[lcode]!;
    out[o] = bb;
    out[o + 1] = bb >>> 8;
    ready = bc & 16;
    o += ready >>> 3;
    bb >>>= ready;
    bc -= ready;
    const dcode = DISTANCE_CODE[dist]!;
    bb |= dc[dcode]! << bc;
    bc += dl[dcode]!;
    out[o] = bb;
    out[o + 1] = bb >>> 8;
    ready = bc & 16;
    o += ready >>> 3;
    bb >>>= ready;
    bc -= ready;
    bb |= (dist - DISTANCE_BASE[dcode]!) << bc;
    bc += DISTANCE_EXTRA[dcode]!;
    out[o] = bb;
    out[o + 1] = bb >>> 8;
    ready = bc & 16;
    o += ready >>> 3;
    bb >>>= ready;
    bc -= ready;
  }
  w.at = o;
  w.bits = bb;
  w.count = bc;
  w.write(lc[END_OF_BLOCK]!, ll[END_OF_BLOCK]!);
}
