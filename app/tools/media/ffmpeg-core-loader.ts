// Loads the ffmpeg core (issue 13) once per worker, from our own origin, compiled while its wasm
// streams in so `load` reports real download progress. Two builds of one FFmpeg (decision 064):
//   single:   @ffmpeg/core, bundled into the worker; its memory grows as a job needs.
//   threaded: @ffmpeg/core-mt, on cross-origin isolated pages only (its memory is shared); its
//             script, wasm and thread worker are hashed assets. It starts a pool of 32 thread
//             workers and has a fixed 1 GiB of memory, so the page asks for it per file. It is
//             not stored for offline use: offline, the single-thread core runs.
// A core that crashed (out of memory, a trap) is dropped and the next call loads a fresh one; after a
// cancel the whole worker is gone and the wasm comes from the HTTP cache.
import createFFmpegCore, { type FfmpegCore, type FfmpegCoreOptions } from "@ffmpeg/core";
import wasmUrl from "@ffmpeg/core/wasm?url";
import threadedCoreUrl from "@ffmpeg/core-mt?url";
import threadedWasmUrl from "@ffmpeg/core-mt/wasm?url";
import threadedWorkerUrl from "@ffmpeg/core-mt/worker?url";
import { MediaError } from "#codecs/media/media-error.ts";
import { attachCore, type LoadedCore } from "./ffmpeg-run.ts";

export type CoreKind = "single" | "threaded";

/** Size of @ffmpeg/core 0.12.10's wasm: the denominator of progress when the response is compressed (its Content-Length is then the compressed size). */
export const CORE_WASM_BYTES = 32_232_419;
/** The same for @ffmpeg/core-mt 0.12.10. */
export const THREADED_CORE_WASM_BYTES = 32_718_323;

let current: { kind: CoreKind; loading: Promise<LoadedCore> } | undefined;

/** The worker's core of that kind, loaded on first use; `progress` gets the download's fraction. */
export function loadCore(kind: CoreKind = "single", progress: (fraction: number) => void = () => {}): Promise<LoadedCore> {
  if (current && current.kind !== kind) dropCore();
  if (!current) {
    const loading: Promise<LoadedCore> = startLoading(kind, progress).catch((error: unknown) => {
      if (current?.loading === loading) current = undefined;
      throw error instanceof MediaError ? error : new MediaError("The converter's engine could not be loaded. Check the connection and try again.", "engine-load", { cause: error });
    });
    current = { kind, loading };
  }
  return current.loading;
}

/**
 * The core for `threads`: the threaded one when more than 1 is asked, unless it cannot load (offline,
 * where "Make available offline" stored only the single-thread core; a browser refusing its thread
 * workers), and then the single-thread one; with the threads it runs with.
 */
export async function coreForThreads(threads: number, progress?: (fraction: number) => void): Promise<{ loaded: LoadedCore; threads: number }> {
  if (threads > 1) {
    try {
      return { loaded: await loadCore("threaded", progress), threads };
    } catch (error) {
      console.warn("The threaded ffmpeg core did not load; the single-thread core runs instead.", error);
    }
  }
  return { loaded: await loadCore("single", progress), threads: 1 };
}

/** Forgets a core that cannot run again (it aborted), or the other kind, so the next call loads a new one. */
export function dropCore(): void {
  const dropped = current;
  current = undefined;
  // a threaded core's 32 thread workers would live on with its memory: end them
  dropped?.loading.then(({ core }) => core.PThread?.terminateAllThreads(), () => {});
}

/** A build asset's absolute URL: the threaded core's thread workers read its URLs from another file. */
const absolute = (url: string) => new URL(url, self.location.href).href;

async function startLoading(kind: CoreKind, progress: (fraction: number) => void): Promise<LoadedCore> {
  const threaded = kind === "threaded";
  const create = threaded ? ((await import(/* @vite-ignore */ absolute(threadedCoreUrl))) as { default: typeof createFFmpegCore }).default : createFFmpegCore;
  // Emscripten swallows a failed instantiateWasm and would wait forever: race it
  const failed = Promise.withResolvers<never>();
  const options: FfmpegCoreOptions = {
    instantiateWasm(imports, receive) {
      // the threaded core sends the compiled module to its thread workers: it needs both
      instantiate(threaded ? threadedWasmUrl : wasmUrl, threaded ? THREADED_CORE_WASM_BYTES : CORE_WASM_BYTES, imports, progress).then(({ instance, module }) => receive(instance, module), failed.reject);
      return {};
    },
  };
  if (threaded) {
    const urls = { wasmURL: absolute(threadedWasmUrl), workerURL: absolute(threadedWorkerUrl) };
    options.mainScriptUrlOrBlob = `${absolute(threadedCoreUrl)}#${btoa(JSON.stringify(urls))}`;
  }
  const core: FfmpegCore = await Promise.race([create(options), failed.promise]);
  return attachCore(core, dropCore, (text) => console.warn(text));
}

async function instantiate(url: string, bytes: number, imports: WebAssembly.Imports, progress: (fraction: number) => void): Promise<WebAssembly.WebAssemblyInstantiatedSource> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  const length = Number(response.headers.get("Content-Length"));
  const total = !response.headers.get("Content-Encoding") && length > 0 ? length : bytes;
  progress(0);
  // the fetched response itself goes to the compiler (so the browser can cache the compiled code
  // for this URL); a clone of it only counts the bytes as they arrive
  const counting = countBytes(response.clone(), (received) => progress(Math.min(0.99, received / total)));
  // a failed compile is the error to report; the count then has nobody waiting on it
  counting.catch(() => {});
  const source = await WebAssembly.instantiateStreaming(response, imports);
  await counting;
  return source;
}

/** Reads a body to its end, reporting the running byte count (1 is sent when the core is ready, not at the last byte). */
async function countBytes(response: Response, report: (received: number) => void): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) return;
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    received += value.byteLength;
    report(received);
  }
}
