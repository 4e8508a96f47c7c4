// The PDF converter's pipeline (issue 15), the same in the browser worker and the CLI: every input is
// read into the document model (./model.ts) or straight from the PDF, and written as the target.
// PDF → TXT/DOCX read the PDF's text; PDF → PNG/JPG render its pages; DOCX, DOC and TXT become a PDF
// through our writer (and page images by rendering that PDF); JPG/PNG go into a PDF as they are.
// The platform parts (pdf.js and its canvas, the fonts) come from the caller, loaded on first use;
// each reader and writer is imported when a conversion needs it, so a worker bundle split into
// chunks fetches mammoth, docx or pdfmake only for the conversions that use them.
import { zipSync } from "fflate";
import { DocumentError } from "./document-error.ts";
import { checkDocumentChoice, checkTarget, sniffDocument, type DocumentChoice, type DocumentKind } from "./document-options.ts";
import type { DocModel } from "./model.ts";
import type { PdfFonts } from "./pdf-fonts.ts";
import type { PdfjsPlatform } from "./pdfjs.ts";
import type { PdfPageHelpers } from "./read-pdf.ts";
import { parsePageRange } from "./page-range.ts";
import type { CanvasProvider } from "./render-pdf.ts";
import type { FallbackFontLoader } from "./write-pdf.ts";

/** The platform's engines, each loaded the first time a conversion needs it. */
export interface DocumentEngines {
  pdfjs(): Promise<PdfjsPlatform>;
  canvas(): Promise<CanvasProvider>;
  fonts(): Promise<PdfFonts>;
  /** fonts for characters the main ones lack, loaded only for documents that have some */
  fallbackFonts: FallbackFontLoader;
  /** threads that read some of a PDF's pages for PDF → TXT (docs/decisions/061-pdf-text-pool.md); none: all on this one */
  pdfTextHelpers?(): PdfPageHelpers | undefined;
}

export interface DocumentSource {
  bytes: Uint8Array;
  /** the file's name: its base names the outputs, and ".txt" marks text */
  name: string;
}

export interface ConvertedFile {
  name: string;
  bytes: Uint8Array;
}

export interface DocumentOutput {
  /** the converted file, or each page image (several: the caller zips them) */
  files: ConvertedFile[];
  /** what could not be kept, for the visitor */
  notes: string[];
  /** pages of a PDF output or page images made */
  pageCount?: number;
}

export interface ConvertDocumentOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const baseName = (name: string) => name.replace(/\.[^./\\]*$/, "") || "document";
const encodeUtf8 = (text: string) => new TextEncoder().encode(text);

/** Progress of one stage mapped into [from, to] of the whole. */
const stage = (report: (f: number) => void, from: number, to: number) => (fraction: number) => report(from + (to - from) * Math.min(1, Math.max(0, fraction)));

/** What kind `source` is, or a refusal saying what this converter reads. */
export function documentKind(source: DocumentSource): DocumentKind {
  const kind = sniffDocument(source.bytes, source.name);
  if (kind === null) throw new DocumentError("This file is not a PDF, a Word document (DOCX or DOC), a text file or a JPG or PNG image.", "damaged");
  return kind;
}

/** Reads a DOCX, DOC or TXT into the model; a password-protected DOCX or DOC is opened with `password` first. */
async function readModel(kind: DocumentKind, source: DocumentSource, onProgress: (f: number) => void, password: string | undefined): Promise<DocModel> {
  if (kind === "docx") return (await import("./read-docx.ts")).readDocx(source.bytes, { onProgress });
  if (kind === "doc") {
    // an encrypted DOCX is an OLE file too: both are told apart (and opened) here
    const opened = (await import("./office-crypto/index.ts")).openProtectedOffice(source.bytes, password);
    if (opened?.kind === "docx") return (await import("./read-docx.ts")).readDocx(opened.bytes, { onProgress });
    return (await import("./read-doc.ts")).readDoc(source.bytes, opened?.container);
  }
  if (kind === "txt") {
    const { readTxt, titleFromFileName } = await import("./read-txt.ts");
    return readTxt(source.bytes, { title: titleFromFileName(source.name) });
  }
  return (await import("./read-images.ts")).readImages([{ bytes: source.bytes, name: source.name }]);
}

/**
 * Loads what the usual conversions of `kind` need (pdf.js and the PDF reader; a reader, pdfmake and
 * the fonts), so the work starts at once when the visitor presses Convert. The worker calls it after
 * reading a file's facts; a failure here is left for the conversion itself to report.
 */
