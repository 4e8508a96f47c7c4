// Smaller copies of an uploaded photo for srcset (decision 047): the same format at 480, 960 and
// 1600 px wide (only widths below the original's, and only when lighter than the original), and an AVIF beside each width kept only when it
// is smaller than the same-format copy (the original itself at full width). Only PNG and JPEG are
// decoded (our own codecs); GIF (maybe animated), WebP, AVIF and ICO are stored as they come.
// Work is bounded: images over MAX_VARIANT_PIXELS get no variants, and the AVIF encoder runs at a
// fast speed setting; uploads run this in a worker thread (./variant-worker.server.ts). WebP cannot be encoded on the server (no encoder in the project): AVIF only.
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { resizeRgba } from "#codecs/image/resize.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { decodeJpegPixels } from "#codecs/jpeg/decode.ts";
import { encodeJpeg } from "#codecs/jpeg/encode.ts";
import { decodePng, encodePng } from "#codecs/png/index.ts";
import type { ImageKind } from "./image-size.server.ts";

export const VARIANT_WIDTHS = [480, 960, 1600] as const;
/** 16 megapixels (a 4900 × 3265 photo): above, decoding and resizing alone would hold the upload for seconds. */
export const MAX_VARIANT_PIXELS = 16_000_000;
/** The widest AVIF made: an original up to this wide gets a full-size AVIF, a wider one stops at the widest variant. */
export const MAX_AVIF_WIDTH = 1600;
const JPEG_QUALITY = 82;
const AVIF_OPTIONS = { quality: 55, speed: 8 };

export interface EncodedVariant {
  width: number;
  height: number;
  mime: "image/png" | "image/jpeg" | "image/avif";
  ext: "png" | "jpg" | "avif";
  data: Uint8Array;
}

export type AvifEncoder = (image: RgbaImage) => Promise<Uint8Array>;

let avifEncoder: Promise<AvifEncoder> | undefined;

/** @jsquash/avif's libavif encoder, compiled once from the .wasm in node_modules (works in Node, single thread). */
export function loadAvifEncoder(): Promise<AvifEncoder> {
  avifEncoder ??= (async () => {
    const require = createRequire(import.meta.url);
    const { default: encode, init } = await import("@jsquash/avif/encode.js");
    await init(await WebAssembly.compile(await readFile(require.resolve("@jsquash/avif/codec/enc/avif_enc.wasm"))));
    return async (image: RgbaImage) => {
      const data = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength);
      const pixels: ImageData = { data, width: image.width, height: image.height, colorSpace: "srgb" } as ImageData;
      return new Uint8Array(await encode(pixels, AVIF_OPTIONS));
    };
  })();
  avifEncoder.catch(() => (avifEncoder = undefined));
  return avifEncoder;
}

function decode(bytes: Uint8Array, kind: ImageKind): RgbaImage | null {
  if (kind === "jpg") return decodeJpegPixels(bytes);
  if (kind === "png") return decodePng(bytes);
  return null;
}

function encodeSame(image: RgbaImage, kind: "png" | "jpg"): EncodedVariant {
  return kind === "jpg"
    ? { width: image.width, height: image.height, mime: "image/jpeg", ext: "jpg", data: encodeJpeg(image, { quality: JPEG_QUALITY }) }
    : { width: image.width, height: image.height, mime: "image/png", ext: "png", data: encodePng(image) };
}

/**
 * The variants of one image, widest first; [] when the format is not one we decode, the image is
 * too large to process, or it is already narrower than the smallest width.
 */
export async function makeVariants(bytes: Uint8Array, kind: ImageKind, encodeAvif?: AvifEncoder): Promise<EncodedVariant[]> {
  if (kind !== "png" && kind !== "jpg") return [];
  const original = decode(bytes, kind);
  if (!original || original.width * original.height > MAX_VARIANT_PIXELS) return [];
  const avif = encodeAvif ?? (await loadAvifEncoder());
  const out: EncodedVariant[] = [];
  const addAvif = async (image: RgbaImage, sameFormatBytes: number) => {
    const data = await avif(image);
    if (data.length < sameFormatBytes) out.push({ width: image.width, height: image.height, mime: "image/avif", ext: "avif", data });
  };
  if (original.width <= MAX_AVIF_WIDTH) await addAvif(original, bytes.length);
  // widest first, each from the one before it: less work than every width from the original
  let source = original;
  for (const width of VARIANT_WIDTHS.toReversed()) {
    if (width >= original.width) continue;
    const height = Math.max(1, Math.round((original.height * width) / original.width));
    source = resizeRgba(source, width, height);
    const same = encodeSame(source, kind);
    // a re-encoded PNG can outweigh a well-packed original: a bigger "smaller" copy is no use
    if (same.data.length < bytes.length) out.push(same);
    await addAvif(source, Math.min(same.data.length, bytes.length));
  }
  return out;
}
