// PNG to DDS in a worker (./png-to-dds-convert.ts); the DDS bytes are transferred, not copied.
import { readFileBytes } from "../image-common/read-file-bytes";
import { serveJobs } from "../shared/worker-runtime";
import { convertPngToDds } from "./png-to-dds-convert";
import type { PngToDdsRequest, PngToDdsResult } from "./png-to-dds-job";

serveJobs<PngToDdsRequest, PngToDdsResult>(async ({ file, ...options }, { progress }) => {
  const bytes = await readFileBytes(file, "PNG");
  const result = convertPngToDds(bytes, options, progress);
  return { result, transfer: [result.dds.buffer] };
});
