// Opening a PDF with pdf.js (pdfjs-dist), the same way in Node and in our browser workers. The
// caller brings the pdf.js module and where its data lives (pdfjs-node.ts for Node and the CLI, the
// document worker's own loader in the browser), so this file imports no build of pdf.js itself.
// pdf.js runs its parser as a "fake worker" in the calling thread: the caller puts the worker
// module on `globalThis.pdfjsWorker` before the first open (we are already off the page's thread).
import type { DocumentInitParameters, PDFDocumentProxy } from "pdfjs-dist/types/src/display/api";
import { DocumentError } from "./document-error.ts";
import { withoutAttachmentOnlyEncryption } from "./pdf-encryption.ts";

/** The part of the pdf.js module we use. */
export interface PdfjsModule {
  getDocument(source: DocumentInitParameters): { promise: Promise<PDFDocumentProxy>; destroy(): Promise<void> };
}

/** pdf.js and the URLs (or paths) of its data, for the platform at hand. */
export interface PdfjsPlatform {
  pdfjs: PdfjsModule;
  /** the folder holding the standard 14 fonts' data (for PDFs that do not embed them), ending in "/" */
  standardFontDataUrl?: string;
  /** the folder of the predefined CMaps (CJK text), ending in "/" */
  cMapUrl?: string;
  /** the folder of pdf.js's wasm decoders (JPEG 2000, colour profiles), ending in "/" */
  wasmUrl?: string;
  /** extra getDocument parameters (a canvas factory for rendering, say) */
  extra?: Partial<DocumentInitParameters>;
}

export interface OpenPdfOptions {
  password?: string;
}

interface PdfjsException {
  name: string;
  code?: number;
}

const isPdfjsException = (error: unknown): error is PdfjsException => typeof error === "object" && error !== null && "name" in error;

// pdf.js's PasswordResponses.INCORRECT_PASSWORD (NEED_PASSWORD is 1)
const INCORRECT_PASSWORD = 2;

/** The end of a whole PDF (its last "%%EOF") lies within this many bytes of the file's end. */
const EOF_REACH = 2048;

/** A file that starts as a PDF but has no "%%EOF" near its end: a download or copy that stopped early. */
export function looksCutShort(bytes: Uint8Array): boolean {
  const head = String.fromCharCode(...bytes.subarray(0, 5));
  const tail = String.fromCharCode(...bytes.subarray(Math.max(0, bytes.length - EOF_REACH)));
  return head === "%PDF-" && !tail.includes("%%EOF");
}

/** The visitor's failure for a pdf.js open error (a password asked for or wrong, a broken file); `cutShort` when the file's end is missing. */
export function openFailure(error: unknown, cutShort = false): Error {
  if (isPdfjsException(error) && error.name === "PasswordException") {
    return error.code === INCORRECT_PASSWORD
      ? new DocumentError("The password is not right for this PDF. Check it and try again.", "wrong-password")
      : new DocumentError("This PDF is protected with a password. Enter its password to convert it.", "password-required");
  }
  if (isPdfjsException(error) && (error.name === "InvalidPDFException" || error.name === "MissingPDFException" || error.name === "FormatError")) {
    if (cutShort) return new DocumentError("This PDF is cut short: its end is missing, as when a download or copy stops early. Get the whole file again.", "damaged");
    return new DocumentError("This file is not a readable PDF: its structure is damaged or it is another kind of file.", "damaged");
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Opens `bytes` (which pdf.js takes over: pass a copy if you need them after) as a PDF. */
export async function openPdf(platform: PdfjsPlatform, bytes: Uint8Array, options: OpenPdfOptions = {}): Promise<PDFDocumentProxy> {
  // pdf.js may take the bytes over: look at the file's end first
  const cutShort = looksCutShort(bytes);
  const task = platform.pdfjs.getDocument({
    // encryption of the attachments alone asks no password of poppler, nor of us
    data: withoutAttachmentOnlyEncryption(bytes),
    password: options.password,
    useSystemFonts: false,
    // fetch font data and CMaps from the URLs given instead of through a DOM factory
    useWorkerFetch: true,
    standardFontDataUrl: platform.standardFontDataUrl,
    cMapUrl: platform.cMapUrl,
    cMapPacked: true,
    wasmUrl: platform.wasmUrl,
    verbosity: 0,
    ...platform.extra,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => {});
    throw openFailure(error, cutShort);
  }
}

/** Whether the failure asks the visitor for (another) password. */
export const needsPassword = (error: unknown): boolean => error instanceof DocumentError && (error.code === "password-required" || error.code === "wrong-password");

/** Frees a document opened with openPdf (its parser, fonts and page caches). */
export const closePdf = (doc: PDFDocumentProxy): Promise<void> => doc.loadingTask.destroy();
