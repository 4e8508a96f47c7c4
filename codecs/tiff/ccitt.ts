// CCITT fax decompression (ITU-T T.4 and T.6): compression 2 (Modified Huffman rows, each on a
// byte boundary), 3 (Group 3: 1-D rows, or 2-D with T4Options bit 0, EOL codes optional and
// byte-aligned with fill bits) and 4 (Group 4: 2-D rows without EOL codes). Our own decoder: utif2's
// grows each row bit by bit, stops the whole strip on a row that overruns the width (libtiff clips
// it) and cannot read Group 3 files without EOL codes. Like libtiff, a damaged row or a strip that
// ends early keeps the rows decoded so far and leaves the rest white; every loop advances through
// the input or stops, so a corrupt strip cannot hang it.
//
// Output: rows of ceil(width / 8) bytes, a 1 bit for each black pixel (as TIFF's WhiteIsZero).

/** Code tables: [run length, code as a string of bits]. */
const WHITE_CODES: [number, string][] = [
  [0, "00110101"], [1, "000111"], [2, "0111"], [3, "1000"], [4, "1011"], [5, "1100"], [6, "1110"], [7, "1111"],
  [8, "10011"], [9, "10100"], [10, "00111"], [11, "01000"], [12, "001000"], [13, "000011"], [14, "110100"], [15, "110101"],
  [16, "101010"], [17, "101011"], [18, "0100111"], [19, "0001100"], [20, "0001000"], [21, "0010111"], [22, "0000011"], [23, "0000100"],
  [24, "0101000"], [25, "0101011"], [26, "0010011"], [27, "0100100"], [28, "0011000"], [29, "00000010"], [30, "00000011"], [31, "00011010"],
  [32, "00011011"], [33, "00010010"], [34, "00010011"], [35, "00010100"], [36, "00010101"], [37, "00010110"], [38, "00010111"], [39, "00101000"],
  [40, "00101001"], [41, "00101010"], [42, "00101011"], [43, "00101100"], [44, "00101101"], [45, "00000100"], [46, "00000101"], [47, "00001010"],
  [48, "00001011"], [49, "01010010"], [50, "01010011"], [51, "01010100"], [52, "01010101"], [53, "00100100"], [54, "00100101"], [55, "01011000"],
  [56, "01011001"], [57, "01011010"], [58, "01011011"], [59, "01001010"], [60, "01001011"], [61, "00110010"], [62, "00110011"], [63, "00110100"],
  [64, "11011"], [128, "10010"], [192, "010111"], [256, "0110111"], [320, "00110110"], [384, "00110111"], [448, "01100100"], [512, "01100101"],
  [576, "01101000"], [640, "01100111"], [704, "011001100"], [768, "011001101"], [832, "011010010"], [896, "011010011"], [960, "011010100"], [1024, "011010101"],
  [1088, "011010110"], [1152, "011010111"], [1216, "011011000"], [1280, "011011001"], [1344, "011011010"], [1408, "011011011"], [1472, "010011000"], [1536, "010011001"],
  [1600, "010011010"], [1664, "011000"], [1728, "010011011"],
];

