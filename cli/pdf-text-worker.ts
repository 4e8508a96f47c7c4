// A worker thread of ./pdf-text-pool.ts: opens its copy of the PDF and reads one range of its pages'
// text items (readPageRange), then answers with them or with the failure's name, message and code.
import module from "node:module";
import { parentPort } from "node:worker_threads";
import { answerPdfTextJob, type PdfTextJob } from "#codecs/document/pdf-text-job.ts";
import { nodePdfjsText } from "#codecs/document/pdfjs-node.ts";

// as cli/launch.js does for the main thread: V8 keeps the compiled code (pdf.js's 2 MB) between runs
module.enableCompileCache?.();

const port = parentPort;
if (!port) throw new Error("cli/pdf-text-worker.ts runs in a worker thread");
port.once("message", async (job: PdfTextJob) => port.postMessage(await answerPdfTextJob(nodePdfjsText, job)));
