// The page's ffmpeg engine, @ffmpeg/core 0.12.10 (FFmpeg n5.1.4 in wasm), loaded in Node for the
// CLI: the same wasm from node_modules, run by the same code (app/tools/media/ffmpeg-run.ts). The
// core is built for web workers only (no NODEFS): its files live in MEMFS, in this process's memory.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import createFFmpegCore from "@ffmpeg/core";
import { attachCore, type LoadedCore } from "#app/tools/media/ffmpeg-run.ts";
import { MediaError } from "#codecs/media/media-error.ts";

let loaded: LoadedCore | undefined;

/** The core's wasm file: the page's, from the installed @ffmpeg/core. */
export function coreWasmPath(): string {
  return createRequire(import.meta.url).resolve("@ffmpeg/core/wasm");
}

/** The process's core, loaded (about 0.7 s: compiling 32 MB of wasm) on first use. */
export async function loadNodeCore(): Promise<LoadedCore> {
  if (loaded) return loaded;
  let wasm: Uint8Array<ArrayBuffer>;
  try {
    wasm = readFileSync(coreWasmPath());
  } catch (error) {
    throw new MediaError("The converter's engine (@ffmpeg/core's wasm file) could not be read: is @ffmpeg/core installed?", "engine-load", { cause: error });
  }
  // Emscripten swallows a failed instantiateWasm and would wait forever: race it
  const failed = Promise.withResolvers<never>();
  // the core believes it runs in a worker and reads self.location.href once, while it starts
  const scope = globalThis as { self?: unknown };
  const hadSelf = "self" in scope;
  if (!hadSelf) scope.self = { location: { href: import.meta.url } };
  let ready: ReturnType<typeof createFFmpegCore>;
  try {
    ready = createFFmpegCore({
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(wasm, imports).then(({ instance, module }) => receive(instance, module), failed.reject);
        return {};
      },
    });
  } finally {
    if (!hadSelf) delete scope.self;
  }
  try {
    const core = await Promise.race([ready, failed.promise]);
    loaded = attachCore(core, () => {
      loaded = undefined;
    });
    return loaded;
  } catch (error) {
    throw new MediaError("The converter's engine could not be started.", "engine-load", { cause: error });
  }
}
