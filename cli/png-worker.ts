// A worker thread of ./png-pool.ts: compresses PNG chunks (../codecs/png/parallel-deflate.ts), and
// for DDS input decodes the chunk's block rows first (../codecs/dds/png-chunks.ts). Each chunk's
// compressed bytes are moved back, not copied.
import module from "node:module";
import { encodeDdsRowsJob, type DdsRowsJob } from "#codecs/dds/png-chunks.ts";
import { encodePngRowsJob, type PngRowsJob } from "#codecs/png/parallel-deflate.ts";
import { serveJobs } from "./worker-pool.ts";

// as cli/launch.js does for the main thread: V8 keeps the compiled code between runs
module.enableCompileCache?.();

export type PngPoolJob = PngRowsJob | DdsRowsJob;

serveJobs((job: PngPoolJob) => {
  const chunk = job.kind === "dds-rows" ? encodeDdsRowsJob(job) : encodePngRowsJob(job);
  return { result: chunk, transfer: [chunk.data.buffer] };
});
