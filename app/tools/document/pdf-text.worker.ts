// A nested worker of the document worker (./pdf-text-helpers.ts, decision 061): opens its own copy
// of the PDF with this worker's pdf.js and reads one range of its pages' text items (readPageRange),
// then answers with them or with the failure's name, message and code. It stops with its parent.
import { answerPdfTextJob, type PdfTextJob, type PdfTextReply } from "#codecs/document/pdf-text-job.ts";
import { browserPdfjs } from "./pdfjs-browser.ts";

const scope = globalThis as unknown as {
  addEventListener(type: "message", listener: (event: MessageEvent<PdfTextJob>) => void, options: { once: true }): void;
  postMessage(message: PdfTextReply, transfer: Transferable[]): void;
};

scope.addEventListener("message", async ({ data: job }) => scope.postMessage(await answerPdfTextJob(browserPdfjs, job), []), { once: true });
