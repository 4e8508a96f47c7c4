// The page side of a worker declared with `defineWorker` (./worker-runtime.ts): a typed client
// (DESIGN.md "Worker calls are abortable"). The worker starts on first use, runs one call at a time
// (later calls wait their turn), is terminated on cancel (the next call gets a fresh worker) and
// after `idleMs` without calls.
//
//   import type { api } from "./dds-to-png.worker";   // type-only: no worker code in the page
//   const dds = createWorkerClient<typeof api>(() => new Worker(new URL("./dds-to-png.worker.ts", import.meta.url), { type: "module" }));
//   const info = await dds.probe({ file }, { signal });
import { CodecFailure } from "#codecs/common/codec-failure.ts";
import { clampFraction, isWorkerReply, type CallMessage } from "./worker-protocol";
import type { WorkerApi, WorkerContext } from "./worker-runtime";

export interface CallOptions {
  /** aborting rejects the call with a DOMException "AbortError" and terminates a running worker */
  signal?: AbortSignal;
  /** real progress reported by the worker, a fraction in [0, 1], in order */
  onProgress?: (fraction: number) => void;
  /** objects moved (not copied) to the worker with the request */
  transfer?: Transferable[];
}

/** The page's view of one worker function: same request and result, page-side options. */
export type ClientFunction<F> = F extends (request: infer Req, ctx: WorkerContext) => Promise<infer Res>
  ? (request: Req, options?: CallOptions) => Promise<Res>
  : never;

export type WorkerClient<Api extends WorkerApi> = { readonly [Name in Exclude<keyof Api, "terminate"> & string]: ClientFunction<Api[Name]> } & {
  /** stops the worker now; calls still running or waiting are rejected with an AbortError */
  terminate(): void;
};

export const DEFAULT_IDLE_MS = 60_000;

/** A CodecFailure thrown inside the worker, rebuilt on the page with its class name, code and message. */
export class WorkerCodecFailure extends CodecFailure<string> {
  override readonly name: string;
  constructor(name: string, message: string, code: string) {
    super(message, code);
    this.name = name;
  }
}

/** The worker died (script failed to load, uncaught error, unreadable message) instead of answering. */
export class WorkerCrash extends CodecFailure<"worker-crash"> {
  override readonly name = "WorkerCrash";
  constructor(detail: string) {
    super("The converter stopped unexpectedly. The browser may have run out of memory for this file; please try again.", "worker-crash", {
      cause: new Error(detail),
    });
  }
}

/** The request could not be copied to the worker (a DataCloneError); the worker stays usable. */
export class WorkerHandoffFailure extends CodecFailure<"worker-handoff"> {
  override readonly name = "WorkerHandoffFailure";
  constructor(cause: unknown) {
    super("The file could not be handed to the converter. It may have been moved or changed since you chose it; please choose it again.", "worker-handoff", {
      cause,
    });
  }
}

/**
 * The worker threw something that is not a CodecFailure (a TypeError, a bug): no code, so the page
 * shows its generic failure text. `workerErrorName` is what was thrown, for the console.
 */
export class WorkerError extends Error {
  override readonly name = "WorkerError";
  readonly workerErrorName: string;
  constructor(workerErrorName: string, message: string) {
    super(`${workerErrorName}: ${message}`);
    this.workerErrorName = workerErrorName;
  }
}

export function abortError(message = "The conversion was cancelled."): DOMException {
  return new DOMException(message, "AbortError");
}

