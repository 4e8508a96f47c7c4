// A nested worker of the document worker (./pdf-text-helpers.ts, decision 061): opens its own copy
// of the PDF with this worker's pdf.js and reads one range of its pages' text items (readPageRange),
// then answers with them or with the failure's name, message and code. It stops with its parent.
import { CodecFailure } from "#codecs/common/codec-failure.ts";
import { readPageRange } from "#codecs/document/read-pdf.ts";
import { browserPdfjs } from "./pdfjs-browser.ts";

export interface PdfTextJob {
  bytes: Uint8Array;
  first: number;
  last: number;
  password?: string;
}

export type PdfTextReply =
  | { ok: true; pages: Awaited<ReturnType<typeof readPageRange>> }
  | { ok: false; name: string; message: string; code?: string };

const scope = globalThis as unknown as {
  addEventListener(type: "message", listener: (event: MessageEvent<PdfTextJob>) => void, options: { once: true }): void;
  postMessage(message: PdfTextReply, transfer: Transferable[]): void;
};

scope.addEventListener("message", async ({ data: job }) => {
  let reply: PdfTextReply;
  try {
    reply = { ok: true, pages: await readPageRange(await browserPdfjs(), job.bytes, job.first, job.last, { password: job.password }) };
  } catch (error) {
    reply =
      error instanceof CodecFailure
        ? { ok: false, name: error.name, message: error.message, code: error.code }
        : { ok: false, name: error instanceof Error ? error.name : "Error", message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply, []);
}, { once: true });
