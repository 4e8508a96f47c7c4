// Page canvases for renderPdfPages in Node (the CLI and the tests): @napi-rs/canvas, the canvas
// pdf.js's legacy build already uses in Node for its own scratch canvases (its NodeCanvasFactory)
// and whose Path2D and DOMMatrix it installs. Encoding is @napi-rs/canvas's (Skia's PNG and JPEG
// encoders, off the JavaScript thread). It is a native addon, so it is required at run time (as
// pdf.js does) rather than imported: a bundler (the CLI's build) cannot inline its .node file.
import { createRequire } from "node:module";
import type * as NapiCanvas from "@napi-rs/canvas";
import type { CanvasProvider, PageImageFormat, PageSurface } from "./render-pdf.ts";

let napi: typeof NapiCanvas | undefined;

function nodeSurface(width: number, height: number): PageSurface {
  napi ??= createRequire(import.meta.url)("@napi-rs/canvas") as typeof NapiCanvas;
  const canvas = napi.createCanvas(width, height);
  // opaque: pdf.js paints the page white first, and JPEG has no alpha anyway
  const context = canvas.getContext("2d", { alpha: false });
  return {
    // Skia's context implements what pdf.js calls on a DOM one
    context: context as unknown as CanvasRenderingContext2D,
    encode: async (format: PageImageFormat, quality: number) => {
      const file = format === "png" ? await canvas.encode("png") : await canvas.encode("jpeg", quality);
      return new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
    },
    release: () => {
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}

/** The Node canvas provider for renderPdfPages (use with nodePdfjs()). */
export const nodeCanvas: CanvasProvider = { surface: nodeSurface };
