// The PDF writer (issue 15): the document model as a real text PDF, laid out by pdfmake 0.3.11
// (line wrapping, tables, subset fonts embedded by pdfkit). One entry for Node and the browser
// worker: pdfmake's own browser build, which needs no DOM and no `window` (only `self`), so the
// tests run the very code the worker runs. Fonts come from the caller (pdf-fonts*.ts).
import type { TDocumentDefinitions, TFontDictionary } from "pdfmake/interfaces";
import { DocumentError } from "./document-error.ts";
import { fontCoverage, intersectCoverage, type FontCoverage } from "./font-coverage.ts";
import type { DocModel } from "./model.ts";
import { pdfDefinition } from "./pdf-definition.ts";
import { PDF_FONT_FACES, type PdfFontFace, type PdfFonts } from "./pdf-fonts.ts";
import { watchTextNodes } from "./pdf-render-hook.ts";
import { cjkPreferenceOf, FALLBACK_FAMILY_KEYS, nearestFace, type FallbackFamilyKey, type FallbackFontFile } from "./pdf-script-fonts.ts";
import { CoverageCheck, type FallbackSlot } from "./pdf-text.ts";

/** Loads fallback font files (pdf-script-fonts.ts), their bytes in the order asked. */
export type FallbackFontLoader = (files: readonly FallbackFontFile[]) => Promise<readonly Uint8Array[]>;

