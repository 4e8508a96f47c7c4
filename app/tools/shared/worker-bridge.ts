// The page side of a worker declared with `defineWorker` (./worker-runtime.ts): a typed client
// (DESIGN.md "Worker calls are abortable"). The worker starts on first use, runs one call at a time
// (later calls wait their turn), is terminated on cancel (the next call gets a fresh worker) and
// after `idleMs` without calls. A call given `stallMs` is ended (worker terminated, WorkerStall)
// when the worker sends nothing for it that long: no progress, no heartbeat (WorkerContext.alive).
//
// Each worker's client is one module constant in `<slug>-client.ts` beside it (app/tools/README.md):
//   import type { api } from "./dds-to-png.worker.ts";   // type-only: no worker code in the page
//   export const ddsToPngClient = createWorkerClient<typeof api>(() => new Worker(new URL("./dds-to-png.worker.ts", import.meta.url), { type: "module" }));
//   const info = await ddsToPngClient.probe({ file }, { signal });   // in the page
import { CodecFailure } from "#codecs/common/codec-failure.ts";
import { clampFraction, isWorkerReply, type CallMessage } from "./worker-protocol.ts";
import type { WorkerApi, WorkerContext } from "./worker-runtime.ts";

export interface CallOptions {
  /** aborting rejects the call with a DOMException "AbortError" and terminates a running worker */
  signal?: AbortSignal;
  /** real progress reported by the worker, a fraction in [0, 1], in order */
  onProgress?: (fraction: number) => void;
  /** objects moved (not copied) to the worker with the request */
  transfer?: Transferable[];
  /**
   * the watchdog: when the running call sends nothing (no progress, no heartbeat, see
   * WorkerContext.alive) for this long, the worker is terminated and the call rejected with a
   * WorkerStall. Unset: the call may take any time.
   */
  stallMs?: number;
}

/** Starts a timer and returns its cancel function (injectable: the bridge's tests run without a clock). */
export type StartTimer = (run: () => void, ms: number) => () => void;

const startTimer: StartTimer = (run, ms) => {
  const handle = setTimeout(run, ms);
  return () => clearTimeout(handle);
};

export interface ClientSettings {
  /** the worker is stopped after this long without calls */
  idleMs?: number;
  /** the stall watchdog's timer */
  timer?: StartTimer;
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

/** A CodecFailure thrown inside the worker, rebuilt on the page with its class name, code, message and detail. */
export class WorkerCodecFailure extends CodecFailure<string> {
  override readonly name: string;
  constructor(name: string, message: string, code: string, detail?: string) {
    super(message, code, detail === undefined ? undefined : { detail });
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

/** The worker went silent for the call's `stallMs` (a loop that never ends, a wait for ever) and was stopped. */
export class WorkerStall extends CodecFailure<"worker-stalled"> {
  override readonly name = "WorkerStall";
  constructor(stallMs: number) {
    super("The converter stopped responding while reading this file, so it was stopped. The file may be damaged or in a form the converter cannot handle.", "worker-stalled", {
      cause: new Error(`no message from the worker for ${stallMs} ms`),
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
  /** cancels the stall watchdog's timer */
  quiet: () => void;
}

export function createWorkerClient<Api extends WorkerApi>(createWorker: () => Worker, settings: ClientSettings = {}): WorkerClient<Api> {
  const idleMs = settings.idleMs ?? DEFAULT_IDLE_MS;
  const timer = settings.timer ?? startTimer;
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
    call.quiet();
    settle();
    pump();
  };

  const crash = (detail: string) => {
    const call = current;
    stopWorker();
    if (call) finish(call, () => call.reject(new WorkerCrash(detail)));
  };

  /** (re)arms the running call's watchdog: any message of the call puts it off again */
  const watch = (call: Call) => {
    call.quiet();
    const { stallMs } = call.options;
    if (stallMs === undefined) return;
    call.quiet = timer(() => {
      if (current !== call) return;
      // a worker stuck in a synchronous loop stops only when terminated
      stopWorker();
      finish(call, () => call.reject(new WorkerStall(stallMs)));
    }, stallMs);
  };

  const spawn = (): Worker => {
    const w = createWorker();
    w.addEventListener("message", (event: MessageEvent) => {
      if (w !== worker) return;
      const reply: unknown = event.data;
      const call = current;
      if (!isWorkerReply(reply) || !call || reply.id !== call.id) return;
      if (reply.type === "progress") {
        watch(call);
        call.options.onProgress?.(clampFraction(reply.fraction));
      } else if (reply.type === "heartbeat") {
        watch(call);
      } else if (reply.type === "result") {
        finish(call, () => call.resolve(reply.result));
      } else {
        const failure = reply.code === undefined ? new WorkerError(reply.name, reply.message) : new WorkerCodecFailure(reply.name, reply.message, reply.code, reply.detail);
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
      watch(call);
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
      const call: Call = { id: nextId++, method, request, options, resolve, reject, detach: () => {}, quiet: () => {} };
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
      call.quiet();
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