const BLACK_CODES: [number, string][] = [
  [0, "0000110111"], [1, "010"], [2, "11"], [3, "10"], [4, "011"], [5, "0011"], [6, "0010"], [7, "00011"],
  [8, "000101"], [9, "000100"], [10, "0000100"], [11, "0000101"], [12, "0000111"], [13, "00000100"], [14, "00000111"], [15, "000011000"],
  [16, "0000010111"], [17, "0000011000"], [18, "0000001000"], [19, "00001100111"], [20, "00001101000"], [21, "00001101100"], [22, "00000110111"], [23, "00000101000"],
  [24, "00000010111"], [25, "00000011000"], [26, "000011001010"], [27, "000011001011"], [28, "000011001100"], [29, "000011001101"], [30, "000001101000"], [31, "000001101001"],
  [32, "000001101010"], [33, "000001101011"], [34, "000011010010"], [35, "000011010011"], [36, "000011010100"], [37, "000011010101"], [38, "000011010110"], [39, "000011010111"],
  [40, "000001101100"], [41, "000001101101"], [42, "000011011010"], [43, "000011011011"], [44, "000001010100"], [45, "000001010101"], [46, "000001010110"], [47, "000001010111"],
  [48, "000001100100"], [49, "000001100101"], [50, "000001010010"], [51, "000001010011"], [52, "000000100100"], [53, "000000110111"], [54, "000000111000"], [55, "000000100111"],
  [56, "000000101000"], [57, "000001011000"], [58, "000001011001"], [59, "000000101011"], [60, "000000101100"], [61, "000001011010"], [62, "000001100110"], [63, "000001100111"],
  [64, "0000001111"], [128, "000011001000"], [192, "000011001001"], [256, "000001011011"], [320, "000000110011"], [384, "000000110100"], [448, "000000110101"], [512, "0000001101100"],
  [576, "0000001101101"], [640, "0000001001010"], [704, "0000001001011"], [768, "0000001001100"], [832, "0000001001101"], [896, "0000001110010"], [960, "0000001110011"], [1024, "0000001110100"],
  [1088, "0000001110101"], [1152, "0000001110110"], [1216, "0000001110111"], [1280, "0000001010010"], [1344, "0000001010011"], [1408, "0000001010100"], [1472, "0000001010101"], [1536, "0000001011010"],
  [1600, "0000001011011"], [1664, "0000001100100"], [1728, "0000001100101"],
];

/** Make-up codes of 1792 and more, the same for both colours. */
const EXTENDED_CODES: [number, string][] = [
  [1792, "00000001000"], [1856, "00000001100"], [1920, "00000001101"], [1984, "000000010010"], [2048, "000000010011"], [2112, "000000010100"], [2176, "000000010101"],
  [2240, "000000010110"], [2304, "000000010111"], [2368, "000000011100"], [2432, "000000011101"], [2496, "000000011110"], [2560, "000000011111"],
];

const LOOKUP_BITS = 13;
/** what a row decoder returns for runs that go past the row's end */
const OVERFLOW = -2;

/** A table indexed by the next 13 bits: the run length and the code's length in bits (0: no such code). */
function lookup(codes: [number, string][]): { run: Int32Array; length: Uint8Array } {
  const run = new Int32Array(1 << LOOKUP_BITS).fill(-1);
  const length = new Uint8Array(1 << LOOKUP_BITS);
  for (const [value, bits] of [...codes, ...EXTENDED_CODES]) {
    const base = Number.parseInt(bits, 2) << (LOOKUP_BITS - bits.length);
    for (let i = 0; i < 1 << (LOOKUP_BITS - bits.length); i++) {
      run[base + i] = value;
      length[base + i] = bits.length;
    }
  }
  return { run, length };
}

const WHITE = lookup(WHITE_CODES);
const BLACK = lookup(BLACK_CODES);

/** Two-dimensional coding modes. */
const Mode = { Pass: 0, Horizontal: 1, Vertical: 2, Extension: 3, Eol: 4, Invalid: 5 } as const;
type Mode = (typeof Mode)[keyof typeof Mode];

/** The next mode from the next 7 bits (and EOL from 12), consumed: [mode, vertical offset]. */
function readMode(bits: BitReader): [Mode, number] {
  const b = bits.peek(7);
  if (b & 0x40) return bits.skip(1), [Mode.Vertical, 0];
  if ((b & 0x70) === 0x30) return bits.skip(3), [Mode.Vertical, 1];
  if ((b & 0x70) === 0x20) return bits.skip(3), [Mode.Vertical, -1];
  if ((b & 0x70) === 0x10) return bits.skip(3), [Mode.Horizontal, 0];
  if ((b & 0x78) === 0x08) return bits.skip(4), [Mode.Pass, 0];
  if ((b & 0x7e) === 0x06) return bits.skip(6), [Mode.Vertical, 2];
  if ((b & 0x7e) === 0x04) return bits.skip(6), [Mode.Vertical, -2];
  if (b === 0x03) return bits.skip(7), [Mode.Vertical, 3];
  if (b === 0x02) return bits.skip(7), [Mode.Vertical, -3];
  if (b === 0x01) return [Mode.Extension, 0];
  if (bits.peek(12) === 1) return [Mode.Eol, 0];
  return [Mode.Invalid, 0];
}

