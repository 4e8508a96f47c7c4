// One small abortable bridge to a Web Worker (DESIGN.md "Worker calls are abortable"): the worker
// starts on first use, runs one job at a time (later calls wait their turn), is terminated on
// cancel (the next job gets a fresh worker) and after `idleMs` without jobs. The worker side is
// `serveJobs` in ./worker-runtime.ts.
import { clampFraction, isWorkerReply, type JobMessage } from "./worker-protocol.ts";

export interface RunOptions {
  /** aborting rejects the job with a DOMException "AbortError" and terminates a running worker */
  signal?: AbortSignal;
  /** real progress reported by the worker, a fraction in [0, 1], in order */
  onProgress?: (fraction: number) => void;
  /** objects moved (not copied) to the worker with the request */
  transfer?: Transferable[];
}

export interface WorkerBridge<Req, Res> {
  run(request: Req, opts?: RunOptions): Promise<Res>;
  /** stops the worker now; jobs still running or waiting are rejected with an AbortError */
  terminate(): void;
}

export const DEFAULT_IDLE_MS = 60_000;

/**
 * A job that failed in the worker. `errorName` is the name of what the worker threw (a codec's own
 * error class such as "DdsError" carries a message meant for the visitor); `crashed` is true when the
 * worker itself died (script failed to load, uncaught error, unreadable message) instead of
 * answering.
 */
export class WorkerJobError extends Error {
  override readonly name = "WorkerJobError";
  readonly errorName: string;
  readonly crashed: boolean;
  constructor(message: string, options: { errorName?: string; crashed?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.errorName = options.errorName ?? "Error";
    this.crashed = options.crashed ?? false;
  }
}

export function abortError(message = "The conversion was cancelled."): DOMException {
  return new DOMException(message, "AbortError");
}

export function isAbortError(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

interface Job<Req, Res> {
  id: number;
  request: Req;
  opts: RunOptions;
  resolve: (value: Res) => void;
  reject: (reason: unknown) => void;
  /** removes the abort listener */
  detach: () => void;
}

export function createWorkerBridge<Req, Res>(createWorker: () => Worker, options: { idleMs?: number } = {}): WorkerBridge<Req, Res> {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  let worker: Worker | undefined;
  let current: Job<Req, Res> | undefined;
  const queue: Job<Req, Res>[] = [];
  let nextId = 1;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const clearIdle = () => {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    idleTimer = undefined;
  };

  const stopWorker = () => {
    clearIdle();
    if (!worker) return;
    const w = worker;
    worker = undefined;
    // its listeners check `w !== worker`, so nothing it still sends reaches a job
    w.terminate();
  };

  /** settles the running job and moves on to the next one (or arms the idle timer) */
  const finish = (job: Job<Req, Res>, settle: () => void) => {
    if (current !== job) return;
    current = undefined;
    job.detach();
    settle();
    pump();
  };

  const crash = (message: string) => {
    const job = current;
    stopWorker();
    if (job) finish(job, () => job.reject(new WorkerJobError(message, { crashed: true, errorName: "WorkerCrash" })));
  };

  const spawn = (): Worker => {
    const w = createWorker();
    w.addEventListener("message", (event: MessageEvent) => {
      if (w !== worker) return;
      const reply = event.data;
      const job = current;
      if (!isWorkerReply(reply) || !job || reply.id !== job.id) return;
      if (reply.type === "progress") {
        job.opts.onProgress?.(clampFraction(reply.fraction));
      } else if (reply.type === "result") {
        finish(job, () => job.resolve(reply.result as Res));
      } else {
        finish(job, () => job.reject(new WorkerJobError(reply.message || "The conversion failed.", { errorName: reply.name })));
      }
    });
    w.addEventListener("error", (event: ErrorEvent) => {
      if (w !== worker) return;
      event.preventDefault?.();
      crash(event.message ? `The conversion worker stopped: ${event.message}` : "The conversion worker could not be started or stopped unexpectedly.");
    });
    w.addEventListener("messageerror", () => {
      if (w !== worker) return;
      crash("The conversion worker sent a message that could not be read.");
    });
    return w;
  };

  const pump = () => {
    if (current) return;
    const job = queue.shift();
    if (!job) {
      if (worker && idleTimer === undefined) idleTimer = setTimeout(stopWorker, idleMs);
      return;
    }
    clearIdle();
    current = job;
    try {
      worker ??= spawn();
    } catch (error) {
      finish(job, () =>
        job.reject(new WorkerJobError(`The conversion worker could not be started: ${errorMessage(error)}`, { crashed: true, errorName: "WorkerCrash", cause: error })),
      );
      return;
    }
    const message: JobMessage<Req> = { type: "job", id: job.id, request: job.request };
    try {
      worker.postMessage(message, job.opts.transfer ?? []);
    } catch (error) {
      // e.g. a DataCloneError: the worker never saw the job and stays usable
      finish(job, () => job.reject(new WorkerJobError(`The file could not be handed to the conversion worker: ${errorMessage(error)}`, { errorName: "DataCloneError", cause: error })));
    }
  };

  const run = (request: Req, opts: RunOptions = {}): Promise<Res> =>
    new Promise<Res>((resolve, reject) => {
      const { signal } = opts;
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const job: Job<Req, Res> = { id: nextId++, request, opts, resolve, reject, detach: () => {} };
      if (signal) {
        const onAbort = () => {
          if (current === job) {
            // the worker may be deep in a synchronous loop: only terminating it stops the work
            stopWorker();
            finish(job, () => reject(abortError()));
          } else {
            const index = queue.indexOf(job);
            if (index >= 0) queue.splice(index, 1);
            job.detach();
            reject(abortError());
          }
        };
        signal.addEventListener("abort", onAbort, { once: true });
        job.detach = () => signal.removeEventListener("abort", onAbort);
      }
      queue.push(job);
      pump();
    });

  const terminate = () => {
    stopWorker();
    const pending = [...(current ? [current] : []), ...queue.splice(0)];
    current = undefined;
    for (const job of pending) {
      job.detach();
      job.reject(abortError("The conversion worker was stopped."));
    }
  };

  return { run, terminate };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
