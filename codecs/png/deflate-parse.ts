// Greedy LZ77 matching for ./fast-deflate.ts, built for PNG-filtered rows. Three candidates only:
// a run of the previous byte (flat areas after the Sub filter), the same bytes one row up, and a
// repeat found through a small hash table of 4-byte words. Bytes are compared four at a time as
// words and combined before a single branch: which bytes repeat is unpredictable, and mispredicted
// branches would cost more than the loads.
import type { ParsedBlock } from "./deflate-block.ts";
import { DISTANCE_CODE, LENGTH_CODE } from "./deflate-tables.ts";

export const WINDOW = 32768;
const MAX_MATCH = 258;
/**
 * Shortest matches taken. Filtered rows have cheap literals (mostly small differences), so short
 * matches seldom pay, least of all with a long distance. Tuned on photos; the four-position test
 * in parse() relies on MIN_RUN >= 10 and MIN_ROW, MIN_HASH >= 11.
 */
const MIN_RUN = 10;
const MIN_ROW = 12;
const MIN_HASH = 12;
export const SHORTEST_MATCH = Math.min(MIN_RUN, MIN_ROW, MIN_HASH);
const HASH_BITS = 14;
/**
 * The hash search costs a third of the time, and on photos its matches are short and save little:
 * a match of 16 bytes costs about what their literals would. So it pauses after two blocks where
 * the bytes its matches took beyond 16 each came to under 1/64 of the block, and tries again
 * every PROBE_EVERY blocks (one poor block then pauses it again).
 */
const PROBE_EVERY = 8;
const BREAK_EVEN = 16;

export class Matcher {
  private readonly rowDistance: number;
  /** Latest buffer position of each hashed word, negative when none. */
  private readonly table = new Int32Array(1 << HASH_BITS).fill(-WINDOW);
  private hashing = true;
  private poorBlocks = 0;
  private blocksUntilProbe = 0;

  /** `rowDistance`: how far back the same byte of the previous row is (0 = no row matches). */
  constructor(rowDistance: number) {
    this.rowDistance = rowDistance > 0 && rowDistance <= WINDOW ? rowDistance : 0;
  }

  /** Forgets everything seen, for a new stream. */
  reset(): void {
    this.table.fill(-WINDOW);
    this.hashing = true;
    this.poorBlocks = 0;
    this.blocksUntilProbe = 0;
  }

  /** The input buffer moved its contents `shift` bytes down. */
  slide(shift: number): void {
    if (this.hashing) for (let k = 0; k < this.table.length; k++) this.table[k]! -= shift;
  }

  /** Parses the block, then decides whether the next one searches the hash table. */
  parse(block: ParsedBlock, view: DataView): void {
    const gain = this.parseWith(block, view, this.hashing);
    if (this.hashing) {
      this.poorBlocks = gain * 64 < block.end - block.start ? this.poorBlocks + 1 : 0;
      if (this.poorBlocks >= 2) {
        this.hashing = false;
        this.blocksUntilProbe = PROBE_EVERY;
      }
    } else if (--this.blocksUntilProbe === 0) {
      this.hashing = true;
      this.poorBlocks = 1;
      this.table.fill(-WINDOW);
    }
  }

