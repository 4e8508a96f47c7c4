// Huffman entropy decoding (ITU-T T.81 F.2.2 and G.1.2): code tables, a bit reader that removes the
// stuffed zero bytes, and the block decoders of sequential and progressive scans.
import { JpegError } from "./errors.ts";
import { AC_FIRST, AC_REFINE, DC_FIRST, DC_REFINE, type BlockMode, type EntropyDecoder, type ScanComponent } from "./frame.ts";
import { ZIGZAG_SAFE as ZIGZAG } from "./tables.ts";

/** Codes up to this many bits are found with one table look-up; longer ones with the canonical limits. */
const LOOKUP_BITS = 9;

export interface HuffmanTable {
  /** for each LOOKUP_BITS-bit prefix: (code length << 8) | symbol, or 0 for a longer code */
  lookup: Uint16Array;
  /** largest code of each length (index 1–16), -1 when none */
  maxCode: Int32Array;
  /** index into `symbols` minus the first code of each length */
  offset: Int32Array;
  symbols: Uint8Array;
}

/** Builds the decoding table from DHT's 16 counts and symbols; throws when the counts cannot form a code. */
export function buildHuffmanTable(counts: ArrayLike<number>, symbols: ArrayLike<number>): HuffmanTable {
  const lookup = new Uint16Array(1 << LOOKUP_BITS);
  const maxCode = new Int32Array(18).fill(-1);
  const offset = new Int32Array(18);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    const count = counts[length - 1]!;
    offset[length] = k - code;
    for (let i = 0; i < count; i++, code++, k++) {
      if (length <= LOOKUP_BITS) {
        const shift = LOOKUP_BITS - length;
        const entry = (length << 8) | symbols[k]!;
        lookup.fill(entry, code << shift, (code + 1) << shift);
      }
    }
    if (count > 0) maxCode[length] = code - 1;
    if (code > 1 << length) throw new JpegError("This JPEG file is damaged: one of its Huffman code tables is invalid.", "corrupt");
    code <<= 1;
  }
  return { lookup, maxCode, offset, symbols: Uint8Array.from(symbols) };
}

export class HuffmanDecoder implements EntropyDecoder {
  exhausted = false;
  private data: Uint8Array;
  private pos = 0;
  private end = 0;
  /** bit buffer: the low `bits` bits of `acc` are unread */
  private acc = 0;
  private bits = 0;
  /** zero bits appended after the data ran out */
  private padBits = 0;
  private eobRun = 0;
  private readonly mode: BlockMode;
  private readonly ss: number;
  private readonly se: number;
  private readonly al: number;
  private readonly dcTables: (HuffmanTable | undefined)[];
  private readonly acTables: (HuffmanTable | undefined)[];

  constructor(data: Uint8Array, mode: BlockMode, ss: number, se: number, al: number, dcTables: (HuffmanTable | undefined)[], acTables: (HuffmanTable | undefined)[]) {
    this.data = data;
    this.mode = mode;
    this.ss = ss;
    this.se = se;
    this.al = al;
    this.dcTables = dcTables;
    this.acTables = acTables;
  }

  reset(start: number, end: number): void {
    this.pos = start;
    this.end = end;
    this.acc = 0;
    this.bits = 0;
    this.padBits = 0;
    this.eobRun = 0;
    this.exhausted = false;
  }

  endMcu(): void {
    if (this.padBits > this.bits) this.exhausted = true;
  }

  /** Tops the buffer up to at least 24 bits; past the segment's end it appends zeros, as libjpeg does. */
  private fill(): void {
    const data = this.data;
    while (this.bits < 24) {
      let byte = 0;
      if (this.pos < this.end) {
        byte = data[this.pos++]!;
        if (byte === 0xff) {
          // a stuffed FF 00 (fill bytes FF FF... 00 too) stands for one FF data byte
          while (this.pos < this.end && data[this.pos] === 0xff) this.pos++;
          if (this.pos < this.end && data[this.pos] === 0) this.pos++;
        }
      } else {
        this.padBits += 8;
      }
      this.acc = (this.acc << 8) | byte;
      this.bits += 8;
    }
  }

  // Hot path: one look-up for codes of up to 9 bits, the canonical limits for longer ones.
  private decodeSymbol(table: HuffmanTable): number {
    if (this.bits < 16) this.fill();
    const entry = table.lookup[(this.acc >>> (this.bits - LOOKUP_BITS)) & ((1 << LOOKUP_BITS) - 1)]!;
    if (entry !== 0) {
      this.bits -= entry >> 8;
      return entry & 0xff;
    }
    if (this.bits < 17) this.fill();
    for (let length = LOOKUP_BITS + 1; length <= 16; length++) {
      const code = (this.acc >>> (this.bits - length)) & ((1 << length) - 1);
      if (code <= table.maxCode[length]!) {
        this.bits -= length;
        return table.symbols[table.offset[length]! + code] ?? 0;
      }
    }
    // no such code: corrupt data; libjpeg goes on with symbol 0 after 17 bits
    this.bits -= 17;
    return 0;
  }

  /** `size` raw bits as a signed value (T.81 F.2.2.1 EXTEND). */
  private receiveExtend(size: number): number {
    if (size === 0) return 0;
    if (size > 16) size = 16;
    if (this.bits < size) this.fill();
    const value = (this.acc >>> (this.bits - size)) & ((1 << size) - 1);
    this.bits -= size;
    return value < 1 << (size - 1) ? value - (1 << size) + 1 : value;
  }

