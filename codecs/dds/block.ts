/**
 * Block-compressed texture decoding (BC1-BC7) to RGBA8, following the Direct3D 10/11 rules.
 *
 * Channel conventions of the RGBA8 output:
 * - BC1: RGB + 1-bit alpha (3-colour mode gives transparent black for index 3).
 * - BC2/BC3: RGB + explicit / interpolated alpha.
 * - BC4 (unorm and snorm): grey, R = G = B = value, A = 255.
 * - BC5 (unorm and snorm): R, G from the two channels, B = 0 (unorm) or 128 (snorm: a signed 0), A = 255.
 * - Signed values v in [-127, 127] map to round((v / 127 * 0.5 + 0.5) * 255).
 * - BC7: RGBA, bit-exact with the BC7 format specification.
 * - BC6H (decodeBlocksFloat): linear float RGBA, 4 floats per pixel, A = 1.
 * See bc1-5.ts for the interpolation rounding.
 */
import {
  decodeBc1Block,
  decodeBc1Row,
  decodeBc2Block,
  decodeBc2Row,
  decodeBc3Block,
  decodeBc3Row,
  decodeBc4sBlock,
  decodeBc4sRow,
  decodeBc4uBlock,
  decodeBc4uRow,
  decodeBc5sBlock,
  decodeBc5sRow,
  decodeBc5uBlock,
  decodeBc5uRow,
} from "./bc1-5.ts";
import { decodeBc6hBlock } from "./bc6h.ts";
import { decodeBc7Block, decodeBc7Row } from "./bc7.ts";
import { DdsError } from "./errors.ts";

export type BlockFormat = "BC1" | "BC2" | "BC3" | "BC4U" | "BC4S" | "BC5U" | "BC5S" | "BC6HU" | "BC6HS" | "BC7";

/** Bytes per 4x4 block. */
export function blockBytes(format: BlockFormat): 8 | 16 {
  return format === "BC1" || format === "BC4U" || format === "BC4S" ? 8 : 16;
}

/** Decodes one block at src[o] into dst (32-bit RGBA words) at index d, rows `stride` words apart. */
type BlockDecoder = (src: Uint8Array, o: number, dst: Int32Array, d: number, stride: number) => void;
/** Decodes n consecutive blocks (one per-format loop keeps the hot call site monomorphic). */
type RowDecoder = (src: Uint8Array, o: number, n: number, dst: Int32Array, d: number, stride: number) => void;

const DECODERS: Record<Exclude<BlockFormat, "BC6HU" | "BC6HS">, readonly [BlockDecoder, RowDecoder]> = {
  BC1: [decodeBc1Block, decodeBc1Row],
  BC2: [decodeBc2Block, decodeBc2Row],
  BC3: [decodeBc3Block, decodeBc3Row],
  BC4U: [decodeBc4uBlock, decodeBc4uRow],
  BC4S: [decodeBc4sBlock, decodeBc4sRow],
  BC5U: [decodeBc5uBlock, decodeBc5uRow],
  BC5S: [decodeBc5sBlock, decodeBc5sRow],
  BC7: [decodeBc7Block, decodeBc7Row],
};

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Scratch for partial edge blocks. */
const edge = new Int32Array(16);

/** Number of bytes of block data needed for an image (ceil(w/4) * ceil(h/4) blocks). */
export function blockDataSize(format: BlockFormat, width: number, height: number): number {
  return Math.ceil(width / 4) * Math.ceil(height / 4) * blockBytes(format);
}

/** Validates dimensions and the source size; throws DdsError. */
export function checkBlockInput(format: BlockFormat, src: Uint8Array, width: number, height: number): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
    throw new DdsError(`Invalid image dimensions ${width}x${height}.`, "bad-header");
  }
  if (width * height > 0x10000000) {
    throw new DdsError(`Image of ${width}x${height} pixels is too large to decode.`, "too-large");
  }
  const need = blockDataSize(format, width, height);
  if (src.length < need) {
    throw new DdsError(
      `Truncated ${format} data: ${width}x${height} needs ${need} bytes, only ${src.length} present.`,
      "truncated",
    );
  }
}

/**
 * Decodes BC1-BC5 or BC7 block data to RGBA8 (row-major, width * height * 4 bytes).
 * `src` holds ceil(w/4) * ceil(h/4) blocks row by row (extra bytes are ignored).
 * Throws DdsError ("truncated") when `src` is too short.
 */
