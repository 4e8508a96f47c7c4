// PNG image data compressed in independent pieces, pigz-style, so threads can share the work (the
// threads themselves live outside codecs/: cli/png-pool.ts and app/tools/shared/png-pool.ts). The
// filtered rows are cut into chunks of whole rows; each chunk is compressed on its own as bare
// deflate ending with a sync flush (an empty stored block, so it ends on a byte boundary), the last
// one with the final block. Put back to back they are ONE zlib stream: the first chunk starts with
// the 2-byte header, and one Adler-32 combined from the chunks' own ends it. Any inflater reads it
// as a normal stream; inflated, it is byte for byte the filtered data the single-thread encoder
// makes. Each chunk becomes one IDAT chunk as it is (its CRC made with it), so the file is written
// as a list of pieces (pngParts) that is never copied into one buffer.
//
// No chunk refers to bytes before it (no dictionary, unlike pigz): a chunk is a function of its own
// rows only, so a worker needs nothing but them, and chunks of CHUNK_BYTES lose little by not
// matching into the previous one (docs/decisions/059-parallel-png.md). Only the default level is
// chunked: its Sub filter never reads the row above, and its deflate is ours (./fast-deflate.ts),
// which can end a piece with a sync flush.
import type { RgbaImage } from "../image/rgba-image.ts";
import { adler32Combine } from "./adler32.ts";
import { crc32 } from "./crc32.ts";
import { checkImage, DEFAULT_PNG_LEVEL, FAST_LEVEL, isOpaque, pngHead, type EncodePngOptions } from "./encode.ts";
import { PngError } from "./errors.ts";
import { FastZlib } from "./fast-deflate.ts";
import { filterSubRgba, pixelWords } from "./filter.ts";

/** Filtered bytes per chunk, at least (whole rows; the last chunk takes what is left). */
export const CHUNK_BYTES = 1 << 20;

/** One compressed chunk of the image data, ready to be an IDAT chunk. */
export interface PngChunk {
  /**
   * Its piece of the zlib stream: bare deflate ending with a sync flush, or with the final block in
   * the image's last chunk; the first chunk's starts with the zlib header.
   */
  data: Uint8Array<ArrayBuffer>;
  /** CRC-32 of "IDAT" and `data`: the IDAT chunk's, continued over the Adler-32 in the last one. */
  crc: number;
  /** Adler-32 and length of the filtered bytes it holds. */
  adler: number;
  length: number;
}

/** Where a chunk sits in the image: rows y0 (included) to y1 (excluded). */
export interface RowRange {
  y0: number;
  y1: number;
}

/** The image's shape and colour type, decided once for every chunk. */
export interface PngLayout {
  width: number;
  height: number;
  /** 3: RGB (colour type 2), 4: RGBA (colour type 6) */
  bpp: 3 | 4;
}

/** A chunk of RGBA rows to filter and compress: plain data, so it can cross to a worker. */
export interface PngRowsJob {
  kind: "png-rows";
  layout: PngLayout;
  /** RGBA8 rows of layout.width pixels */
  pixels: Uint8Array<ArrayBuffer>;
  /** where the chunk is: the image's first (starts the stream), last (ends it), both or neither */
  first: boolean;
  last: boolean;
}

/** Filtered bytes of one row: the filter type byte, then the row's samples. */
export const filteredRowBytes = (layout: PngLayout) => layout.width * layout.bpp + 1;

/** Splits `height` rows of `rowBytes` filtered bytes each into chunks of at least `chunkBytes`, cut at multiples of `align` rows. */
export function chunkRows(height: number, rowBytes: number, chunkBytes = CHUNK_BYTES, align = 1): RowRange[] {
  const step = Math.max(1, Math.ceil(chunkBytes / rowBytes / align)) * align;
  const ranges: RowRange[] = [];
  for (let y0 = 0; y0 < height; y0 += step) ranges.push({ y0, y1: Math.min(height, y0 + step) });
  // a last chunk under a quarter of the others joins the one before it
  const tail = ranges.at(-1)!;
  if (ranges.length > 1 && (tail.y1 - tail.y0) * 4 < step) ranges.splice(-2, 2, { y0: ranges.at(-2)!.y0, y1: height });
  return ranges;
}

/** The zlib header: deflate, 32 KB window, "fastest" level (the single-thread stream's); check bits make the pair a multiple of 31. */
const ZLIB_HEADER = [0x78, 0x01];
const IDAT_TYPE = Uint8Array.of(0x49, 0x44, 0x41, 0x54);

/** The compressor, kept from chunk to chunk of the same row length: its buffers are reused. */
let compressor: { rowBytes: number; z: FastZlib; parts: Uint8Array[] } | undefined;

/**
 * Compresses `filtered` (whole filtered rows of `rowBytes`) as one chunk that matches nothing
 * before it: the stream's first chunk starts with the zlib header, its last ends with the final block.
 */
export function deflateChunk(filtered: Uint8Array, first: boolean, last: boolean, rowBytes: number): PngChunk {
  if (compressor?.rowBytes !== rowBytes) {
    const parts: Uint8Array[] = [];
    compressor = { rowBytes, parts, z: new FastZlib((part) => parts.push(part), { rowDistance: rowBytes, raw: true }) };
  }
  const { z, parts } = compressor;
  z.reset();
  parts.length = 0;
  if (first) parts.push(Uint8Array.from(ZLIB_HEADER));
  z.push(filtered, last);
  if (!last) z.flush();
  const data = concat(parts);
  parts.length = 0;
  return { data, crc: crc32(data, crc32(IDAT_TYPE)), adler: z.adler, length: filtered.length };
}

