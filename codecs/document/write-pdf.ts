// The PDF writer (issue 15): the document model as a real text PDF, laid out by pdfmake 0.3.11
// (line wrapping, tables, subset fonts embedded by pdfkit). One entry for Node and the browser
// worker: pdfmake's own browser build, which needs no DOM and no `window` (only `self`), so the
// tests run the very code the worker runs. Fonts come from the caller (pdf-fonts*.ts).
import type { TDocumentDefinitions, TFontDictionary } from "pdfmake/interfaces";
import { DocumentError } from "./document-error.ts";
import { fontCoverage, intersectCoverage, type FontCoverage } from "./font-coverage.ts";
import type { DocModel } from "./model.ts";
import { pdfDefinition } from "./pdf-definition.ts";
import { PDF_FONT_FACES, type PdfFonts } from "./pdf-fonts.ts";
import { CoverageCheck } from "./pdf-text.ts";

export interface WritePdfOptions {
  /** called with fractions from 0 to 1 as the document is laid out and written */
  onProgress?(fraction: number): void;
  /**
   * TrueType fonts (one face each) for characters the main family lacks, tried in order, or a
   * function that loads them, called only when the document has such characters (nodePdfFallbackFonts,
   * browserPdfFallbackFonts). Bold and italic runs in a fallback font are drawn upright and regular.
   */
  fallbackFonts?: readonly Uint8Array[] | (() => Promise<readonly Uint8Array[]>);
}

/** The part of pdfmake's browser build we use. */
interface PdfMake {
  virtualfs: { storage: Record<string, unknown>; writeFileSync(name: string, content: Uint8Array | ArrayBuffer): void };
  fonts: TFontDictionary;
  setFonts(fonts: TFontDictionary): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setProgressCallback(callback: ((fraction: number) => void) | undefined): void;
  createPdf(definition: TDocumentDefinitions): { getBuffer(): Promise<Uint8Array> };
}

let pdfmake: Promise<PdfMake> | undefined;

/** Loads pdfmake (once): writePdf does it itself; a caller may do it early, while the visitor picks options. */
export function loadPdfmake(): Promise<PdfMake> {
  pdfmake ??= import("pdfmake/build/pdfmake.js").then((module) => {
    const instance = (module as unknown as { default: PdfMake }).default;
    // fonts and images come from us as bytes: never fetch anything a document names
    instance.setUrlAccessPolicy(() => false);
    return instance;
  });
  return pdfmake;
}

const familyCoverages = new WeakMap<PdfFonts, FontCoverage>();
const fontCoverages = new WeakMap<Uint8Array, FontCoverage>();

/** The characters all four faces draw (computed once per font set). */
function familyCoverage(fonts: PdfFonts): FontCoverage {
  let coverage = familyCoverages.get(fonts);
  if (coverage === undefined) {
    coverage = intersectCoverage(PDF_FONT_FACES.map((face) => fontCoverage(fonts[face])));
    familyCoverages.set(fonts, coverage);
  }
  return coverage;
}

function fallbackCoverage(font: Uint8Array): FontCoverage {
  let coverage = fontCoverages.get(font);
  if (coverage === undefined) {
    coverage = fontCoverage(font);
    fontCoverages.set(font, coverage);
  }
  return coverage;
}

const coverageCheck = (fonts: PdfFonts, fallbacks: readonly Uint8Array[]): CoverageCheck => new CoverageCheck([familyCoverage(fonts), ...fallbacks.map(fallbackCoverage)]);

/**
 * The scripts of `model`'s text that neither `fonts` nor `fallbackFonts` draw, by key ("Han",
 * "Kana", "Hangul", "Arabic"...): what a caller checks before loading a fallback font for them.
 */
export function scriptsLacking(model: DocModel, fonts: PdfFonts, fallbackFonts: readonly Uint8Array[] = []): string[] {
  const coverage = coverageCheck(fonts, fallbackFonts);
  pdfDefinition(model, { font: "main", coverage, imagePrefix: "image-", decodePictures: false });
  return coverage.missingScripts();
}

// Share of the progress bar each phase takes: building the definition, layout, rendering.
const DEFINITION_DONE = 0.05;
const LAYOUT_DONE = 0.6;
const RENDER_DONE = 0.98;

let calls = 0;

/** Writes `model` as a PDF with the given fonts. Throws DocumentError for what the visitor can act on. */
export async function writePdf(model: DocModel, fonts: PdfFonts, options: WritePdfOptions = {}): Promise<Uint8Array> {
  let reported = 0;
  const report = (fraction: number): void => {
    if (fraction <= reported) return;
    reported = fraction;
    options.onProgress?.(fraction);
  };
  const make = await loadPdfmake();
  // pdfmake's font table and file system are shared by every call in this thread: each call
  // registers its own names and removes them when done
  const id = `docpdf${++calls}`;
  const given = options.fallbackFonts ?? [];
  // a loader is called only for a document the main family cannot draw on its own
  const fallbacks = typeof given === "function" ? (scriptsLacking(model, fonts).length > 0 ? await given() : []) : given;
  const fallbackFamilies = fallbacks.map((_font, i) => `${id}-fallback${i}`);
  const coverage = coverageCheck(fonts, fallbacks);
  const { definition, images, estimatedPages } = pdfDefinition(model, { font: id, coverage, imagePrefix: `${id}-image-`, fallbackFamilies });
  coverage.check();
  report(DEFINITION_DONE);

  const files: string[] = [];
  const families: TFontDictionary = {};
  try {
    const file = (name: string, content: Uint8Array | ArrayBuffer): string => {
      make.virtualfs.writeFileSync(name, content);
      files.push(name);
      return name;
    };
    families[id] = {
      normal: file(`${id}-regular.ttf`, fonts.regular),
      bold: file(`${id}-bold.ttf`, fonts.bold),
      italics: file(`${id}-italic.ttf`, fonts.italic),
      bolditalics: file(`${id}-bold-italic.ttf`, fonts.boldItalic),
    };
    fallbacks.forEach((font, i) => {
      const name = file(`${fallbackFamilies[i]!}.ttf`, font);
      families[fallbackFamilies[i]!] = { normal: name, bold: name, italics: name, bolditalics: name };
    });
    // an ArrayBuffer: pdfkit takes that from any realm, where Buffer.isBuffer would not know ours
    definition.images = Object.fromEntries(images.map((image) => [image.key, file(image.key, image.data.slice().buffer)]));
    make.setFonts({ ...make.fonts, ...families });
    // pdfmake asks for each page's background as it adds the page: our measure of layout
    definition.background = (page) => {
      report(DEFINITION_DONE + (LAYOUT_DONE - DEFINITION_DONE) * Math.min(0.95, page / estimatedPages));
      return null;
    };
    // pdfmake reads the callback when the document is created: set it for this call only
    make.setProgressCallback((fraction) => report(LAYOUT_DONE + (RENDER_DONE - LAYOUT_DONE) * fraction));
    const document = make.createPdf(definition);
    make.setProgressCallback(undefined);
    const buffer = await document.getBuffer();
    report(1);
    // a Uint8Array of our realm that owns its whole buffer (the worker transfers it)
    return buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength ? new Uint8Array(buffer.buffer) : new Uint8Array(buffer);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("Invalid image")) {
      throw new DocumentError("A picture in this document is damaged, so it cannot be put in the PDF.", "damaged", { cause: error });
    }
    throw error;
  } finally {
    make.setProgressCallback(undefined);
    for (const file of files) delete make.virtualfs.storage[file];
    make.setFonts(Object.fromEntries(Object.entries(make.fonts).filter(([name]) => !(name in families))));
  }
}