class BitReader {
  readonly data: Uint8Array;
  /** position in bits */
  pos = 0;
  readonly end: number;
  constructor(data: Uint8Array) {
    this.data = data;
    this.end = data.length * 8;
  }
  /** the next n (≤ 24) bits, zeros past the end */
  peek(n: number): number {
    const byte = this.pos >> 3;
    const d = this.data;
    const word = (((d[byte] ?? 0) << 24) | ((d[byte + 1] ?? 0) << 16) | ((d[byte + 2] ?? 0) << 8) | (d[byte + 3] ?? 0)) >>> 0;
    return (word << (this.pos & 7)) >>> (32 - n);
  }
  skip(n: number): void {
    this.pos += n;
  }
  get done(): boolean {
    return this.pos >= this.end;
  }
  alignToByte(): void {
    this.pos = (this.pos + 7) & ~7;
  }
  /** Moves to the next EOL code (11 zeros then a 1), leaving it to be read; false at the end of the data. */
  seekEol(): boolean {
    // one bit a step, bounded by the data's length
    while (!this.done) {
      if (this.peek(12) === 1) return true;
      this.pos++;
    }
    return false;
  }
  /** Skips fill bits and an EOL code (000000000001) when they come next; true when one was there. */
  skipEol(): boolean {
    // no code starts with 11 zeros: that many are fill bits before an EOL
    if (this.peek(11) !== 0) return false;
    while (!this.done && this.peek(1) === 0) this.pos++;
    this.pos++;
    return true;
  }
}

/** One run of one colour: make-up codes then a terminating code. -1 when the code is invalid. */
function readRun(bits: BitReader, table: { run: Int32Array; length: Uint8Array }): number {
  let total = 0;
  // at most a few make-up codes a run (2560 each) before its terminating code; bounded by the input anyway
  for (;;) {
    if (bits.done) return -1;
    // an EOL (or the fill bits before one) right after make-up codes ends the run, as libtiff reads it
    if (total > 0 && bits.peek(11) === 0) return total;
    const index = bits.peek(LOOKUP_BITS);
    const length = table.length[index] as number;
    if (length === 0) return -1;
    bits.skip(length);
    const run = table.run[index] as number;
    total += run;
    if (run < 64) return total;
  }
}

export interface CcittOptions {
  /** 2: Modified Huffman (byte-aligned rows), 3: Group 3, 4: Group 4 */
  compression: 2 | 3 | 4;
  /** Group 3 with 2-D rows (T4Options bit 0) */
  twoDimensional: boolean;
}

/** Decodes a strip or tile of `width` × `rows` into `out` (1 bits for black); returns the rows decoded. */
export function decodeCcitt(data: Uint8Array, width: number, rows: number, out: Uint8Array, options: CcittOptions): number {
  const bits = new BitReader(data);
  const stride = (width + 7) >> 3;
  // changing elements: positions where the colour changes, white first; two sentinels at the width
  // zero-length runs can repeat a position, so a row may list more changes than it has pixels
  let reference = new Int32Array(2 * width + 16);
  let current = new Int32Array(2 * width + 16);
  reference[0] = width;
  reference[1] = width;
  let referenceCount = 0;
  // libtiff starts a Group 3 strip at its first EOL code, skipping whatever comes before it (a
  // strip with no EOL at all is read from its start)
  if (options.compression === 3 && bits.peek(12) !== 1) {
    if (!bits.seekEol()) bits.pos = 0;
  }
  for (let row = 0; row < rows; row++) {
    let twoD = options.compression === 4;
    if (options.compression === 3) {
      bits.skipEol();
      if (options.twoDimensional) {
        twoD = bits.peek(1) === 0;
        bits.skip(1);
      }
    }
    if (bits.done) return row;
    let count = twoD ? decodeRow2D(bits, width, reference, referenceCount, current) : decodeRow1D(bits, width, current);
    // runs past the row's end: libtiff gives up the rest of the strip
    if (count === OVERFLOW) return row;
    if (count < 0) {
      // a damaged row: Group 3 picks up again at the next EOL code (the row stays white, as in
      // libtiff); Group 4 and Modified Huffman have no EOLs, so the rest of the strip stays white
      if (options.compression !== 3 || !bits.seekEol()) return row;
      count = 0;
    }
    fillRow(out, row * stride, current, count, width);
    if (options.compression === 2) bits.alignToByte();
    [reference, current] = [current, reference];
    referenceCount = count;
    reference[count] = width;
    reference[count + 1] = width;
  }
  return rows;
}

