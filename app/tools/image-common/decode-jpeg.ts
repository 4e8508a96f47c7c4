// JPEG to upright RGBA8 inside a worker. The browser's own decoder first (createImageBitmap, EXIF
// orientation applied, read back from an OffscreenCanvas: a JPEG is opaque, so the canvas's
// premultiplied alpha changes nothing and the pixels are exact): it is native and fast. When the
// browser refuses the file (arithmetic coding, damage it does not tolerate) or has no
// OffscreenCanvas, our own decoder (codecs/jpeg, loaded only then) decodes it and turns it upright
// by its EXIF orientation. An absurd size read from the header is refused before either allocates.
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { ImageLoadError } from "./image-load-error.ts";
import { checkImageSize, jpegSize } from "./jpeg-size.ts";

export { ImageLoadError };

export async function decodeJpeg(bytes: Uint8Array<ArrayBuffer>): Promise<RgbaImage> {
  // a header our reader cannot find (junk, a broken segment) is left to the decoders to judge
  const size = jpegSize(bytes);
  if (size) checkImageSize(size, "JPEG");
  if (typeof createImageBitmap === "function" && typeof OffscreenCanvas === "function") {
    const native = await decodeInBrowser(bytes);
    if (native) return native;
  }
  return decodeWithOurDecoder(bytes);
}

/** The browser's decode, or null when it refuses the file. */
async function decodeInBrowser(bytes: Uint8Array<ArrayBuffer>): Promise<RgbaImage | null> {
  let bitmap: ImageBitmap;
  try {
    // the stored colours, not converted by an embedded ICC profile: as the CLI, djpeg and Pillow give them
    bitmap = await createImageBitmap(new Blob([bytes], { type: "image/jpeg" }), { imageOrientation: "from-image", premultiplyAlpha: "none", colorSpaceConversion: "none" });
  } catch {
    return null;
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

async function decodeWithOurDecoder(bytes: Uint8Array): Promise<RgbaImage> {
  const { decodeJpegPixels, JpegError } = await import("#codecs/jpeg/decode.ts");
  try {
    return decodeJpegPixels(bytes);
  } catch (error) {
    // the decoder's refusals say what is wrong with the file in plain words
    if (error instanceof JpegError) throw new ImageLoadError(error.message, error.code === "too-large" ? "too-large" : "damaged");
    throw error;
  }
}
