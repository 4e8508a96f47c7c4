/**
 * BC7 block decoder, bit-exact with the BC7 format specification (Direct3D 11): all eight modes,
 * 2- and 3-subset partitions with their anchor indices, unique and shared p-bits, channel rotation
 * and index selection (modes 4 and 5), 2/3/4-bit indices with the standard weights, and
 * interpolation ((64 - w) * e0 + w * e1 + 32) >> 6. A reserved mode (first byte 0) decodes to
 * transparent black (0, 0, 0, 0), as Direct3D does.
 *
 * Pixels are written as 32-bit little-endian RGBA words (see block.ts).
 */

/** 2-subset partitions: 64 shapes x 16 pixels, subset digit per pixel (row-major). */
const P2 =
  "0011001100110011000100010001000101110111011101110001001100110111" +
  "0000000100010011001101110111111100010011011111110000000100110111" +
  "0000000000010011001101111111111100000001011111110000000000010111" +
  "0001011111111111000000001111111100001111111111110000000000001111" +
  "0000100011101111011100010000000000000000100011100111001100010000" +
  "0011000100000000000010001100111000000000100011000111001100110001" +
  "0011000100010000000010001000110001100110011001100011011001101100" +
  "0001011111101000000011111111000001110001100011100011100110011100" +
  "0101010101010101000011110000111101011010010110100011001111001100" +
  "0011110000111100010101011010101001101001011010010101101010100101" +
  "0111001111001110000100111100100000110010010011000011101111011100" +
  "0110100110010110001111001100001101100110100110010000011001100000" +
  "0100111001000000001001110010000000000010011100100000010011100100" +
  "0110110010010011001101101100100101100011100111000011100111000110" +
  "0110110011001001011000110011100101111110100000010001100011100111" +
  "0000111100110011001100111111000000100010111011100100010001110111";
/** 3-subset partitions: 64 shapes x 16 pixels. */
const P3 =
  "0011001102212222000100112211222100002001221122110222002200110111" +
  "0000000011221122001100110022002200220022111111110011001122112211" +
  "0000000011112222000011111111222200001111222222220012001200120012" +
  "0112011201120112012201220122012200110112112212220011200122002220" +
  "0001001101121122011100112001220000001122112211220022002200221111" +
  "0111011102220222000100012221222100000011012201220000110022102210" +
  "0122012200110000001200121122222201101221122101100000011012211221" +
  "0022110211020022011001102002222200110122012200110000200022112221" +
  "0000000211221222022200220012001100110012002202220120012001200120" +
  "0000111122220000012012012012012001202012120101200011220011220011" +
  "0011112222000011010101012222222200000000212121210022112200221122" +
  "0022001100220011022012210220122101012222222201010000212121212121" +
  "0101010101012222022201110222011100021112000211120000211221122112" +
  "0222011101110222000211121112000201100110011022220000000021122112" +
  "0110011022222222002200110011002200221122112200220000000000002112" +
  "0002000100020001022212220222122201012222222222220111201122012220";
/** Anchor (fix-up) pixel of subset 1 for each 2-subset shape, in hex digits. */
const A2 = "fffffffffffffffff282288f28228822ff6828ff28222ff66268ff22fffff22f";
/** Anchor pixel of subset 1 for each 3-subset shape. */
const A3A = "33ff83ff88666533338f336a588685ff8f356a8ff3f5ffff3f55585a5a8dfc33";
/** Anchor pixel of subset 2 for each 3-subset shape. */
const A3B = "f883ff38fffffff8f8f3f8f83f6affa8f3faa89a6f8f3668f3ffffffffff3ff8";

function digits(s: string, radix: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = Number.parseInt(s[i]!, radix);
  return out;
}

