// The worker side of ./worker-bridge.ts. A `*.worker.ts` declares its functions once:
//
//   export const api = defineWorker({
//     async convert(request: MyRequest, { progress, transfer }) {
//       ... progress(done / total) ...
//       transfer(result.buffer);
//       return result;
//     },
//   });
//
// and the page makes a typed client from `typeof api` (a type-only import, so the page bundle
// holds none of the worker's code). Progress messages are throttled (at most one every
// PROGRESS_INTERVAL_MS, the latest value sent when the interval ends, 1 always sent before the
// result). A thrown CodecFailure crosses as `{ code, message, detail }` and is shown to the visitor; any
// other error crosses without a code and the page shows its generic failure text instead.
import { CodecFailure } from "#codecs/common/codec-failure.ts";
import { clampFraction, isCallMessage, type WorkerReply } from "./worker-protocol.ts";

export const PROGRESS_INTERVAL_MS = 50;
/** At most one heartbeat a second: the page's watchdog waits tens of seconds. */
export const HEARTBEAT_INTERVAL_MS = 1000;

/** What a worker function gets besides its request. */
export interface WorkerContext {
  /** report real progress, a fraction in [0, 1] */
  progress(fraction: number): void;
  /** objects moved (not copied) to the page with the result, e.g. an output's ArrayBuffer */
  transfer(...objects: Transferable[]): void;
  /**
   * says the call is still working (a log line, a read, a written packet) when progress does not
   * move; the page ends a call that goes silent for its `stallMs`. Cheap: call it as often as you like.
   */
  alive(): void;
}

export type WorkerFunction<Req, Res> = (request: Req, ctx: WorkerContext) => Promise<Res>;

/**
 * The functions a worker offers, by name. `request: never` accepts a function of any request type;
 * `terminate` is the client's own and cannot be a function's name.
 */
export type WorkerApi = Record<string, (request: never, ctx: WorkerContext) => Promise<unknown>> & { terminate?: never };

/** The parts of a dedicated worker's global scope we use (injectable for tests). */
export interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

/** Serves `api`'s functions to the page and returns `api` unchanged (its type is the page's contract). */
export function defineWorker<Api extends WorkerApi>(api: Api, scope: WorkerScope = globalThis as unknown as WorkerScope): Api {
  const send = (reply: WorkerReply, transfer: Transferable[] = []) => scope.postMessage(reply, transfer);

  scope.addEventListener("message", (event: MessageEvent) => {
    const call: unknown = event.data;
    if (!isCallMessage(call)) return;
    const { id, method } = call;
    const progress = createProgressThrottle((fraction) => send({ type: "progress", id, fraction }));
    const transfer: Transferable[] = [];
    // Date.now, not a timer: a blocking call (the ffmpeg core's exec) never runs timers
    let lastHeartbeat = -Infinity;
    const alive = () => {
      const now = Date.now();
      if (now - lastHeartbeat < HEARTBEAT_INTERVAL_MS) return;
      lastHeartbeat = now;
      send({ type: "heartbeat", id });
    };
    const context: WorkerContext = { progress: progress.report, transfer: (...objects) => transfer.push(...objects), alive };
    void (async () => {
      try {
        // own properties only: "toString" or "constructor" are not the worker's functions
        const fn = Object.hasOwn(api, method) ? api[method] : undefined;
        if (typeof fn !== "function") throw new Error(`The worker has no function "${method}".`);
        // the page's client is typed by the same api, so the request is the one `fn` declares
        const result = await fn(call.request as never, context);
        progress.complete();
        send({ type: "result", id, result }, [...new Set(transfer)]);
      } catch (error) {
        progress.cancel();
        send({ type: "error", id, ...describeError(error) });
      }
    })();
  });
  return api;
}

/** Throttles progress reports: at most one per interval, the latest pending value sent when it ends, 1 always sent once. */
export function createProgressThrottle(emit: (fraction: number) => void, intervalMs = PROGRESS_INTERVAL_MS) {
  let lastSentAt = -Infinity;
  let lastSent = -1;
  let pending: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;

  const flush = () => {
    timer = undefined;
    if (pending === undefined || done) return;
    const value = pending;
    pending = undefined;
    if (value === lastSent) return;
    lastSent = value;
    lastSentAt = Date.now();
    emit(value);
  };

  const complete = () => {
    if (done) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
    done = true;
    if (lastSent !== 1) emit(1);
    lastSent = 1;
  };

  const report = (fraction: number) => {
    if (done) return;
    const value = clampFraction(fraction);
    if (value === 1) return complete();
    if (value === lastSent && timer === undefined) return;
    pending = value;
    const wait = lastSentAt + intervalMs - Date.now();
    if (wait <= 0) {
      if (timer !== undefined) clearTimeout(timer);
      flush();
    } else {
      timer ??= setTimeout(flush, wait);
    }
  };

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
    done = true;
  };

  return { report, complete, cancel };
}

/** An error as it crosses to the page: a code only for a CodecFailure (its message is the visitor's). */
function describeError(error: unknown): { name: string; message: string; code?: string; detail?: string } {
  if (error instanceof CodecFailure) return { name: error.name, message: error.message, code: error.code, ...(error.detail === undefined ? {} : { detail: error.detail }) };
  if (error instanceof Error) return { name: error.name || "Error", message: error.message };
  return { name: "Error", message: String(error) };
}
