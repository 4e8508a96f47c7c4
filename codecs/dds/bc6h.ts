/**
 * BC6H block decoder (DXGI_FORMAT_BC6H_UF16 and BC6H_SF16), following the Direct3D 11 BC6H format:
 * 14 modes with their bit layouts, delta-transformed endpoints, sign extension, unquantization,
 * interpolation ((64 - w) * e0 + w * e1 + 32) >> 6, the final 31/64 (unsigned) or 31/32 (signed)
 * scale to half-float bits. Reserved modes (0x13, 0x17, 0x1b, 0x1f) decode to black (0, 0, 0).
 *
 * Output: linear float RGBA per pixel, A = 1 (BC6H stores no alpha); values are the half-float results.
 */
import { BC7_ANCHOR_2, BC7_PARTITIONS_2 } from "./bc7.ts";

/** Field order in the endpoint scratch array: w = e0 subset 0, x = e1 subset 0, y/z = subset 1. */
const FIELD_NAMES = ["rw", "gw", "bw", "rx", "gx", "bx", "ry", "gy", "by", "rz", "gz", "bz", "d"];

/**
 * Bit layout after the mode bits, per mode: "fB" is bit B of field f, "fA-B" bits A..B in stream
 * order (descending when A > B).
 */
const LAYOUTS: Record<number, string> = {
  0x00: "gy4 by4 bz4 rw0-9 gw0-9 bw0-9 rx0-4 gz4 gy0-3 gx0-4 bz0 gz0-3 bx0-4 bz1 by0-3 ry0-4 bz2 rz0-4 bz3 d0-4",
  0x01: "gy5 gz4 gz5 rw0-6 bz0 bz1 by4 gw0-6 by5 bz2 gy4 bw0-6 bz3 bz5 bz4 rx0-5 gy0-3 gx0-5 gz0-3 bx0-5 by0-3 ry0-5 rz0-5 d0-4",
  0x02: "rw0-9 gw0-9 bw0-9 rx0-4 rw10 gy0-3 gx0-3 gw10 bz0 gz0-3 bx0-3 bw10 bz1 by0-3 ry0-4 bz2 rz0-4 bz3 d0-4",
  0x06: "rw0-9 gw0-9 bw0-9 rx0-3 rw10 gz4 gy0-3 gx0-4 gw10 gz0-3 bx0-3 bw10 bz1 by0-3 ry0-3 bz0 bz2 rz0-3 gy4 bz3 d0-4",
  0x0a: "rw0-9 gw0-9 bw0-9 rx0-3 rw10 by4 gy0-3 gx0-3 gw10 bz0 gz0-3 bx0-4 bw10 by0-3 ry0-3 bz1 bz2 rz0-3 bz4 bz3 d0-4",
  0x0e: "rw0-8 by4 gw0-8 gy4 bw0-8 bz4 rx0-4 gz4 gy0-3 gx0-4 bz0 gz0-3 bx0-4 bz1 by0-3 ry0-4 bz2 rz0-4 bz3 d0-4",
  0x12: "rw0-7 gz4 by4 gw0-7 bz2 gy4 bw0-7 bz3 bz4 rx0-5 gy0-3 gx0-4 bz0 gz0-3 bx0-4 bz1 by0-3 ry0-5 rz0-5 d0-4",
  0x16: "rw0-7 bz0 by4 gw0-7 gy5 gy4 bw0-7 gz5 bz4 rx0-4 gz4 gy0-3 gx0-5 gz0-3 bx0-4 bz1 by0-3 ry0-4 bz2 rz0-4 bz3 d0-4",
  0x1a: "rw0-7 bz1 by4 gw0-7 by5 gy4 bw0-7 bz5 bz4 rx0-4 gz4 gy0-3 gx0-4 bz0 gz0-3 bx0-5 by0-3 ry0-4 bz2 rz0-4 bz3 d0-4",
  0x1e: "rw0-5 gz4 bz0 bz1 by4 gw0-5 gy5 by5 bz2 gy4 bw0-5 gz5 bz3 bz5 bz4 rx0-5 gy0-3 gx0-5 gz0-3 bx0-5 by0-3 ry0-5 rz0-5 d0-4",
  0x03: "rw0-9 gw0-9 bw0-9 rx0-9 gx0-9 bx0-9",
  0x07: "rw0-9 gw0-9 bw0-9 rx0-8 rw10 gx0-8 gw10 bx0-8 bw10",
  0x0b: "rw0-9 gw0-9 bw0-9 rx0-7 rw11 rw10 gx0-7 gw11 gw10 bx0-7 bw11 bw10",
  0x0f: "rw0-9 gw0-9 bw0-9 rx0-3 rw15-10 gx0-3 gw15-10 bx0-3 bw15-10",
};

