// A small pool of worker_threads for the CLI's parallel work (./png-pool.ts): jobs numbered 0..n-1
// go to whichever thread is free, and the results come back in job order. The calling thread can
// take jobs too (`local`): on a machine of n cores the pool then has n - 1 workers, so the jobs
// start at once on this thread while the workers boot, and no core waits for a worker's start.
// With `local`, a worker gets jobs only once its module has loaded (it says so), two at a time so
// it never waits for this thread between jobs. The workers start on first use (or start()), stay for the
// next run, and do not keep the process alive while idle. A job that throws fails the run with
// its error (a CodecFailure from a worker keeps its message and code, so the CLI prints it as it
// would have from this thread); a worker that dies (uncaught error, exit, unreadable message) fails
// it with a clear message; aborting fails it with an AbortError. After a failure or an abort every
// worker is terminated; the next run starts fresh ones.
//
// The worker side: serveJobs(handler) in the worker's module (./png-worker.ts).
import { parentPort, Worker, type Transferable } from "node:worker_threads";
import { CodecFailure } from "#codecs/common/codec-failure.ts";

/** main → worker */
interface JobMessage {
  id: number;
  job: unknown;
}

/** worker → main: its module has loaded (sent once), or a job's outcome */
type ReplyMessage =
  | { ready: true }
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

/** Jobs a worker holds at once: one running, one waiting, so it goes on while this thread is busy. */
const IN_FLIGHT = 2;

interface Slot {
  worker: Worker;
  /** its module has loaded: it can take jobs */
  ready: boolean;
  /** the jobs sent to it and not answered yet */
  jobs: Set<number>;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** called as each job's result arrives (in the order they finish) */
  onResult?: (index: number, result: unknown) => void;
  /** runs job `index` on the calling thread, which then takes jobs as well as the workers */
  local?: (index: number) => unknown;
}

export class WorkerPool {
  private readonly createWorker: () => Worker;
  private readonly size: number;
  private slots: Slot[] = [];
  private running = false;
  /** the running run's way to give jobs to a worker that has just become ready */
  private onReady: ((slot: Slot) => void) | undefined;

  /** `size`: the most workers it runs at once. */
  constructor(createWorker: () => Worker, size: number) {
    this.createWorker = createWorker;
    this.size = Math.max(0, Math.floor(size));
  }

  /** Worker threads alive now. */
  get threads(): number {
    return this.slots.length;
  }

  /** Starts up to `count` workers now (each takes tens of milliseconds to boot: start them before other work). */
  start(count = this.size): void {
    while (this.slots.length < Math.min(count, this.size)) {
      const worker = this.createWorker();
      const slot: Slot = { worker, ready: false, jobs: new Set() };
      worker.unref();
      worker.on("message", (message: ReplyMessage) => {
        if (!("ready" in message)) return;
        slot.ready = true;
        this.onReady?.(slot);
      });
      // a worker that dies between runs is dropped (a run in progress fails on its own listener)
      worker.once("exit", () => {
        this.slots = this.slots.filter((s) => s !== slot);
      });
      this.slots.push(slot);
    }
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    const slots = this.slots;
    this.slots = [];
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /**
   * Runs jobs 0..count-1 on up to `size` workers (`job` makes a worker's job when it is sent),
   * and on this thread too with `local`; resolves with their results in order.
   */
  run<Result>(count: number, job: (index: number) => PoolJob, options: RunOptions = {}): Promise<Result[]> {
    if (this.running) return Promise.reject(new Error("WorkerPool.run: a run is already going on"));
    const { signal, local } = options;
    if (signal?.aborted) return Promise.reject(abortError());
    const results: Result[] = Array.from({ length: count });
    if (count === 0) return Promise.resolve(results);
    if (!local && this.size === 0) return Promise.reject(new Error("WorkerPool.run: no worker and no local thread to run the jobs on"));
    this.running = true;
    // this thread takes jobs too: the workers need not cover them all
    this.start(local ? count - 1 : count);
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
      this.onReady = undefined;
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

    const finished = (index: number, result: unknown) => {
      results[index] = result as Result;
      done += 1;
      options.onResult?.(index, result);
      if (done === count) settle();
    };

    /**
     * Tops the worker up to IN_FLIGHT jobs once it has loaded, when this thread takes jobs too (a
     * booting worker's queue would wait while this thread could do them); else one job at a time
     * from the start (this thread is free to answer at once).
     */
    const fill = (slot: Slot) => {
      if (settled || (local && !slot.ready)) return;
      const depth = local ? IN_FLIGHT : 1;
      while (slot.jobs.size < depth && next < count) {
        const index = next++;
        slot.jobs.add(index);
        slot.worker.ref();
        try {
          const made = job(index);
          slot.worker.postMessage({ id: index, job: made.message } satisfies JobMessage, made.transfer ?? []);
        } catch (error) {
          settle(error);
          return;
        }
      }
      // nothing left for it in this run: it must not keep the process alive
      if (slot.jobs.size === 0 && next >= count) slot.worker.unref();
    };

    for (const slot of slots) {
      const { worker } = slot;
      slot.jobs.clear();
      const onMessage = (reply: ReplyMessage) => {
        if (settled || "ready" in reply || !slot.jobs.delete(reply.id)) return;
        if (!reply.ok) {
          settle(reply.code === undefined ? new Error(`${reply.name}: ${reply.message}`) : new WorkerJobFailure(reply.name, reply.message, reply.code, reply.detail));
          return;
        }
        finished(reply.id, reply.result);
        fill(slot);
      };
      const onError = (error: Error) => settle(new WorkerThreadCrash(`A worker thread stopped: ${error.message}`, { cause: error }));
      const onExit = (code: number) => settle(new WorkerThreadCrash(`A worker thread exited unexpectedly (exit code ${code}).`));
      const onMessageError = () => settle(new WorkerThreadCrash("A worker thread sent a message that could not be read."));
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      worker.on("messageerror", onMessageError);
      // a worker still booting has its module loaded, and jobs to do, while the run goes on
      worker.ref();
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
    this.onReady = fill;
    for (const slot of slots) fill(slot);
    if (local) void this.runLocal(local, () => (settled || next >= count ? undefined : next++), finished, settle);
    return promise;
  }

  /** This thread's share: the next job not yet taken, then the workers' news between jobs. */
  private async runLocal(local: (index: number) => unknown, take: () => number | undefined, finished: (index: number, result: unknown) => void, settle: (error: unknown) => void): Promise<void> {
    for (let index = take(); index !== undefined; index = take()) {
      let result: unknown;
      try {
        result = local(index);
      } catch (error) {
        settle(error);
        return;
      }
      finished(index, result);
      // the workers' results, refills and a worker that has just become ready
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}

/** In a worker's module: says it is ready, then answers each job with `handler`'s result (its buffers moved, not copied) or its error. */
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
  port.postMessage({ ready: true } satisfies ReplyMessage);
}

function describeError(error: unknown): { name: string; message: string; code?: string; detail?: string } {
  if (error instanceof CodecFailure) return { name: error.name, message: error.message, code: error.code, ...(error.detail === undefined ? {} : { detail: error.detail }) };
  if (error instanceof Error) return { name: error.name || "Error", message: error.message };
  return { name: "Error", message: String(error) };
}
