// The CLI's PNG output on several threads: the image's rows are filtered and compressed in chunks
// (../codecs/png/parallel-deflate.ts) by a pool of worker threads (./worker-pool.ts, workers from
// ./png-worker.ts), and for BC1-BC5 DDS input the workers decode their chunk's block rows too
// (../codecs/dds/png-chunks.ts). Same pixels and colour type as encodePng; one thread when the
// machine has one core or the image is small (docs/decisions/059-parallel-png.md), and then BC1-BC5
// chunks are decoded and compressed here, one after another.
// CONVERT_THREADS=n caps the threads (1: always one thread; n >= 2 also lifts the size threshold).
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { decodeDds, type DecodeDdsOptions } from "#codecs/dds/index.ts";
import { encodeDdsRowsJob, planDdsPng } from "#codecs/dds/png-chunks.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { encodePng } from "#codecs/png/index.ts";
import { chunkable, planPng, pngParts, type PngChunk, type PngPlan } from "#codecs/png/parallel-deflate.ts";
import type { PngPoolJob } from "./png-worker.ts";
import { WorkerPool } from "./worker-pool.ts";

/** Chunks (of CHUNK_BYTES filtered bytes) below which one thread is faster: starting workers costs more than they save. */
export const MIN_PARALLEL_CHUNKS = 4;

// Run from source this file is cli/png-pool.ts; built, it is in a chunk at the top of build/cli/
// (scripts/build-cli.ts keeps it there) beside the worker's entry, png-worker.js
const MODULE_EXTENSION = import.meta.url.endsWith(".ts") ? ".ts" : ".js";
const WORKER_URL = new URL(`./png-worker${MODULE_EXTENSION}`, import.meta.url);

export interface ThreadSetting {
  /** the most threads to use */
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

/** Whether `chunks` chunks go to worker threads. */
export function useThreads(chunks: number, setting: ThreadSetting): boolean {
  return setting.threads >= 2 && chunks >= (setting.forced ? 2 : MIN_PARALLEL_CHUNKS);
}

let shared: WorkerPool | undefined;
/** The process's pool, made on first use (its workers start when a run needs them, or on warm()). */
function pool(setting: ThreadSetting): WorkerPool {
  shared ??= new WorkerPool(() => new Worker(WORKER_URL), setting.threads);
  return shared;
}

/** Worker threads alive now. */
export const poolThreads = (): number => shared?.threads ?? 0;

/** Stops the pool's workers (tests; the CLI's idle workers never keep the process alive). */
export async function shutDownPool(): Promise<void> {
  await shared?.close();
  shared = undefined;
}

/** Starts the workers ahead of a conversion that will likely need them (they boot while the input is parsed). */
export function warmPool(setting = threadSetting()): void {
  if (setting.threads >= 2) pool(setting).start();
}

/** Runs the plan's jobs on the pool: the PNG file in pieces. */
async function runPlan(plan: PngPlan<PngPoolJob>, setting: ThreadSetting): Promise<Uint8Array[]> {
  const chunks = await pool(setting).run<PngChunk>(plan.ranges.length, (index) => {
    const job = plan.job(index);
    return { message: job, transfer: [job.kind === "dds-rows" ? job.blocks.buffer : job.pixels.buffer] };
  });
  return pngParts(plan.layout, chunks);
}

/** encodePng at the default level, on worker threads when that is faster: the file in pieces (writeOutput takes them). Throws PngError. */
export async function encodePngThreads(image: RgbaImage, setting = threadSetting()): Promise<Uint8Array[]> {
  if (setting.threads < 2 || !chunkable()) return [encodePng(image)];
  const plan = planPng(image);
  return useThreads(plan.ranges.length, setting) ? runPlan(plan, setting) : [encodePng(image)];
}

/**
 * One surface of a DDS file as a PNG: the pixels and colour type of encodePng(decodeDds(...)). A
 * BC1-BC5 surface is decoded and compressed chunk by chunk, on worker threads when that is faster,
 * else here (either way the whole decoded image never exists: touching that much fresh memory
 * costs more than decoding it); other formats are decoded whole, then encoded. Throws DdsError.
 */
export async function ddsToPngThreads(bytes: Uint8Array, options: Omit<DecodeDdsOptions, "budget">, setting = threadSetting()): Promise<{ png: Uint8Array[]; width: number; height: number }> {
  const plan = planDdsPng(bytes, options);
  if (plan && useThreads(plan.ranges.length, setting)) return { png: await runPlan(plan, setting), ...size(plan) };
  if (plan) return { png: pngParts(plan.layout, plan.ranges.map((_, index) => encodeDdsRowsJob(plan.job(index)))), ...size(plan) };
  const image = decodeDds(bytes, options);
  return { png: await encodePngThreads(image, setting), width: image.width, height: image.height };
}

const size = (plan: PngPlan<unknown>) => ({ width: plan.layout.width, height: plan.layout.height });
