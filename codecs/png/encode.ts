// PNG encoder for RGBA8 images: RGB (colour type 2) when every pixel is opaque, else RGBA (type 6),
// 8 bits, not interlaced. Rows are filtered and deflated in bands, so progress is real and the
// filtered copy of the image never exists whole. Level 0-9 is the zlib level; levels up to 3 use
// the Sub filter on every row (cheap, and close to the adaptive choice on photos and textures),
// higher levels pick a filter per row. Level 1, the default, deflates with ./fast-deflate.ts (a few
// cheap kinds of match, several times faster than fflate); the other levels with fflate. At level 1
// the same rows can also be compressed in pieces on several threads (./parallel-deflate.ts).
import { Zlib } from "fflate";
import type { RgbaImage } from "../image/rgba-image.ts";
import { crc32 } from "./crc32.ts";
import { PngError } from "./errors.ts";
import { FastZlib } from "./fast-deflate.ts";
import { filterRowAdaptive, filterSubRgba, pixelWords } from "./filter.ts";

export interface EncodePngOptions {
  /** zlib level 0-9; default 1 (fast; about 15% larger than level 6 on photos) */
  level?: number;
  /** Called with the fraction of rows written (0..1), ending with 1. */
  onProgress?: (fraction: number) => void;
  /** Always write RGBA, even when every pixel is opaque (ICO entries must be 32-bit); default false. */
  keepAlpha?: boolean;
}

export const DEFAULT_PNG_LEVEL = 1;
/** The level compressed by ./fast-deflate.ts rather than fflate. */
export const FAST_LEVEL = 1;
/** Raw bytes filtered and deflated per band (a progress step). */
const BAND_BYTES = 1 << 20;
/** Largest IDAT chunk written. */
const IDAT_BYTES = 1 << 20;
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isOpaque(data: RgbaImage["data"]): boolean {
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return false;
  return true;
}

export function checkImage(image: RgbaImage, level: number): void {
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > 0x7fffffff || height > 0x7fffffff) {
    throw new PngError(`A PNG image needs a width and height of at least 1 pixel (got ${width} × ${height}).`, "bad-image");
  }
  if (data.length !== width * height * 4) {
    throw new PngError(`The image holds ${data.length} bytes, not the ${width * height * 4} of ${width} × ${height} RGBA pixels.`, "bad-image");
  }
  if (!Number.isInteger(level) || level < 0 || level > 9) throw new PngError(`The PNG compression level must be a whole number from 0 to 9 (got ${level}).`, "bad-image");
}

/** The whole image as PNG file bytes. Throws PngError for an impossible image or level. */
export function encodePng(image: RgbaImage, options: EncodePngOptions = {}): Uint8Array {
  const level = options.level ?? DEFAULT_PNG_LEVEL;
  checkImage(image, level);
  const { width, height } = image;
  const src = image.data instanceof Uint8Array ? image.data : new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length);
  const bpp = !options.keepAlpha && isOpaque(src) ? 3 : 4;
  const rowBytes = width * bpp;
  const compressed: Uint8Array[] = [];
  let compressedLength = 0;
  const collect = (chunk: Uint8Array) => {
    compressed.push(chunk);
    compressedLength += chunk.length;
  };
  // the default level uses our own fast deflate (it copies what it is given, so one band buffer
  // serves every band); the others use fflate's
  const fast = level === FAST_LEVEL;
  const deflater = fast ? new FastZlib(collect, { rowDistance: rowBytes + 1 }) : new Zlib({ level: level as 1 }, collect);
  const filter: RowFilter = level <= 3 ? new SubFilter(src, width, bpp) : new AdaptiveFilter(src, width, bpp);
  const bandRows = Math.max(1, Math.floor(BAND_BYTES / (rowBytes + 1)));
  const shared = fast ? new Uint8Array(Math.min(bandRows, height) * (rowBytes + 1)) : null;
  for (let y0 = 0; y0 < height; y0 += bandRows) {
    const rows = Math.min(bandRows, height - y0);
    const band = shared ? shared.subarray(0, rows * (rowBytes + 1)) : new Uint8Array(rows * (rowBytes + 1));
    for (let r = 0; r < rows; r++) filter.write(y0 + r, band, r * (rowBytes + 1));
    deflater.push(band, y0 + rows >= height);
    options.onProgress?.(Math.min(0.99, (y0 + rows) / height));
  }

  const png = assemblePng(width, height, bpp === 4 ? 6 : 2, compressed, compressedLength);
  options.onProgress?.(1);
  return png;
}

