// Loads the ffmpeg core (issue 13) once per worker, from our own origin: its ESM build is bundled
// into the worker, its wasm is a hashed asset fetched here and compiled while it streams in, so
// `load` reports real download progress. A core that crashed (out of memory, a trap) is dropped and
// the next call loads a fresh one; after a cancel the whole worker is gone and the wasm comes from the
// HTTP cache.
import createFFmpegCore from "@ffmpeg/core";
import wasmUrl from "@ffmpeg/core/wasm?url";
import { MediaError } from "#codecs/media/media-error.ts";
import { attachCore, type LoadedCore } from "./ffmpeg-run.ts";

/** Size of @ffmpeg/core 0.12.10's wasm: the denominator of progress when the response is compressed (its Content-Length is then the compressed size). */
export const CORE_WASM_BYTES = 32_232_419;

let loading: Promise<LoadedCore> | undefined;

/** The worker's core, loaded on first use; `progress` gets the download's fraction. */
export function loadCore(progress: (fraction: number) => void = () => {}): Promise<LoadedCore> {
  loading ??= startLoading(progress).catch((error: unknown) => {
    loading = undefined;
    throw error instanceof MediaError ? error : new MediaError("The converter's engine could not be loaded. Check the connection and try again.", "engine-load", { cause: error });
  });
  return loading;
}

/** Forgets a core that cannot run again (it aborted), so the next call loads a new one. */
export function dropCore(): void {
  loading = undefined;
}

async function startLoading(progress: (fraction: number) => void): Promise<LoadedCore> {
  // Emscripten swallows a failed instantiateWasm and would wait forever: race it
  const failed = Promise.withResolvers<never>();
  const ready = createFFmpegCore({
    instantiateWasm(imports, receive) {
      instantiate(imports, progress).then((instance) => receive(instance), failed.reject);
      return {};
    },
  });
  return attachCore(await Promise.race([ready, failed.promise]), dropCore, (text) => console.warn(text));
}

async function instantiate(imports: WebAssembly.Imports, progress: (fraction: number) => void): Promise<WebAssembly.Instance> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${wasmUrl}`);
  const length = Number(response.headers.get("Content-Length"));
  const total = !response.headers.get("Content-Encoding") && length > 0 ? length : CORE_WASM_BYTES;
  progress(0);
  // the fetched response itself goes to the compiler (so the browser can cache the compiled code
  // for this URL); a clone of it only counts the bytes as they arrive
  const counting = countBytes(response.clone(), (received) => progress(Math.min(0.99, received / total)));
  // a failed compile is the error to report; the count then has nobody waiting on it
  counting.catch(() => {});
  const { instance } = await WebAssembly.instantiateStreaming(response, imports);
  await counting;
  return instance;
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
