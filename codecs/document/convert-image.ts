// JPG ↔ PNG for the PDF converter (issue 15): the photo is decoded once and encoded in the other
// format, upright (the JPEG's EXIF orientation applied, since a PNG has none a viewer would honour).
// A PNG's transparent pixels are laid on white for JPEG, which has no alpha.
import { decodeJpegPixels } from "../jpeg/decode.ts";
import { encodeJpeg as encodeBaselineJpeg } from "../jpeg/encode.ts";
import type { RgbaImage } from "../image/rgba-image.ts";
import { decodePng, encodePng } from "../png/index.ts";
import { DocumentError } from "./document-error.ts";

/** Blends every pixel onto white and makes it opaque (in place). */
export function flattenOnWhite(image: RgbaImage): RgbaImage {
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha === 255) continue;
    const keep = alpha / 255;
    // white + (colour - white) × alpha, per channel
    data[i] = Math.round(255 + (data[i]! - 255) * keep);
    data[i + 1] = Math.round(255 + (data[i + 1]! - 255) * keep);
    data[i + 2] = Math.round(255 + (data[i + 2]! - 255) * keep);
    data[i + 3] = 255;
  }
  return image;
}

/** A JPEG's pixels as a PNG. */
export function jpegToPng(bytes: Uint8Array): Uint8Array {
  let image: RgbaImage;
  try {
    image = decodeJpegPixels(bytes);
  } catch (error) {
    throw new DocumentError(`This JPEG could not be read: ${error instanceof Error ? error.message : "its data is damaged"}.`, "damaged");
  }
  return encodePng(image);
}

/** Encodes RGBA pixels as a baseline JPEG at `quality` (1–100), transparent parts on white. */
export function encodeJpeg(image: RgbaImage, quality: number): Uint8Array {
  const flat = flattenOnWhite({ width: image.width, height: image.height, data: new Uint8Array(image.data) });
  // our encoder, not jpeg-js's: that one returns a Node Buffer, which a browser worker does not have
  return encodeBaselineJpeg(flat, { quality });
}

/** A PNG's pixels as a JPEG. PngError passes through with its own message. */
export function pngToJpeg(bytes: Uint8Array, quality: number): Uint8Array {
  return encodeJpeg(decodePng(bytes), quality);
}