/** Per mode: [endpoint bits, delta bits R, G, B, transformed (1/0), two subsets (1/0)]. */
const MODE_INFO: Record<number, readonly [number, number, number, number, number, number]> = {
  0x00: [10, 5, 5, 5, 1, 1],
  0x01: [7, 6, 6, 6, 1, 1],
  0x02: [11, 5, 4, 4, 1, 1],
  0x06: [11, 4, 5, 4, 1, 1],
  0x0a: [11, 4, 4, 5, 1, 1],
  0x0e: [9, 5, 5, 5, 1, 1],
  0x12: [8, 6, 5, 5, 1, 1],
  0x16: [8, 5, 6, 5, 1, 1],
  0x1a: [8, 5, 5, 6, 1, 1],
  0x1e: [6, 6, 6, 6, 0, 1],
  0x03: [10, 10, 10, 10, 0, 0],
  0x07: [11, 9, 9, 9, 1, 0],
  0x0b: [12, 8, 8, 8, 1, 0],
  0x0f: [16, 4, 4, 4, 1, 0],
};

/**
 * Parses a layout into runs: [field, first bit, bit count] triples, each run a stretch of
 * consecutive ascending bits of one field (descending tokens become one-bit runs).
 */
function parseLayout(layout: string): { runs: Int32Array; bits: number } {
  const runs: number[] = [];
  let bits = 0;
  for (const token of layout.split(" ")) {
    const m = /^([a-z]+)(\d+)(?:-(\d+))?$/.exec(token);
    if (!m) throw new Error(`bad BC6H layout token ${token}`);
    const field = FIELD_NAMES.indexOf(m[1]!);
    const a = Number(m[2]);
    const b = m[3] === undefined ? a : Number(m[3]);
    if (b >= a) {
      runs.push(field, a, b - a + 1);
    } else {
      for (let bit = a; bit >= b; bit--) runs.push(field, bit, 1);
    }
    bits += Math.abs(b - a) + 1;
  }
  return { runs: Int32Array.from(runs), bits };
}

/** Decoded tables indexed by the 5-bit mode value (undefined for reserved modes). */
interface ModeTable {
  runs: Int32Array;
  bits: number;
  /** Bit where the layout starts (after the 2 or 5 mode bits). */
  start: number;
  epb: number;
  deltaR: number;
  deltaG: number;
  deltaB: number;
  transformed: boolean;
  twoSubsets: boolean;
}
const MODES: (ModeTable | undefined)[] = Array.from({ length: 32 }, (_, m) => {
  const info = MODE_INFO[m];
  const layout = LAYOUTS[m];
  if (!info || layout === undefined) return undefined;
  const { runs, bits } = parseLayout(layout);
  return {
    runs,
    bits,
    start: m < 2 ? 2 : 5,
    epb: info[0],
    deltaR: info[1],
    deltaG: info[2],
    deltaB: info[3],
    transformed: info[4] === 1,
    twoSubsets: info[5] === 1,
  };
});

/** Exposed for tests: number of layout bits per mode value. */
export function bc6hLayoutLength(mode: number): number | undefined {
  return MODES[mode]?.bits;
}

const W3 = [0, 9, 18, 27, 37, 46, 55, 64];
const W4 = [0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64];

let halfTable: Float32Array | undefined;
/** Float value of every half-float bit pattern (built on first use). */
function halves(): Float32Array {
  if (halfTable) return halfTable;
  const t = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const e = (h >> 10) & 31;
    const f = h & 1023;
    let v: number;
    if (e === 0) v = f * 2 ** -24;
    else if (e === 31) v = f ? Number.NaN : Infinity;
    else v = (1 + f / 1024) * 2 ** (e - 15);
    t[h] = h & 0x8000 ? -v : v;
  }
  halfTable = t;
  return t;
}

const words = new Int32Array(5);
/** Endpoint fields: see FIELD_NAMES. */
const ep = new Int32Array(13);
/** Unquantized endpoints: [e0 r,g,b, e1 r,g,b] for subset 0 then subset 1. */
const uq = new Int32Array(12);

function signExtend(v: number, bits: number): number {
  return (v << (32 - bits)) >> (32 - bits);
}

function unquantize(c: number, bits: number, signed: boolean): number {
  if (signed) {
    if (bits >= 16) return c;
    let s = false;
    if (c < 0) {
      s = true;
      c = -c;
    }
    let u: number;
    if (c === 0) u = 0;
    else if (c >= (1 << (bits - 1)) - 1) u = 0x7fff;
    else u = ((c << 15) + 0x4000) >> (bits - 1);
    return s ? -u : u;
  }
  if (bits >= 15) return c;
  if (c === 0) return 0;
  if (c === (1 << bits) - 1) return 0xffff;
  return ((c << 16) + 0x8000) >> bits;
}