export function decodeBlocksRgba8(
  format: Exclude<BlockFormat, "BC6HU" | "BC6HS">,
  src: Uint8Array,
  width: number,
  height: number,
  out?: Uint8ClampedArray,
): Uint8ClampedArray {
  checkBlockInput(format, src, width, height);
  const decoders = DECODERS[format];
  if (!decoders) throw new DdsError(`Unsupported block format: ${String(format)}`, "unsupported-format");
  const size = width * height * 4;
  if (out && out.length !== size) {
    throw new DdsError(`Output buffer holds ${out.length} bytes, ${size} needed.`, "bad-header");
  }
  const result = out ?? new Uint8ClampedArray(size);
  if (size === 0) return result;
  // An Int32Array view needs 4-byte alignment; decode into an aligned buffer otherwise.
  const aligned = (result.byteOffset & 3) === 0;
  const dst = aligned
    ? new Int32Array(result.buffer, result.byteOffset, width * height)
    : new Int32Array(width * height);
  const [decode, decodeRow] = decoders;
  const bb = blockBytes(format);
  const bw = Math.ceil(width / 4);
  const bh = Math.ceil(height / 4);
  const fullW = width >> 2;
  let o = 0;
  for (let by = 0; by < bh; by++) {
    const y0 = by * 4;
    const rows = Math.min(4, height - y0);
    const rowBase = y0 * width;
    if (rows === 4) {
      decodeRow(src, o, fullW, dst, rowBase, width);
      o += fullW * bb;
      for (let bx = fullW; bx < bw; bx++) {
        decode(src, o, edge, 0, 4);
        copyEdge(dst, rowBase + bx * 4, width, width - bx * 4, 4);
        o += bb;
      }
    } else {
      for (let bx = 0; bx < bw; bx++) {
        decode(src, o, edge, 0, 4);
        copyEdge(dst, rowBase + bx * 4, width, Math.min(4, width - bx * 4), rows);
        o += bb;
      }
    }
  }
  if (!LITTLE_ENDIAN) {
    for (let i = 0; i < dst.length; i++) {
      const v = dst[i]!;
      dst[i] = ((v & 0xff) << 24) | ((v & 0xff00) << 8) | ((v >>> 8) & 0xff00) | (v >>> 24);
    }
  }
  if (!aligned) result.set(new Uint8Array(dst.buffer));
  return result;
}

function copyEdge(dst: Int32Array, d: number, stride: number, cols: number, rows: number): void {
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) dst[d + y * stride + x] = edge[y * 4 + x]!;
  }
}

/** Scratch for one partial BC6H block: 16 RGBA floats, rows 16 floats apart. */
const edgeF = new Float32Array(64);

/**
 * Decodes BC6H (UF16 or SF16) block data to linear float RGBA: width * height * 4 floats,
 * row-major, A = 1. Values are the half-float results of the format (unsigned: 0..65504,
 * signed: -65504..65504); tone mapping is the caller's business. `out`, when given, must hold
 * exactly width * height * 4 floats and is returned.
 * Throws DdsError ("truncated") when `src` is too short.
 */
export function decodeBlocksFloat(
  format: "BC6HU" | "BC6HS",
  src: Uint8Array,
  width: number,
  height: number,
  out?: Float32Array,
): Float32Array {
  checkBlockInput(format, src, width, height);
  if (format !== "BC6HU" && format !== "BC6HS") {
    throw new DdsError(`Unsupported float block format: ${String(format)}`, "unsupported-format");
  }
  const signed = format === "BC6HS";
  const size = width * height * 4;
  if (out && out.length !== size) {
    throw new DdsError(`Output buffer holds ${out.length} floats, ${size} needed.`, "bad-header");
  }
  const dst = out ?? new Float32Array(size);
  const bw = Math.ceil(width / 4);
  const bh = Math.ceil(height / 4);
  const stride = width * 4;
  let o = 0;
  for (let by = 0; by < bh; by++) {
    const rows = Math.min(4, height - by * 4);
    for (let bx = 0; bx < bw; bx++, o += 16) {
      const cols = Math.min(4, width - bx * 4);
      const base = by * 4 * stride + bx * 16;
      if (rows === 4 && cols === 4) {
        decodeBc6hBlock(src, o, signed, dst, base, stride);
        continue;
      }
      decodeBc6hBlock(src, o, signed, edgeF, 0, 16);
      for (let y = 0; y < rows; y++) {
        for (let k = 0; k < cols * 4; k++) dst[base + y * stride + k] = edgeF[y * 16 + k]!;
      }
    }
  }
  return dst;
}
