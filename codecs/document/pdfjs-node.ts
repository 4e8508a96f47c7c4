// pdf.js for Node (the CLI and the tests): the legacy build, its parser in this thread, and its
// data folders from node_modules as file paths.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PdfjsModule, PdfjsPlatform } from "./pdfjs.ts";

let platform: Promise<PdfjsPlatform> | undefined;

/** The Node platform for openPdf (loaded once). */
export function nodePdfjs(): Promise<PdfjsPlatform> {
  platform ??= (async () => {
    const root = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
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
  })();
  return platform;
}
