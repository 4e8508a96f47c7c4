// Arithmetic entropy decoding (ITU-T T.81 Annex D, F.2.4 and G.1.3): the QM decoder of Annex D and
// the statistical models of DC and AC coefficients for sequential and progressive scans.
import { FIXED_HALF_STATE, NEXT_LPS, NEXT_MPS, QE, SWITCH_MPS } from "./arithmetic-states.ts";
import { AC_FIRST, AC_REFINE, DC_FIRST, DC_REFINE, type BlockMode, type EntropyDecoder, type ScanComponent } from "./frame.ts";
import { ZIGZAG } from "./tables.ts";

/** Conditioning of a table (DAC): L and U for DC tables, Kx for AC tables. */
export interface ArithmeticConditioning {
  dcLower: number[];
  dcUpper: number[];
  acKx: number[];
}

export function defaultConditioning(): ArithmeticConditioning {
  return { dcLower: [0, 0, 0, 0], dcUpper: [1, 1, 1, 1], acKx: [5, 5, 5, 5] };
}

/** Statistics areas: 64 bins per DC table and 256 per AC table (enough for every context T.81 defines). */
const DC_BINS = 64;
const AC_BINS = 256;

export class ArithmeticDecoder implements EntropyDecoder {
  exhausted = false;
  private readonly data: Uint8Array;
  private pos = 0;
  private end = 0;
  /** code register C (a non-negative integer below 2^32; its high 16 bits are Cx), interval A, bit count */
  private c = 0;
  private a = 0;
  private ct = 0;
  private readonly dcStats: Uint8Array[];
  private readonly acStats: Uint8Array[];
  private readonly fixed = new Uint8Array(1);
  private readonly mode: BlockMode;
  private readonly ss: number;
  private readonly se: number;
  private readonly al: number;
  private readonly conditioning: ArithmeticConditioning;
  private readonly components: ScanComponent[];

  constructor(data: Uint8Array, mode: BlockMode, ss: number, se: number, al: number, conditioning: ArithmeticConditioning, components: ScanComponent[]) {
    this.data = data;
    this.mode = mode;
    this.ss = ss;
    this.se = se;
    this.al = al;
    this.conditioning = conditioning;
    this.components = components;
    this.dcStats = [0, 1, 2, 3].map(() => new Uint8Array(DC_BINS));
    this.acStats = [0, 1, 2, 3].map(() => new Uint8Array(AC_BINS));
  }

  /** INITDEC (T.81 D.2.7) and fresh statistics, at the scan's start and each restart. */
  reset(start: number, end: number): void {
    this.pos = start;
    this.end = end;
    this.exhausted = false;
    for (const stats of this.dcStats) stats.fill(0);
    for (const stats of this.acStats) stats.fill(0);
    this.fixed[0] = FIXED_HALF_STATE;
    for (const sc of this.components) sc.component.dcContext = 0;
    this.a = 0x10000;
    this.c = 0;
    this.byteIn();
    this.c *= 256;
    this.byteIn();
    this.c *= 256;
    this.ct = 0;
  }

  endMcu(): void {
    // past the data the decoder reads zeros, as libjpeg's does; only corrupt values stop it
  }

  /** BYTE_IN (T.81 D.2.6): the next byte into C's low part; a marker or the segment's end reads as zeros. */
  private byteIn(): void {
    let byte = 0;
    if (this.pos < this.end) {
      byte = this.data[this.pos++]!;
      if (byte === 0xff) {
        while (this.pos < this.end && this.data[this.pos] === 0xff) this.pos++;
        if (this.pos < this.end && this.data[this.pos] === 0) this.pos++;
      }
    }
    this.c += byte * 256;
    this.ct = 8;
  }

  // Hot path: DECODE (T.81 D.2.4) with the conditional exchanges and RENORM_D; the state byte holds
  // the MPS sense in bit 7 and the estimator's index below it.
  private decode(stats: Uint8Array, at: number): number {
    const state = stats[at]!;
    let index = state & 0x7f;
    let mps = state >> 7;
    const qe = QE[index]!;
    this.a -= qe;
    let decision: number;
    if (this.c >>> 16 < this.a) {
      if (this.a >= 0x8000) return mps;
      if (this.a < qe) {
        decision = 1 - mps;
        if (SWITCH_MPS[index]) mps = 1 - mps;
        index = NEXT_LPS[index]!;
      } else {
        decision = mps;
        index = NEXT_MPS[index]!;
      }
    } else {
      this.c -= this.a * 65536;
      if (this.a < qe) {
        decision = mps;
        index = NEXT_MPS[index]!;
      } else {
        decision = 1 - mps;
        if (SWITCH_MPS[index]) mps = 1 - mps;
        index = NEXT_LPS[index]!;
      }
      this.a = qe;
    }
    stats[at] = (mps << 7) | index;
    do {
      if (this.ct === 0) this.byteIn();
      this.a *= 2;
      this.c *= 2;
      this.ct--;
    } while (this.a < 0x8000);
    return decision;
  }

