// PNG or JPEG input pixels for the conversions that take either.
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { JpegError, decodeJpegPixels } from "#codecs/jpeg/decode.ts";
import { decodePng } from "#codecs/png/index.ts";
import { ConvertError } from "./convert-error.ts";

/** A JPEG's pixels, turned upright as its EXIF Orientation says (as browsers show it). */
export function decodeJpeg(bytes: Uint8Array): RgbaImage {
  try {
    return decodeJpegPixels(bytes);
  } catch (error) {
    // the decoder's refusals already say what is wrong with the file
    if (error instanceof JpegError) throw new ConvertError(error.message);
    throw error;
  }
}

export function decodeImage(kind: "png" | "jpeg", bytes: Uint8Array): RgbaImage {
  return kind === "png" ? decodePng(bytes) : decodeJpeg(bytes);
}

/** The kinds decodeImage takes; the dispatcher only hands these conversions PNG or JPEG input. */
export function imageKind(kind: string): "png" | "jpeg" {
  if (kind === "png" || kind === "jpeg") return kind;
  throw new ConvertError(`This conversion takes a PNG or JPEG image, not a ${kind.toUpperCase()} file.`);
}
