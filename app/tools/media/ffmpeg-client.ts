// The page side of the ffmpeg engine (./ffmpeg.worker.ts, @ffmpeg/core), shared by every media tool
// on the page; the worker starts on the first call (./ffmpeg-engine.ts is its worker-side code).
import { createWorkerClient, type WorkerClient } from "../shared/worker-bridge.ts";
import type { api } from "./ffmpeg.worker.ts";

export type FfmpegClient = WorkerClient<typeof api>;

/**
 * The ffmpeg worker stays up longer than the default minute: loading its 32 MB core again costs
 * seconds even from the HTTP cache. Its heap never shrinks, so it does not stay up forever.
 */
const FFMPEG_IDLE_MS = 5 * 60_000;

const createFfmpegClient = (name: string): FfmpegClient =>
  createWorkerClient<typeof api>(() => new Worker(new URL("./ffmpeg.worker.ts", import.meta.url), { type: "module", name }), { idleMs: FFMPEG_IDLE_MS });

export const ffmpegClient: FfmpegClient = createFfmpegClient("media-ffmpeg");

/** Further ffmpeg workers, for the stretches of a sound encoded at once (./ffmpeg-stretches.ts); lane 0 is ffmpegClient. */
const laneClients = new Map<number, FfmpegClient>();

export function ffmpegLaneClient(lane: number): FfmpegClient {
  if (lane === 0) return ffmpegClient;
  let client = laneClients.get(lane);
  if (client === undefined) {
    client = createFfmpegClient(`media-ffmpeg-${lane}`);
    laneClients.set(lane, client);
  }
  return client;
}
