// One helper thread's job in PDF → TXT (docs/decisions/061-pdf-text-pool.md), the same for the CLI's
// worker thread (cli/pdf-text-worker.ts) and the page's nested worker
// (app/tools/document/pdf-text.worker.ts): a range of pages read with that thread's own pdf.js, and
// the answer as plain data (a failure keeps its name, message and code).
import { CodecFailure } from "#codecs/common/codec-failure.ts";
import type { PdfjsPlatform } from "./pdfjs.ts";
import { readPageRange } from "./read-pdf.ts";

export interface PdfTextJob {
  bytes: Uint8Array;
  first: number;
  last: number;
  password?: string;
}

export type PdfTextReply =
  | { ok: true; pages: Awaited<ReturnType<typeof readPageRange>> }
  | { ok: false; name: string; message: string; code?: string };

/** Reads the job's pages; never throws. */
export async function answerPdfTextJob(platform: () => Promise<PdfjsPlatform>, job: PdfTextJob): Promise<PdfTextReply> {
  try {
    return { ok: true, pages: await readPageRange(await platform(), job.bytes, job.first, job.last, { password: job.password }) };
  } catch (error) {
    if (error instanceof CodecFailure) return { ok: false, name: error.name, message: error.message, code: error.code };
    return { ok: false, name: error instanceof Error ? error.name : "Error", message: error instanceof Error ? error.message : String(error) };
  }
}
