// AVIF to SVG (embed mode, the page's default): libavif in WebAssembly decodes the primary image
// (rebuilt as a clean AVIF first, codecs/avif/decode.ts), and the SVG wraps it as PNG data.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { decodeAvifPixels } from "#codecs/avif/decode.ts";
import { libavifDecoder } from "#codecs/avif/libavif-wasm.ts";
import { probeAvif } from "#codecs/avif/probe.ts";
import { encodePng } from "#codecs/png/index.ts";
import { PNG_BYTES_FOR_SVG_READERS, svgEmbeddingPng } from "#codecs/svg/embed.ts";
import { writeOutput } from "../convert-io.ts";
import type { ConversionHandler } from "../handler.ts";

/** The decoder's WebAssembly, read from node_modules (the package's own loader expects a browser URL). */
function compiledLibavif(): Promise<WebAssembly.Module> {
  const path = createRequire(import.meta.url).resolve("@jsquash/avif/codec/dec/avif_dec.wasm");
  return WebAssembly.compile(readFileSync(path));
}

export const convert: ConversionHandler = async ({ bytes, args }) => {
  probeAvif(bytes);
  const image = await decodeAvifPixels(bytes, await libavifDecoder(await compiledLibavif()));
  let png = encodePng(image);
  // a large photo: compress harder so that librsvg can still open the SVG (the page does the same)
  if (png.length > PNG_BYTES_FOR_SVG_READERS) png = encodePng(image, { level: 6 });
  writeOutput(args.output, new TextEncoder().encode(svgEmbeddingPng(png, image.width, image.height)));
  return `${args.output}: SVG, ${image.width} × ${image.height} px (the image embedded as PNG)`;
};
