// libavif 1.0.1 with libaom's AV1 decoder, compiled to WebAssembly (@jsquash/avif, Apache-2.0;
// libavif BSD-2-Clause, libaom BSD-2-Clause). Loaded only when it is needed: by the AVIF worker
// after the browser refused a file, and by the CLI. The caller gives the compiled module (the CLI
// reads the .wasm from node_modules) or lets the package fetch its own hashed asset (the worker).
import type { RgbaImage } from "../image/rgba-image.ts";
import type { AvifPixelDecoder } from "./decode.ts";

export async function libavifDecoder(module?: WebAssembly.Module): Promise<AvifPixelDecoder> {
  const { default: decode, init } = await import("@jsquash/avif/decode.js");
  if (module) await init(module);
  return async (avif: Uint8Array<ArrayBuffer>): Promise<RgbaImage | undefined> => {
    const buffer = avif.byteOffset === 0 && avif.byteLength === avif.buffer.byteLength ? avif.buffer : avif.slice().buffer;
    const image = await decode(buffer);
    // a copy: the decoder may reuse its memory on the next call
    return image ? { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) } : undefined;
  };
}
