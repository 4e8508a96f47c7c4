// The page side of the ebook tools' worker: one lazily started client; the worker keeps the readers
// and writers it loaded for two minutes after the last call.
import { createWorkerClient, type WorkerClient } from "../shared/worker-bridge";
import type { api } from "./ebook.worker";

let client: WorkerClient<typeof api> | undefined;

const EBOOK_IDLE_MS = 2 * 60_000;

export function ebookEngine(): WorkerClient<typeof api> {
  client ??= createWorkerClient<typeof api>(() => new Worker(new URL("./ebook.worker.ts", import.meta.url), { type: "module", name: "ebook" }), { idleMs: EBOOK_IDLE_MS });
  return client;
}
