// The variant worker's entry (started by ./variant-worker.server.ts, run by Node from source like
// server.js's own .ts imports): decodes, resizes and encodes off the server's main thread.
import { parentPort } from "node:worker_threads";
import { runVariantJob, type VariantJob } from "./variant-job.server.ts";

const port = parentPort;
if (!port) throw new Error("variants.worker.ts runs only as a worker thread");
port.on("message", async (job: VariantJob) => {
  const { reply, transfer } = await runVariantJob(job);
  port.postMessage(reply, transfer);
});
