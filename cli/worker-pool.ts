// A small pool of worker_threads for the CLI's parallel work (./png-pool.ts): jobs numbered 0..n-1
// go to whichever worker is free, one at a time each, and the results come back in job order. The
// workers start on first use (or start()), stay for the next run, and do not keep the process alive
// while idle. A job that throws fails the run with the worker's error (a CodecFailure keeps its
// message and code, so the CLI prints it as it would have from this thread); a worker that dies
// (uncaught error, exit, unreadable message) fails it with a clear message; aborting fails it with
// an AbortError. After a failure or an abort every worker is terminated; the next run starts fresh.
//
// The worker side: serveJobs(handler) in the worker's module (./png-worker.ts).
import { parentPort, Worker, type Transferable } from "node:worker_threads";
import { CodecFailure } from "#codecs/common/codec-failure.ts";

/** main → worker */
interface JobMessage {
  id: number;
  job: unknown;
}

/** worker → main */
type ReplyMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; name: string; message: string; code?: string; detail?: string };

/** A job's message and the buffers moved (not copied) with it. */
export interface PoolJob {
  message: unknown;
  transfer?: readonly Transferable[];
}

/** A CodecFailure thrown by a job inside a worker, rebuilt here with its name, code, message and detail. */
export class WorkerJobFailure extends CodecFailure<string> {
  override readonly name: string;
  constructor(name: string, message: string, code: string, detail?: string) {
    super(message, code, detail === undefined ? undefined : { detail });
    this.name = name;
  }
}

/** A worker thread died instead of answering: a bug or the machine's limits, not the input. */
export class WorkerThreadCrash extends Error {
  override readonly name = "WorkerThreadCrash";
}

export function abortError(): DOMException {
  return new DOMException("The conversion was cancelled.", "AbortError");
}

interface Slot {
  worker: Worker;
  /** the job running on it, if any */
  job: number | undefined;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** called as each job's result arrives (in the order they finish) */
  onResult?: (index: number, result: unknown) => void;
}

export class WorkerPool {
  private readonly createWorker: () => Worker;
  private readonly size: number;
  private slots: Slot[] = [];
  private running = false;

  /** `size`: the most workers it runs at once. */
  constructor(createWorker: () => Worker, size: number) {
    this.createWorker = createWorker;
    this.size = Math.max(1, Math.floor(size));
  }

  /** Worker threads alive now. */
  get threads(): number {
    return this.slots.length;
  }

  /** Starts up to `count` workers now (each takes tens of milliseconds to boot: start them before other work). */
  start(count = this.size): void {
    while (this.slots.length < Math.min(count, this.size)) {
      const worker = this.createWorker();
      worker.unref();
      // a worker that dies between runs is dropped (a run in progress fails on its own listener)
      worker.once("exit", () => {
        this.slots = this.slots.filter((s) => s.worker !== worker);
      });
      this.slots.push({ worker, job: undefined });
    }
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    const slots = this.slots;
    this.slots = [];
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** Runs jobs 0..count-1 (made by `job` when dispatched) on up to `size` workers; resolves with their results in order. */
  run<Result>(count: number, job: (index: number) => PoolJob, options: RunOptions = {}): Promise<Result[]> {
    if (this.running) return Promise.reject(new Error("WorkerPool.run: a run is already going on"));
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError());
    const results: Result[] = Array.from({ length: count });
    if (count === 0) return Promise.resolve(results);
    this.running = true;
    this.start(count);
    const slots = this.slots;
    const { promise, resolve, reject } = Promise.withResolvers<Result[]>();
    let next = 0;
    let done = 0;
    let settled = false;
    const cleanups: (() => void)[] = [];

    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      this.running = false;
      for (const cleanup of cleanups) cleanup();
      if (error === undefined) {
        for (const s of slots) s.worker.unref();
        resolve(results);
      } else {
        // a worker may be deep in a job: only terminating stops it
        void this.close();
        reject(error);
      }
    };

    const dispatch = (slot: Slot) => {
      if (settled) return;
      if (next >= count) {
        slot.job = undefined;
        slot.worker.unref();
        return;
      }
      const index = next++;
      slot.job = index;
      slot.worker.ref();
      let made: PoolJob;
      try {
        made = job(index);
        slot.worker.postMessage({ id: index, job: made.message } satisfies JobMessage, made.transfer ?? []);
      } catch (error) {
        settle(error);
      }
    };

    for (const slot of slots) {
      const { worker } = slot;
      const onMessage = (reply: ReplyMessage) => {
        if (settled || reply.id !== slot.job) return;
        if (!reply.ok) {
          settle(reply.code === undefined ? new Error(`${reply.name}: ${reply.message}`) : new WorkerJobFailure(reply.name, reply.message, reply.code, reply.detail));
          return;
        }
        results[reply.id] = reply.result as Result;
        done += 1;
        options.onResult?.(reply.id, reply.result);
        if (done === count) settle();
        else dispatch(slot);
      };
      const onError = (error: Error) => settle(new WorkerThreadCrash(`A worker thread stopped: ${error.message}`, { cause: error }));
      const onExit = (code: number) => settle(new WorkerThreadCrash(`A worker thread exited unexpectedly (exit code ${code}).`));
      const onMessageError = () => settle(new WorkerThreadCrash("A worker thread sent a message that could not be read."));
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      worker.on("messageerror", onMessageError);
      cleanups.push(() => {
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        worker.off("messageerror", onMessageError);
      });
    }
    if (signal) {
      const onAbort = () => settle(abortError());
      signal.addEventListener("abort", onAbort, { once: true });
      cleanups.push(() => signal.removeEventListener("abort", onAbort));
    }
    for (const slot of slots) dispatch(slot);
    return promise;
  }
}

/** In a worker's module: answers each job with `handler`'s result (its buffers moved, not copied) or its error. */
export function serveJobs(handler: (job: never) => { result: unknown; transfer?: readonly Transferable[] }): void {
  const port = parentPort;
  if (!port) throw new Error("serveJobs runs in a worker thread");
  port.on("message", ({ id, job }: JobMessage) => {
    let reply: ReplyMessage;
    let transfer: readonly Transferable[] = [];
    try {
      const done = handler(job as never);
      reply = { id, ok: true, result: done.result };
      transfer = done.transfer ?? [];
    } catch (error) {
      reply = { id, ok: false, ...describeError(error) };
    }
    port.postMessage(reply, transfer);
  });
}

function describeError(error: unknown): { name: string; message: string; code?: string; detail?: string } {
  if (error instanceof CodecFailure) return { name: error.name, message: error.message, code: error.code, ...(error.detail === undefined ? {} : { detail: error.detail }) };
  if (error instanceof Error) return { name: error.name || "Error", message: error.message };
  return { name: "Error", message: String(error) };
}