export interface WritePdfOptions {
  /** called with fractions from 0 to 1 as the document is laid out and written */
  onProgress?(fraction: number): void;
  /**
   * For characters the main family lacks: a loader of the Noto fallback families' files, called
   * only for the files the document's scripts need (nodePdfFallbackFonts, browserPdfFallbackFonts),
   * or TrueType fonts (one face each) tried in order. Without one, such characters are drawn as
   * "\ufffd" and the model gets a note.
   */
  fallbackFonts?: readonly Uint8Array[] | FallbackFontLoader;
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

function coverageOf(font: Uint8Array): FontCoverage {
  let coverage = fontCoverages.get(font);
  if (coverage === undefined) {
    coverage = fontCoverage(font);
    fontCoverages.set(font, coverage);
  }
  return coverage;
}

/** One fallback font the document may use: a family of files by face, or one given font. */
interface Fallback {
  family?: FallbackFamilyKey;
  faces: Partial<Record<PdfFontFace, Uint8Array>>;
}

/** The loaded files as fallbacks, in the families' order (the coverage of each is its regular face's). */
function fallbacksOf(loaded: ReadonlyMap<FallbackFontFile, Uint8Array>): Fallback[] {
  const out: Fallback[] = [];
  for (const family of FALLBACK_FAMILY_KEYS) {
    const faces: Fallback["faces"] = {};
    for (const face of PDF_FONT_FACES) {
      const bytes = loaded.get(`${family}/${face}`);
      if (bytes !== undefined) faces[face] = bytes;
    }
    if (Object.keys(faces).length > 0) out.push({ family, faces });
  }
  return out;
}

const anyFace = (fallback: Fallback): Uint8Array => fallback.faces.regular ?? Object.values(fallback.faces)[0]!;

function coverageCheck(model: DocModel, fonts: PdfFonts, fallbacks: readonly Fallback[], loaded: ReadonlyMap<FallbackFontFile, Uint8Array>): CoverageCheck {
  const slots: FallbackSlot[] = fallbacks.map((fallback) => ({ coverage: coverageOf(anyFace(fallback)), ...(fallback.family === undefined ? {} : { family: fallback.family }) }));
  return new CoverageCheck(familyCoverage(fonts), slots, new Set(loaded.keys()), cjkPreferenceOf(model.language));
}

/** Most rounds of loading: each round adds the next family a still-missing character may be in. */
const MAX_LOAD_ROUNDS = 6;

/**
 * The fallback fonts `model` needs, loaded with `loader`: the files its scripts want, then, for
 * characters those lack, the next family that may have them, until none is left to try.
 */
export async function loadFallbacks(model: DocModel, fonts: PdfFonts, loader: FallbackFontLoader): Promise<Map<FallbackFontFile, Uint8Array>> {
  const loaded = new Map<FallbackFontFile, Uint8Array>();
  for (let round = 0; round < MAX_LOAD_ROUNDS; round++) {
    const coverage = coverageCheck(model, fonts, fallbacksOf(loaded), loaded);
    pdfDefinition(model, { font: "main", coverage, imagePrefix: "image-", decodePictures: false });
    const wanted = [...coverage.wanted].filter((file) => !loaded.has(file));
    if (wanted.length === 0) break;
    const bytes = await loader(wanted);
    wanted.forEach((file, i) => loaded.set(file, bytes[i]!));
  }
  return loaded;
}

/** pdfmake's four faces of a fallback: each the nearest face there is. */
function facesOf(fallback: Fallback): Record<PdfFontFace, Uint8Array> {
  const pick = (face: PdfFontFace): Uint8Array => {
    const nearest = fallback.family === undefined ? "regular" : nearestFace(fallback.family, face);
    return fallback.faces[face] ?? fallback.faces[nearest] ?? anyFace(fallback);
  };
  return { regular: pick("regular"), bold: pick("bold"), italic: pick("italic"), boldItalic: pick("boldItalic") };
}

// Share of the progress bar each phase takes: building the definition, layout, rendering.
const DEFINITION_DONE = 0.05;
const LAYOUT_DONE = 0.6;
const RENDER_DONE = 0.98;

let calls = 0;

/**
 * Mark positioning fontkit 2 can fail on (a GPOS anchor left empty, as Noto Sans Gurmukhi and
 * Malayalam have for some marks), switched off in the fallback fonts for a second and third try.
 */
const FEATURES_OFF_TRIES: ReadonlyArray<readonly string[] | undefined> = [undefined, ["abvm", "blwm"], ["abvm", "blwm", "mark", "mkmk", "dist"]];

/** Whether pdfmake failed inside fontkit's mark positioning (an anchor it cannot read). */
function isFontkitAnchorFailure(error: unknown): boolean {
  return error instanceof TypeError && /Coordinate|Anchor/.test(`${error.message}\n${error.stack ?? ""}`);
}

/** Writes `model` as a PDF with the given fonts. Throws DocumentError for what the visitor can act on. */
export async function writePdf(model: DocModel, fonts: PdfFonts, options: WritePdfOptions = {}): Promise<Uint8Array> {
  let reported = 0;
  const report = (fraction: number): void => {
    if (fraction <= reported) return;
    reported = fraction;
    options.onProgress?.(fraction);
  };
  const make = await loadPdfmake();
  const given = options.fallbackFonts ?? [];
  // a loader is called only for the files the document's characters need
  const loaded = typeof given === "function" ? await loadFallbacks(model, fonts, given) : new Map<FallbackFontFile, Uint8Array>();
  const fallbacks: Fallback[] = typeof given === "function" ? fallbacksOf(loaded) : given.map((font) => ({ faces: { regular: font } }));
  const notes = model.notes.length;
  for (const [i, featuresOff] of FEATURES_OFF_TRIES.entries()) {
    // each try adds its own note about missing characters
    model.notes.length = notes;
    try {
      return await writeOnce({ model, fonts, make, fallbacks, loaded, report, featuresOff });
    } catch (error) {
      if (!isFontkitAnchorFailure(error)) throw error;
      if (i === FEATURES_OFF_TRIES.length - 1) {
        throw new DocumentError("The fonts could not lay out some of this document's text (marks above or below letters), so no PDF was made.", "unsupported-script", { cause: error });
      }
    }
  }
  throw new Error("unreachable");
}

interface WriteOnce {
  model: DocModel;
  fonts: PdfFonts;
  make: PdfMake;
  fallbacks: readonly Fallback[];
  loaded: ReadonlyMap<FallbackFontFile, Uint8Array>;
  report(fraction: number): void;
  featuresOff: readonly string[] | undefined;
}

async function writeOnce({ model, fonts, make, fallbacks, loaded, report, featuresOff }: WriteOnce): Promise<Uint8Array> {
  // pdfmake's font table and file system are shared by every call in this thread: each call
  // registers its own names and removes them when done
  const id = `docpdf${++calls}`;
  const fallbackFamilies = fallbacks.map((_font, i) => `${id}-fallback${i}`);
  const coverage = coverageCheck(model, fonts, fallbacks, loaded);
  const { definition, images, estimatedPages, hookNodes } = pdfDefinition(model, { font: id, coverage, imagePrefix: `${id}-image-`, fallbackFamilies, ...(featuresOff === undefined ? {} : { featuresOff }) });
  const note = coverage.missingNote();
  if (note !== undefined) model.notes.push(note);
  watchTextNodes(hookNodes);
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
    fallbacks.forEach((fallback, i) => {
      const family = fallbackFamilies[i]!;
      const faces = facesOf(fallback);
      // one file per distinct face: pdfkit embeds each file it is given once
      const names = new Map<Uint8Array, string>();
      const name = (face: PdfFontFace): string => {
        let named = names.get(faces[face]);
        if (named === undefined) {
          named = file(`${family}-${face}.ttf`, faces[face]);
          names.set(faces[face], named);
        }
        return named;
      };
      families[family] = { normal: name("regular"), bold: name("bold"), italics: name("italic"), bolditalics: name("boldItalic") };
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
