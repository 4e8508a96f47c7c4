/**
 * Test helpers for the PNG decoder: chunk splitting and joining, an independent reference writer
 * for every colour type, bit depth and filter (Adam7 too, zlib by fflate), the RGBA8 pixels such a
 * file should decode to, and fast-png's reading of a file as RGBA8.
 */
import { decode as fastPngDecode } from "fast-png";
import { zlibSync } from "fflate";
import { concatBytes } from "#tests/support/bytes.ts";
import { crc32 } from "#codecs/png/crc32.ts";
import { ADAM7 } from "#codecs/png/deinterlace.ts";

export interface Chunk {
  type: string;
  data: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The chunks of a PNG file, in order (CRCs are not checked). */
export function splitChunks(png: Uint8Array): Chunk[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Chunk[] = [];
  for (let at = 8; at + 12 <= png.length; ) {
    const length = view.getUint32(at);
    chunks.push({ type: String.fromCharCode(...png.subarray(at + 4, at + 8)), data: png.slice(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
}

/** A PNG file of these chunks, with their lengths and CRCs. */
export function joinChunks(chunks: Chunk[]): Uint8Array {
  const out = new Uint8Array(8 + chunks.reduce((sum, c) => sum + 12 + c.data.length, 0));
  const view = new DataView(out.buffer);
  out.set(SIGNATURE);
  let at = 8;
  for (const { type, data } of chunks) {
    view.setUint32(at, data.length);
    for (let i = 0; i < 4; i++) out[at + 4 + i] = type.charCodeAt(i);
    out.set(data, at + 8);
    view.setUint32(at + 8 + data.length, crc32(out.subarray(at + 4, at + 8 + data.length)));
    at += 12 + data.length;
  }
  return out;
}

/** The IDAT chunks' data joined (the zlib stream). */
export function idatStream(chunks: Chunk[]): Uint8Array {
  return concatBytes(...chunks.filter((c) => c.type === "IDAT").map((c) => c.data));
}

/** `chunks` with their IDAT chunks replaced by `stream` cut into chunks of `size` bytes. */
export function withIdat(chunks: Chunk[], stream: Uint8Array, size = 1 << 16): Chunk[] {
  const idat: Chunk[] = [];
  for (let at = 0; at < stream.length || idat.length === 0; at += size) idat.push({ type: "IDAT", data: stream.slice(at, at + size) });
  const first = chunks.findIndex((c) => c.type === "IDAT");
  const rest = chunks.filter((c) => c.type !== "IDAT");
  rest.splice(first === -1 ? rest.length - 1 : first, 0, ...idat);
  return rest;
}

export function ihdr(width: number, height: number, bitDepth: number, colorType: number, interlaced = false): Chunk {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data.set([bitDepth, colorType, 0, 0, interlaced ? 1 : 0], 8);
  return { type: "IHDR", data };
}

/** An image as a PNG holds it: samples of its colour type and bit depth. */
export interface RawImage {
  width: number;
  height: number;
  colorType: 0 | 2 | 3 | 4 | 6;
  bitDepth: 1 | 2 | 4 | 8 | 16;
  interlaced: boolean;
  /** Every pixel's samples (one for grey or a palette index, 2, 3 or 4), row by row. */
  samples: ArrayLike<number>;
  /** PLTE entries, RGB triples. */
  palette?: Uint8Array;
  /** tRNS chunk data. */
  transparency?: Uint8Array;
}

export const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
export { ADAM7 };

export interface WriteOptions {
  /** Filter type of each row (counted over all passes); default: row % 5. */
  filter?: (row: number) => number;
  /** Bytes per IDAT chunk; default 64 KB. */
  idatSize?: number;
}

/** The filtered rows of `image` (every pass's, in order), before compression. */
export function filteredRows(image: RawImage, filter: (row: number) => number = (row) => row % 5): Uint8Array {
  const { width, height, bitDepth } = image;
  const channels = CHANNELS[image.colorType]!;
  const bpp = Math.max(1, (channels * bitDepth) >> 3);
  const rows: Uint8Array[] = [];
  for (const [x0, y0, dx, dy] of image.interlaced ? ADAM7 : [[0, 0, 1, 1]]) {
    let prior: Uint8Array | null = null;
    for (let y = y0!; y < height; y += dy!) {
      const samples: number[] = [];
      for (let x = x0!; x < width; x += dx!) for (let c = 0; c < channels; c++) samples.push(image.samples[(y * width + x) * channels + c]!);
      if (samples.length === 0) break;
      const raw = packSamples(samples, bitDepth);
      rows.push(filterRow(filter(rows.length), raw, prior ?? new Uint8Array(raw.length), bpp));
      prior = raw;
    }
  }
  return concatBytes(...rows);
}

/** `image` as a PNG file, compressed by fflate. */
export function writeRawPng(image: RawImage, options: WriteOptions = {}): Uint8Array {
  const chunks: Chunk[] = [ihdr(image.width, image.height, image.bitDepth, image.colorType, image.interlaced)];
  if (image.palette) chunks.push({ type: "PLTE", data: image.palette });
  if (image.transparency) chunks.push({ type: "tRNS", data: image.transparency });
  chunks.push({ type: "IEND", data: new Uint8Array(0) });
  return joinChunks(withIdat(chunks, zlibSync(filteredRows(image, options.filter)), options.idatSize));
}

function packSamples(samples: number[], bitDepth: number): Uint8Array {
  if (bitDepth === 16) return Uint8Array.from(samples.flatMap((v) => [v >> 8, v & 255]));
  if (bitDepth === 8) return Uint8Array.from(samples);
  const out = new Uint8Array(Math.ceil((samples.length * bitDepth) / 8));
  samples.forEach((v, i) => {
    out[(i * bitDepth) >> 3]! |= v << (8 - bitDepth - ((i * bitDepth) & 7));
  });
  return out;
}

function filterRow(type: number, raw: Uint8Array, prior: Uint8Array, bpp: number): Uint8Array {
  const out = new Uint8Array(raw.length + 1);
  out[0] = type;
  for (let i = 0; i < raw.length; i++) {
    const a = i >= bpp ? raw[i - bpp]! : 0;
    const b = prior[i]!;
    const c = i >= bpp ? prior[i - bpp]! : 0;
    const p = a + b - c;
    const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
    out[i + 1] = raw[i]! - [0, a, b, (a + b) >> 1, paeth][type]!;
  }
  return out;
}

/** The RGBA8 pixels `image` should decode to (16-bit samples rounded, palette gaps transparent black). */
export function expectedRgba(image: RawImage): Uint8Array {
  const { width, height, colorType, bitDepth, samples, palette, transparency } = image;
  const channels = CHANNELS[colorType]!;
  const to8 = (v: number) => (bitDepth === 16 ? Math.round(v / 257) : bitDepth === 8 ? v : Math.round((v * 255) / (2 ** bitDepth - 1)));
  const key = (i: number) => (transparency ? (transparency[i * 2]! << 8) | transparency[i * 2 + 1]! : -1);
  const out = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    const s = Array.from({ length: channels }, (_, c) => samples[p * channels + c]!);
    let rgba: number[];
    if (colorType === 3) {
      const i = s[0]!;
      rgba = i * 3 < palette!.length ? [palette![i * 3]!, palette![i * 3 + 1]!, palette![i * 3 + 2]!, transparency?.[i] ?? 255] : [0, 0, 0, 0];
    } else if (colorType === 0) rgba = [to8(s[0]!), to8(s[0]!), to8(s[0]!), s[0] === key(0) ? 0 : 255];
    else if (colorType === 4) rgba = [to8(s[0]!), to8(s[0]!), to8(s[0]!), to8(s[1]!)];
    else if (colorType === 2) rgba = [...s.map(to8), s[0] === key(0) && s[1] === key(1) && s[2] === key(2) ? 0 : 255];
    else rgba = s.map(to8);
    out.set(rgba, p * 4);
  }
  return out;
}

/** fast-png's decoding of `png` (samples, palette and tRNS), converted to RGBA8 the same way. */
export function fastPngRgba(png: Uint8Array): Uint8Array {
  const decoded = fastPngDecode(png);
  const { width, height, channels, depth } = decoded;
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  const samples: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let i = 0; i < width * channels; i++) {
      if (depth >= 8) samples.push(decoded.data[y * width * channels + i]!);
      else samples.push((decoded.data[y * rowBytes + ((i * depth) >> 3)]! >> (8 - depth - ((i * depth) & 7))) & ((1 << depth) - 1));
    }
  }
  const colorType = decoded.palette ? 3 : ([0, 0, 4, 2, 6][channels]! as RawImage["colorType"]);
  const palette = decoded.palette ? Uint8Array.from(decoded.palette.flatMap((e) => e.slice(0, 3))) : undefined;
  let transparency: Uint8Array | undefined;
  if (decoded.palette) transparency = Uint8Array.from(decoded.palette.map((e) => e[3] ?? 255));
  else if (decoded.transparency && decoded.transparency.length > 0) transparency = Uint8Array.from(Array.from(decoded.transparency).flatMap((v) => [v >> 8, v & 255]));
  return expectedRgba({ width, height, colorType, bitDepth: depth, interlaced: false, samples, palette, transparency });
}
