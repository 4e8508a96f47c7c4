// JPEG to upright RGBA8 with our own decoder (./decoder.ts), for the CLI, the document and ebook
// readers, and the browser workers when the browser's decoder refuses a file. The EXIF Orientation
// is applied here, as browsers and Pillow's exif_transpose do.
import { applyOrientation } from "../image/orient.ts";
import type { RgbaImage } from "../image/rgba-image.ts";
import { decodeJpegImage } from "./decoder.ts";
import { jpegOrientation } from "./exif-orientation.ts";

export { JpegError } from "./errors.ts";

/** The upright picture; throws JpegError (a plain-words message) for broken or unsupported files. */
export function decodeJpegPixels(bytes: Uint8Array): RgbaImage {
  const decoded = decodeJpegImage(bytes);
  return applyOrientation({ width: decoded.width, height: decoded.height, data: decoded.data }, jpegOrientation(bytes));
}
