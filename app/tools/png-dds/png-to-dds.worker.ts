// PNG to DDS in a worker (./png-to-dds-convert.ts); the DDS bytes are transferred, not copied.
import { readFileBytes } from "../image-common/read-file-bytes.ts";
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import { convertPngToDds } from "./png-to-dds-convert.ts";
import type { PngToDdsRequest, PngToDdsResult } from "./png-to-dds-job.ts";

async function convert({ file, ...options }: PngToDdsRequest, { progress, transfer }: WorkerContext): Promise<PngToDdsResult> {
  const bytes = await readFileBytes(file, "PNG");
  const result = convertPngToDds(bytes, options, progress);
  transfer(result.dds.buffer);
  return result;
}

export const api = defineWorker({ convert });
