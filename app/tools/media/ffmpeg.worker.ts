// The ffmpeg engine (issue 13): FFmpeg n5.1.4 compiled to wasm (@ffmpeg/core, or @ffmpeg/core-mt
// with threads on an isolated page: ./ffmpeg-core-loader.ts) for the containers and codecs
// WebCodecs cannot handle (AVI, FLV, MPEG-PS, WMA, Vorbis...). `exec` blocks this worker:
// cancelling terminates it and the next job loads the core again.
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import { coreForThreads } from "./ffmpeg-core-loader.ts";
import { convertFile, encodeStretch, joinStretches, probeFile } from "./ffmpeg-engine.ts";
import type { EncodedStretch, FfmpegProbeResult, FfmpegThreads, JoinRequest, JoinResult, MediaConvertRequest, MediaConvertResult, ProbeRequest, StretchRequest } from "./media-job.ts";

/** Loads the core (once per worker, of the kind the threads need); progress is the wasm's download. */
async function load(request: FfmpegThreads, { progress }: { progress(fraction: number): void }): Promise<{ ready: true }> {
  await coreForThreads(request.threads ?? 1, progress);
  return { ready: true };
}

// every log line is a heartbeat: `exec` blocks this worker, the page's watchdog ends a silent run
async function probe(request: ProbeRequest & FfmpegThreads, { alive }: WorkerContext): Promise<FfmpegProbeResult> {
  return { info: await probeFile(request.file, request.threads, alive) };
}

async function convert(request: MediaConvertRequest & FfmpegThreads, { progress, alive }: WorkerContext): Promise<MediaConvertResult> {
  return convertFile(request, progress, alive);
}

async function stretch(request: StretchRequest, { progress, alive, transfer }: WorkerContext): Promise<EncodedStretch> {
  const encoded = await encodeStretch(request, progress, alive);
  transfer(encoded.bytes.buffer);
  return encoded;
}

async function join(request: JoinRequest): Promise<JoinResult> {
  return joinStretches(request);
}

export const api = defineWorker({ load, probe, convert, stretch, join });
