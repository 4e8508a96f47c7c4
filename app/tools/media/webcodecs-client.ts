// The page side of the WebCodecs engine (./webcodecs.worker.ts, mediabunny), shared by every media
// tool on the page; the worker starts on the first call.
import { createWorkerClient, type WorkerClient } from "../shared/worker-bridge.ts";
import type { api } from "./webcodecs.worker.ts";

export type WebCodecsClient = WorkerClient<typeof api>;

export const webcodecsClient: WebCodecsClient = createWorkerClient<typeof api>(
  () => new Worker(new URL("./webcodecs.worker.ts", import.meta.url), { type: "module", name: "media-webcodecs" }),
);
