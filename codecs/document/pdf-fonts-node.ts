// The PDF writer's fonts for Node (the CLI and the tests): read from node_modules once.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { PDF_FALLBACK_FONT_FILES, PDF_FONT_FACES, PDF_FONT_FILES, type PdfFonts } from "./pdf-fonts.ts";

let fonts: Promise<PdfFonts> | undefined;

/** The four faces' bytes (loaded once per process). */
export function nodePdfFonts(): Promise<PdfFonts> {
  fonts ??= (async () => {
    const require = createRequire(import.meta.url);
    const faces = await Promise.all(PDF_FONT_FACES.map(async (face) => new Uint8Array(await readFile(require.resolve(PDF_FONT_FILES[face])))));
    return { regular: faces[0]!, bold: faces[1]!, italic: faces[2]!, boldItalic: faces[3]! };
  })();
  return fonts;
}

let fallbacks: Promise<Uint8Array[]> | undefined;

/** The fallback fonts' bytes (loaded once per process, on the first call): writePdf's `fallbackFonts`. */
export function nodePdfFallbackFonts(): Promise<Uint8Array[]> {
  fallbacks ??= (async () => {
    const require = createRequire(import.meta.url);
    return Promise.all(PDF_FALLBACK_FONT_FILES.map(async (file) => new Uint8Array(await readFile(require.resolve(file)))));
  })();
  return fallbacks;
}
