// PDF → TXT on several threads in the browser (decision 061): the document worker reads the first
// pages while nested workers (./pdf-text.worker.ts, one per extra core, at most 3) each open their
// own copy of the bytes and read a contiguous range of the last pages; readPdfText joins them in
// page order, so the text is byte for byte one thread's. The page threshold and shares are the
// CLI's (codecs/document/pdf-text-split.ts: from 300 pages on two cores). Each nested worker is
// started for its range and terminated when it answers, fails or the read is aborted; cancelling the conversion terminates
// the document worker, and its nested workers stop with it.
import { DocumentError, type DocumentErrorCode } from "#codecs/document/document-error.ts";
import type { PageItems, PdfPageHelpers } from "#codecs/document/read-pdf.ts";
import { splitPages, MAX_THREADS } from "#codecs/document/pdf-text-split.ts";
import type { PdfTextJob, PdfTextReply } from "#codecs/document/pdf-text-job.ts";

const abortError = () => new DOMException("The conversion was cancelled.", "AbortError");

/** Reads pages first..last of `bytes` on a new nested worker. */
export function readOnNestedWorker(bytes: Uint8Array, first: number, last: number, options: { password?: string; signal: AbortSignal }, start: () => Worker = () => new Worker(new URL("./pdf-text.worker.ts", import.meta.url), { type: "module", name: "pdf-text" })): Promise<PageItems[]> {
  const { signal } = options;
  if (signal.aborted) return Promise.reject(abortError());
  const { promise, resolve, reject } = Promise.withResolvers<PageItems[]>();
  let worker: Worker;
  try {
    worker = start();
  } catch (error) {
    return Promise.reject(new Error(`A worker to read the PDF's pages could not be started: ${error instanceof Error ? error.message : String(error)}`));
  }
  let settled = false;
  const settle = (outcome: () => void) => {
    if (settled) return;
    settled = true;
    signal.removeEventListener("abort", onAbort);
    worker.terminate();
    outcome();
  };
  const onAbort = () => settle(() => reject(abortError()));
  signal.addEventListener("abort", onAbort, { once: true });
  worker.addEventListener("message", ({ data: reply }: MessageEvent<PdfTextReply>) =>
    settle(() => {
      if (reply.ok) resolve(reply.pages);
      else reject(reply.code === undefined ? new Error(`${reply.name}: ${reply.message}`) : new DocumentError(reply.message, reply.code as DocumentErrorCode));
    }),
  );
  worker.addEventListener("error", (event) => settle(() => reject(new Error(`A worker reading the PDF's pages stopped: ${event.message || "it could not run"}`))));
  worker.addEventListener("messageerror", () => settle(() => reject(new Error("A worker reading the PDF's pages sent a message that could not be read."))));
  const job: PdfTextJob = { bytes, first, last, password: options.password };
  worker.postMessage(job, []);
  return promise;
}

/** The document worker's helpers for readPdfText: undefined on one core. */
export function browserPdfTextHelpers(cores = typeof navigator === "object" && navigator.hardwareConcurrency > 0 ? navigator.hardwareConcurrency : 1): PdfPageHelpers | undefined {
  const threads = Math.min(cores, MAX_THREADS);
  if (threads < 2 || typeof Worker !== "function") return undefined;
  return { split: (pageCount) => splitPages(pageCount, threads), read: (bytes, first, last, options) => readOnNestedWorker(bytes, first, last, options) };
}
