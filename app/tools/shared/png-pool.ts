// PNG encoding on several Web Workers (docs/decisions/059-parallel-png.md): the chunk jobs of a
// plan (#codecs/png/parallel-deflate.ts, #codecs/dds/png-chunks.ts) are shared out among plain
// workers (./png-chunk.worker.ts), each reached through its own worker bridge (./worker-bridge.ts):
// started on first use, abortable (the worker is terminated), crash-safe (a worker that dies fails
// the encoding with WorkerCrash; the others are stopped too, nothing waits for ever). Buffers are
// transferred both ways, so no SharedArrayBuffer and no cross-origin isolation is needed.
//
// Used from inside a tool's worker (the DDS worker starts these as nested workers): each worker
// gets its whole share of the jobs in one call (chunks i, i + n, i + 2n...), so the calling thread
// may do other work meanwhile (the DDS page's preview) without leaving the pool idle.
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { encodePng } from "#codecs/png/index.ts";
import { CHUNK_BYTES, chunkable, planPng, pngParts, type PngChunk, type PngPlan } from "#codecs/png/parallel-deflate.ts";
import type { api } from "./png-chunk.worker.ts";
import type { PngPoolJob } from "./png-chunks.ts";
import { abortError, createWorkerClient, type WorkerClient } from "./worker-bridge.ts";

export type { PngPoolJob };

/**
 * Chunks (of CHUNK_BYTES filtered bytes) from which the workers are used, unless a thread cap is
 * set (../shared/thread-cap.ts: then from 2). Measured in Chromium on 2 cores (decision 059): at
 * 16 MP (48 chunks) the pool saves nothing, cold or warm (the tool's worker, making the preview,
 * is the longer path, and the workers' cold JIT shares the two cores); at 67 MP it saves 0-17%.
 */
export const MIN_POOL_CHUNKS = 128;
/** The fewest chunks from which a pool whose threads were set (forced) uses its workers. */
export const MIN_FORCED_CHUNKS = 2;
/** Most workers started: past this the chunks' copies cost memory for little gain. */
export const MAX_POOL_WORKERS = 8;

export interface PoolRunOptions {
  signal?: AbortSignal;
  /** fraction of the chunks compressed, in [0, 1] */
  onProgress?: (fraction: number) => void;
}

export class PngPool {
  private readonly createWorker: () => Worker;
  private readonly threads: number;
  private readonly forced: boolean;
  private readonly clients: WorkerClient<typeof api>[] = [];

  /**
   * `threads`: the most workers it runs (at most MAX_POOL_WORKERS); set, it also lifts the size
   * threshold (MIN_FORCED_CHUNKS). Unset: the device's logical cores (`cores`).
   */
  constructor(createWorker: () => Worker, threads?: number, cores = defaultThreads()) {
    this.createWorker = createWorker;
    this.forced = threads !== undefined;
    this.threads = Math.max(1, Math.min(MAX_POOL_WORKERS, Math.floor(threads ?? cores)));
  }

  /** Whether a plan of `chunks` chunks is worth running here rather than on the calling thread. */
  worth(chunks: number): boolean {
    return this.threads >= 2 && chunks >= (this.forced ? MIN_FORCED_CHUNKS : MIN_POOL_CHUNKS);
  }

  /** Runs every job of `plan` on up to `threads` workers: the PNG file in pieces (a Blob takes them as they are). */
  async run(plan: PngPlan<PngPoolJob>, options: PoolRunOptions = {}): Promise<Uint8Array[]> {
    const { signal, onProgress } = options;
    if (signal?.aborted) throw abortError();
    const count = plan.ranges.length;
    const n = Math.min(this.threads, count);
    while (this.clients.length < n) this.clients.push(createWorkerClient<typeof api>(this.createWorker));
    // one failure (or the caller's abort) stops every worker's call
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = Array.from({ length: n }, () => 0);
    const shares = Array.from({ length: n }, (_, k) => Array.from({ length: Math.ceil((count - k) / n) }, (__, j) => k + j * n));
    let failure: unknown;
    try {
      const results = await Promise.all(
        shares.map(async (indices, k) => {
          const jobs = indices.map((index) => plan.job(index));
          try {
            return await this.clients[k]!.chunks(
              { jobs },
              {
                signal: stop.signal,
                transfer: jobs.map((job) => (job.kind === "dds-rows" ? job.blocks.buffer : job.pixels.buffer)),
                onProgress: (fraction) => {
                  done[k] = fraction * indices.length;
                  onProgress?.(done.reduce((a, b) => a + b, 0) / count);
                },
              },
            );
          } catch (error) {
            // the first failure is the one to report; the others are its consequence (aborted)
            failure ??= error;
            stop.abort();
            throw error;
          }
        }),
      ).catch((error: unknown) => {
        throw signal?.aborted ? abortError() : (failure ?? error);
      });
      // chunk i is share i % n's (i / n)th
      const chunks: PngChunk[] = Array.from({ length: count }, (_, i) => results[i % n]![Math.floor(i / n)]!);
      return pngParts(plan.layout, chunks);
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /**
   * encodePng at the default level: on the workers when the image is large enough (worth()), else
   * here. The PNG file in pieces. Throws PngError.
   */
  async encode(image: RgbaImage, options: PoolRunOptions = {}): Promise<Uint8Array[]> {
    // at least this many chunks, when every pixel is opaque (RGB): cheap to know, no scan of the pixels
    const fewest = Math.floor((image.width * 3 + 1) * image.height / CHUNK_BYTES);
    if (!this.worth(fewest) || !chunkable()) return [encodePng(image, { onProgress: options.onProgress })];
    return this.run(planPng(image), options);
  }

  /** Stops every worker now (a call still running is rejected with an AbortError). */
  terminate(): void {
    for (const client of this.clients.splice(0)) client.terminate();
  }
}

/** The device's logical cores; 1 where a worker cannot start workers of its own (no Worker constructor there). */
function defaultThreads(): number {
  if (typeof Worker !== "function") return 1;
  return typeof navigator === "object" && navigator.hardwareConcurrency > 0 ? navigator.hardwareConcurrency : 1;
}
