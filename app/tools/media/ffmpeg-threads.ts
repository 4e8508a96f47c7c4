// How many threads the ffmpeg engine gets for a file (decision 064). The threaded core needs a
// cross-origin isolated page (SharedArrayBuffer), costs about a second more to start (its pool of 32
// thread workers) and ~270 MB more memory, and has a fixed 1 GiB heap, so it is chosen only where
// threads can pay: a video (pictures are decoded and encoded on threads; audio codecs use one), not
// too large for its heap, on a device with cores to spare. Measured on 2 cores it gained nothing (the
// second core is busy compiling the core's 32 MB of wasm to optimised code while the job runs), so
// by default it starts from MIN_THREADED_CORES; a thread cap of 2 or more (../shared/thread-cap.ts,
// as the benchmark and the e2e test set it) asks for it on any device.
import { MAX_CODEC_THREADS } from "#codecs/media/ffmpeg-args.ts";

/** Inputs up to this size use the threaded core: its output lives in its fixed 1 GiB of memory. */
export const THREADED_MAX_INPUT_BYTES = 256 * 1024 * 1024;
/** Without a thread cap, the threaded core runs on devices with at least this many cores. */
export const MIN_THREADED_CORES = 4;

export interface ThreadsContext {
  /** `crossOriginIsolated` of the page */
  isolated: boolean;
  /** `navigator.hardwareConcurrency` */
  cores: number;
  /** the browser's thread cap (../shared/thread-cap.ts), if set */
  cap: number | undefined;
}

/** The threads for `file` (1: the single-thread core). */
export function ffmpegThreads(file: Pick<File, "size" | "type">, { isolated, cores, cap }: ThreadsContext): number {
  if (!isolated || file.size > THREADED_MAX_INPUT_BYTES || !file.type.startsWith("video/")) return 1;
  if (cap === undefined) return cores >= MIN_THREADED_CORES ? Math.min(cores, MAX_CODEC_THREADS) : 1;
  const threads = Math.min(cap, cores, MAX_CODEC_THREADS);
  return threads >= 2 ? threads : 1;
}
