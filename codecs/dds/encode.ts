/**
 * DDS encoder: RGBA8 image -> DDS file bytes.
 *
 * - "rgba8" (default): the legacy header with a 32-bit RGBA pixel format (masks R 0xff, G 0xff00,
 *   B 0xff0000, A 0xff000000; D3DFMT_A8B8G8R8, DXGI R8G8B8A8_UNORM) and the raw pixels.
 * - "bc1" / "bc3": legacy FourCC DXT1 / DXT5 (./bc1-encode.ts, ./bc4-encode.ts).
 * - "bc7": DX10 header, DXGI_FORMAT_BC7_UNORM (./bc7-encode.ts).
 * `quality` trades time for fidelity of the block formats; `mipmaps` adds the full chain down to
 * 1x1 (./mipmap.ts). Header layout: ./encode-header.ts. Every failure is a DdsError.
 */
import type { RgbaImage } from "../image/rgba-image.ts";
import { encodeBc1Block } from "./bc1-encode.ts";
import { encodeBc4Block } from "./bc4-encode.ts";
import { encodeBc7Block } from "./bc7-encode.ts";
import { encodeBlockSurface, type BlockEncoder } from "./encode-blocks.ts";
import { ddsHeaderBytes, writeDdsHeader } from "./encode-header.ts";
import { DdsError } from "./errors.ts";
import { downsampleMip, mipLevelCount, mipLevelSize } from "./mipmap.ts";

export type DdsEncodeFormat = "rgba8" | "bc1" | "bc3" | "bc7";
export type DdsEncodeQuality = "fast" | "balanced" | "best";

export interface EncodeDdsOptions {
  /** Default "rgba8" (uncompressed). */
  format?: DdsEncodeFormat;
  /** Effort of the block formats; default "balanced". Ignored by rgba8. */
  quality?: DdsEncodeQuality;
  /** Write the full mip chain down to 1x1; default false. */
  mipmaps?: boolean;
  /** Called with the fraction of pixels done (0..1), ending with 1. */
  onProgress?: (fraction: number) => void;
}

/** Largest width or height accepted (Direct3D 11's texture limit, also the decoder's). */
export const MAX_ENCODE_SIDE = 16384;

const FORMATS: readonly DdsEncodeFormat[] = ["rgba8", "bc1", "bc3", "bc7"];
const QUALITIES: readonly DdsEncodeQuality[] = ["fast", "balanced", "best"];
const EFFORT: Record<DdsEncodeQuality, number> = { fast: 0, balanced: 1, best: 2 };

/** Bytes of one level. */
function levelBytes(format: DdsEncodeFormat, width: number, height: number): number {
  if (format === "rgba8") return width * height * 4;
  return Math.ceil(width / 4) * Math.ceil(height / 4) * (format === "bc1" ? 8 : 16);
}

/** Encodes an image as a DDS file. Throws DdsError for bad input or options. */
export function encodeDds(image: RgbaImage, options: EncodeDdsOptions = {}): Uint8Array {
  const format = options.format ?? "rgba8";
  const quality = options.quality ?? "balanced";
  if (!FORMATS.includes(format)) {
    throw new DdsError(`Unknown DDS output format "${String(format)}": use ${FORMATS.join(", ")}.`, "bad-option");
  }
  if (!QUALITIES.includes(quality)) {
    throw new DdsError(`Unknown DDS quality "${String(quality)}": use ${QUALITIES.join(", ")}.`, "bad-option");
  }
  checkImage(image);
  const { width, height } = image;
  const levels = options.mipmaps ? mipLevelCount(width, height) : 1;
  let total = ddsHeaderBytes(format);
  let totalPixels = 0;
  for (let level = 0; level < levels; level++) {
    const size = mipLevelSize(width, height, level);
    total += levelBytes(format, size.width, size.height);
    totalPixels += size.width * size.height;
  }
  const out = allocate(total);
  let offset = writeDdsHeader(out, {
    kind: format,
    width,
    height,
    mipCount: options.mipmaps ? levels : 0,
    topLevelBytes: levelBytes(format, width, height),
  });
  const onProgress = options.onProgress;
  const encodeBlock = blockEncoder(format, EFFORT[quality]);
  let pixelsBefore = 0;
  let current: RgbaImage = image;
  for (let level = 0; level < levels; level++) {
    if (level > 0) current = downsampleMip(current);
    if (encodeBlock) {
      const bytes = format === "bc1" ? 8 : 16;
      const before = pixelsBefore;
      offset = encodeBlockSurface(current, bytes, encodeBlock, out, offset, (done) =>
        onProgress?.((before + done) / totalPixels),
      );
    } else {
      const n = current.width * current.height * 4;
      out.set(current.data.subarray(0, n), offset);
      offset += n;
    }
    pixelsBefore += current.width * current.height;
    onProgress?.(pixelsBefore / totalPixels);
  }
  return out;
}

function blockEncoder(format: DdsEncodeFormat, effort: number): BlockEncoder | undefined {
  switch (format) {
    case "bc1":
      return (px, out, o) => encodeBc1Block(px, out, o, effort, true);
    case "bc3":
      return (px, out, o) => {
        encodeBc4Block(px, 3, out, o, effort);
        encodeBc1Block(px, out, o + 8, effort, false);
      };
    case "bc7":
      return (px, out, o) => encodeBc7Block(px, out, o, effort);
    default:
      return undefined;
  }
}

function checkImage(image: RgbaImage): void {
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new DdsError(`Cannot encode an image of ${width}x${height} pixels: both sides must be at least 1.`, "bad-image");
  }
  if (width > MAX_ENCODE_SIDE || height > MAX_ENCODE_SIDE) {
    throw new DdsError(
      `Image of ${width}x${height} pixels is too large for DDS: at most ${MAX_ENCODE_SIDE} pixels a side.`,
      "too-large",
    );
  }
  const need = width * height * 4;
  if (!data || data.length !== need) {
    throw new DdsError(
      `Image data holds ${data ? data.length : 0} bytes, a ${width}x${height} RGBA image needs ${need}.`,
      "bad-image",
    );
  }
}

/** The output buffer; running out of memory becomes a DdsError instead of a RangeError. */
function allocate(bytes: number): Uint8Array {
  try {
    return new Uint8Array(bytes);
  } catch {
    throw new DdsError(
      `Not enough memory for a ${Math.ceil(bytes / 1048576)} MB DDS file: choose a smaller image or a compressed format.`,
      "too-large",
    );
  }
}
