// The work of a ./png-pool.ts worker (./png-chunk.worker.ts serves it; tests run it in-process):
// filters and compresses its share of a PNG's chunks (#codecs/png/parallel-deflate.ts), decoding
// the block rows first for DDS input (#codecs/dds/png-chunks.ts). The compressed chunks are
// transferred back, not copied.
import { encodeDdsRowsJob, type DdsRowsJob } from "#codecs/dds/png-chunks.ts";
import { encodePngRowsJob, type PngChunk, type PngRowsJob } from "#codecs/png/parallel-deflate.ts";
import type { WorkerContext } from "./worker-runtime.ts";

export type PngPoolJob = PngRowsJob | DdsRowsJob;

export interface ChunksRequest {
  jobs: PngPoolJob[];
}

/** Runs the jobs in order; progress is the share of them done. */
export async function chunks({ jobs }: ChunksRequest, { progress, transfer }: WorkerContext): Promise<PngChunk[]> {
  const out: PngChunk[] = [];
  for (const job of jobs) {
    const chunk = job.kind === "dds-rows" ? encodeDdsRowsJob(job) : encodePngRowsJob(job);
    transfer(chunk.data.buffer);
    out.push(chunk);
    progress(out.length / jobs.length);
  }
  return out;
}