export async function warmUp(kind: DocumentKind, engines: DocumentEngines): Promise<void> {
  if (kind === "pdf") {
    await Promise.all([engines.pdfjs(), import("./read-pdf.ts")]);
    return;
  }
  if (kind === "docx" || kind === "doc" || kind === "txt") {
    const reader = kind === "docx" ? import("./read-docx.ts") : kind === "doc" ? import("./read-doc.ts") : import("./read-txt.ts");
    await Promise.all([reader, import("./write-pdf.ts").then((writer) => writer.loadPdfmake()), engines.fonts()]);
  }
}

/** Converts one file as `choice` says. Throws DocumentError (or a codec's own typed error) for the visitor. */
export async function convertDocument(source: DocumentSource, requested: Partial<DocumentChoice> & Pick<DocumentChoice, "target">, engines: DocumentEngines, options: ConvertDocumentOptions = {}): Promise<DocumentOutput> {
  const report = options.onProgress ?? (() => {});
  const choice = checkDocumentChoice(requested);
  const kind = documentKind(source);
  const target = checkTarget(kind, choice.target);
  const base = baseName(source.name);
  const one = (extension: string, bytes: Uint8Array, notes: string[] = []): DocumentOutput => {
    report(1);
    return { files: [{ name: `${base}.${extension}`, bytes }], notes };
  };
  // pdf.js takes over the bytes it is given: each use gets its own copy
  const pdfBytes = () => new Uint8Array(source.bytes);
  const pageImages = async (pdf: Uint8Array, password: string | undefined, from: number, notes: string[]): Promise<DocumentOutput> => {
    const format = target === "jpg" ? "jpeg" : "png";
    const { pageImageName, renderPdfPages } = await import("./render-pdf.ts");
    const pages = await renderPdfPages(await engines.pdfjs(), await engines.canvas(), pdf, {
      dpi: choice.dpi,
      format,
      quality: choice.jpegQuality,
      pages: parsePageRange(choice.pages),
      password,
      onProgress: stage(report, from, 1),
      signal: options.signal,
    });
    // the names' digits fit the highest page number made
    const last = pages.at(-1)?.pageNumber ?? 1;
    report(1);
    return { files: pages.map((page) => ({ name: pageImageName(base, page.pageNumber, last, format), bytes: page.bytes })), notes, pageCount: pages.length };
  };

  if (kind === "pdf") {
    const password = choice.password;
    const { readPdfModel, readPdfText } = await import("./read-pdf.ts");
    if (target === "txt") return one("txt", encodeUtf8(await readPdfText(await engines.pdfjs(), pdfBytes(), { password, onProgress: report, signal: options.signal, helpers: engines.pdfTextHelpers?.() })));
    if (target === "docx") {
      const model = await readPdfModel(await engines.pdfjs(), pdfBytes(), { password, onProgress: stage(report, 0, 0.7), signal: options.signal });
      const { writeDocx } = await import("./write-docx.ts");
      return one("docx", await writeDocx(model, { onProgress: stage(report, 0.7, 1) }), model.notes);
    }
    return pageImages(pdfBytes(), password, 0, []);
  }

  if (kind === "png" || kind === "jpeg") {
    if (target === "pdf") return one("pdf", await (await import("../pdf/image-pdf.ts")).imagesToPdf([source], { title: base, onProgress: report }));
    if (target === "png") return one("png", (await import("./convert-image.ts")).jpegToPng(source.bytes));
    if (target === "jpg") return one("jpg", (await import("./convert-image.ts")).pngToJpeg(source.bytes, choice.jpegQuality));
    // DOCX: through the model below
  }

  const model = await readModel(kind, source, stage(report, 0, 0.3), choice.password);
  if (target === "txt") return one("txt", encodeUtf8((await import("./write-txt.ts")).writeTxt(model)), model.notes);
  if (target === "docx") return one("docx", await (await import("./write-docx.ts")).writeDocx(model, { onProgress: stage(report, 0.3, 1) }), model.notes);
  const { writePdf } = await import("./write-pdf.ts");
  const pdf = await writePdf(model, await engines.fonts(), { fallbackFonts: engines.fallbackFonts, onProgress: stage(report, 0.3, target === "pdf" ? 1 : 0.6) });
  if (target === "pdf") return one("pdf", pdf, model.notes);
  return pageImages(pdf, undefined, 0.6, model.notes);
}

/** Several page images as one ZIP (stored: PNG and JPEG are compressed already). */
export function zipPages(files: readonly ConvertedFile[]): Uint8Array {
  return zipSync(Object.fromEntries(files.map((file) => [file.name, [file.bytes, { level: 0 }]])));
}
