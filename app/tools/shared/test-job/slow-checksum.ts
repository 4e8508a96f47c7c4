// Main-thread side of the test job: a bridge to slow-checksum.worker.ts. `workersStarted` lets the
// harness show that a cancelled job's worker is replaced by a fresh one.
import { createWorkerBridge, type WorkerBridge } from "../worker-bridge";
import type { SlowChecksumRequest, SlowChecksumResult } from "./checksum";

export function createSlowChecksumBridge(onWorkerStarted?: () => void): WorkerBridge<SlowChecksumRequest, SlowChecksumResult> {
  return createWorkerBridge<SlowChecksumRequest, SlowChecksumResult>(() => {
    onWorkerStarted?.();
    return new Worker(new URL("./slow-checksum.worker.ts", import.meta.url), { type: "module", name: "slow-checksum" });
  });
}