interface RowFilter {
  /** Writes row `y` (rows must come in order) filtered into `out` at `at`, type byte first. */
  write(y: number, out: Uint8Array, at: number): void;
}

/** The Sub filter on every row, for the fast levels. */
class SubFilter implements RowFilter {
  private readonly pixels: Uint32Array;
  private readonly width: number;
  private readonly bpp: number;

  constructor(src: Uint8Array, width: number, bpp: number) {
    this.pixels = pixelWords(src);
    this.width = width;
    this.bpp = bpp;
  }

  write(y: number, out: Uint8Array, at: number): void {
    filterSubRgba(this.pixels, this.width, y, this.bpp, out, at);
  }
}

/** Per-row filter choice for the higher levels; keeps the previous raw row for Up, Average and Paeth. */
class AdaptiveFilter implements RowFilter {
  private readonly src: Uint8Array;
  private readonly width: number;
  private readonly bpp: number;
  private raw: Uint8Array;
  private prior: Uint8Array;
  private readonly scratch: Uint8Array;

  constructor(src: Uint8Array, width: number, bpp: number) {
    this.src = src;
    this.width = width;
    this.bpp = bpp;
    this.raw = new Uint8Array(width * bpp);
    this.prior = new Uint8Array(width * bpp);
    this.scratch = new Uint8Array(width * bpp + 1);
  }

  write(y: number, out: Uint8Array, at: number): void {
    const { src, width, bpp } = this;
    const start = y * width * 4;
    if (bpp === 4) this.raw = src.subarray(start, start + width * 4);
    else {
      const row = this.raw;
      for (let x = 0, i = start, o = 0; x < width; x++, i += 4, o += 3) {
        row[o] = src[i]!;
        row[o + 1] = src[i + 1]!;
        row[o + 2] = src[i + 2]!;
      }
    }
    filterRowAdaptive(this.raw, y === 0 ? null : this.prior, bpp, out, at, this.scratch);
    // keep this raw row as the next one's prior (RGB rows are rebuilt in place, so swap buffers)
    if (bpp === 4) this.prior = this.raw;
    else [this.prior, this.raw] = [this.raw, this.prior];
  }
}

/** A PNG's first 33 bytes: the signature and the IHDR chunk (8-bit samples, not interlaced). */
export function pngHead(width: number, height: number, colorType: number): Uint8Array {
  const out = new Uint8Array(33);
  const view = new DataView(out.buffer);
  out.set(SIGNATURE, 0);
  view.setUint32(8, 13);
  out.set([0x49, 0x48, 0x44, 0x52], 12); // "IHDR"
  view.setUint32(16, width);
  view.setUint32(20, height);
  out[24] = 8; // bit depth
  out[25] = colorType;
  out[26] = 0; // deflate
  out[27] = 0; // adaptive filtering
  out[28] = 0; // no interlace
  view.setUint32(29, crc32(out.subarray(12, 29)));
  return out;
}

function assemblePng(width: number, height: number, colorType: number, compressed: Uint8Array[], compressedLength: number): Uint8Array {
  const idatCount = Math.max(1, Math.ceil(compressedLength / IDAT_BYTES));
  const out = new Uint8Array(8 + 25 + compressedLength + 12 * idatCount + 12);
  const view = new DataView(out.buffer);
  out.set(pngHead(width, height, colorType), 0);
  let at = 33;
  const chunk = (type: string, length: number, fill: (at: number) => void) => {
    view.setUint32(at, length);
    for (let i = 0; i < 4; i++) out[at + 4 + i] = type.charCodeAt(i);
    fill(at + 8);
    view.setUint32(at + 8 + length, crc32(out.subarray(at + 4, at + 8 + length)));
    at += 12 + length;
  };
  // the compressed stream, split into IDAT chunks of at most IDAT_BYTES
  let part = 0;
  let offset = 0;
  for (let i = 0; i < idatCount; i++) {
    const length = Math.min(IDAT_BYTES, compressedLength - i * IDAT_BYTES);
    chunk("IDAT", length, (p) => {
      let written = 0;
      while (written < length) {
        const piece = compressed[part]!;
        const take = Math.min(piece.length - offset, length - written);
        out.set(piece.subarray(offset, offset + take), p + written);
        written += take;
        offset += take;
        if (offset === piece.length) {
          part += 1;
          offset = 0;
        }
      }
    });
  }
  chunk("IEND", 0, () => {});
  return out;
}