/** Reads n (1..16) bits at bit position p of the block. */
function readBits(p: number, n: number): number {
  const i = p >> 5;
  const s = p & 31;
  const mask = (1 << n) - 1;
  if (s + n > 32) return ((words[i]! >>> s) | (words[i + 1]! << (32 - s))) & mask;
  return (words[i]! >> s) & mask;
}

/** Final scale of an interpolated value to half-float bits, as a float. */
function finishU(v: number, half: Float32Array): number {
  return half[(v * 31) >> 6]!;
}
function finishS(v: number, half: Float32Array): number {
  return v < 0 ? half[0x8000 | ((-v * 31) >> 5)]! : half[(v * 31) >> 5]!;
}

/**
 * Decodes one 16-byte BC6H block at src[o] into dst as RGBA floats (A = 1): pixel i goes to
 * dst[d + (i >> 2) * stride + (i & 3) * 4], `stride` floats between rows.
 */
export function decodeBc6hBlock(
  src: Uint8Array,
  o: number,
  signed: boolean,
  dst: Float32Array,
  d: number,
  stride: number,
): void {
  const half = halves();
  const b0 = src[o]!;
  const mode = (b0 & 3) < 2 ? b0 & 3 : b0 & 31;
  const info = MODES[mode];
  if (!info) {
    for (let y = 0; y < 4; y++) {
      const q = d + y * stride;
      dst.fill(0, q, q + 16);
      dst[q + 3] = 1;
      dst[q + 7] = 1;
      dst[q + 11] = 1;
      dst[q + 15] = 1;
    }
    return;
  }
  words[0] = src[o]! | (src[o + 1]! << 8) | (src[o + 2]! << 16) | (src[o + 3]! << 24);
  words[1] = src[o + 4]! | (src[o + 5]! << 8) | (src[o + 6]! << 16) | (src[o + 7]! << 24);
  words[2] = src[o + 8]! | (src[o + 9]! << 8) | (src[o + 10]! << 16) | (src[o + 11]! << 24);
  words[3] = src[o + 12]! | (src[o + 13]! << 8) | (src[o + 14]! << 16) | (src[o + 15]! << 24);
  ep.fill(0);
  const runs = info.runs;
  let p = info.start;
  for (let k = 0; k < runs.length; k += 3) {
    const n = runs[k + 2]!;
    ep[runs[k]!]! |= readBits(p, n) << runs[k + 1]!;
    p += n;
  }
  const epb = info.epb;
  const ne = info.twoSubsets ? 4 : 2;
  if (signed) {
    ep[0] = signExtend(ep[0]!, epb);
    ep[1] = signExtend(ep[1]!, epb);
    ep[2] = signExtend(ep[2]!, epb);
  }
  if (signed || info.transformed) {
    for (let e = 3; e < ne * 3; e += 3) {
      ep[e] = signExtend(ep[e]!, info.deltaR);
      ep[e + 1] = signExtend(ep[e + 1]!, info.deltaG);
      ep[e + 2] = signExtend(ep[e + 2]!, info.deltaB);
    }
  }
  if (info.transformed) {
    const mask = (1 << epb) - 1;
    for (let k = 3; k < ne * 3; k++) {
      const v = (ep[k]! + ep[k % 3]!) & mask;
      ep[k] = signed ? signExtend(v, epb) : v;
    }
  }
  for (let k = 0; k < ne * 3; k++) uq[k] = unquantize(ep[k]!, epb, signed);
  // Indices.
  const shape = ep[12]!;
  const two = info.twoSubsets;
  const ib = two ? 3 : 4;
  const weights = two ? W3 : W4;
  const anchor = two ? BC7_ANCHOR_2[shape]! : -1;
  const pOff = shape * 16;
  for (let i = 0; i < 16; i++) {
    const n = i === 0 || i === anchor ? ib - 1 : ib;
    const w = weights[readBits(p, n)]!;
    const iw = 64 - w;
    p += n;
    const s = two ? BC7_PARTITIONS_2[pOff + i]! * 6 : 0;
    const q = d + (i >> 2) * stride + (i & 3) * 4;
    const r = (uq[s]! * iw + uq[s + 3]! * w + 32) >> 6;
    const g = (uq[s + 1]! * iw + uq[s + 4]! * w + 32) >> 6;
    const b = (uq[s + 2]! * iw + uq[s + 5]! * w + 32) >> 6;
    if (signed) {
      dst[q] = finishS(r, half);
      dst[q + 1] = finishS(g, half);
      dst[q + 2] = finishS(b, half);
    } else {
      dst[q] = finishU(r, half);
      dst[q + 1] = finishU(g, half);
      dst[q + 2] = finishU(b, half);
    }
    dst[q + 3] = 1;
  }
}
