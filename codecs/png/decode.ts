// PNG decoder to RGBA8: every colour type and bit depth, Adam7, palette and tRNS transparency
// (fast-png does the inflating and unfiltering). The header is read and the size checked first, so
// a file that declares a huge image is refused before anything is allocated; anything fast-png
// throws on a damaged file becomes a PngError. 16-bit samples are rounded to 8 bits.
import { decode as decodeWithFastPng, type DecodedPng } from "fast-png";
import type { RgbaImage } from "../image/rgba-image.ts";
import { PngError } from "./errors.ts";

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

/** Decodes a PNG file to RGBA8. Throws PngError for anything that is not a whole, valid PNG. */
export function decodePng(bytes: Uint8Array): RgbaImage {
  const header = readPngHeader(bytes);
  let png: DecodedPng;
  try {
    png = decodeWithFastPng(bytes, { checkCrc: true });
  } catch (error) {
    throw new PngError(`This PNG file is damaged or truncated (${reason(error)}).`, "corrupt");
  }
  const expected = png.depth < 8 ? Math.ceil((header.width * png.depth * png.channels) / 8) * header.height : header.width * header.height * png.channels;
  if (png.width !== header.width || png.height !== header.height || png.data.length < expected) {
    throw new PngError("This PNG file is damaged or truncated: its image data is shorter than its header declares.", "truncated");
  }
  return { width: png.width, height: png.height, data: toRgba8(png) };
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message.replace(/[:.\s]+$/, "") : "";
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return (message + cause || "unreadable data").toLowerCase();
}

/** fast-png's samples (1-16 bits, 1-4 channels or palette indices) as RGBA8. */
function toRgba8(png: DecodedPng): Uint8Array {
  const { width, height, channels, depth, data } = png;
  const pixels = width * height;
  const out = new Uint8Array(pixels * 4);
  if (png.palette) {
    const palette = png.palette;
    const lut = new Uint8Array(256 * 4); // unused indices stay transparent black
    palette.forEach((entry, i) => lut.set([entry[0]!, entry[1]!, entry[2]!, entry[3] ?? 255], i * 4));
    const indices = unpackBits(data, depth, width, height);
    for (let i = 0; i < pixels; i++) out.set(lut.subarray(indices[i]! * 4, indices[i]! * 4 + 4), i * 4);
    return out;
  }
  const samples = depth < 8 ? unpackBits(data, depth, width, height) : data;
  const scale = depth === 16 ? 1 / 257 : 255 / ((1 << depth) - 1);
  const to8 = (v: number) => (depth === 8 ? v : Math.round(v * scale));
  // tRNS on grey or RGB: one colour key, in the image's own sample values
  const key = png.transparency && png.transparency.length > 0 ? png.transparency : null;
  for (let i = 0, s = 0; i < pixels; i++, s += channels) {
    const o = i * 4;
    if (channels <= 2) {
      const g = to8(samples[s]!);
      out[o] = out[o + 1] = out[o + 2] = g;
      out[o + 3] = channels === 2 ? to8(samples[s + 1]!) : key && samples[s] === key[0] ? 0 : 255;
    } else {
      out[o] = to8(samples[s]!);
      out[o + 1] = to8(samples[s + 1]!);
      out[o + 2] = to8(samples[s + 2]!);
      out[o + 3] =
        channels === 4 ? to8(samples[s + 3]!) : key && samples[s] === key[0] && samples[s + 1] === key[1] && samples[s + 2] === key[2] ? 0 : 255;
    }
  }
  return out;
}

/** Sub-byte samples (rows padded to whole bytes) as one value per byte. */
function unpackBits(data: ArrayLike<number>, depth: number, width: number, height: number): ArrayLike<number> {
  if (depth >= 8) return data;
  const out = new Uint8Array(width * height);
  const rowBytes = Math.ceil((width * depth) / 8);
  const mask = (1 << depth) - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bit = x * depth;
      const byte = data[y * rowBytes + (bit >> 3)]!;
      out[y * width + x] = (byte >> (8 - depth - (bit & 7))) & mask;
    }
  }
  return out;
}
