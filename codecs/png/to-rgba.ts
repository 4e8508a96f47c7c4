// Unfiltered PNG rows of every colour type and bit depth to RGBA8 pixels, written as 32-bit words
// (one store a pixel). 16-bit samples round to the nearest 8-bit value; sub-byte grey scales up
// exactly; palette indices and grey samples up to 8 bits go through a 256-entry table that also
// carries the tRNS alphas or colour key. A grey or RGB colour key is compared at full precision.
import type { PngHeader } from "./decode.ts";

/**
 * Writes the first `count` pixels of an unfiltered row to `out[o]`, `out[o + step]`... (`step` > 1
 * for Adam7 passes). `words` views the same row bytes as 32-bit words (the row starts aligned).
 */
export type RowWriter = (row: Uint8Array, words: Uint32Array, count: number, o: number, step: number) => void;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
// shifts that put R, G, B, A in memory order in a Uint32Array element
const SR = LITTLE_ENDIAN ? 0 : 24;
const SG = LITTLE_ENDIAN ? 8 : 16;
const SB = LITTLE_ENDIAN ? 16 : 8;
const SA = LITTLE_ENDIAN ? 24 : 0;
const OPAQUE = 255 << SA;
/** Multiplier that copies a grey level into R, G and B of a pixel word. */
const GREY = (1 << SR) | (1 << SG) | (1 << SB);

function pack(r: number, g: number, b: number, a: number): number {
  return ((r << SR) | (g << SG) | (b << SB) | (a << SA)) >>> 0;
}

/** A 16-bit sample (high byte first) rounded to 8 bits: Math.round(v / 257). */
function to8(hi: number, lo: number): number {
  return (((hi << 8) | lo) * 255 + 32895) >> 16;
}

/** The writer for this image's format, into `out` (width × height pixel words). */
export function rowWriter(header: PngHeader, palette: Uint8Array | null, transparency: Uint8Array | null, out: Uint32Array): RowWriter {
  const { colorType, bitDepth } = header;
  // a tRNS of the wrong length for the colour type is ignored, as libpng does
  const greyKey = colorType === 0 && transparency?.length === 2 ? (transparency[0]! << 8) | transparency[1]! : -1;
  const rgbKey = colorType === 2 && transparency?.length === 6 ? transparency : null;
  if (colorType === 3 || (colorType === 0 && bitDepth <= 8)) {
    const lut = colorType === 3 ? paletteTable(palette!, transparency) : greyTable(bitDepth, greyKey);
    return bitDepth === 8 ? indexed8(lut, out) : indexedBits(lut, bitDepth, out);
  }
  if (colorType === 0) return grey16(greyKey, out);
  if (colorType === 4) return bitDepth === 8 ? greyAlpha8(out) : greyAlpha16(out);
  if (colorType === 2) {
    if (bitDepth === 16) return rgb16(rgbKey, out);
    return rgbKey ? rgb8Keyed(rgbKey, out) : rgb8(out);
  }
  return bitDepth === 8 ? rgba8(out) : rgba16(out);
}

function paletteTable(palette: Uint8Array, transparency: Uint8Array | null): Uint32Array {
  // indices past the palette stay transparent black; a tRNS longer than the palette is ignored
  const alphas = transparency && transparency.length * 3 <= palette.length ? transparency : null;
  const lut = new Uint32Array(256);
  for (let i = 0; i * 3 < palette.length; i++) lut[i] = pack(palette[i * 3]!, palette[i * 3 + 1]!, palette[i * 3 + 2]!, alphas && i < alphas.length ? alphas[i]! : 255);
  return lut;
}

function greyTable(bitDepth: number, key: number): Uint32Array {
  const lut = new Uint32Array(256);
  const max = (1 << bitDepth) - 1;
  for (let v = 0; v <= max; v++) {
    const g = (v * 255) / max;
    lut[v] = pack(g, g, g, v === key ? 0 : 255);
  }
  return lut;
}

function indexed8(lut: Uint32Array, out: Uint32Array): RowWriter {
  return (row, words, count, o, step) => {
    for (let i = 0; i < count; i++, o += step) out[o] = lut[row[i]!]!;
  };
}

/** 1, 2 or 4 bits a sample, first pixel in the high bits of each byte. */
function indexedBits(lut: Uint32Array, bitDepth: number, out: Uint32Array): RowWriter {
  const perByte = 8 / bitDepth;
  const mask = (1 << bitDepth) - 1;
  return (row, words, count, o, step) => {
    for (let k = 0, at = 0; k < count; at++) {
      const byte = row[at]!;
      for (let shift = 8 - bitDepth, n = Math.min(perByte, count - k); n > 0; n--, k++, shift -= bitDepth, o += step) {
        out[o] = lut[(byte >> shift) & mask]!;
      }
    }
  };
}

