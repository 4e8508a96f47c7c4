// The CLI's PNG output on several threads: the image's rows are filtered and compressed in chunks
// (../codecs/png/parallel-deflate.ts) by this thread and a pool of worker threads (./worker-pool.ts,
// workers from ./png-worker.ts), one thread per core; for BC1-BC5 DDS input each chunk's block
// rows are decoded by the thread that compresses it (../codecs/dds/png-chunks.ts), so the whole
// decoded image never exists (touching that much fresh memory costs more than decoding it). Same
// pixels and colour type as encodePng. No workers on one core or for a small image
// (docs/decisions/059-parallel-png.md): the chunks then run here, one after another.
// CONVERT_THREADS=n caps the threads (1: always one thread; n >= 2 also lifts the size threshold).
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { decodeDds, parseDds, selectSurface, type DecodeDdsOptions } from "#codecs/dds/index.ts";
import { encodeDdsRowsJob, planDdsPng } from "#codecs/dds/png-chunks.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { encodePng } from "#codecs/png/index.ts";
import { CHUNK_BYTES, chunkable, encodePngRowsJob, planPng, pngParts, type PngChunk, type PngPlan } from "#codecs/png/parallel-deflate.ts";
import type { PngPoolJob } from "./png-worker.ts";
import { WorkerPool } from "./worker-pool.ts";

/**
 * Chunks (of CHUNK_BYTES filtered bytes) from which worker threads join in. Measured in a fresh
 * process on 2 cores (decision 059): a worker's boot and its cold JIT (compiled on the same two
 * cores) slow this thread as much as the worker helps until about 16 MP (48 chunks: a tie), and
 * cost 0.2 s at 4 MP; at 67 MP (192 chunks) they save 22%.
 */
export const MIN_PARALLEL_CHUNKS = 128;

// Run from source this file is cli/png-pool.ts; built, it is in a chunk at the top of build/cli/
// (scripts/build-cli.ts keeps it there) beside the worker's entry, png-worker.js
const MODULE_EXTENSION = import.meta.url.endsWith(".ts") ? ".ts" : ".js";
const WORKER_URL = new URL(`./png-worker${MODULE_EXTENSION}`, import.meta.url);

export interface ThreadSetting {
  /** the most threads to use, this one included */
  threads: number;
  /** set by CONVERT_THREADS: no size threshold */
  forced: boolean;
}

/** CONVERT_THREADS (a whole number from 1) or the machine's cores. */
export function threadSetting(env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): ThreadSetting {
  const asked = Number(env.CONVERT_THREADS);
  if (env.CONVERT_THREADS !== undefined && Number.isInteger(asked) && asked >= 1) return { threads: asked, forced: true };
  return { threads: cores, forced: false };
}

/** Whether an image of `chunks` chunks gets worker threads beside this one. */
export function useThreads(chunks: number, setting: ThreadSetting): boolean {
  return setting.threads >= 2 && chunks >= (setting.forced ? 2 : MIN_PARALLEL_CHUNKS);
}

let shared: WorkerPool | undefined;
/** The process's pool: threads - 1 workers (this thread is the other), started when a run needs them or on warmPool(). */
function pool(setting: ThreadSetting): WorkerPool {
  shared ??= new WorkerPool(() => new Worker(WORKER_URL), setting.threads - 1);
  return shared;
}

/** Worker threads alive now. */
export const poolThreads = (): number => shared?.threads ?? 0;

/** Stops the pool's workers (tests; the CLI's idle workers never keep the process alive). */
export async function shutDownPool(): Promise<void> {
  await shared?.close();
  shared = undefined;
}

/** Starts the workers an image of `chunks` chunks gets, ahead of the work (they boot while the input is parsed and scanned). */
export function warmPool(chunks: number, setting = threadSetting()): void {
  if (useThreads(chunks, setting)) pool(setting).start(chunks - 1);
}

/** The fewest chunks an image of this size makes (every pixel opaque: RGB), known before its pixels are read. */
const fewestChunks = (width: number, height: number) => Math.floor(((width * 3 + 1) * height) / CHUNK_BYTES);

const runJob = (job: PngPoolJob): PngChunk => (job.kind === "dds-rows" ? encodeDdsRowsJob(job) : encodePngRowsJob(job));

/** Runs the plan's jobs, on this thread and the workers when the image is large enough: the PNG file in pieces. */
async function runPlan(plan: PngPlan<PngPoolJob>, setting: ThreadSetting): Promise<Uint8Array[]> {
  const count = plan.ranges.length;
  // this thread's jobs read the input where it is; a worker's get a copy, moved to it
  const local = (index: number) => runJob(plan.job(index, false));
  if (!useThreads(count, setting)) return pngParts(plan.layout, plan.ranges.map((_, index) => local(index)));
  const chunks = await pool(setting).run<PngChunk>(
    count,
    (index) => {
      const job = plan.job(index);
      return { message: job, transfer: [job.kind === "dds-rows" ? job.blocks.buffer : job.pixels.buffer] };
    },
    { local },
  );
  return pngParts(plan.layout, chunks);
}

/** encodePng at the default level, with worker threads when that is faster: the file in pieces (writeOutput takes them). Throws PngError. */
export async function encodePngThreads(image: RgbaImage, setting = threadSetting()): Promise<Uint8Array[]> {
  const fewest = fewestChunks(image.width, image.height);
  if (!chunkable() || !useThreads(fewest, setting)) return [encodePng(image)];
  warmPool(fewest, setting);
  return runPlan(planPng(image), setting);
}

/**
 * One surface of a DDS file as a PNG: the pixels and colour type of encodePng(decodeDds(...)). A
 * BC1-BC5 surface is decoded and compressed chunk by chunk, with worker threads when that is
 * faster; other formats are decoded whole, then encoded. Throws DdsError.
 */
export async function ddsToPngThreads(bytes: Uint8Array, options: Omit<DecodeDdsOptions, "budget">, setting = threadSetting()): Promise<{ png: Uint8Array[]; width: number; height: number }> {
  // the header says the size: the workers boot while the blocks are scanned for alpha
  const surface = selectSurface(parseDds(bytes), options);
  warmPool(fewestChunks(surface.width, surface.height), setting);
  const plan = planDdsPng(bytes, options);
  if (plan) return { png: await runPlan(plan, setting), width: plan.layout.width, height: plan.layout.height };
  const image = decodeDds(bytes, options);
  return { png: await encodePngThreads(image, setting), width: image.width, height: image.height };
}