  private receive(size: number): number {
    if (this.bits < size) this.fill();
    const value = (this.acc >>> (this.bits - size)) & ((1 << size) - 1);
    this.bits -= size;
    return value;
  }

  private bit(): number {
    if (this.bits < 1) this.fill();
    this.bits--;
    return (this.acc >>> this.bits) & 1;
  }

  /** One lossless sample difference (T.81 H.1.2.2): a DC-style size and bits; size 16 means 32768. */
  decodeDifference(table: HuffmanTable): number {
    const size = this.decodeSymbol(table);
    return size === 16 ? 32768 : this.receiveExtend(size);
  }

  /** The DC table a scan component names (lossless scans use DC tables only). */
  dcTableOf(sc: ScanComponent): HuffmanTable {
    return this.dcTable(sc);
  }

  decodeBlock(sc: ScanComponent, block: Int16Array, offset: number): void {
    switch (this.mode) {
      case DC_FIRST: {
        const component = sc.component;
        const size = this.decodeSymbol(this.dcTable(sc));
        component.dcPredictor += this.receiveExtend(size);
        block[offset] = component.dcPredictor * (1 << this.al);
        return;
      }
      case DC_REFINE:
        if (this.bit()) block[offset] = block[offset]! | (1 << this.al);
        return;
      case AC_FIRST:
        this.decodeAcFirst(this.acTable(sc), block, offset);
        return;
      case AC_REFINE:
        this.decodeAcRefine(this.acTable(sc), block, offset);
        return;
      default:
        this.decodeSequential(sc, block, offset);
    }
  }

  private dcTable(sc: ScanComponent): HuffmanTable {
    const table = this.dcTables[sc.dcTable];
    if (!table) throw missingTable();
    return table;
  }

  private acTable(sc: ScanComponent): HuffmanTable {
    const table = this.acTables[sc.acTable];
    if (!table) throw missingTable();
    return table;
  }

  // Hot path: a whole baseline block, DC difference then run-length coded AC coefficients.
  private decodeSequential(sc: ScanComponent, block: Int16Array, offset: number): void {
    const component = sc.component;
    const dcSize = this.decodeSymbol(this.dcTable(sc));
    component.dcPredictor += this.receiveExtend(dcSize);
    block[offset] = component.dcPredictor;
    const ac = this.acTable(sc);
    for (let k = 1; k < 64; k++) {
      const rs = this.decodeSymbol(ac);
      const size = rs & 15;
      const run = rs >> 4;
      if (size === 0) {
        if (run < 15) break; // end of block
        k += 15; // sixteen zeros
        continue;
      }
      k += run; // past 63 only in corrupt data: lands on the last coefficient, as in libjpeg
      block[offset + ZIGZAG[k]!] = this.receiveExtend(size);
    }
  }

  private decodeAcFirst(ac: HuffmanTable, block: Int16Array, offset: number): void {
    if (this.eobRun > 0) {
      this.eobRun--;
      return;
    }
    const scale = 1 << this.al;
    for (let k = this.ss; k <= this.se; k++) {
      const rs = this.decodeSymbol(ac);
      const size = rs & 15;
      const run = rs >> 4;
      if (size === 0) {
        if (run < 15) {
          // this block and (2^run - 1 + extra bits) more end here
          this.eobRun = (1 << run) - 1;
          if (run > 0) this.eobRun += this.receive(run);
          break;
        }
        k += 15;
        continue;
      }
      k += run;
      block[offset + ZIGZAG[k]!] = this.receiveExtend(size) * scale;
    }
  }

  /** T.81 G.1.2.3: a correction bit for each coefficient already nonzero, new ones at ±1 << Al. */
  private decodeAcRefine(ac: HuffmanTable, block: Int16Array, offset: number): void {
    const plus = 1 << this.al;
    const minus = -1 << this.al;
    const se = this.se;
    let k = this.ss;
    if (this.eobRun === 0) {
      for (; k <= se; k++) {
        const rs = this.decodeSymbol(ac);
        let run = rs >> 4;
        const size = rs & 15;
        let value = 0;
        if (size !== 0) {
          value = this.bit() ? plus : minus; // size is 1 in a valid file
        } else if (run !== 15) {
          this.eobRun = 1 << run;
          if (run > 0) this.eobRun += this.receive(run);
          break;
        }
        // skip `run` still-zero coefficients, refining the nonzero ones met on the way
        while (k <= se) {
          const at = offset + ZIGZAG[k]!;
          const coefficient = block[at]!;
          if (coefficient !== 0) {
            if (this.bit() && (coefficient & plus) === 0) block[at] = coefficient >= 0 ? coefficient + plus : coefficient + minus;
          } else {
            if (run === 0) break;
            run--;
          }
          k++;
        }
        if (value !== 0 && k <= se) block[offset + ZIGZAG[k]!] = value;
      }
    }
    if (this.eobRun > 0) {
      // inside an end-of-band run: only correction bits for the nonzero coefficients left
      for (; k <= se; k++) {
        const at = offset + ZIGZAG[k]!;
        const coefficient = block[at]!;
        if (coefficient !== 0 && this.bit() && (coefficient & plus) === 0) block[at] = coefficient >= 0 ? coefficient + plus : coefficient + minus;
      }
      this.eobRun--;
    }
  }
}

function missingTable(): JpegError {
  return new JpegError("This JPEG file is damaged: its image data uses a Huffman code table the file never defines.", "corrupt");
}