function grey16(key: number, out: Uint32Array): RowWriter {
  return (row, words, count, o, step) => {
    for (let i = 0, end = count * 2; i < end; i += 2, o += step) {
      const hi = row[i]!;
      const lo = row[i + 1]!;
      out[o] = to8(hi, lo) * GREY + (((hi << 8) | lo) === key ? 0 : OPAQUE);
    }
  };
}

function greyAlpha8(out: Uint32Array): RowWriter {
  return (row, words, count, o, step) => {
    for (let i = 0, end = count * 2; i < end; i += 2, o += step) out[o] = row[i]! * GREY + (row[i + 1]! << SA);
  };
}

function greyAlpha16(out: Uint32Array): RowWriter {
  return (row, words, count, o, step) => {
    for (let i = 0, end = count * 4; i < end; i += 4, o += step) out[o] = to8(row[i]!, row[i + 1]!) * GREY + (to8(row[i + 2]!, row[i + 3]!) << SA);
  };
}

function rgb8(out: Uint32Array): RowWriter {
  return (row, words, count, o, step) => {
    let k = 0;
    if (LITTLE_ENDIAN && step === 1) {
      // four pixels from three words: RGBR GBRG BRGB
      for (let w = 0; k + 4 <= count; k += 4, w += 3, o += 4) {
        const w0 = words[w]!;
        const w1 = words[w + 1]!;
        const w2 = words[w + 2]!;
        out[o] = w0 | OPAQUE;
        out[o + 1] = (w0 >>> 24) | (w1 << 8) | OPAQUE;
        out[o + 2] = (w1 >>> 16) | (w2 << 16) | OPAQUE;
        out[o + 3] = (w2 >>> 8) | OPAQUE;
      }
    }
    for (let i = k * 3, end = count * 3; i < end; i += 3, o += step) out[o] = (row[i]! << SR) | (row[i + 1]! << SG) | (row[i + 2]! << SB) | OPAQUE;
  };
}

function rgb8Keyed(key: Uint8Array, out: Uint32Array): RowWriter {
  // a key sample above 255 never matches an 8-bit sample
  const kr = (key[0]! << 8) | key[1]!;
  const kg = (key[2]! << 8) | key[3]!;
  const kb = (key[4]! << 8) | key[5]!;
  return (row, words, count, o, step) => {
    for (let i = 0, end = count * 3; i < end; i += 3, o += step) {
      const r = row[i]!;
      const g = row[i + 1]!;
      const b = row[i + 2]!;
      out[o] = (r << SR) | (g << SG) | (b << SB) | (r === kr && g === kg && b === kb ? 0 : OPAQUE);
    }
  };
}

function rgb16(key: Uint8Array | null, out: Uint32Array): RowWriter {
  const kr = key ? (key[0]! << 8) | key[1]! : -1;
  const kg = key ? (key[2]! << 8) | key[3]! : -1;
  const kb = key ? (key[4]! << 8) | key[5]! : -1;
  return (row, words, count, o, step) => {
    for (let i = 0, end = count * 6; i < end; i += 6, o += step) {
      const r = (row[i]! << 8) | row[i + 1]!;
      const g = (row[i + 2]! << 8) | row[i + 3]!;
      const b = (row[i + 4]! << 8) | row[i + 5]!;
      const alpha = r === kr && g === kg && b === kb ? 0 : OPAQUE;
      out[o] = (to8(row[i]!, row[i + 1]!) << SR) | (to8(row[i + 2]!, row[i + 3]!) << SG) | (to8(row[i + 4]!, row[i + 5]!) << SB) | alpha;
    }
  };
}

function rgba8(out: Uint32Array): RowWriter {
  const bytes = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  return (row, words, count, o, step) => {
    if (step === 1) bytes.set(row.subarray(0, count * 4), o * 4);
    else for (let k = 0; k < count; k++, o += step) out[o] = words[k]!;
  };
}

function rgba16(out: Uint32Array): RowWriter {
  return (row, words, count, o, step) => {
    for (let i = 0, end = count * 8; i < end; i += 8, o += step) {
      out[o] = (to8(row[i]!, row[i + 1]!) << SR) | (to8(row[i + 2]!, row[i + 3]!) << SG) | (to8(row[i + 4]!, row[i + 5]!) << SB) | (to8(row[i + 6]!, row[i + 7]!) << SA);
    }
  };
}
