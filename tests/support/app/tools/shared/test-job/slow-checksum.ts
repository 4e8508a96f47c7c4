// Main-thread side of the test job: a client of slow-checksum.worker.ts. `workersStarted` lets the
// harness show that a cancelled job's worker is replaced by a fresh one.
import { createWorkerClient, type WorkerClient } from "#app/tools/shared/worker-bridge.ts";
import type { api } from "./slow-checksum.worker.ts";

export type SlowChecksumClient = WorkerClient<typeof api>;

export function createSlowChecksumClient(onWorkerStarted?: () => void): SlowChecksumClient {
  return createWorkerClient<typeof api>(() => {
    onWorkerStarted?.();
    return new Worker(new URL("./slow-checksum.worker.ts", import.meta.url), { type: "module", name: "slow-checksum" });
  });
}
