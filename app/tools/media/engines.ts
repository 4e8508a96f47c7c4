// The page side of the two media engines: one lazily started worker client each, shared by every
// media tool on the page. Neither worker's code is in the page bundle (type-only imports).
import { createWorkerClient, type WorkerClient } from "../shared/worker-bridge";
import type { api as ffmpegApi } from "./ffmpeg.worker";
import type { api as webcodecsApi } from "./webcodecs.worker";

export type WebCodecsClient = WorkerClient<typeof webcodecsApi>;
export type FfmpegClient = WorkerClient<typeof ffmpegApi>;

let webcodecs: WebCodecsClient | undefined;
let ffmpeg: FfmpegClient | undefined;

export function webcodecsEngine(): WebCodecsClient {
  webcodecs ??= createWorkerClient<typeof webcodecsApi>(
    () => new Worker(new URL("./webcodecs.worker.ts", import.meta.url), { type: "module", name: "media-webcodecs" }),
  );
  return webcodecs;
}

/**
 * The ffmpeg worker stays up longer than the default minute: loading its 32 MB core again costs
 * seconds even from the HTTP cache. Its heap never shrinks, so it does not stay up forever.
 */
const FFMPEG_IDLE_MS = 5 * 60_000;

export function ffmpegEngine(): FfmpegClient {
  ffmpeg ??= createWorkerClient<typeof ffmpegApi>(
    () => new Worker(new URL("./ffmpeg.worker.ts", import.meta.url), { type: "module", name: "media-ffmpeg" }),
    { idleMs: FFMPEG_IDLE_MS },
  );
  return ffmpeg;
}