  decodeBlock(sc: ScanComponent, block: Int16Array, offset: number): void {
    if (this.exhausted) return;
    switch (this.mode) {
      case DC_FIRST:
        sc.component.dcPredictor += this.decodeDcDifference(sc);
        block[offset] = sc.component.dcPredictor * (1 << this.al);
        return;
      case DC_REFINE:
        if (this.decode(this.fixed, 0)) block[offset] = block[offset]! | (1 << this.al);
        return;
      case AC_FIRST:
        this.decodeAc(sc, block, offset, this.ss, this.al);
        return;
      case AC_REFINE:
        this.decodeAcRefine(sc, block, offset);
        return;
      default:
        sc.component.dcPredictor += this.decodeDcDifference(sc);
        block[offset] = sc.component.dcPredictor;
        this.decodeAc(sc, block, offset, 1, 0);
    }
  }

  /** T.81 F.2.4.1: a DC difference, conditioned on the previous difference's size (context 0, 4, 8, 12 or 16). */
  private decodeDcDifference(sc: ScanComponent): number {
    const component = sc.component;
    const stats = this.dcStats[sc.dcTable & 3]!;
    let at = component.dcContext;
    if (this.decode(stats, at) === 0) {
      component.dcContext = 0;
      return 0;
    }
    const sign = this.decode(stats, at + 1);
    at += 2 + sign;
    let magnitude = this.decode(stats, at);
    if (magnitude !== 0) {
      at = 20;
      while (this.decode(stats, at)) {
        magnitude <<= 1;
        if (magnitude === 0x8000) return this.corrupt();
        at++;
      }
    }
    const lower = (1 << this.conditioning.dcLower[sc.dcTable & 3]!) >> 1;
    const upper = (1 << this.conditioning.dcUpper[sc.dcTable & 3]!) >> 1;
    if (magnitude < lower) component.dcContext = 0;
    else if (magnitude > upper) component.dcContext = 12 + sign * 4;
    else component.dcContext = 4 + sign * 4;
    let value = magnitude;
    at += 14;
    while ((magnitude >>= 1) !== 0) if (this.decode(stats, at)) value |= magnitude;
    value += 1;
    return sign ? -value : value;
  }

  /** T.81 F.2.4.2 (and G.1.3.2 for a progressive first pass): AC coefficients k = from..Se. */
  private decodeAc(sc: ScanComponent, block: Int16Array, offset: number, from: number, al: number): void {
    const stats = this.acStats[sc.acTable & 3]!;
    const kx = this.conditioning.acKx[sc.acTable & 3]!;
    const se = this.se;
    for (let k = from; k <= se; k++) {
      let at = 3 * (k - 1);
      if (this.decode(stats, at)) break; // end of block
      while (this.decode(stats, at + 1) === 0) {
        at += 3;
        if (++k > se) {
          this.corrupt();
          return;
        }
      }
      const sign = this.decode(this.fixed, 0);
      at += 2;
      let magnitude = this.decode(stats, at);
      if (magnitude !== 0 && this.decode(stats, at)) {
        magnitude <<= 1;
        at = k <= kx ? 189 : 217;
        while (this.decode(stats, at)) {
          magnitude <<= 1;
          if (magnitude === 0x8000) {
            this.corrupt();
            return;
          }
          at++;
        }
      }
      let value = magnitude;
      at += 14;
      while ((magnitude >>= 1) !== 0) if (this.decode(stats, at)) value |= magnitude;
      value += 1;
      block[offset + ZIGZAG[k]!] = (sign ? -value : value) * (1 << al);
    }
  }

  /** T.81 G.1.3.3: correction bits for nonzero coefficients, new ones at ±1 << Al. */
  private decodeAcRefine(sc: ScanComponent, block: Int16Array, offset: number): void {
    const stats = this.acStats[sc.acTable & 3]!;
    const plus = 1 << this.al;
    const minus = -1 << this.al;
    const se = this.se;
    // the previous pass's end of block: past it, an end-of-block decision comes first
    let lastNonzero = se;
    while (lastNonzero > 0 && block[offset + ZIGZAG[lastNonzero]!] === 0) lastNonzero--;
    for (let k = this.ss; k <= se; k++) {
      let at = 3 * (k - 1);
      if (k > lastNonzero && this.decode(stats, at)) break;
      for (;;) {
        const position = offset + ZIGZAG[k]!;
        const coefficient = block[position]!;
        if (coefficient !== 0) {
          if (this.decode(stats, at + 2)) block[position] = coefficient < 0 ? coefficient + minus : coefficient + plus;
          break;
        }
        if (this.decode(stats, at + 1)) {
          block[position] = this.decode(this.fixed, 0) ? minus : plus;
          break;
        }
        at += 3;
        if (++k > se) {
          this.corrupt();
          return;
        }
      }
    }
  }

  /** Impossible values: libjpeg stops decoding until the next restart, and so do we. */
  private corrupt(): number {
    this.exhausted = true;
    return 0;
  }
}
