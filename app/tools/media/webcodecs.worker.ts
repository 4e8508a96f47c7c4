// The mediabunny engine (issue 13): probes and converts on WebCodecs, in this worker. The logic is in
// ./webcodecs/; the page talks to it through ./engines.ts. Cancel = the bridge terminates the worker;
// a half-written OPFS output is removed by the next conversion.
import { defineWorker } from "../shared/worker-runtime";
import type { MediaConvertRequest, MediaConvertResult, ProbeRequest, WebCodecsProbeResult } from "./media-job";
import { convertFile } from "./webcodecs/convert";
import { encoderSupport } from "./webcodecs/encoders";
import { probeFile } from "./webcodecs/probe";

async function probe(request: ProbeRequest): Promise<WebCodecsProbeResult> {
  const [info, encoders] = await Promise.all([probeFile(request.file), encoderSupport()]);
  return { info, encoders };
}

async function convert(request: MediaConvertRequest, { progress }: { progress(fraction: number): void }): Promise<MediaConvertResult> {
  return convertFile(request, progress);
}

export const api = defineWorker({ probe, convert });
