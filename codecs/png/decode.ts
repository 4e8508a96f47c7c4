// PNG decoder to RGBA8: every colour type and bit depth, Adam7, palette and tRNS transparency.
// The header is read and the size checked first, so a file that declares a huge image is refused
// before anything is allocated. The image data then inflates a band at a time through a fixed
// buffer (./inflate.ts), each row unfiltered and written out as RGBA8 as soon as it is complete
// (./rows.ts): the only large allocation is the RGBA8 result, and a stream that holds more than
// the image's rows is refused after one band, so a decompression bomb costs no memory.
import type { WorkBudget } from "../common/work-budget.ts";
import type { RgbaImage } from "../image/rgba-image.ts";
import { readChunks } from "./chunks.ts";
import { filteredSize, passes } from "./deinterlace.ts";
import { PngError } from "./errors.ts";
import { INFLATE_PADDING, inflateZlib } from "./inflate.ts";
import { RowSink } from "./rows.ts";
import { rowWriter } from "./to-rgba.ts";

/** Largest width or height accepted, and the most decoded RGBA bytes. */
export const MAX_PNG_SIDE = 16384;
export const MAX_PNG_BYTES = 1024 ** 3;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
}

const VALID_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** The IHDR fields, checked against the PNG rules and our limits. Throws PngError. */
export function readPngHeader(bytes: Uint8Array): PngHeader {
  if (bytes.length < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) {
    throw new PngError("This is not a PNG file (its first bytes are not the PNG signature).", "bad-signature");
  }
  if (bytes.length < 33) throw new PngError("This PNG file is truncated: it ends before its header is complete.", "truncated");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!);
  if (view.getUint32(8) !== 13 || type !== "IHDR") throw new PngError("This PNG file is damaged: its first chunk is not a valid IHDR header.", "bad-header");
  const header: PngHeader = {
    width: view.getUint32(16),
    height: view.getUint32(20),
    bitDepth: bytes[24]!,
    colorType: bytes[25]!,
    interlaced: bytes[28] === 1,
  };
  const depths = VALID_DEPTHS[header.colorType];
  if (!depths || !depths.includes(header.bitDepth) || bytes[26] !== 0 || bytes[27] !== 0 || bytes[28]! > 1) {
    throw new PngError(`This PNG file is damaged: its header declares an impossible format (colour type ${header.colorType}, ${header.bitDepth} bits).`, "bad-header");
  }
  if (header.width === 0 || header.height === 0) throw new PngError(`This PNG file declares an empty image (${header.width} × ${header.height}).`, "bad-header");
  if (header.width > MAX_PNG_SIDE || header.height > MAX_PNG_SIDE || header.width * header.height * 4 > MAX_PNG_BYTES) {
    throw new PngError(`This PNG image is ${header.width} × ${header.height} pixels; the limit is ${MAX_PNG_SIDE} pixels a side and 1 GiB of pixels.`, "too-large");
  }
  return header;
}

export interface DecodePngOptions {
  /** counts the bytes of image data inflated; past its limit the file is refused ("too-much-work") */
  budget?: WorkBudget;
}

/** Decodes a PNG file to RGBA8. Throws PngError for anything that is not a whole, valid PNG. */
export function decodePng(bytes: Uint8Array, options: DecodePngOptions = {}): RgbaImage {
  const header = readPngHeader(bytes);
  const { width, height } = header;
  const { palette, transparency, data, dataLength } = readChunks(bytes, header, INFLATE_PADDING);
  const bitsPerPixel = CHANNELS[header.colorType]! * header.bitDepth;
  const list = passes(width, height, bitsPerPixel, header.interlaced);
  const total = filteredSize(list);
  // deflate turns 2 bits into at most 258 bytes: refuse data that cannot hold the image before
  // allocating it, so a small file cannot claim a gigabyte
  if (total > dataLength * MAX_INFLATE_RATIO) {
    throw new PngError(`This PNG file is damaged or truncated: its ${dataLength} bytes of image data cannot hold a ${width} × ${height} image.`, "truncated");
  }
  const pixels = allocate(width * height * 4);
  const write = rowWriter(header, palette, transparency, new Uint32Array(pixels.buffer));
  const rows = new RowSink(list, width, Math.max(1, bitsPerPixel >> 3), write);
  // the stream must hold exactly the filtered rows the header implies, and is refused as soon as
  // it holds more
  inflateZlib(data, dataLength, total, rows.push, options.budget);
  return { width, height, data: pixels };
}

/** The most bytes deflate can produce from one byte: 4 symbols of 2 bits, each a 258-byte copy. */
const MAX_INFLATE_RATIO = 1032;

/** Samples a pixel of each colour type. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function allocate(length: number): Uint8Array {
  try {
    return new Uint8Array(length);
  } catch {
    throw new PngError(`This PNG image needs more memory (${Math.ceil(length / 2 ** 20)} MiB) than is available.`, "too-large");
  }
}
