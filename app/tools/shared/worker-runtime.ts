// The worker side of ./worker-bridge.ts. Inside a `*.worker.ts`:
//
//   serveJobs<MyRequest, MyResult>(async (request, { progress }) => {
//     ... progress(done / total) ...
//     return { result, transfer: [result.buffer] };
//   });
//
// Progress messages are throttled (at most one every PROGRESS_INTERVAL_MS, the latest value is sent
// when the interval ends, and 1 is always sent before the result). A thrown error becomes an error
// message carrying its name and message: throw an error of your own class (`class DdsError extends
// Error { name = "DdsError" }`, or `CodecError` from ./codec-error) with a message meant for the
// visitor; built-in errors (TypeError...) are shown as a generic failure.
import { clampFraction, type JobMessage, type WorkerReply } from "./worker-protocol";

export const PROGRESS_INTERVAL_MS = 50;

export interface JobContext {
  /** report real progress, a fraction in [0, 1] */
  progress(fraction: number): void;
}

export type JobHandler<Req, Res> = (request: Req, ctx: JobContext) => Promise<{ result: Res; transfer?: Transferable[] }>;

/** The parts of a dedicated worker's global scope we use (injectable for tests). */
export interface JobScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

export function serveJobs<Req, Res>(handler: JobHandler<Req, Res>, scope: JobScope = globalThis as unknown as JobScope): void {
  const send = (reply: WorkerReply<Res>, transfer: Transferable[] = []) => scope.postMessage(reply, transfer);

  scope.addEventListener("message", (event: MessageEvent) => {
    const data = event.data as Partial<JobMessage<Req>> | null;
    if (!data || data.type !== "job" || typeof data.id !== "number") return;
    const id = data.id;
    const progress = createProgressThrottle((fraction) => send({ type: "progress", id, fraction }));
    void (async () => {
      try {
        const { result, transfer } = await handler(data.request as Req, { progress: progress.report });
        progress.complete();
        send({ type: "result", id, result }, transfer);
      } catch (error) {
        progress.cancel();
        send({ type: "error", id, ...describeError(error) });
      }
    })();
  });
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

function describeError(error: unknown): { name: string; message: string } {
  if (error instanceof Error || (typeof error === "object" && error !== null && "message" in error)) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return { name: typeof name === "string" && name ? name : "Error", message: typeof message === "string" ? message : String(message) };
  }
  return { name: "Error", message: String(error) };
}
