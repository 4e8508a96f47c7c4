// A JPEG's pixel size (read by the pure helper in codecs/jpeg) checked before decoding, so an absurd
// image is refused with a clear message instead of exhausting the browser's memory.
import { ImageLoadError } from "./image-load-error";

export { jpegSize } from "#codecs/jpeg/jpeg-size.ts";

/** Largest width or height decoded, as in the DDS and PNG codecs: at most 16384² pixels, 1 GiB of RGBA. */
export const MAX_IMAGE_SIDE = 16384;

/** Refuses zero, missing or too large sizes with a message for the visitor. */
export function checkImageSize(size: { width: number; height: number } | null, kind: string): { width: number; height: number } {
  if (!size) throw new ImageLoadError(`The ${kind} file is damaged: its image size could not be read.`, "damaged");
  const { width, height } = size;
  if (width === 0 || height === 0) throw new ImageLoadError(`The ${kind} file declares an empty image (${width} × ${height}).`, "empty-image");
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new ImageLoadError(`The image is too large: ${width} × ${height} pixels (at most ${MAX_IMAGE_SIDE} pixels a side).`, "too-large");
  }
  return size;
}
