// JPEG to RGBA8 inside a worker. The browser's own decoder (createImageBitmap, EXIF orientation
// applied) read back from an OffscreenCanvas: a JPEG is opaque, so the canvas's premultiplied
// alpha changes nothing and the pixels are exact. Browsers without OffscreenCanvas fall back to
// jpeg-js (pure JavaScript, loaded only then). The size is checked from the header first.
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { ImageLoadError } from "./image-load-error";
import { IMAGE_NOT_LOADED } from "./image-load-texts";
import { checkImageSize, jpegSize } from "./jpeg-size";

export { ImageLoadError };

export async function decodeJpeg(bytes: Uint8Array<ArrayBuffer>): Promise<RgbaImage> {
  checkImageSize(jpegSize(bytes), "JPEG");
  if (typeof createImageBitmap !== "function" || typeof OffscreenCanvas !== "function") return decodeWithJpegJs(bytes);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes], { type: "image/jpeg" }), { imageOrientation: "from-image", premultiplyAlpha: "none" });
  } catch {
    throw new ImageLoadError(`${IMAGE_NOT_LOADED}: the JPEG data is damaged or uses a variant this browser cannot decode.`, "damaged");
  }
  try {
    const { width, height } = bitmap;
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new ImageLoadError("The browser has no room for this image's pixels (it could not create a canvas).", "browser-unsupported");
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, width, height);
    return { width, height, data: pixels.data };
  } finally {
    bitmap.close();
  }
}

async function decodeWithJpegJs(bytes: Uint8Array): Promise<RgbaImage> {
  const { decodeJpegPixels } = await import("#codecs/jpeg/decode.ts");
  try {
    return decodeJpegPixels(bytes);
  } catch {
    throw new ImageLoadError(`${IMAGE_NOT_LOADED}: the JPEG data is damaged or uses a variant that cannot be decoded.`, "damaged");
  }
}
