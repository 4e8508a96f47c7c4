// The page side of the PDF converter's worker (./document.worker.ts); the worker starts on the first
// call and keeps pdf.js, the fonts and the writers loaded for two minutes after the last one.
import { createWorkerClient } from "../shared/worker-bridge.ts";
import type { api } from "./document.worker.ts";

const DOCUMENT_IDLE_MS = 2 * 60_000;

export const documentClient = createWorkerClient<typeof api>(() => new Worker(new URL("./document.worker.ts", import.meta.url), { type: "module", name: "document" }), {
  idleMs: DOCUMENT_IDLE_MS,
});
