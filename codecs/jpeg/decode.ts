// JPEG to upright RGBA8 in pure JavaScript (jpeg-js), for where the browser's decoder is not at
// hand: Node (the CLI) and workers without OffscreenCanvas. jpeg-js refuses images above the
// pixel limit before allocating and ignores EXIF, so the Orientation is applied here.
import jpeg from "jpeg-js";
import { applyOrientation } from "../image/orient.ts";
import type { RgbaImage } from "../image/rgba-image.ts";
import { jpegOrientation } from "./exif-orientation.ts";

/** Largest side accepted, as the other image codecs (16384² pixels, 1 GiB of RGBA). */
const MAX_SIDE = 16384;

/** Throws jpeg-js's own Error for damaged or unsupported data; callers word it for their users. */
export function decodeJpegPixels(bytes: Uint8Array): RgbaImage {
  const decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: (MAX_SIDE * MAX_SIDE) / 1e6, maxMemoryUsageInMB: 2048 });
  return applyOrientation({ width: decoded.width, height: decoded.height, data: decoded.data }, jpegOrientation(bytes));
}
