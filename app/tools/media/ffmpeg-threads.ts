// How many threads the ffmpeg engine gets for a file (decision 064). The threaded core needs a
// cross-origin isolated page (SharedArrayBuffer), costs about a second more to start (its pool of 32
// thread workers) and has a fixed 1 GiB of memory, so it is chosen only where threads pay: a video
// (decoding and encoding pictures run on threads; audio codecs do not), not too large for its memory,
// on a device with two cores or more. Everything else gets the single-thread core.
import { MAX_CODEC_THREADS } from "#codecs/media/ffmpeg-args.ts";

/** Inputs up to this size use the threaded core: its output lives in its fixed 1 GiB of memory. */
export const THREADED_MAX_INPUT_BYTES = 256 * 1024 * 1024;

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
  const threads = Math.min(cap ?? cores, cores, MAX_CODEC_THREADS);
  if (!isolated || threads < 2 || file.size > THREADED_MAX_INPUT_BYTES || !file.type.startsWith("video/")) return 1;
  return threads;
}