let scratch = new Uint8Array(0);
/** A scratch buffer of `n` bytes, reused from call to call (a worker fills one chunk after another; fresh memory is slow to touch). */
export function scratchBytes(n: number): Uint8Array {
  if (scratch.length < n) scratch = new Uint8Array(n);
  return scratch.subarray(0, n);
}

/** Sub-filters RGBA rows (of layout.width pixels, 4-byte aligned or not) and compresses them as one chunk. */
export function filterAndDeflate(pixels: Uint8Array, first: boolean, last: boolean, layout: PngLayout): PngChunk {
  const { width, bpp } = layout;
  const rows = pixels.length / (width * 4);
  const rowBytes = filteredRowBytes(layout);
  const filtered = scratchBytes(rows * rowBytes);
  const words = pixelWords(pixels);
  for (let r = 0; r < rows; r++) filterSubRgba(words, width, r, bpp, filtered, r * rowBytes);
  return deflateChunk(filtered, first, last, rowBytes);
}

/** Runs a job of RGBA rows (in a worker, or here). */
export function encodePngRowsJob(job: PngRowsJob): PngChunk {
  return filterAndDeflate(job.pixels, job.first, job.last, job.layout);
}

/** The Adler-32 of the whole filtered data, from the chunks' own (in order). */
export function joinedAdler(chunks: readonly PngChunk[]): number {
  let adler = 1;
  for (const c of chunks) adler = adler32Combine(adler, c.adler, c.length);
  return adler;
}

const IEND = Uint8Array.of(0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82);

/**
 * The PNG file from its chunks (in order), as pieces to write one after another or to put in a
 * Blob: signature and IHDR, one IDAT chunk per compressed chunk (the last one also holding the
 * stream's Adler-32), IEND. Joined, they are a normal PNG file (joinParts).
 */
export function pngParts(layout: PngLayout, chunks: readonly PngChunk[]): Uint8Array[] {
  const parts: Uint8Array[] = [pngHead(layout.width, layout.height, layout.bpp === 4 ? 6 : 2)];
  const trailer = new Uint8Array(4);
  new DataView(trailer.buffer).setUint32(0, joinedAdler(chunks));
  chunks.forEach((chunk, index) => {
    const last = index === chunks.length - 1;
    const head = new Uint8Array(8);
    new DataView(head.buffer).setUint32(0, chunk.data.length + (last ? 4 : 0));
    head.set(IDAT_TYPE, 4);
    const crc = new Uint8Array(4);
    new DataView(crc.buffer).setUint32(0, last ? crc32(trailer, chunk.crc) : chunk.crc);
    parts.push(head, chunk.data, ...(last ? [trailer] : []), crc);
  });
  parts.push(IEND.slice()); // a copy: the caller may transfer the parts' buffers
  return parts;
}

/** The pieces as one buffer. */
export function joinParts(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  return concat(parts);
}

/** A PNG encoding cut into jobs that may run anywhere and in any order; pngParts takes their results in order. */
export interface PngPlan<Job> {
  layout: PngLayout;
  ranges: readonly RowRange[];
  /**
   * The job of chunk `index`, made when asked: its pixels are a copy, ready to be transferred, or
   * with `copy` false a view of the image's (for a job run on this thread).
   */
  job(index: number, copy?: boolean): Job;
}

export interface PlanPngOptions extends Pick<EncodePngOptions, "level" | "keepAlpha"> {
  /** filtered bytes per chunk, at least (default CHUNK_BYTES) */
  chunkBytes?: number;
}

/** Whether encodePng with these options can be cut into chunks: at the default (fast) level only. */
export const chunkable = (options: Pick<EncodePngOptions, "level"> = {}) => (options.level ?? DEFAULT_PNG_LEVEL) === FAST_LEVEL;

/** The jobs of encoding `image` as encodePng does at level 1 (same colour type and filter). Throws PngError. */
export function planPng(image: RgbaImage, options: PlanPngOptions = {}): PngPlan<PngRowsJob> {
  const level = options.level ?? DEFAULT_PNG_LEVEL;
  checkImage(image, level);
  if (!chunkable(options)) throw new PngError(`Only level ${FAST_LEVEL} PNG encoding runs in chunks (got ${level}).`, "bad-image");
  const layout: PngLayout = { width: image.width, height: image.height, bpp: !options.keepAlpha && isOpaque(image.data) ? 3 : 4 };
  const ranges = chunkRows(layout.height, filteredRowBytes(layout), options.chunkBytes);
  const src = image.data;
  const rowPixels = layout.width * 4;
  return {
    layout,
    ranges,
    job(index, copy = true) {
      const { y0, y1 } = ranges[index]!;
      const rows = src.subarray(y0 * rowPixels, y1 * rowPixels);
      const pixels = copy ? new Uint8Array(rows) : new Uint8Array(rows.buffer as ArrayBuffer, rows.byteOffset, rows.length);
      return { kind: "png-rows", layout, pixels, first: index === 0, last: index === ranges.length - 1 };
    },
  };
}

/** The chunked encoding run here, one chunk after another: what the workers make, without them. */
export function encodePngChunked(image: RgbaImage, options: PlanPngOptions = {}): Uint8Array {
  const plan = planPng(image, options);
  return joinParts(pngParts(plan.layout, plan.ranges.map((_, i) => encodePngRowsJob(plan.job(i)))));
}

/** The parts as one buffer (the only part itself when there is one: all are made here, none is shared memory). */
function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  if (parts.length === 1) return parts[0] as Uint8Array<ArrayBuffer>;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
