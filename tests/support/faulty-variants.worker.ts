// A variant worker that misbehaves on request (app/server/media/variant-worker.server.test.ts): a
// job whose bytes spell "exit", "throw" or "hang" ends the thread, throws uncaught, or never
// answers; any other job is served by the real worker code.
import { parentPort } from "node:worker_threads";
import { runVariantJob, type VariantJob } from "#app/server/media/variant-job.server.ts";

const port = parentPort;
if (!port) throw new Error("faulty-variants.worker.ts runs only as a worker thread");
port.on("message", async (job: VariantJob) => {
  const fault = new TextDecoder().decode(job.bytes);
  if (fault === "exit") process.exit(3);
  if (fault === "throw") throw new Error("injected worker fault");
  if (fault === "hang") return;
  const { reply, transfer } = await runVariantJob(job);
  port.postMessage(reply, transfer);
});
