// pdf.js inside OUR module worker (the document tools' worker), for reading and for rendering pages:
// - the modern build, bundled by Vite into the worker's chunks; its parser (pdf.worker.mjs) is put
//   on `globalThis.pdfjsWorker`, so pdf.js runs it in this same thread ("fake worker") instead of
//   starting a nested worker;
// - no DOM here: canvases are OffscreenCanvases, SVG filters (transfer functions, high-contrast
//   colours) become no-ops (soft masks have their own pixel path in pdf.js and still work), and
//   embedded fonts go to the worker's own FontFaceSet (`self.fonts`) when the browser has one,
//   else pdf.js draws glyphs as paths;
// - standard fonts, CMaps and the wasm decoders (JPEG 2000, JBIG2) are hashed, immutable assets of
//   our origin, referenced only from this module's chunk; pdf.js asks for them by file name through
//   the BinaryDataFactory below, which looks the name up in Vite's list of hashed URLs. The price:
//   pdf.js enables ICC colour management (qcms) only when it fetches by folder URL itself
//   (`useWorkerFetch: true`), so ICC-tagged colours are drawn in their device space (sRGB images
//   unchanged; CMYK through pdf.js's built-in approximation).
// pdf.js 6.5 also ships pdf.renderer.mjs, but that is a worker the PAGE's pdf.js hands a
// transferred <canvas> to (it needs `document.fonts` and a page-side canvas): it takes over any
// worker that imports it (it listens on `self`), so it does not fit a worker that parses itself.
import type { DocumentInitParameters } from "pdfjs-dist/types/src/display/api";
import { DocumentError } from "#codecs/document/document-error.ts";
import type { PdfjsModule, PdfjsPlatform } from "#codecs/document/pdfjs.ts";
import type { CanvasProvider, PageImageFormat, PageSurface } from "#codecs/document/render-pdf.ts";

// `?url&no-inline`: every file is emitted as its own hashed asset (small CMaps would otherwise be
// inlined into this chunk as data: URLs) and fetched only when a document needs it.
const assetUrls: Record<string, string> = {
  // the Foxit fonts (BSD-3-Clause), not Liberation Sans 1.x (GPL-2.0 only, decision 024): a PDF that
  // names Helvetica without embedding it is then drawn with the browser's own sans-serif
  ...import.meta.glob("/node_modules/pdfjs-dist/standard_fonts/*.pfb", { query: "?url&no-inline", import: "default", eager: true }),
  ...import.meta.glob("/node_modules/pdfjs-dist/cmaps/*.bcmap", { query: "?url&no-inline", import: "default", eager: true }),
  ...import.meta.glob("/node_modules/pdfjs-dist/wasm/{openjpeg,jbig2}.wasm", { query: "?url&no-inline", import: "default", eager: true }),
};

export type PdfjsDataKind = "cMapUrl" | "standardFontDataUrl" | "wasmUrl";
const FOLDERS: Record<PdfjsDataKind, string> = { cMapUrl: "cmaps", standardFontDataUrl: "standard_fonts", wasmUrl: "wasm" };

/** Our URL of a file pdf.js asks for by kind and name (a CMap, a standard font, a wasm decoder). */
export function pdfjsAssetUrl(kind: PdfjsDataKind, filename: string): string | undefined {
  return assetUrls[`/node_modules/pdfjs-dist/${FOLDERS[kind]}/${filename}`];
}

