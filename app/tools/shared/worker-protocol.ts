// The messages between a worker client (main thread, ./worker-bridge.ts) and `defineWorker`
// (inside the worker, ./worker-runtime.ts). Browser-safe, no DOM access: both sides import them.

/** main thread → worker: call one of the worker's functions */
export interface CallMessage {
  type: "call";
  id: number;
  /** the name of the function in the worker's `defineWorker({...})` */
  method: string;
  request: unknown;
}

/**
 * worker → main thread. An error carries `code` only when the worker threw a CodecFailure (its
 * message, and its `detail` behind "Details", are then meant for the visitor); `name` is the thrown error's class name, for the console.
 */
export type WorkerReply =
  | { type: "progress"; id: number; fraction: number }
  /** the call is still working (a log line, a read): keeps the page's stall watchdog quiet */
  | { type: "heartbeat"; id: number }
  | { type: "result"; id: number; result: unknown }
  | { type: "error"; id: number; name: string; message: string; code?: string; detail?: string };

export function isWorkerReply(value: unknown): value is WorkerReply {
  if (typeof value !== "object" || value === null) return false;
  const { type, id } = value as { type?: unknown; id?: unknown };
  return typeof id === "number" && (type === "progress" || type === "heartbeat" || type === "result" || type === "error");
}

export function isCallMessage(value: unknown): value is CallMessage {
  if (typeof value !== "object" || value === null) return false;
  const { type, id, method } = value as { type?: unknown; id?: unknown; method?: unknown };
  return type === "call" && typeof id === "number" && typeof method === "string";
}

/** A progress fraction as a number in [0, 1] (NaN counts as 0). */
export function clampFraction(fraction: number): number {
  if (!(fraction > 0)) return 0;
  return fraction > 1 ? 1 : fraction;
}
