// The ebook tools' pipeline (issue 16), the same in the browser worker and the CLI: the file is read
// into the one Book model (./book.ts), the visitor's edits are applied (title, author, cover), and
// the Book is written as the target. Each reader and writer is imported when a conversion needs it,
// so the worker fetches the Kindle writer, pdfmake or docx only for the conversions that use them.
import type { PdfFonts } from "../document/pdf-fonts.ts";
import type { Book, BookWriteOptions } from "./book.ts";
import { applyEdits } from "./book-edits.ts";
import { EbookError } from "./ebook-error.ts";
import { checkEbookChoice, isKindleTarget, sniffEbook, TARGETS_BY_KIND, TARGET_LABELS, type CoverReplacement, type EbookChoice, type EbookKind, type EbookTarget } from "./ebook-options.ts";
import type { FallbackFontLoader } from "../document/write-pdf.ts";

/** The platform's engines, each loaded the first time a conversion needs it (PDF output only). */
export interface EbookEngines {
  fonts(): Promise<PdfFonts>;
  fallbackFonts: FallbackFontLoader;
}

export interface EbookSource {
  bytes: Uint8Array;
  /** the file's name: its base names the output, and ".fb2.zip" marks a zipped FB2 */
  name: string;
}

export interface EbookOutput {
  name: string;
  bytes: Uint8Array;
  /** what could not be kept, for the visitor */
  notes: string[];
  /** chapters written (a cover page is not one) */
  chapterCount: number;
}

export interface ConvertEbookOptions {
  /** fractions 0 to 1: reading is the first tenth, writing (chapters done) the rest */
  onProgress?: (fraction: number) => void;
  /** a new cover picture for the book */
  cover?: CoverReplacement;
  /** the date written as the book's modification date; now by default */
  modified?: Date;
}

const READ_SHARE = 0.1;
const MIME: Readonly<Record<EbookTarget, string>> = {
  epub: "application/epub+zip",
  azw3: "application/vnd.amazon.ebook",
  mobi: "application/x-mobipocket-ebook",
  fb2: "application/x-fictionbook+xml",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain;charset=utf-8",
  html: "text/html;charset=utf-8",
};
export const mimeOf = (target: EbookTarget): string => MIME[target];

const baseName = (name: string) => name.replace(/(\.fb2)?\.[^./\\]*$/i, "") || "book";
const stage = (report: (f: number) => void, from: number, to: number) => (fraction: number) => report(from + (to - from) * Math.min(1, Math.max(0, fraction)));

/** What kind `source` is, or a refusal saying what these tools read. */
export function ebookKind(source: EbookSource): EbookKind {
  const kind = sniffEbook(source.bytes, source.name);
  if (kind === null) throw new EbookError("This file is not an EPUB, FB2, MOBI or AZW3 ebook.", "damaged");
  return kind;
}

/** Reads any ebook the tools take into the Book model. */
export async function readBook(kind: EbookKind, bytes: Uint8Array): Promise<Book> {
  if (kind === "epub") return (await import("./read-epub.ts")).readEpub(bytes);
  if (kind === "fb2") return (await import("./read-fb2.ts")).readFb2(bytes);
  return (await import("./mobi/read-mobi.ts")).readMobi(bytes);
}

const encodeUtf8 = (text: string) => new TextEncoder().encode(text);

/** Writes `book` as `target`. */
async function writeBook(book: Book, target: EbookTarget, engines: EbookEngines, options: BookWriteOptions): Promise<Uint8Array> {
  switch (target) {
    case "epub":
      return (await import("./write-epub.ts")).writeEpub(book, options);
    case "azw3":
      return (await import("./mobi/write-azw3.ts")).writeAzw3(book, options);
    case "mobi":
      return (await import("./mobi/write-mobi.ts")).writeMobi(book, options);
    case "fb2":
      return (await import("./write-fb2.ts")).writeFb2(book, options);
    case "html":
      return (await import("./write-html.ts")).writeHtml(book, options);
    case "txt":
    case "docx":
    case "pdf": {
      const model = (await import("./book-to-model.ts")).bookToModel(book);
      if (target === "txt") return encodeUtf8((await import("../document/write-txt.ts")).writeTxt(model));
      if (target === "docx") return (await import("../document/write-docx.ts")).writeDocx(model, options);
      const { writePdf } = await import("../document/write-pdf.ts");
      const pdf = await writePdf(model, await engines.fonts(), { fallbackFonts: engines.fallbackFonts, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
      // the writer's note (characters no font has) joins the book's, which the page shows
      for (const note of model.notes) if (!book.notes.includes(note)) book.notes.push(note);
      return pdf;
    }
  }
}

/** Loads what converting to `target` needs, while the visitor picks options; failures are left for Convert. */
export async function warmUp(kind: EbookKind, target: EbookTarget, engines: EbookEngines): Promise<void> {
  const reader = kind === "epub" ? import("./read-epub.ts") : kind === "fb2" ? import("./read-fb2.ts") : import("./mobi/read-mobi.ts");
  const writer =
    target === "azw3" ? Promise.all([import("./mobi/write-azw3.ts"), import("./kindle-images.ts")])
    : target === "mobi" ? Promise.all([import("./mobi/write-mobi.ts"), import("./kindle-images.ts")])
    : target === "pdf" ? Promise.all([import("./book-to-model.ts"), import("../document/write-pdf.ts").then((module) => module.loadPdfmake()), engines.fonts()])
    : target === "epub" ? import("./write-epub.ts")
    : Promise.resolve();
  await Promise.all([reader, writer]);
}

/** Converts one ebook as `choice` says. Throws EbookError (or a codec's own typed error) for the visitor. */
export async function convertEbook(source: EbookSource, requested: EbookChoice, engines: EbookEngines, options: ConvertEbookOptions = {}): Promise<EbookOutput> {
  const report = options.onProgress ?? (() => {});
  const choice = checkEbookChoice(requested);
  const kind = ebookKind(source);
  if (!TARGETS_BY_KIND[kind].includes(choice.target)) {
    throw new EbookError(`The book is already in the ${TARGET_LABELS[choice.target]} format: pick another one.`, "unsupported");
  }
  const read = await readBook(kind, source.bytes);
  report(READ_SHARE);
  let book = applyEdits(read, choice, options.cover);
  if (isKindleTarget(choice.target)) book = (await import("./kindle-images.ts")).fitKindleImages(book, choice.kindleImageSize);
  const bytes = await writeBook(book, choice.target, engines, { onProgress: stage(report, READ_SHARE, 1), ...(options.modified ? { modified: options.modified } : {}) });
  report(1);
  return { name: `${baseName(source.name)}.${choice.target}`, bytes, notes: book.notes, chapterCount: book.chapters.filter((chapter) => chapter.role !== "cover").length };
}
