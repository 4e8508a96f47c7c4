// The page side of the PDF converter's worker: one lazily started client; the worker keeps pdf.js,
// the fonts and the writers loaded for two minutes after the last call.
import { createWorkerClient, type WorkerClient } from "../shared/worker-bridge";
import type { api } from "./document.worker";

let client: WorkerClient<typeof api> | undefined;

const DOCUMENT_IDLE_MS = 2 * 60_000;

export function documentEngine(): WorkerClient<typeof api> {
  client ??= createWorkerClient<typeof api>(() => new Worker(new URL("./document.worker.ts", import.meta.url), { type: "module", name: "document" }), { idleMs: DOCUMENT_IDLE_MS });
  return client;
}