export function isAbortError(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

interface Call {
  id: number;
  method: string;
  request: unknown;
  options: CallOptions;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  /** removes the abort listener */
  detach: () => void;
}

export function createWorkerClient<Api extends WorkerApi>(createWorker: () => Worker, settings: { idleMs?: number } = {}): WorkerClient<Api> {
  const idleMs = settings.idleMs ?? DEFAULT_IDLE_MS;
  let worker: Worker | undefined;
  let current: Call | undefined;
  const queue: Call[] = [];
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
    // its listeners check `w !== worker`, so nothing it still sends reaches a call
    w.terminate();
  };

  /** settles the running call and moves on to the next one (or arms the idle timer) */
  const finish = (call: Call, settle: () => void) => {
    if (current !== call) return;
    current = undefined;
    call.detach();
    settle();
    pump();
  };

  const crash = (detail: string) => {
    const call = current;
    stopWorker();
    if (call) finish(call, () => call.reject(new WorkerCrash(detail)));
  };

  const spawn = (): Worker => {
    const w = createWorker();
    w.addEventListener("message", (event: MessageEvent) => {
      if (w !== worker) return;
      const reply: unknown = event.data;
      const call = current;
      if (!isWorkerReply(reply) || !call || reply.id !== call.id) return;
      if (reply.type === "progress") {
        call.options.onProgress?.(clampFraction(reply.fraction));
      } else if (reply.type === "result") {
        finish(call, () => call.resolve(reply.result));
      } else {
        const failure = reply.code === undefined ? new WorkerError(reply.name, reply.message) : new WorkerCodecFailure(reply.name, reply.message, reply.code);
        finish(call, () => call.reject(failure));
      }
    });
    w.addEventListener("error", (event: ErrorEvent) => {
      if (w !== worker) return;
      event.preventDefault?.();
      crash(event.message ? `The worker stopped: ${event.message}` : "The worker could not be started or stopped unexpectedly.");
    });
    w.addEventListener("messageerror", () => {
      if (w !== worker) return;
      crash("The worker sent a message that could not be read.");
    });
    return w;
  };

  const pump = () => {
    if (current) return;
    const call = queue.shift();
    if (!call) {
      if (worker && idleTimer === undefined) idleTimer = setTimeout(stopWorker, idleMs);
      return;
    }
    clearIdle();
    current = call;
    try {
      worker ??= spawn();
    } catch (error) {
      finish(call, () => call.reject(new WorkerCrash(`The worker could not be started: ${errorMessage(error)}`)));
      return;
    }
    const message: CallMessage = { type: "call", id: call.id, method: call.method, request: call.request };
    try {
      worker.postMessage(message, call.options.transfer ?? []);
    } catch (error) {
      // e.g. a DataCloneError: the worker never saw the call and stays usable
      finish(call, () => call.reject(new WorkerHandoffFailure(error)));
    }
  };

  const invoke = (method: string, request: unknown, options: CallOptions = {}): Promise<unknown> =>
    new Promise<unknown>((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const call: Call = { id: nextId++, method, request, options, resolve, reject, detach: () => {} };
      if (signal) {
        const onAbort = () => {
          if (current === call) {
            // the worker may be deep in a synchronous loop: only terminating it stops the work
            stopWorker();
            finish(call, () => reject(abortError()));
          } else {
            const index = queue.indexOf(call);
            if (index >= 0) queue.splice(index, 1);
            call.detach();
            reject(abortError());
          }
        };
        signal.addEventListener("abort", onAbort, { once: true });
        call.detach = () => signal.removeEventListener("abort", onAbort);
      }
      queue.push(call);
      pump();
    });

  const terminate = () => {
    stopWorker();
    const pending = [...(current ? [current] : []), ...queue.splice(0)];
    current = undefined;
    for (const call of pending) {
      call.detach();
      call.reject(abortError("The conversion worker was stopped."));
    }
  };

  // The worker's function names exist only as types here (the page imports the api type-only), so
  // each name becomes a call when first read. "then" stays undefined: the client is not a promise.
  const functions = new Map<string, (request: unknown, options?: CallOptions) => Promise<unknown>>();
  return new Proxy({} as WorkerClient<Api>, {
    get(_target, name) {
      if (name === "terminate") return terminate;
      if (typeof name !== "string" || name === "then") return undefined;
      let fn = functions.get(name);
      if (!fn) {
        fn = (request, options) => invoke(name, request, options);
        functions.set(name, fn);
      }
      return fn;
    },
  });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
