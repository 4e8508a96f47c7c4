// pdf.js for Node (the CLI and the tests): the legacy build, its parser in this thread, and its
// data folders from node_modules as file paths.
//
// pdf.js's display module requires @napi-rs/canvas as it loads (for DOMMatrix and Path2D, which
// only drawing uses): loading that native addon (Skia) costs about 0.25 s, a fifth of a 100-page
// PDF → TXT run (docs/decisions/061-pdf-text-pool.md). nodePdfjsText() loads pdf.js without it for
// the conversions that only read the PDF (text, the document model); nodePdfjs() (rendering) loads
// the addon and installs its DOMMatrix and Path2D, whichever of the two came first.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PdfjsModule, PdfjsPlatform } from "./pdfjs.ts";

const require = createRequire(import.meta.url);

/** Stand-ins pdf.js installs as DOMMatrix and Path2D when the canvas addon is held back: drawing is never asked of them. */
function NotLoaded(): never {
  throw new Error("pdf.js was loaded for reading text only (nodePdfjsText): load it with nodePdfjs() to draw pages");
}

let platform: Promise<PdfjsPlatform> | undefined;

/** Loads pdf.js once; without `canvas`, pdf.js's own require of @napi-rs/canvas gets a stand-in. */
function load(canvas: boolean): Promise<PdfjsPlatform> {
  platform ??= (async () => {
    const root = dirname(require.resolve("pdfjs-dist/package.json"));
    let heldBack: string | undefined;
    if (!canvas) {
      try {
        heldBack = require.resolve("@napi-rs/canvas");
      } catch {
        // not installed: pdf.js warns about it as it would anyway
      }
      if (heldBack !== undefined && require.cache[heldBack] === undefined) {
        require.cache[heldBack] = { id: heldBack, filename: heldBack, loaded: true, exports: { DOMMatrix: NotLoaded, Path2D: NotLoaded }, children: [], paths: [] } as unknown as NodeJS.Module;
      } else {
        heldBack = undefined;
      }
    }
    try {
      (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
      const pdfjs = (await import("pdfjs-dist/legacy/build/pdf.mjs")) as unknown as PdfjsModule;
      return {
        pdfjs,
        standardFontDataUrl: join(root, "standard_fonts") + "/",
        cMapUrl: join(root, "cmaps") + "/",
        wasmUrl: join(root, "wasm") + "/",
        // Node's fetch cannot read file paths: pdf.js's NodeBinaryDataFactory reads these folders
        // with fs instead (without this, CMaps and the standard 14 fonts silently fail to load)
        extra: { useWorkerFetch: false },
      };
    } finally {
      // a later require (rendering, pdf.js's canvas factory) gets the real addon
      if (heldBack !== undefined) delete require.cache[heldBack];
    }
  })();
  return platform;
}

/** The Node platform for openPdf, able to render pages (loaded once). */
export async function nodePdfjs(): Promise<PdfjsPlatform> {
  const loaded = await load(true);
  // pdf.js may have been loaded by nodePdfjsText: give it the real DOMMatrix and Path2D now
  const scope = globalThis as { DOMMatrix?: unknown; Path2D?: unknown };
  if (scope.DOMMatrix === NotLoaded || scope.Path2D === NotLoaded) {
    const napi = require("@napi-rs/canvas") as { DOMMatrix: unknown; Path2D: unknown };
    if (scope.DOMMatrix === NotLoaded) scope.DOMMatrix = napi.DOMMatrix;
    if (scope.Path2D === NotLoaded) scope.Path2D = napi.Path2D;
  }
  return loaded;
}

/** The Node platform for openPdf when nothing is drawn (text, the document model): no canvas addon loaded. */
export const nodePdfjsText = (): Promise<PdfjsPlatform> => load(false);
