// PNG to DDS, the work itself (run by ./png-to-dds.worker.ts, tested in Node): our PNG decoder
// (exact straight alpha; a canvas would premultiply it and lose the colour of nearly transparent
// pixels), encodeDds, then the top level read back from the new file and compared with the PNG,
// so the page can say what a block format cost. Progress is the encoder's own, counted in pixels.
import { decodeDds, encodeDds } from "#codecs/dds/index.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { decodePng } from "#codecs/png/index.ts";
import { ImageLoadError } from "../image-common/image-load-error.ts";
import { sniffImage } from "#codecs/image/image-sniff.ts";
import { psnrPremultiplied } from "#codecs/image/psnr.ts";
import { levelCount, type PngToDdsRequest, type PngToDdsResult } from "./png-to-dds-job.ts";

/** Larger images skip the read-back check: a third copy of a huge image could exhaust the tab's memory. */
export const CHECK_MAX_PIXELS = 16 * 1024 * 1024;

/** Shares of the progress bar: decoding the PNG, encoding (the long part), reading back. */
const DECODE_SHARE = 0.1;
const ENCODE_SHARE = 0.85;

export type ConvertOptions = Omit<PngToDdsRequest, "file">;

/** Throws PngError / DdsError / ImageLoadError with a message for the visitor. */
export function convertPngToDds(bytes: Uint8Array, options: ConvertOptions, onProgress: (fraction: number) => void): PngToDdsResult {
  if (sniffImage(bytes) === "jpeg") throw new ImageLoadError("This file is a JPEG image with a .png name, not PNG data.", "wrong-format");
  const image = decodePng(bytes);
  onProgress(DECODE_SHARE);
  const dds = encodeDds(image, {
    format: options.format,
    quality: options.quality,
    mipmaps: options.mipmaps,
    onProgress: (f) => onProgress(DECODE_SHARE + ENCODE_SHARE * f),
  }) as Uint8Array<ArrayBuffer>;
  const check = image.width * image.height <= CHECK_MAX_PIXELS ? compare(image, decodeDds(dds)) : null;
  onProgress(1);
  return {
    dds,
    format: options.format,
    width: image.width,
    height: image.height,
    mipCount: levelCount(image.width, image.height, options.mipmaps),
    check,
  };
}

function compare(source: RgbaImage, readBack: RgbaImage): { exact: boolean; psnr: number } {
  const a = source.data;
  const b = readBack.data;
  let exact = a.length === b.length;
  for (let i = 0; exact && i < a.length; i++) exact = a[i] === b[i];
  return { exact, psnr: psnrPremultiplied(source, readBack) };
}