  /** Fills the block's match triples and frequencies; returns what hash matches gained (see BREAK_EVEN). */
  private parseWith(block: ParsedBlock, view: DataView, hashing: boolean): number {
    const { input, end, matches, literalFreq, distanceFreq } = block;
    const { rowDistance, table } = this;
    // Row (and hash) candidates are tested from here on: one too short pushes this past its end,
    // since starting further along at the same distance would only find a shorter match.
    let rowFrom = rowDistance > 0 ? rowDistance : 0x7fffffff;
    let hashDistance = 0;
    let hashFrom = 0;
    let gain = 0;
    let k = 0;
    let i = block.start;
    let literalStart = i;
    // the stream's first byte has nothing before it to repeat
    if (i === 0 && end > 0) {
      literalFreq[input[0]!]! += 1;
      i = 1;
    }
    // word reads need 8 bytes ahead (12 for the four-position test); the last bytes are literals
    const tail = end - 8;
    const groupTail = end - 12;
    const groupRowFrom = rowDistance > 0 ? rowDistance - 3 : 0x7fffffff;
    let previous = i > 0 ? input[i - 1]! : -1;
    let singleUntil = 0;
    while (i < tail) {
      if (i >= singleUntil && i < groupTail) {
        // Four positions at once: a run taken at any of i to i + 3 makes bytes i + 2 to i + 9 one
        // repeated byte (it includes the byte before it), and a row or hash match makes bytes
        // i + 3 to i + 10 equal earlier ones. When none holds, the four are literals.
        const x2 = view.getInt32(i + 2, true);
        const x6 = view.getInt32(i + 6, true);
        const x3 = view.getInt32(i + 3, true);
        const x7 = view.getInt32(i + 7, true);
        const repeated = Math.imul(x2 & 255, 0x01010101);
        const up = i + 3 - rowDistance;
        const rowWords = i >= groupRowFrom ? (x3 ^ view.getInt32(up, true)) | (x7 ^ view.getInt32(up + 4, true)) : 1;
        let hashWords = 1;
        if (hashing) {
          const h = Math.imul(x3, 0x9e3779b1) >>> (32 - HASH_BITS);
          const c = table[h]!;
          table[Math.imul(view.getInt32(i, true), 0x9e3779b1) >>> (32 - HASH_BITS)] = i;
          table[Math.imul(view.getInt32(i + 1, true), 0x9e3779b1) >>> (32 - HASH_BITS)] = i + 1;
          table[Math.imul(x2, 0x9e3779b1) >>> (32 - HASH_BITS)] = i + 2;
          table[h] = i + 3;
          if (c >= 0 && i + 3 - c <= WINDOW && view.getInt32(c, true) === x3 && view.getInt32(c + 4, true) === x7) {
            hashWords = 0;
            hashDistance = i + 3 - c;
            hashFrom = i;
          }
        }
        if (((x2 ^ repeated) | (x6 ^ repeated)) !== 0 && rowWords !== 0 && hashWords !== 0) {
          literalFreq[input[i]!]! += 1;
          literalFreq[input[i + 1]!]! += 1;
          literalFreq[input[i + 2]!]! += 1;
          previous = input[i + 3]!;
          literalFreq[previous]! += 1;
          i += 4;
          continue;
        }
        singleUntil = i + 4;
      }
      // One position: a run needs the previous byte and the next 8 equal, a row or hash match
      // the next 8 equal to those at its distance.
      const w = view.getInt32(i, true);
      const w2 = view.getInt32(i + 4, true);
      const b = w & 255;
      const bw = Math.imul(b, 0x01010101);
      const run = (w ^ bw) | (w2 ^ bw) | (b ^ previous);
      const q = i - rowDistance;
      const row = i >= rowFrom ? (w ^ view.getInt32(q, true)) | (w2 ^ view.getInt32(q + 4, true)) : 1;
      const r = i - hashDistance;
      const hash = hashDistance > 0 && i >= hashFrom && r >= 0 ? (w ^ view.getInt32(r, true)) | (w2 ^ view.getInt32(r + 4, true)) : 1;
      if (run !== 0 && row !== 0 && hash !== 0) {
        literalFreq[b]! += 1;
        previous = b;
        i++;
        continue;
      }
      const limit = Math.min(MAX_MATCH, end - i);
      const runLength = run === 0 ? matchLength(view, input, i, i - 1, limit) : 0;
      let rowLength = 0;
      if (row === 0) {
        rowLength = matchLength(view, input, i, q, limit);
        if (rowLength < MIN_ROW) rowFrom = i + rowLength;
      }
      let hashLength = 0;
      if (hash === 0) {
        hashLength = matchLength(view, input, i, r, limit);
        if (hashLength < MIN_HASH) hashFrom = i + hashLength;
      }
      let len: number;
      let dist: number;
      if (hashLength >= MIN_HASH && hashLength > rowLength && hashLength > runLength) {
        len = hashLength;
        dist = hashDistance;
        gain += len - BREAK_EVEN;
      } else if (rowLength >= MIN_ROW && rowLength > runLength) {
        len = rowLength;
        dist = rowDistance;
      } else if (runLength >= MIN_RUN) {
        len = runLength;
        dist = 1;
      } else {
        // a short run (or none): its bytes are literals, and a run starting inside it is shorter
        const n = Math.max(1, runLength);
        literalFreq[b]! += n;
        previous = b;
        i += n;
        continue;
      }
      matches[k] = i - literalStart;
      matches[k + 1] = len;
      matches[k + 2] = dist;
      k += 3;
      literalFreq[257 + LENGTH_CODE[len]!]! += 1;
      distanceFreq[DISTANCE_CODE[dist]!]! += 1;
      i += len;
      literalStart = i;
      previous = input[i - 1]!;
    }
    for (; i < end; i++) literalFreq[input[i]!]! += 1;
    block.matchValues = k;
    return gain;
  }
}

/** How far bytes from `i` repeat those from `from` (the first 8 known equal), up to `limit`. */
function matchLength(view: DataView, input: Uint8Array, i: number, from: number, limit: number): number {
  let len = 8;
  while (len + 4 <= limit && view.getInt32(i + len, true) === view.getInt32(from + len, true)) len += 4;
  while (len < limit && input[i + len] === input[from + len]) len++;
  return len;
}
