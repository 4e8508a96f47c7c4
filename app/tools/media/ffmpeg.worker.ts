// The ffmpeg engine (issue 13): FFmpeg n5.1.4 compiled to wasm (@ffmpeg/core, single thread) for
// the containers and codecs WebCodecs cannot handle (AVI, FLV, MPEG-PS, WMA, Vorbis...). `exec`
// blocks this worker: cancelling terminates it and the next job loads the core again.
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import { loadCore } from "./ffmpeg-core-loader.ts";
import { convertFile, probeFile } from "./ffmpeg-engine.ts";
import type { FfmpegProbeResult, MediaConvertRequest, MediaConvertResult, ProbeRequest } from "./media-job.ts";

/** Loads the core (once per worker); progress is the wasm's download. */
async function load(_request: Record<string, never>, { progress }: { progress(fraction: number): void }): Promise<{ ready: true }> {
  await loadCore(progress);
  return { ready: true };
}

// every log line is a heartbeat: `exec` blocks this worker, the page's watchdog ends a silent run
async function probe(request: ProbeRequest, { alive }: WorkerContext): Promise<FfmpegProbeResult> {
  return { info: await probeFile(request.file, alive) };
}

async function convert(request: MediaConvertRequest, { progress, alive }: WorkerContext): Promise<MediaConvertResult> {
  return convertFile(request, progress, alive);
}

export const api = defineWorker({ load, probe, convert });
