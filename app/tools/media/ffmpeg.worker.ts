// The ffmpeg engine (issue 13): FFmpeg n5.1.4 compiled to wasm (@ffmpeg/core, single thread) for
// the containers and codecs WebCodecs cannot handle (AVI, FLV, MPEG-PS, WMA, Vorbis...). `exec`
// blocks this worker: cancelling terminates it and the next job loads the core again.
import { defineWorker } from "../shared/worker-runtime";
import { loadCore } from "./ffmpeg-core-loader";
import { convertFile, probeFile } from "./ffmpeg-engine";
import type { FfmpegProbeResult, MediaConvertRequest, MediaConvertResult, ProbeRequest } from "./media-job";

/** Loads the core (once per worker); progress is the wasm's download. */
async function load(_request: Record<string, never>, { progress }: { progress(fraction: number): void }): Promise<{ ready: true }> {
  await loadCore(progress);
  return { ready: true };
}

async function probe(request: ProbeRequest): Promise<FfmpegProbeResult> {
  return { info: await probeFile(request.file) };
}

async function convert(request: MediaConvertRequest, { progress }: { progress(fraction: number): void }): Promise<MediaConvertResult> {
  return convertFile(request, progress);
}

export const api = defineWorker({ load, probe, convert });
