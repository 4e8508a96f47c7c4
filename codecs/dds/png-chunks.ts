// DDS to PNG in pieces that decode and compress apart (../png/parallel-deflate.ts): for a BC1-BC5
// surface, each chunk of block rows is decoded, filtered and deflated on its own, so threads share
// the block decoding as well as the compression, and the whole decoded image never exists at once.
// The colour type (RGB when every pixel is opaque) is decided first from the blocks alone
// (bc1to5Opaque). The PNG is the one encodePng(decodeDds(...)) writes at level 1, chunked: the same
// pixels, colour type and filtered rows.
import { chunkRows, filterAndDeflate, filteredRowBytes, type PngChunk, type PngLayout, type PngPlan } from "../png/parallel-deflate.ts";
import { bc1to5Opaque } from "./bc1-5.ts";
import { blockBytes, checkBlockInput, decodeBlocksRgba8 } from "./block.ts";
import { prepareSurface, type DecodeDdsOptions } from "./container.ts";

/** The block formats decoded in pieces: those of ./bc1-5.ts (the LDR formats with an opacity scan). */
export type ChunkedBlockFormat = "BC1" | "BC2" | "BC3" | "BC4U" | "BC4S" | "BC5U" | "BC5S";
const CHUNKED = new Set<string>(["BC1", "BC2", "BC3", "BC4U", "BC4S", "BC5U", "BC5S"]);

/** A chunk of block rows to decode, filter and compress: plain data, so it can cross to a worker. */
export interface DdsRowsJob {
  kind: "dds-rows";
  layout: PngLayout;
  format: ChunkedBlockFormat;
  /** the chunk's block rows */
  blocks: Uint8Array<ArrayBuffer>;
  /** pixel rows of the chunk (a multiple of 4 except in the image's last chunk) */
  rows: number;
  first: boolean;
  last: boolean;
}

let decoded = new Uint8ClampedArray(0);

/** Runs a job of block rows (in a worker, or here): decodes them into a reused buffer, then filters and compresses. */
export function encodeDdsRowsJob(job: DdsRowsJob): PngChunk {
  const { layout, rows } = job;
  const size = layout.width * rows * 4;
  if (decoded.length < size) decoded = new Uint8ClampedArray(size);
  const pixels = decoded.subarray(0, size);
  decodeBlocksRgba8(job.format, job.blocks, layout.width, rows, pixels);
  return filterAndDeflate(new Uint8Array(pixels.buffer, 0, size), job.first, job.last, layout);
}

/**
 * The PNG of a DDS surface (at the default PNG level) as chunk jobs, when it is BC1-BC5 with no
 * colour transform; null otherwise (decode it whole, then planPng or encodePng). Every check of
 * decodeDds (selection, options, limits, budget) runs here first: throws the same DdsError.
 * `chunkBytes`: filtered bytes per chunk, at least (default CHUNK_BYTES).
 */
export function planDdsPng(bytes: Uint8Array, options: DecodeDdsOptions & { chunkBytes?: number } = {}): PngPlan<DdsRowsJob> | null {
  const { info, width, height, src } = prepareSurface(bytes, options);
  const f = info.pixelFormat;
  if (f.kind !== "block" || !CHUNKED.has(f.block) || info.transform !== undefined) return null;
  const format = f.block as ChunkedBlockFormat;
  checkBlockInput(format, src, width, height);
  const layout: PngLayout = { width, height, bpp: bc1to5Opaque(format, src, width, height) ? 3 : 4 };
  const ranges = chunkRows(height, filteredRowBytes(layout), options.chunkBytes, 4);
  const blockRowBytes = Math.ceil(width / 4) * blockBytes(format);
  return {
    layout,
    ranges,
    job(index, copy = true) {
      const { y0, y1 } = ranges[index]!;
      // y0 is a multiple of 4; y1 too, or the image's height
      const rows = src.subarray((y0 / 4) * blockRowBytes, Math.ceil(y1 / 4) * blockRowBytes);
      // a copy to move to a worker (not slice(): the file may be a Node Buffer, whose slice() is a view)
      const blocks = copy ? new Uint8Array(rows) : new Uint8Array(rows.buffer as ArrayBuffer, rows.byteOffset, rows.length);
      return { kind: "dds-rows", layout, format, blocks, rows: y1 - y0, first: index === 0, last: index === ranges.length - 1 };
    },
  };
}
