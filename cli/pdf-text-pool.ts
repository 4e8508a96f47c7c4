// PDF → TXT on several threads in the CLI (docs/decisions/061-pdf-text-pool.md): readPdfText reads the
// first pages on this thread while worker threads (./pdf-text-worker.ts, one per extra core, at most
// 3) each open their own copy of the bytes and read a contiguous range of the last pages; the
// ranges are joined in page order, so the text is byte for byte the single thread's. One thread for
// a PDF under MIN_PARALLEL_PAGES pages (300: each helper must get 75 pages beyond the 150 this thread
// reads while it starts) or on one core; CONVERT_THREADS=n caps the threads (1: one thread; n >= 2
// also lifts the page threshold and splits evenly). A worker's failure rejects the read with its
// message (a DocumentError keeps its code); a worker that dies gives a WorkerThreadCrash; an abort
// or any failure terminates every worker.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { DocumentError, type DocumentErrorCode } from "#codecs/document/document-error.ts";
import { MAX_THREADS, splitPages } from "#codecs/document/pdf-text-split.ts";
import type { PageItems, PdfPageHelpers } from "#codecs/document/read-pdf.ts";
import type { PdfTextJob, PdfTextReply } from "#codecs/document/pdf-text-job.ts";
import { abortError, WorkerThreadCrash } from "./worker-pool.ts";

export { MIN_PARALLEL_PAGES, splitPages } from "#codecs/document/pdf-text-split.ts";

// Run from source this file is cli/pdf-text-pool.ts; built, it is in a chunk at the top of build/cli/
// (scripts/build-cli.ts keeps it there) beside the worker's entry, pdf-text-worker.js
const MODULE_EXTENSION = import.meta.url.endsWith(".ts") ? ".ts" : ".js";
const WORKER_URL = new URL(`./pdf-text-worker${MODULE_EXTENSION}`, import.meta.url);

/** Threads to use (this one included): CONVERT_THREADS or the cores, at most MAX_THREADS; `forced` when set by CONVERT_THREADS. */
export function pdfThreads(env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): { threads: number; forced: boolean } {
  const asked = Number(env.CONVERT_THREADS);
  if (env.CONVERT_THREADS !== undefined && Number.isInteger(asked) && asked >= 1) return { threads: Math.min(asked, MAX_THREADS), forced: true };
  return { threads: Math.max(1, Math.min(cores, MAX_THREADS)), forced: false };
}

/** Reads pages first..last of `bytes` on a new worker thread (terminated when done, failed or aborted). */
export function readOnWorker(bytes: Uint8Array, first: number, last: number, options: { password?: string; signal: AbortSignal }, workerUrl: URL = WORKER_URL): Promise<PageItems[]> {
  const { signal } = options;
  if (signal.aborted) return Promise.reject(abortError());
  const { promise, resolve, reject } = Promise.withResolvers<PageItems[]>();
  const worker = new Worker(workerUrl);
  let settled = false;
  const settle = (outcome: () => void) => {
    if (settled) return;
    settled = true;
    signal.removeEventListener("abort", onAbort);
    void worker.terminate();
    outcome();
  };
  const onAbort = () => settle(() => reject(abortError()));
  signal.addEventListener("abort", onAbort, { once: true });
  worker.on("message", (reply: PdfTextReply) =>
    settle(() => {
      if (reply.ok) resolve(reply.pages);
      else reject(reply.code === undefined ? new Error(`${reply.name}: ${reply.message}`) : new DocumentError(reply.message, reply.code as DocumentErrorCode));
    }),
  );
  worker.on("error", (error) => settle(() => reject(new WorkerThreadCrash(`A worker thread reading the PDF's pages stopped: ${error.message}`, { cause: error }))));
  worker.on("exit", (code) => settle(() => reject(new WorkerThreadCrash(`A worker thread reading the PDF's pages exited unexpectedly (exit code ${code}).`))));
  worker.on("messageerror", () => settle(() => reject(new WorkerThreadCrash("A worker thread reading the PDF's pages sent a message that could not be read."))));
  const job: PdfTextJob = { bytes, first, last, password: options.password };
  worker.postMessage(job, []);
  return promise;
}

/** The CLI's helpers for readPdfText: undefined on one thread. */
export function nodePdfTextHelpers(env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): PdfPageHelpers | undefined {
  const { threads, forced } = pdfThreads(env, cores);
  if (threads < 2) return undefined;
  return { split: (pageCount) => splitPages(pageCount, threads, forced ? { bootPages: 0, minHelperPages: 1 } : {}), read: (bytes, first, last, options) => readOnWorker(bytes, first, last, options) };
}
