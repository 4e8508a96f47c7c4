// The page side of the ebook tools' worker (./ebook.worker.ts); the worker starts on the first call
// and keeps the readers and writers it loaded for two minutes after the last one.
import { createWorkerClient } from "../shared/worker-bridge.ts";
import type { api } from "./ebook.worker.ts";

const EBOOK_IDLE_MS = 2 * 60_000;

export const ebookClient = createWorkerClient<typeof api>(() => new Worker(new URL("./ebook.worker.ts", import.meta.url), { type: "module", name: "ebook" }), {
  idleMs: EBOOK_IDLE_MS,
});
