// Placeholder until the mediabunny engine lands (issue 13): refuses every call with a typed failure.
import { MediaError } from "#codecs/media/media-error.ts";
import { defineWorker } from "../shared/worker-runtime";
import type { MediaConvertRequest, MediaConvertResult, ProbeRequest, WebCodecsProbeResult } from "./media-job";

async function probe(_request: ProbeRequest): Promise<WebCodecsProbeResult> {
  throw new MediaError("The WebCodecs engine is not built yet.", "engine-failed");
}

async function convert(_request: MediaConvertRequest): Promise<MediaConvertResult> {
  throw new MediaError("The WebCodecs engine is not built yet.", "engine-failed");
}

export const api = defineWorker({ probe, convert });