/** Partition tables, shape * 16 + pixel -> subset. */
export const BC7_PARTITIONS_2 = digits(P2, 10);
export const BC7_PARTITIONS_3 = digits(P3, 10);
/** Anchor indices: [shape] -> pixel index. */
export const BC7_ANCHOR_2 = digits(A2, 16);
export const BC7_ANCHOR_3A = digits(A3A, 16);
export const BC7_ANCHOR_3B = digits(A3B, 16);

const W2 = new Uint8Array([0, 21, 43, 64]);
const W3 = new Uint8Array([0, 9, 18, 27, 37, 46, 55, 64]);
const W4 = new Uint8Array([0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64]);
/** Weight table by index bit count. */
const WEIGHTS = [W2, W2, W2, W3, W4] as const;

// Per-mode layout.
const NS = [3, 2, 3, 2, 1, 1, 1, 2]; // subsets
const PB = [4, 6, 6, 6, 0, 0, 0, 6]; // partition bits
const RB = [0, 0, 0, 0, 2, 2, 0, 0]; // rotation bits
const ISB = [0, 0, 0, 0, 1, 0, 0, 0]; // index selection bit
const CB = [4, 6, 5, 7, 5, 7, 7, 5]; // colour bits per channel
const AB = [0, 0, 0, 0, 6, 8, 7, 5]; // alpha bits
const EPB = [1, 0, 0, 1, 0, 0, 1, 1]; // one p-bit per endpoint
const SPB = [0, 1, 0, 0, 0, 0, 0, 0]; // one p-bit per subset
const IB = [3, 3, 2, 2, 2, 2, 4, 2]; // primary index bits
const IB2 = [0, 0, 0, 0, 3, 2, 0, 0]; // secondary index bits

/** Single-subset table (all zero). */
const P1 = new Uint8Array(16);

// Block scratch: the 128 bits as words (+1 guard word), endpoints [endpoint*4 + channel], indices.
const words = new Int32Array(5);
const ep = new Uint8Array(24);
/** Palettes of modes 4/5: colour at 0..7, alpha at 16..23. */
const cpal = new Int32Array(48);
/** Endpoints packed two channels per word: R | B << 16 and G | A << 16. */
const rb = new Int32Array(6);
const ga = new Int32Array(6);

/** Reads n (0..30) bits of the block `w` at bit position p (LSB first). */
function bits(w: Int32Array, p: number, n: number): number {
  const i = p >> 5;
  const s = p & 31;
  const mask = (1 << n) - 1;
  // s > 0 when crossing into the next word, so >>> stays in int32 range.
  if (s + n > 32) return ((w[i]! >>> s) | (w[i + 1]! << (32 - s))) & mask;
  return (w[i]! >> s) & mask;
}

/** Expands an n-bit value (n <= 8) to 8 bits by bit replication. */
function expand(v: number, n: number): number {
  v <<= 8 - n;
  return (v | (v >> n)) & 255;
}