/** Alternating white and black runs; returns the number of changing elements, -1 on a bad code. */
function decodeRow1D(bits: BitReader, width: number, changes: Int32Array): number {
  let a0 = 0;
  let count = 0;
  let white = true;
  while (a0 < width) {
    // 11 zeros: fill bits and an EOL (no code starts so)
    if (bits.peek(11) === 0) {
      // an EOL before the row is full: the rest of the row is white, as libtiff pads it
      if (!white) changes[count++] = a0;
      break;
    }
    const run = readRun(bits, white ? WHITE : BLACK);
    // a bad code, or runs past the row's end (libtiff's "buffer overflow"): a damaged row
    if (run < 0) return -1;
    if (a0 + run > width) return OVERFLOW;
    if (count >= changes.length - 2) return -1;
    a0 += run;
    if (a0 < width || !white) changes[count++] = a0;
    white = !white;
  }
  // a row that ends white needs no change at the width; one that ends black does (kept above)
  return trimAtWidth(changes, count, width);
}

function trimAtWidth(changes: Int32Array, count: number, width: number): number {
  while (count > 0 && (changes[count - 1] as number) >= width) count--;
  return count;
}

function decodeRow2D(bits: BitReader, width: number, reference: Int32Array, referenceCount: number, changes: Int32Array): number {
  let a0 = -1;
  let white = true;
  let count = 0;
  // index of b1 in the reference line: the first change right of a0 of the opposite colour
  let b = 0;
  // each step consumes at least one bit or moves a0 right, and stops at the input's end
  while (a0 < width) {
    if (bits.done) return -1;
    while (b < referenceCount && (reference[b] as number) <= a0) b++;
    // b1 changes to the colour opposite a0's: from white (even index) when a0 is white
    if ((b & 1) !== (white ? 0 : 1)) b++;
    const b1 = b < referenceCount ? (reference[b] as number) : width;
    const b2 = b + 1 < referenceCount ? (reference[b + 1] as number) : width;
    const [mode, offset] = readMode(bits);
    if (mode === Mode.Pass) {
      a0 = b2;
    } else if (mode === Mode.Horizontal) {
      const start = Math.max(a0, 0);
      const first = readRun(bits, white ? WHITE : BLACK);
      const second = first < 0 ? -1 : readRun(bits, white ? BLACK : WHITE);
      if (second < 0) return -1;
      const a1 = Math.min(width, start + first);
      const a2 = Math.min(width, a1 + second);
      changes[count++] = a1;
      changes[count++] = a2;
      a0 = a2;
    } else if (mode === Mode.Vertical) {
      const a1 = b1 + offset;
      if (a1 < 0 || a1 > width || a1 < a0) return -1;
      changes[count++] = a1;
      a0 = a1;
      white = !white;
      // the next b1 may be left of this one's successor: search again from before it
      if (b > 0) b--;
    } else {
      // EOL in the middle of a row, uncompressed-mode extensions or a bad code: the strip ends here
      return -1;
    }
    if (count >= changes.length - 2) return -1;
  }
  return trimAtWidth(changes, count, width);
}

/** Writes a row from its changing elements: black runs as 1 bits. */
function fillRow(out: Uint8Array, offset: number, changes: Int32Array, count: number, width: number): void {
  for (let i = 0; i < count; i += 2) {
    const from = changes[i] as number;
    const to = i + 1 < count ? Math.min(width, changes[i + 1] as number) : width;
    for (let x = from; x < to; ) {
      // whole bytes at a time where the run covers them
      if ((x & 7) === 0 && x + 8 <= to) {
        out[offset + (x >> 3)] = 0xff;
        x += 8;
      } else {
        out[offset + (x >> 3)] = (out[offset + (x >> 3)] as number) | (0x80 >> (x & 7));
        x++;
      }
    }
  }
}
