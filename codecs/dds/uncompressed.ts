/**
 * Decoding of uncompressed DDS surfaces to RGBA8 (row-major, 4 bytes per pixel).
 *
 * Integer formats are exact: a channel of n bits with value v becomes round(v * 255 / (2^n - 1)).
 * Missing channels follow Direct3D: R, G, B = 0 and A = 255; luminance is copied to R, G and B.
 *
 * Float formats (16-bit half, converted by hand, and 32-bit) are tone-mapped to 8 bits:
 * - "default": each colour channel is scaled by 2^exposure, mapped by Reinhard x / (1 + x)
 *   (negative and NaN values become 0, +Infinity becomes 1), then encoded with the sRGB transfer
 *   function (12.92·x below 0.0031308, else 1.055·x^(1/2.4) − 0.055) and rounded to 8 bits.
 * - "clamp": each colour channel is scaled by 2^exposure and clamped to [0, 1], linear (no gamma),
 *   then rounded to 8 bits.
 * Alpha of float formats is never exposed or tone-mapped: it is clamped to [0, 1] (NaN → 0).
 */
import type { ChannelPixelFormat, MaskPixelFormat, PairPixelFormat, UncompressedPixelFormat } from "./formats.ts";
import { bitsPerPixel } from "./formats.ts";

export type ToneMapOperator = "default" | "clamp";

/** Accepted exposure range in stops (keeps 2^exposure a normal, finite number). */
export const MAX_EXPOSURE = 100;

export interface ToneMapping {
  readonly tonemap: ToneMapOperator;
  /** Exposure in stops: colour channels are multiplied by 2^exposure before the operator. */
  readonly exposure: number;
}

export const DEFAULT_TONE_MAPPING: ToneMapping = { tonemap: "default", exposure: 0 };

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Converts an IEEE 754 binary16 value (as its 16 bits) to a number. */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * frac * 2 ** -24;
  if (exp === 31) return frac === 0 ? sign * Infinity : Number.NaN;
  return sign * (1 + frac / 1024) * 2 ** (exp - 15);
}

let halfTable: Float32Array | undefined;
/** All 65536 half-float values as numbers (built once). */
function halfFloats(): Float32Array {
  if (halfTable === undefined) {
    halfTable = new Float32Array(65536);
    for (let h = 0; h < 65536; h++) halfTable[h] = halfToFloat(h);
  }
  return halfTable;
}

/** One linear colour value to 8 bits with the given operator (see the module comment). */
export function toneMapChannel(x: number, tone: ToneMapping): number {
  let v = x * 2 ** tone.exposure;
  if (!(v > 0)) return 0;
  if (tone.tonemap === "clamp") return v >= 1 ? 255 : Math.round(v * 255);
  if (v === Infinity) return 255;
  v = v / (1 + v);
  const s = v <= 0.0031308 ? 12.92 * v : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
  return Math.round(s * 255);
}

/**
 * The 255 input thresholds of a tone mapping: output byte k (1..255) starts at thresholds[k - 1].
 * Mapping a value is then a binary search (exactly the operator above, without pow per value).
 */
export function toneThresholds(tone: ToneMapping): Float64Array {
  const scale = 2 ** tone.exposure;
  const t = new Float64Array(255);
  for (let k = 1; k < 256; k++) {
    const s = (k - 0.5) / 255;
    let x: number;
    if (tone.tonemap === "clamp") {
      x = s;
    } else {
      const lin = s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      x = lin / (1 - lin);
    }
    t[k - 1] = x / scale;
  }
  // Make the search agree with toneMapChannel exactly: bisect to the first double giving ≥ k + 1.
  for (let k = 0; k < 255; k++) {
    const x = t[k]!;
    if (!(x > 0 && x < Infinity)) continue;
    let lo = x / 2;
    let hi = x * 2;
    for (let i = 0; i < 64 && lo > 0 && toneMapChannel(lo, tone) >= k + 1; i++) lo /= 2;
    for (let i = 0; i < 64 && hi < Infinity && toneMapChannel(hi, tone) < k + 1; i++) hi *= 2;
    if (!(toneMapChannel(lo, tone) < k + 1 && toneMapChannel(hi, tone) >= k + 1)) continue;
    for (let i = 0; i < 2100; i++) {
      const mid = lo + (hi - lo) / 2;
      if (mid <= lo || mid >= hi) break;
      if (toneMapChannel(mid, tone) >= k + 1) hi = mid;
      else lo = mid;
    }
    t[k] = hi;
  }
  // Zero, negative and NaN values map to 0, so every threshold is positive.
  for (let k = 0; k < 255; k++) if (!(t[k]! > 0)) t[k] = Number.MIN_VALUE;
  return t;
}

