// A worker thread for cli/worker-pool.test.ts: each job says what the worker does with it.
import { threadId } from "node:worker_threads";
import { CodecFailure } from "#codecs/common/codec-failure.ts";
import { serveJobs } from "#cli/worker-pool.ts";

export type TestJob =
  | { kind: "double"; n: number }
  | { kind: "codec-failure" }
  | { kind: "bug" }
  | { kind: "exit" }
  | { kind: "uncaught" }
  /** waits on the flag for ever: only terminating the worker ends it */
  | { kind: "block"; flag: Int32Array };

serveJobs((job: TestJob) => {
  if (job.kind === "double") {
    const bytes = Uint8Array.of(job.n * 2);
    return { result: { n: job.n * 2, threadId, bytes }, transfer: [bytes.buffer] };
  }
  if (job.kind === "codec-failure") throw new CodecFailure("This test file cannot be converted.", "bad-input", { detail: "job said so" });
  if (job.kind === "bug") throw new TypeError("x is not a function");
  if (job.kind === "exit") process.exit(3);
  if (job.kind === "uncaught") {
    queueMicrotask(() => {
      throw new Error("boom outside a job");
    });
    return { result: "answered first" };
  }
  Atomics.wait(job.flag, 0, 0);
  return { result: "never" };
});
