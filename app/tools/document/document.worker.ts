// The PDF converter's worker (issue 15): reads the chosen file's facts, and runs the conversion
// pipeline (#codecs/document/convert-document.ts) with pdf.js, the canvas and the fonts of this
// worker. Cancel = the bridge terminates it.
import { browserPdfFallbackFonts, browserPdfFonts } from "#codecs/document/pdf-fonts-browser.ts";
import { convertDocument, warmUp, zipPages, type DocumentEngines, type DocumentOutput } from "#codecs/document/convert-document.ts";
import { DocumentError } from "#codecs/document/document-error.ts";
import { probeDocument } from "#codecs/document/probe-document.ts";
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import { formatFileSize } from "../shared/file-names.ts";
import type { DocumentCombineRequest, DocumentConvertRequest, DocumentConvertResult, DocumentFacts, DocumentProbeRequest } from "./document-job.ts";
import { browserPdfTextHelpers } from "./pdf-text-helpers.ts";
import { browserCanvas, browserPdfjs } from "./pdfjs-browser.ts";

/** Larger than any document or photo a visitor converts here; refused before it is read into memory. */
const MAX_DOCUMENT_BYTES = 512 * 1024 * 1024;
/** Characters of a text result shown on the page. */
const TEXT_PREVIEW_CHARS = 2000;

// PDF → TXT reads the last pages on nested workers when the device has the cores (decision 061)
const engines: DocumentEngines = { pdfjs: browserPdfjs, canvas: async () => browserCanvas, fonts: browserPdfFonts, fallbackFonts: browserPdfFallbackFonts, pdfTextHelpers: () => browserPdfTextHelpers() };

async function readFile(file: File): Promise<Uint8Array> {
  if (file.size > MAX_DOCUMENT_BYTES) throw new DocumentError(`This file is ${formatFileSize(file.size)}: the limit here is ${formatFileSize(MAX_DOCUMENT_BYTES)}.`, "too-large");
  if (file.size === 0) throw new DocumentError("This file is empty.", "damaged");
  return new Uint8Array(await file.arrayBuffer());
}

const MIME: Record<string, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain;charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  zip: "application/zip",
};
const extensionOf = (name: string) => name.slice(name.lastIndexOf(".") + 1).toLowerCase();
const blobOf = (bytes: Uint8Array, extension: string) => new Blob([bytes as Uint8Array<ArrayBuffer>], { type: MIME[extension] ?? "application/octet-stream" });

function resultOf(output: DocumentOutput): DocumentConvertResult {
  const [first] = output.files;
  if (!first || first.bytes.length === 0) throw new DocumentError("The conversion produced an empty file.", "damaged");
  const extension = extensionOf(first.name);
  const images = extension === "png" || extension === "jpg";
  const pages = output.files.map((file) => ({ name: file.name, blob: blobOf(file.bytes, extension) }));
  const several = output.files.length > 1;
  const outputBlob = several ? blobOf(zipPages(output.files), "zip") : pages[0]!.blob;
  const textPreview = extension === "txt" ? new TextDecoder().decode(first.bytes.subarray(0, TEXT_PREVIEW_CHARS * 4)).slice(0, TEXT_PREVIEW_CHARS) : null;
  const count = output.pageCount;
  const what = images ? `${output.files.length} page image${output.files.length === 1 ? "" : "s"}` : count ? `${count} page${count === 1 ? "" : "s"}` : extension.toUpperCase();
  return {
    output: outputBlob,
    extension: several ? "zip" : extension,
    pages: several ? pages : [],
    preview: images ? pages[0]!.blob : null,
    textPreview,
    notes: output.notes,
    summary: `${what}, ${formatFileSize(outputBlob.size)}`,
  };
}

async function probe({ file }: DocumentProbeRequest): Promise<DocumentFacts> {
  const facts = await probeDocument({ bytes: await readFile(file), name: file.name }, engines.pdfjs);
  // while the visitor picks options: load what converting this kind needs (errors surface on Convert)
  warmUp(facts.kind, engines).catch(() => {});
  return facts;
}

async function convert({ file, choice }: DocumentConvertRequest, { progress }: WorkerContext): Promise<DocumentConvertResult> {
  const output = await convertDocument({ bytes: await readFile(file), name: file.name }, choice, engines, { onProgress: progress });
  return resultOf(output);
}

/** Several JPG/PNG images into one PDF, in the order given. */
async function combine({ files }: DocumentCombineRequest, { progress }: WorkerContext): Promise<DocumentConvertResult> {
  const sources = [];
  for (const file of files) sources.push({ bytes: await readFile(file), name: file.name });
  const { imagesToPdf } = await import("#codecs/pdf/image-pdf.ts");
  const pdf = await imagesToPdf(sources, { onProgress: progress });
  return resultOf({ files: [{ name: "images.pdf", bytes: pdf }], notes: [], pageCount: files.length });
}

export const api = defineWorker({ probe, convert, combine });
