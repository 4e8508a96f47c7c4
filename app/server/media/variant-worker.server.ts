// Variant making off the main thread (decision 047): decoding, resizing and AVIF-encoding a photo
// is seconds of CPU, which on the main thread would hold every other visitor's request. One
// long-lived worker thread, started on the first upload, runs one job at a time (uploads are rare;
// later jobs wait their turn). A worker that throws, exits, or passes the time limit fails only
// its job (the upload then has no variants, as when a codec fails) and the next job gets a fresh
// worker. The worker is unref'd (it never keeps the process alive) and memory-limited.
import { createRequire } from "node:module";
import { Worker, type ResourceLimits } from "node:worker_threads";
import type { ImageKind } from "./image-size.server.ts";
import type { VariantJob, VariantReply } from "./variant-job.server.ts";
import type { EncodedVariant } from "./variants.server.ts";

/** Starts a timer and returns its cancel function (tests fire it by hand). */
export type StartTimer = (run: () => void, ms: number) => () => void;

// unref'd: a pending time limit never keeps the process alive either
const unrefTimer: StartTimer = (run, ms) => {
  const handle = setTimeout(run, ms).unref();
  return () => clearTimeout(handle);
};

export const VARIANT_TIME_LIMIT_MS = 60_000;
/** Heap caps only: pixels live in ArrayBuffers (a 16 MP image is 64 MB of RGBA) outside the V8 heap. */
export const VARIANT_WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };

/** The worker's entry resolved through package.json "imports": the same source file from the built
 * server (build/server/index.js) and from vitest; Node strips its types as it does for server.js. */
export function variantWorkerScript(): string {
  return createRequire(import.meta.url).resolve("#app/server/media/variants.worker.ts");
}

export class VariantWorkerFailure extends Error {
  override readonly name = "VariantWorkerFailure";
}

export interface VariantResult {
  variants: EncodedVariant[];
  /** the worker thread that made them (never the main thread's 0) */
  threadId: number;
}

export interface VariantWorkerSettings {
  /** the worker's entry; default variantWorkerScript() (tests start a faulty one) */
  script?: string | URL;
  /** a job still running after this long fails and its worker is ended */
  timeLimitMs?: number;
  /** the time limit's timer (the limit includes starting a fresh worker) */
  timer?: StartTimer;
  resourceLimits?: ResourceLimits;
}

export interface VariantWorker {
  /** the variants of one image; `bytes` is moved to the worker (its buffer is detached when it can be) */
  run(bytes: Uint8Array, kind: ImageKind): Promise<VariantResult>;
  /** ends the worker; a running job fails */
  close(): Promise<void>;
}

/** The whole buffer moves when the view covers it; otherwise only the view's bytes are copied. */
function movable(bytes: Uint8Array): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) return { bytes, transfer: [buffer] };
  const copy = bytes.slice();
  return { bytes: copy, transfer: [copy.buffer] };
}

export function createVariantWorker(settings: VariantWorkerSettings = {}): VariantWorker {
  const timeLimitMs = settings.timeLimitMs ?? VARIANT_TIME_LIMIT_MS;
  const timer = settings.timer ?? unrefTimer;
  let worker: Worker | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 1;

  const start = () => {
    const started = new Worker(settings.script ?? variantWorkerScript(), {
      name: "media-variants",
      resourceLimits: settings.resourceLimits ?? VARIANT_WORKER_LIMITS,
    });
    started.unref();
    return started;
  };

  const runOne = (input: Uint8Array, kind: ImageKind) =>
    new Promise<VariantResult>((resolve, reject) => {
      const current = (worker ??= start());
      const id = nextId++;
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        cancelTimer();
        current.off("message", onMessage).off("error", onError).off("exit", onExit).off("messageerror", onError);
        outcome();
      };
      // a worker that failed is never reused: the next job starts a fresh one
      const discard = (reason: string) =>
        settle(() => {
          if (worker === current) worker = undefined;
          void current.terminate();
          reject(new VariantWorkerFailure(reason));
        });
      const onMessage = (reply: VariantReply) => {
        if (reply.id !== id) return;
        settle(() => (reply.ok ? resolve({ variants: reply.variants, threadId: reply.threadId }) : reject(new VariantWorkerFailure(reply.message))));
      };
      const onError = (error: Error) => discard(`the variant worker crashed: ${error.message}`);
      const onExit = (code: number) => discard(`the variant worker exited (code ${code})`);
      current.on("message", onMessage).on("error", onError).on("exit", onExit).on("messageerror", onError);
      const cancelTimer = timer(() => discard(`the variants took longer than ${timeLimitMs} ms`), timeLimitMs);
      try {
        const { bytes, transfer } = movable(input);
        const job: VariantJob = { id, bytes, kind };
        current.postMessage(job, transfer);
      } catch (error) {
        discard(`the image could not be handed to the variant worker: ${error instanceof Error ? error.message : String(error)}`);
      }
    });

  return {
    run(bytes, kind) {
      const job = queue.then(() => runOne(bytes, kind));
      queue = job.catch(() => undefined);
      return job;
    },
    async close() {
      const current = worker;
      worker = undefined;
      await current?.terminate();
    },
  };
}

let shared: VariantWorker | undefined;

/** The server's one variant worker, started on first use. */
export function makeVariantsOffThread(bytes: Uint8Array, kind: ImageKind): Promise<VariantResult> {
  shared ??= createVariantWorker();
  return shared.run(bytes, kind);
}

/** Ends the shared worker (server shutdown); the next upload would start a new one. */
export async function closeVariantWorker(): Promise<void> {
  const current = shared;
  shared = undefined;
  await current?.close();
}
