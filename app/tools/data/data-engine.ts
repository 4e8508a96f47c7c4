// The page side of the data converter's worker: one lazily started client.
import { createWorkerClient, type WorkerClient } from "../shared/worker-bridge";
import type { api } from "./xml-converter.worker";

let client: WorkerClient<typeof api> | undefined;

export function dataEngine(): WorkerClient<typeof api> {
  client ??= createWorkerClient<typeof api>(() => new Worker(new URL("./xml-converter.worker.ts", import.meta.url), { type: "module", name: "data" }));
  return client;
}
