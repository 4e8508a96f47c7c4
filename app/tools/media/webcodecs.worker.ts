// The mediabunny engine (issue 13): probes and converts on WebCodecs, in this worker. The logic is in
// ./webcodecs/; the page talks to it through ./webcodecs-client.ts. Cancel = the bridge terminates the worker;
// a half-written OPFS output is removed by the next conversion.
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import type { MediaConvertRequest, MediaConvertResult, ProbeRequest, WebCodecsProbeResult } from "./media-job.ts";
import { convertFile } from "./webcodecs/convert.ts";
import { encoderSupport } from "./webcodecs/encoders.ts";
import { probeFile } from "./webcodecs/probe.ts";

// every read of the file and every packet written is a heartbeat for the page's stall watchdog
async function probe(request: ProbeRequest, { alive }: WorkerContext): Promise<WebCodecsProbeResult> {
  const [info, encoders] = await Promise.all([probeFile(request.file, alive), encoderSupport()]);
  return { info, encoders };
}

async function convert(request: MediaConvertRequest, { progress, alive }: WorkerContext): Promise<MediaConvertResult> {
  return convertFile(request, progress, alive);
}

export const api = defineWorker({ probe, convert });
