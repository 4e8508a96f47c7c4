// The messages between a worker bridge (main thread) and `serveJobs` (inside the worker).
// Browser-safe, no DOM access: both sides import the types and the guard.

/** main thread → worker: run one job */
export interface JobMessage<Req> {
  type: "job";
  id: number;
  request: Req;
}

/** worker → main thread */
export type WorkerReply<Res> =
  | { type: "progress"; id: number; fraction: number }
  | { type: "result"; id: number; result: Res }
  | { type: "error"; id: number; name: string; message: string };

export function isWorkerReply(value: unknown): value is WorkerReply<unknown> {
  if (typeof value !== "object" || value === null) return false;
  const { type, id } = value as { type?: unknown; id?: unknown };
  return typeof id === "number" && (type === "progress" || type === "result" || type === "error");
}

/** A progress fraction as a number in [0, 1] (NaN counts as 0). */
export function clampFraction(fraction: number): number {
  if (!(fraction > 0)) return 0;
  return fraction > 1 ? 1 : fraction;
}
