// A JPEG's pixel size (read by the pure helper in codecs/jpeg) checked before decoding, so an absurd
// image is refused with a clear message instead of exhausting the browser's memory.
import { ImageLoadError } from "./image-load-error.ts";

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

/**
 * Whether a file starts as JPEG data does (FF D8 FF). The pages keep such a file convertible when
 * the browser cannot preview it: the worker's own decoder may still read it, or says what is wrong.
 */
export async function startsLikeJpeg(file: Blob): Promise<boolean> {
  try {
    const head = new Uint8Array(await file.slice(0, 3).arrayBuffer());
    return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  } catch {
    return false;
  }
}
