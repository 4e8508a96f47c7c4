// Placeholder until the ffmpeg engine lands (issue 13): refuses every call with a typed failure.
import { MediaError } from "#codecs/media/media-error.ts";
import { defineWorker } from "../shared/worker-runtime";
import type { FfmpegProbeResult, MediaConvertRequest, MediaConvertResult, ProbeRequest } from "./media-job";

async function load(_request: Record<string, never>): Promise<{ ready: true }> {
  throw new MediaError("The ffmpeg engine is not built yet.", "engine-load");
}

async function probe(_request: ProbeRequest): Promise<FfmpegProbeResult> {
  throw new MediaError("The ffmpeg engine is not built yet.", "engine-failed");
}

async function convert(_request: MediaConvertRequest): Promise<MediaConvertResult> {
  throw new MediaError("The ffmpeg engine is not built yet.", "engine-failed");
}

export const api = defineWorker({ load, probe, convert });