/** Output byte of `x`: the number of thresholds ≤ x (NaN → 0). */
export function toneMapByThresholds(x: number, thresholds: Float64Array): number {
  let lo = 0;
  let hi = 255;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (thresholds[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A float alpha value to 8 bits: clamped to [0, 1], NaN → 0. */
export function alphaChannel(a: number): number {
  if (!(a > 0)) return 0;
  return a >= 1 ? 255 : Math.round(a * 255);
}

/** Row pitch in bytes of an uncompressed surface: ceil(width * bits / 8). */
export function rowPitch(format: UncompressedPixelFormat, width: number): number {
  // pixel pairs: an odd width still stores its last pair whole
  if (format.kind === "pairs") return Math.ceil(width / 2) * 4;
  return Math.ceil((width * bitsPerPixel(format)) / 8);
}

/**
 * Decodes one uncompressed surface. `src` starts at the surface and holds at least
 * rowPitch * height bytes; `out` receives width * height * 4 bytes.
 */
export function decodeUncompressed(
  format: UncompressedPixelFormat,
  src: Uint8Array,
  width: number,
  height: number,
  out: Uint8ClampedArray,
  tone: ToneMapping = DEFAULT_TONE_MAPPING,
): void {
  if (format.kind === "masks") decodeMasks(format, src, width, height, out);
  else if (format.kind === "unorm16") decodeUnorm16(format, src, width, height, out);
  else if (format.kind === "snorm8" || format.kind === "snorm16") decodeSnorm(format, src, width, height, out);
  else if (format.kind === "r11g11b10f" || format.kind === "rgb9e5") decodePackedFloat(format.kind, src, width, height, out, tone);
  else if (format.kind === "palette8") throw new RangeError("a P8 surface needs its palette: use decodePalette8");
  else if (format.kind === "pairs") decodePairs(format.order, src, width, height, out);
  else if (format.kind === "r1") decodeR1(src, width, height, out);
  else decodeFloat(format, src, width, height, out, tone);
}

/** P8: each byte indexes the 256 RGBA entries of `palette` (1024 bytes, red first, as Pillow reads them). */
export function decodePalette8(palette: Uint8Array, src: Uint8Array, width: number, height: number, out: Uint8ClampedArray): void {
  const n = width * height;
  for (let i = 0, o = 0; i < n; i++, o += 4) {
    const p = src[i]! * 4;
    out[o] = palette[p]!;
    out[o + 1] = palette[p + 1]!;
    out[o + 2] = palette[p + 2]!;
    out[o + 3] = palette[p + 3]!;
  }
}

/** Byte offsets in a 4-byte pair of: the first pixel's own value, the second's, and the two shared values. */
const PAIR_LAYOUT = {
  YUY2: [0, 2, 1, 3], // Y0 U Y1 V
  UYVY: [1, 3, 0, 2], // U Y0 V Y1
  RGBG: [1, 3, 0, 2], // R G0 B G1
  GRGB: [0, 2, 1, 3], // G0 R G1 B
} as const;

/** YUY2 / UYVY (BT.601 studio range to RGB) and RGBG / GRGB (G per pixel, R and B shared). */
function decodePairs(order: PairPixelFormat["order"], src: Uint8Array, width: number, height: number, out: Uint8ClampedArray): void {
  const [own0, own1, shared0, shared1] = PAIR_LAYOUT[order];
  const yuv = order === "YUY2" || order === "UYVY";
  const pitch = Math.ceil(width / 2) * 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = y * pitch + (x >> 1) * 4;
      const own = src[s + ((x & 1) === 0 ? own0 : own1)]!;
      let first = src[s + shared0]!; // U, or R
      let second = src[s + shared1]!; // V, or B
      const o = (y * width + x) * 4;
      if (yuv) {
        // chroma sits on the even pixels: an odd pixel takes the mean of its neighbours' (as ffmpeg scales it)
        if ((x & 1) === 1 && x + 1 < width) {
          first = (first + src[s + 4 + shared0]! + 1) >> 1;
          second = (second + src[s + 4 + shared1]! + 1) >> 1;
        }
        // out is a Uint8ClampedArray: the stores round and clamp
        const c = 1.164 * (own - 16);
        out[o] = c + 1.596 * (second - 128);
        out[o + 1] = c - 0.392 * (first - 128) - 0.813 * (second - 128);
        out[o + 2] = c + 2.017 * (first - 128);
      } else {
        out[o] = first;
        out[o + 1] = own;
        out[o + 2] = second;
      }
      out[o + 3] = 255;
    }
  }
}

/** R1_UNORM: 0 or 255 in red, the leftmost pixel in the top bit of each byte. */
function decodeR1(src: Uint8Array, width: number, height: number, out: Uint8ClampedArray): void {
  const pitch = Math.ceil(width / 8);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      out[o] = (src[y * pitch + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
      out[o + 1] = 0;
      out[o + 2] = 0;
      out[o + 3] = 255;
    }
  }
}

/** SNORM to 8 bits: v / max clamped to [-1, 1], then mapped by v · 0.5 + 0.5 (BC4/BC5 signed do the same). */
function decodeSnorm(f: ChannelPixelFormat, src: Uint8Array, width: number, height: number, out: Uint8ClampedArray): void {
  const targets = channelTargets(f.channels);
  const n = targets.length;
  const bytes = f.kind === "snorm8" ? 1 : 2;
  const max = bytes === 1 ? 127 : 32767;
  // one table over every stored value (256 or 65536 entries), indexed by the raw unsigned bits
  const table = new Uint8Array(1 << (8 * bytes));
  for (let raw = 0; raw < table.length; raw++) {
    const signed = raw >= table.length / 2 ? raw - table.length : raw;
    const v = Math.max(-1, signed / max);
    table[raw] = Math.round((v * 0.5 + 0.5) * 255);
  }
  const pitch = rowPitch(f, width);
  fillDefaults(out, f.channels);
  // a missing colour channel is a signed 0, mapped like the others (as BC5 signed's blue)
  for (const c of [0, 1, 2]) if (!targets.includes(c)) for (let i = c; i < out.length; i += 4) out[i] = 128;
  let o = 0;
  for (let y = 0; y < height; y++) {
    let s = y * pitch;
    for (let x = 0; x < width; x++, o += 4) {
      for (let c = 0; c < n; c++, s += bytes) {
        const raw = bytes === 1 ? src[s]! : src[s]! | (src[s + 1]! << 8);
        out[o + targets[c]!] = table[raw]!;
      }
    }
  }
}

/** An unsigned float of `mantissaBits` bits with a 5-bit exponent (bias 15), as in R11G11B10_FLOAT. */
function smallFloat(bits: number, mantissaBits: number): number {
  const exp = bits >>> mantissaBits;
  const man = bits & ((1 << mantissaBits) - 1);
  if (exp === 0) return man * 2 ** (-14 - mantissaBits);
  if (exp === 31) return man === 0 ? Infinity : Number.NaN;
  return (1 + man / (1 << mantissaBits)) * 2 ** (exp - 15);
}

/** R11G11B10_FLOAT and R9G9B9E5_SHAREDEXP: decoded to floats pixel by pixel and tone-mapped like the other HDR formats. */
function decodePackedFloat(
  kind: "r11g11b10f" | "rgb9e5",
  src: Uint8Array,
  width: number,
  height: number,
  out: Uint8ClampedArray,
  tone: ToneMapping,
): void {
  const thresholds = toneThresholds(tone);
  const n = width * height;
  for (let i = 0, s = 0, o = 0; i < n; i++, s += 4, o += 4) {
    const v = (src[s]! | (src[s + 1]! << 8) | (src[s + 2]! << 16) | (src[s + 3]! << 24)) >>> 0;
    let r: number;
    let g: number;
    let b: number;
    if (kind === "r11g11b10f") {
      r = smallFloat(v & 0x7ff, 6);
      g = smallFloat((v >>> 11) & 0x7ff, 6);
      b = smallFloat(v >>> 22, 5);
    } else {
      // three 9-bit mantissas sharing a 5-bit exponent (bias 15, no implicit one)
      const scale = 2 ** ((v >>> 27) - 15 - 9);
      r = (v & 0x1ff) * scale;
      g = ((v >>> 9) & 0x1ff) * scale;
      b = ((v >>> 18) & 0x1ff) * scale;
    }
    out[o] = toneMapByThresholds(r, thresholds);
    out[o + 1] = toneMapByThresholds(g, thresholds);
    out[o + 2] = toneMapByThresholds(b, thresholds);
    out[o + 3] = 255;
  }
}

interface Channel {
  readonly mask: number;
  readonly shift: number;
  readonly max: number;
  /** round(v * 255 / max) for every v in [0, max] when max < 65536. */
  readonly lut: Uint8Array | undefined;
}

function channel(mask: number): Channel | undefined {
  const m = mask >>> 0;
  if (m === 0) return undefined;
  let shift = 0;
  while (((m >>> shift) & 1) === 0) shift++;
  const max = m >>> shift;
  let lut: Uint8Array | undefined;
  if (max < 65536) {
    lut = new Uint8Array(max + 1);
    for (let v = 0; v <= max; v++) lut[v] = Math.round((v * 255) / max);
  }
  return { mask: m, shift, max, lut };
}

function extract(c: Channel, v: number): number {
  const x = (v & c.mask) >>> c.shift;
  return c.lut === undefined ? Math.round((x * 255) / c.max) : c.lut[x]!;
}

/** Byte index (0-3) of a mask that is exactly one whole byte, else -1. */
function byteIndex(mask: number): number {
  for (let i = 0; i < 4; i++) if (mask >>> 0 === (0xff << (8 * i)) >>> 0) return i;
  return -1;
}

/** Packs one pixel value of a mask format into an RGBA8 word (little-endian byte order). */
function packMasked(
  f: MaskPixelFormat,
  r: Channel | undefined,
  g: Channel | undefined,
  b: Channel | undefined,
  a: Channel | undefined,
  v: number,
): number {
  const rv = r === undefined ? 0 : extract(r, v);
  const gv = f.luminance ? rv : g === undefined ? 0 : extract(g, v);
  const bv = f.luminance ? rv : b === undefined ? 0 : extract(b, v);
  const av = a === undefined ? 255 : extract(a, v);
  return (rv | (gv << 8) | (bv << 16) | (av << 24)) >>> 0;
}

function writeWord(out: Uint8ClampedArray, words: Uint32Array | undefined, o: number, w: number): void {
  if (words !== undefined) {
    words[o] = w;
  } else {
    out[o * 4] = w & 0xff;
    out[o * 4 + 1] = (w >>> 8) & 0xff;
    out[o * 4 + 2] = (w >>> 16) & 0xff;
    out[o * 4 + 3] = w >>> 24;
  }
}

function decodeMasks(f: MaskPixelFormat, src: Uint8Array, width: number, height: number, out: Uint8ClampedArray): void {
  const pitch = rowPitch(f, width);
  const bpp = f.bits >> 3;
  // Fast path: RGBA8 / RGBX8 memory order is the output order.
  if (f.bits === 32 && f.r === 0xff && f.g === 0xff00 && f.b === 0xff0000 && (f.a === 0xff000000 || f.a === 0)) {
    for (let y = 0; y < height; y++) {
      out.set(src.subarray(y * pitch, y * pitch + width * 4), y * width * 4);
    }
    if (f.a === 0) for (let i = 3; i < out.length; i += 4) out[i] = 255;
    return;
  }
  const r = channel(f.r);
  const g = channel(f.g);
  const b = channel(f.b);
  const a = channel(f.a);
  const aligned = LITTLE_ENDIAN && (out.byteOffset & 3) === 0;
  const words = aligned ? new Uint32Array(out.buffer, out.byteOffset, width * height) : undefined;
  // 8- and 16-bit pixels: one table lookup per pixel.
  if (bpp <= 2) {
    const table = new Uint32Array(1 << f.bits);
    for (let v = 0; v < table.length; v++) table[v] = packMasked(f, r, g, b, a, v);
    let o = 0;
    for (let y = 0; y < height; y++) {
      let s = y * pitch;
      if (bpp === 1) for (let x = 0; x < width; x++, s++, o++) writeWord(out, words, o, table[src[s]!]!);
      else for (let x = 0; x < width; x++, s += 2, o++) writeWord(out, words, o, table[src[s]! | (src[s + 1]! << 8)]!);
    }
    return;
  }
  // 24- and 32-bit pixels whose channels are whole bytes: a byte shuffle.
  const ri = f.r === 0 ? -2 : byteIndex(f.r);
  const gi = f.luminance ? ri : f.g === 0 ? -2 : byteIndex(f.g);
  const bi = f.luminance ? ri : f.b === 0 ? -2 : byteIndex(f.b);
  const ai = f.a === 0 ? -2 : byteIndex(f.a);
  if (ri !== -1 && gi !== -1 && bi !== -1 && ai !== -1) {
    let o = 0;
    for (let y = 0; y < height; y++) {
      let s = y * pitch;
      for (let x = 0; x < width; x++, s += bpp, o += 4) {
        out[o] = ri < 0 ? 0 : src[s + ri]!;
        out[o + 1] = gi < 0 ? 0 : src[s + gi]!;
        out[o + 2] = bi < 0 ? 0 : src[s + bi]!;
        out[o + 3] = ai < 0 ? 255 : src[s + ai]!;
      }
    }
    return;
  }
  let o = 0;
  for (let y = 0; y < height; y++) {
    let s = y * pitch;
    for (let x = 0; x < width; x++, s += bpp, o++) {
      const v =
        bpp === 4
          ? (src[s]! | (src[s + 1]! << 8) | (src[s + 2]! << 16) | (src[s + 3]! << 24)) >>> 0
          : src[s]! | (src[s + 1]! << 8) | (src[s + 2]! << 16);
      writeWord(out, words, o, packMasked(f, r, g, b, a, v));
    }
  }
}

/** Output byte offsets of the channels of a channel-list format ("RG" → [0, 1]). */
function channelTargets(ch: ChannelPixelFormat["channels"]): number[] {
  return [...ch].map((c) => "RGBA".indexOf(c));
}

/** Fills the defaults for channels a format lacks: R, G, B = 0 and A = 255. */
function fillDefaults(out: Uint8ClampedArray, ch: ChannelPixelFormat["channels"]): void {
  out.fill(0);
  if (!ch.includes("A")) for (let i = 3; i < out.length; i += 4) out[i] = 255;
}

function decodeUnorm16(f: ChannelPixelFormat, src: Uint8Array, width: number, height: number, out: Uint8ClampedArray): void {
  const targets = channelTargets(f.channels);
  const n = targets.length;
  const pitch = rowPitch(f, width);
  fillDefaults(out, f.channels);
  let o = 0;
  for (let y = 0; y < height; y++) {
    let s = y * pitch;
    for (let x = 0; x < width; x++, o += 4) {
      for (let c = 0; c < n; c++, s += 2) {
        const v = src[s]! | (src[s + 1]! << 8);
        out[o + targets[c]!] = ((v + 128) / 257) | 0;
      }
    }
  }
}

function decodeFloat(
  f: ChannelPixelFormat,
  src: Uint8Array,
  width: number,
  height: number,
  out: Uint8ClampedArray,
  tone: ToneMapping,
): void {
  const targets = channelTargets(f.channels);
  const n = targets.length;
  const pitch = rowPitch(f, width);
  fillDefaults(out, f.channels);
  if (f.kind === "half") {
    // 65536-entry tables: one for colour (tone-mapped), one for alpha (clamped).
    const halves = halfFloats();
    const colour = new Uint8Array(65536);
    const alpha = new Uint8Array(65536);
    for (let h = 0; h < 65536; h++) {
      colour[h] = toneMapChannel(halves[h]!, tone);
      alpha[h] = alphaChannel(halves[h]!);
    }
    let o = 0;
    for (let y = 0; y < height; y++) {
      let s = y * pitch;
      for (let x = 0; x < width; x++, o += 4) {
        for (let c = 0; c < n; c++, s += 2) {
          const h = src[s]! | (src[s + 1]! << 8);
          const t = targets[c]!;
          out[o + t] = t === 3 ? alpha[h]! : colour[h]!;
        }
      }
    }
    return;
  }
  const view = new DataView(src.buffer, src.byteOffset, src.byteLength);
  const thresholds = toneThresholds(tone);
  let o = 0;
  for (let y = 0; y < height; y++) {
    let s = y * pitch;
    for (let x = 0; x < width; x++, o += 4) {
      for (let c = 0; c < n; c++, s += 4) {
        const v = view.getFloat32(s, true);
        const t = targets[c]!;
        out[o + t] = t === 3 ? alphaChannel(v) : toneMapByThresholds(v, thresholds);
      }
    }
  }
}

/**
 * Tone-maps float pixels (RGB triplets or RGBA quadruplets, `stride` 3 or 4 floats per pixel)
 * into RGBA8 `out` starting at pixel `outPixel`. Used for BC6H; alpha is 255 for triplets.
 */
export function toneMapFloatPixels(
  src: Float32Array,
  stride: 3 | 4,
  pixels: number,
  out: Uint8ClampedArray,
  outPixel: number,
  tone: ToneMapping,
): void {
  const thresholds = toneThresholds(tone);
  let s = 0;
  let o = outPixel * 4;
  for (let i = 0; i < pixels; i++, s += stride, o += 4) {
    out[o] = toneMapByThresholds(src[s]!, thresholds);
    out[o + 1] = toneMapByThresholds(src[s + 1]!, thresholds);
    out[o + 2] = toneMapByThresholds(src[s + 2]!, thresholds);
    out[o + 3] = stride === 4 ? alphaChannel(src[s + 3]!) : 255;
  }
}