/** Decodes one 16-byte BC7 block at src[o] into dst[d..] (rows `stride` words apart). */
export function decodeBc7Block(src: Uint8Array, o: number, dst: Int32Array, d: number, stride: number): void {
  words[0] = src[o]! | (src[o + 1]! << 8) | (src[o + 2]! << 16) | (src[o + 3]! << 24);
  words[1] = src[o + 4]! | (src[o + 5]! << 8) | (src[o + 6]! << 16) | (src[o + 7]! << 24);
  words[2] = src[o + 8]! | (src[o + 9]! << 8) | (src[o + 10]! << 16) | (src[o + 11]! << 24);
  words[3] = src[o + 12]! | (src[o + 13]! << 8) | (src[o + 14]! << 16) | (src[o + 15]! << 24);
  decodeWords(dst, d, stride);
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Decodes `n` consecutive blocks from src[o] into dst at d (a monomorphic loop, see bc1-5.ts). */
export function decodeBc7Row(src: Uint8Array, o: number, n: number, dst: Int32Array, d: number, stride: number): void {
  if (LITTLE_ENDIAN && ((src.byteOffset + o) & 3) === 0) {
    // Aligned: read the four words of each block directly.
    const src32 = new Int32Array(src.buffer, src.byteOffset + o, n * 4);
    for (let i = 0, k = 0; i < n; i++, k += 4, d += 4) {
      words[0] = src32[k]!;
      words[1] = src32[k + 1]!;
      words[2] = src32[k + 2]!;
      words[3] = src32[k + 3]!;
      decodeWords(dst, d, stride);
    }
    return;
  }
  for (let i = 0; i < n; i++, o += 16, d += 4) decodeBc7Block(src, o, dst, d, stride);
}

/** Decodes the block held in `words`. */
function decodeWords(dst: Int32Array, d: number, stride: number): void {
  const w = words;
  const b0 = w[0]! & 255;
  if (b0 === 0) {
    for (let y = 0; y < 4; y++, d += stride) {
      dst[d] = 0;
      dst[d + 1] = 0;
      dst[d + 2] = 0;
      dst[d + 3] = 0;
    }
    return;
  }
  const mode = 31 - Math.clz32(b0 & -b0);
  let pos = mode + 1;
  const ns = NS[mode]!;
  const shape = bits(w, pos, PB[mode]!);
  pos += PB[mode]!;
  const rotation = bits(w, pos, RB[mode]!);
  pos += RB[mode]!;
  const indexSel = bits(w, pos, ISB[mode]!);
  pos += ISB[mode]!;
  const cb = CB[mode]!;
  const ab = AB[mode]!;
  const ne = ns * 2;
  // Each channel's endpoints are contiguous (at most 30 bits): read them in one go.
  const cMask = (1 << cb) - 1;
  for (let c = 0; c < 3; c++) {
    const v = bits(w, pos, ne * cb);
    pos += ne * cb;
    for (let e = 0; e < ne; e++) ep[e * 4 + c] = (v >> (e * cb)) & cMask;
  }
  if (ab) {
    const v = bits(w, pos, ne * ab);
    pos += ne * ab;
    const aMask = (1 << ab) - 1;
    for (let e = 0; e < ne; e++) ep[e * 4 + 3] = (v >> (e * ab)) & aMask;
  }
  // P-bits (one per endpoint, or one per subset) extend every channel by one low bit.
  const epb = EPB[mode]!;
  const spb = SPB[mode]!;
  let pAll = 0;
  if (epb) {
    pAll = bits(w, pos, ne);
    pos += ne;
  } else if (spb) {
    pAll = bits(w, pos, ns);
    pos += ns;
  }
  const pShift = epb | spb;
  const cPrec = cb + pShift;
  const aPrec = ab + epb;
  // Unquantized endpoints, packed two channels per word for the interpolation below.
  for (let e = 0; e < ne; e++) {
    const pb = epb ? (pAll >> e) & 1 : spb ? (pAll >> (e >> 1)) & 1 : 0;
    const k = e * 4;
    const r = expand((ep[k]! << pShift) | pb, cPrec);
    const g = expand((ep[k + 1]! << pShift) | pb, cPrec);
    const b = expand((ep[k + 2]! << pShift) | pb, cPrec);
    const a = ab ? expand((ep[k + 3]! << epb) | pb, aPrec) : 255;
    rb[e] = r | (b << 16);
    ga[e] = g | (a << 16);
  }
  let part: Uint8Array = P1;
  let pOff = 0;
  let anchor1 = -1;
  let anchor2 = -1;
  if (ns === 2) {
    part = BC7_PARTITIONS_2;
    pOff = shape * 16;
    anchor1 = BC7_ANCHOR_2[shape]!;
  } else if (ns === 3) {
    part = BC7_PARTITIONS_3;
    pOff = shape * 16;
    anchor1 = BC7_ANCHOR_3A[shape]!;
    anchor2 = BC7_ANCHOR_3B[shape]!;
  }
  const ib = IB[mode]!;
  const ib2 = IB2[mode]!;
  const pal = cpal;
  if (!ib2) {
    // Per pixel: two lanes at a time (R|B<<16 and G|A<<16), each lane's sum stays below 2^16.
    const wt = WEIGHTS[ib]!;
    // The index bits (at most 63) are the tail of the block, from pos >= 65: shift them out of
    // a two-word window.
    const sh = pos - 64;
    let ixLo = sh >= 32 ? w[3]! >>> (sh - 32) : (w[2]! >>> sh) | (w[3]! << (32 - sh));
    let ixHi = sh >= 32 ? 0 : w[3]! >>> sh;
    // Indices: the anchor pixel of each subset has one bit less (its top bit is implicitly 0).
    for (let i = 0; i < 16; i++) {
      const n = i === 0 || i === anchor1 || i === anchor2 ? ib - 1 : ib;
      const wk = wt[ixLo & ((1 << n) - 1)]!;
      ixLo = (ixLo >>> n) | (ixHi << (32 - n));
      ixHi >>>= n;
      const iw = 64 - wk;
      const e0 = part[pOff + i]! << 1;
      const lo = ((rb[e0]! * iw + rb[e0 + 1]! * wk + 0x200020) >> 6) & 0xff00ff;
      const hi = ((ga[e0]! * iw + ga[e0 + 1]! * wk + 0x200020) >> 6) & 0xff00ff;
      dst[d + (i >> 2) * stride + (i & 3)] = lo | (hi << 8);
    }
    return;
  }
  // Modes 4 and 5: separate colour and alpha indices, optional channel rotation.
  const cBits = indexSel ? ib2 : ib;
  const aBits = indexSel ? ib : ib2;
  const cw = WEIGHTS[cBits]!;
  const aw = WEIGHTS[aBits]!;
  // After rotation, channel `rotation` (1 = R, 2 = G, 3 = B) and alpha trade places: the colour
  // palette carries that channel in the alpha byte, the alpha palette lands in its byte.
  const aShift = rotation === 0 ? 24 : (rotation - 1) * 8;
  const keep = ~(0xff << aShift);
  const rb0 = rb[0]!;
  const rb1 = rb[1]!;
  const g0 = ga[0]! & 255;
  const g1 = ga[1]! & 255;
  const a0 = ga[0]! >> 16;
  const a1 = ga[1]! >> 16;
  for (let k = 0; k < 1 << cBits; k++) {
    const wk = cw[k]!;
    const iw = 64 - wk;
    const rbv = ((rb0 * iw + rb1 * wk + 0x200020) >> 6) & 0xff00ff;
    const g = (g0 * iw + g1 * wk + 32) >> 6;
    const c = rbv | (g << 8);
    pal[k] = rotation === 0 ? c : (c & keep) | (((c >> aShift) & 255) << 24);
  }
  for (let k = 0; k < 1 << aBits; k++) {
    const wk = aw[k]!;
    pal[16 + k] = ((a0 * (64 - wk) + a1 * wk + 32) >> 6) << aShift;
  }
  const p1 = pos;
  const p2 = pos + 16 * ib - 1;
  // Pixel i's primary index starts at p1 + i*ib - 1 (pixel 0 has ib-1 bits), likewise the secondary.
  for (let i = 0; i < 16; i++) {
    const n1 = i === 0 ? ib - 1 : ib;
    const n2 = i === 0 ? ib2 - 1 : ib2;
    const i1 = bits(w, i === 0 ? p1 : p1 + i * ib - 1, n1);
    const i2 = bits(w, i === 0 ? p2 : p2 + i * ib2 - 1, n2);
    const ci = indexSel ? i2 : i1;
    const ai = indexSel ? i1 : i2;
    dst[d + (i >> 2) * stride + (i & 3)] = pal[ci]! | pal[16 + ai]!;
  }
}
