// A worker thread of ./pdf-text-pool.ts: opens its copy of the PDF and reads one range of its pages'
// text items (readPageRange), then answers with them or with the failure's name, message and code.
import module from "node:module";
import { parentPort } from "node:worker_threads";
import { CodecFailure } from "#codecs/common/codec-failure.ts";
import { nodePdfjsText } from "#codecs/document/pdfjs-node.ts";
import { readPageRange } from "#codecs/document/read-pdf.ts";

// as cli/launch.js does for the main thread: V8 keeps the compiled code (pdf.js's 2 MB) between runs
module.enableCompileCache?.();

export interface PdfTextJob {
  bytes: Uint8Array;
  first: number;
  last: number;
  password?: string;
}

export type PdfTextReply =
  | { ok: true; pages: Awaited<ReturnType<typeof readPageRange>> }
  | { ok: false; name: string; message: string; code?: string };

const port = parentPort;
if (!port) throw new Error("cli/pdf-text-worker.ts runs in a worker thread");
port.once("message", async (job: PdfTextJob) => {
  let reply: PdfTextReply;
  try {
    reply = { ok: true, pages: await readPageRange(await nodePdfjsText(), job.bytes, job.first, job.last, { password: job.password }) };
  } catch (error) {
    reply = error instanceof CodecFailure ? { ok: false, name: error.name, message: error.message, code: error.code } : { ok: false, name: error instanceof Error ? error.name : "Error", message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