/** pdf.js's data requests (with `useWorkerFetch: false`), answered from our hashed assets. */
class AssetDataFactory {
  async fetch({ kind, filename }: { kind: PdfjsDataKind; filename: string }): Promise<Uint8Array> {
    const url = pdfjsAssetUrl(kind, filename);
    if (!url) throw new Error(`pdf.js asked for ${kind} ${filename}, which pdfjs-dist does not ship`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Loading ${url} failed: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

interface CanvasEntry {
  canvas: OffscreenCanvas | null;
  context: OffscreenCanvasRenderingContext2D | null;
}

function context2d(canvas: OffscreenCanvas, alpha: boolean): OffscreenCanvasRenderingContext2D {
  // willReadFrequently: a CPU canvas, as pdf.js's own factories ask for (it reads pixels back for
  // soft masks and patterns, and we read the page back to encode it)
  const context = canvas.getContext("2d", { alpha, willReadFrequently: true });
  if (!context) throw new Error("This browser cannot draw on an OffscreenCanvas in a worker");
  return context;
}

/** pdf.js's scratch canvases (patterns, soft masks, groups) as OffscreenCanvases. */
class OffscreenCanvasFactory {
  create(width: number, height: number): CanvasEntry {
    if (width <= 0 || height <= 0) throw new Error("Invalid canvas size");
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: context2d(canvas, true) };
  }
  reset(entry: CanvasEntry, width: number, height: number): void {
    if (!entry.canvas) throw new Error("Canvas is not specified");
    if (width <= 0 || height <= 0) throw new Error("Invalid canvas size");
    entry.canvas.width = width;
    entry.canvas.height = height;
  }
  destroy(entry: CanvasEntry): void {
    if (!entry.canvas) throw new Error("Canvas is not specified");
    entry.canvas.width = 0;
    entry.canvas.height = 0;
    entry.canvas = null;
    entry.context = null;
  }
  getNoAlphaContext(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
    return context2d(canvas, false);
  }
}

/** No SVG filters without a DOM: pdf.js then draws without them ("none" is what it checks). */
class NoFilterFactory {
  addFilter(): string {
    return "none";
  }
  addHCMFilter(): string {
    return "none";
  }
  addAlphaFilter(): string {
    return "none";
  }
  addLuminosityFilter(): string {
    return "none";
  }
  addKnockoutFilter(): string {
    return "none";
  }
  addHighlightHCMFilter(): string {
    return "none";
  }
  addSelectionHCMFilter(): string {
    return "none";
  }
  addSelectionFilter(): string {
    return "none";
  }
  createSelectionStyle(): null {
    return null;
  }
  destroy(): void {}
}

interface PostingScope {
  postMessage(message: unknown, ...rest: unknown[]): void;
}

const isPdfjsReady = (message: unknown): boolean =>
  typeof message === "object" && message !== null && (message as { action?: unknown }).action === "ready" && (message as { sourceName?: unknown }).sourceName === "worker";

/**
 * pdf.worker.mjs, imported without letting it answer the page: evaluated in any worker, it takes
 * the worker for pdf.js's own (listens on `self`, posts its "ready" message to the page). Its
 * listener only reads messages addressed to "worker", so ours pass by it; its "ready" message is
 * dropped here so the page's bridge never sees it.
 */
async function importParser(): Promise<unknown> {
  const scope = globalThis as unknown as PostingScope;
  const hadOwn = Object.hasOwn(scope, "postMessage");
  const post = scope.postMessage;
  scope.postMessage = function (this: unknown, message: unknown, ...rest: unknown[]) {
    if (!isPdfjsReady(message)) post.call(scope, message, ...rest);
  };
  try {
    return await import("pdfjs-dist/build/pdf.worker.mjs");
  } finally {
    if (hadOwn) scope.postMessage = post;
    else delete (scope as Partial<PostingScope>).postMessage;
  }
}

let platform: Promise<PdfjsPlatform> | undefined;

/** The browser worker's platform for openPdf and renderPdfPages (loaded once per worker). */
export function browserPdfjs(): Promise<PdfjsPlatform> {
  platform ??= (async () => {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await importParser();
    const pdfjs = (await import("pdfjs-dist")) as unknown as PdfjsModule;
    // a worker's FontFaceSet (Chromium, Firefox; pdf.js's own renderer worker uses it the same way)
    const fonts = (globalThis as { fonts?: FontFaceSet }).fonts;
    const extra: Partial<DocumentInitParameters> & Record<string, unknown> = {
      // data through AssetDataFactory (the folder URLs below would not match hashed names)
      useWorkerFetch: false,
      BinaryDataFactory: AssetDataFactory,
      CanvasFactory: OffscreenCanvasFactory,
      FilterFactory: NoFilterFactory,
      // FontLoader only reads `.fonts` from it; the worker scope is what pdf.js's renderer worker passes
      ownerDocument: globalThis as unknown as Document,
      disableFontFace: !fonts,
      isOffscreenCanvasSupported: true,
    };
    return { pdfjs, extra };
  })().catch((error: unknown) => {
    platform = undefined;
    throw error;
  });
  return platform;
}

function browserSurface(width: number, height: number): PageSurface {
  const canvas = new OffscreenCanvas(width, height);
  // a browser that cannot find the memory for a canvas gives no context (mobile Safari caps a
  // canvas at about 16 million pixels)
  const context = canvas.getContext("2d", { alpha: false, willReadFrequently: true });
  if (!context) {
    throw new DocumentError(`This browser could not make a ${width} × ${height} pixel image of a page. Choose a lower DPI.`, "too-large");
  }
  return {
    // pdf.js draws on an OffscreenCanvas's context as on a DOM one
    context: context as unknown as CanvasRenderingContext2D,
    encode: async (format: PageImageFormat, quality: number) => {
      // the browser's own encoders: native speed, no copy of the pixels into JavaScript
      const blob = await canvas.convertToBlob(format === "png" ? { type: "image/png" } : { type: "image/jpeg", quality: quality / 100 });
      return new Uint8Array(await blob.arrayBuffer());
    },
    release: () => {
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}

/** The browser worker's canvas provider for renderPdfPages. */
export const browserCanvas: CanvasProvider = { surface: browserSurface };
