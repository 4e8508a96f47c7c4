// AVIF to SVG in a worker. The browser decodes the AVIF (createImageBitmap: Chromium, Firefox and
// Safari all ship an AVIF decoder) after our probe has checked it is AVIF and not too large: the
// primary image rebuilt as a clean AVIF (alpha and 'clap' handled here), then the file as it is;
// when the browser refuses both, libavif in WebAssembly (loaded only then, from our own origin)
// decodes it (docs/decisions/030-avif-real-world.md); then
// embed mode draws it on an OffscreenCanvas and wraps the canvas's PNG in an SVG, and trace mode
// reads the pixels (reduced first above TRACE_MAX_PIXELS) and traces them (codecs/svg).
import { browserParts, decodeAvifPixels, joinParts, type BrowserParts } from "#codecs/avif/decode.ts";
import { AvifError } from "#codecs/avif/errors.ts";
import { probeAvif } from "#codecs/avif/probe.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { encodePng } from "#codecs/png/index.ts";
import { fitWithin, PNG_BYTES_FOR_SVG_READERS, svgEmbeddingPng, traceSvg, TRACE_MAX_PIXELS } from "#codecs/svg/index.ts";
import { ImageLoadError } from "../image-common/image-load-error.ts";
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import type { AvifSvgRequest, AvifSvgResult } from "./avif-svg-job.ts";

const NO_DECODER = "This AVIF file's image data is damaged: it could not be decoded.";
const NO_DECODER_DETAIL = "Neither the browser's decoder nor libavif could decode it.";

async function convert({ file, mode, colors, detail }: AvifSvgRequest, { progress, transfer }: WorkerContext): Promise<AvifSvgResult> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  probeAvif(bytes);
  progress(0.05);
  const bitmap = await decode(bytes);
  const { width, height } = bitmap;
  progress(0.25);
  const encoder = new TextEncoder();

  if (mode === "embed") {
    // the canvas's own PNG encoder: native speed, and its pixels are exactly what getImageData
    // would give (docs/decisions/010-avif-to-svg.md)
    const canvas = drawn(bitmap, width, height);
    progress(0.4);
    let png: Uint8Array = new Uint8Array(await (await canvas.convertToBlob({ type: "image/png" })).arrayBuffer());
    if (png.length > PNG_BYTES_FOR_SVG_READERS) {
      // a large photo: the browser's quick PNG would make an SVG librsvg cannot open (over 10 MB);
      // zlib level 6 on the same pixels is about 15 % smaller (and slower)
      const pixels = context2d(canvas).getImageData(0, 0, width, height);
      const smaller = encodePng(pixels, { level: 6, onProgress: (fraction) => progress(0.45 + 0.4 * fraction) });
      if (smaller.length < png.length) png = smaller;
    }
    progress(0.85);
    const svg = encoder.encode(svgEmbeddingPng(png, width, height));
    transfer(svg.buffer);
    return { svg, mode, width, height, pngBytes: png.length };
  }

  // trace: reduce big images with the browser's own resampler before reading their pixels
  const target = fitWithin(width, height, TRACE_MAX_PIXELS);
  let source = bitmap;
  if (target.width !== width || target.height !== height) {
    source = await createImageBitmap(bitmap, { resizeWidth: target.width, resizeHeight: target.height, resizeQuality: "high" });
    bitmap.close();
  }
  const pixels = context2d(drawn(source, target.width, target.height)).getImageData(0, 0, target.width, target.height);
  progress(0.3);
  const traced = traceSvg(
    { width: pixels.width, height: pixels.height, data: pixels.data },
    { colors, detail, outputWidth: width, outputHeight: height, onProgress: (fraction) => progress(0.3 + 0.68 * fraction) },
  );
  const svg = encoder.encode(traced.svg);
  transfer(svg.buffer);
  return { svg, mode, width, height, tracedWidth: traced.tracedWidth, tracedHeight: traced.tracedHeight, colors: traced.colors, paths: traced.paths };
}

export const api = defineWorker({ convert });

async function decode(bytes: Uint8Array<ArrayBuffer>): Promise<ImageBitmap> {
  if (typeof createImageBitmap !== "function" || typeof OffscreenCanvas !== "function") {
    throw new ImageLoadError("This browser cannot decode images in the background (no OffscreenCanvas). Please use a current browser.", "browser-unsupported");
  }
  // the primary image (or a sequence's first frame) as a clean AVIF: no gain map, every property a strict decoder wants
  let parts: BrowserParts | undefined;
  try {
    parts = browserParts(bytes);
  } catch (error) {
    if (!(error instanceof AvifError)) throw error;
  }
  const fromParts = parts ? await decodeParts(parts) : undefined;
  if (fromParts) return fromParts;
  // a file our reading of the boxes cannot rebuild, but the browser may still decode as it is
  const direct = await browserDecode(bytes);
  if (direct) return direct;
  // then libavif in WebAssembly, fetched only now (a hashed asset of our own origin)
  let pixels: RgbaImage;
  try {
    const { libavifDecoder } = await import("#codecs/avif/libavif-wasm.ts");
    pixels = await decodeAvifPixels(bytes, await libavifDecoder());
  } catch (error) {
    if (error instanceof AvifError) throw error;
    throw new ImageLoadError(NO_DECODER, "damaged", { detail: NO_DECODER_DETAIL });
  }
  return bitmapOf(pixels);
}

/** The browser's decode of the parts, joined; undefined when it refuses the colour image. */
async function decodeParts({ color, alpha, transforms }: BrowserParts): Promise<ImageBitmap | undefined> {
  const colorBitmap = await browserDecode(color.bytes);
  if (!colorBitmap) return undefined;
  if (!alpha && transforms.length === 0) return colorBitmap;
  const alphaBitmap = alpha ? await browserDecode(alpha) : undefined;
  return bitmapOf(joinParts(pixelsOf(colorBitmap), alphaBitmap ? pixelsOf(alphaBitmap) : undefined, transforms));
}

/** The browser's decode, or undefined when it refuses the file: the file's own RGB values (no colour-space conversion, as libavif and libheif give them). */
async function browserDecode(avif: Uint8Array<ArrayBuffer>): Promise<ImageBitmap | undefined> {
  try {
    return await createImageBitmap(new Blob([avif], { type: "image/avif" }), { imageOrientation: "from-image", colorSpaceConversion: "none", premultiplyAlpha: "none" });
  } catch {
    return undefined;
  }
}

function pixelsOf(bitmap: ImageBitmap): RgbaImage {
  const { width, height } = bitmap;
  return context2d(drawn(bitmap, width, height)).getImageData(0, 0, width, height);
}

function bitmapOf(pixels: RgbaImage): Promise<ImageBitmap> {
  const data = new Uint8ClampedArray(pixels.data.length);
  data.set(pixels.data);
  return createImageBitmap(new ImageData(data, pixels.width, pixels.height), { premultiplyAlpha: "none" });
}

/** A canvas of the bitmap's pixels (the bitmap is closed: its memory is not needed twice). */
function drawn(bitmap: ImageBitmap, width: number, height: number): OffscreenCanvas {
  const canvas = new OffscreenCanvas(width, height);
  context2d(canvas).drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas;
}

function context2d(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const context = canvas.getContext("2d");
  if (!context) throw new ImageLoadError("The browser has no room for this image's pixels (it could not create a canvas).", "browser-unsupported");
  return context;
}
