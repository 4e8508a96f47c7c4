// The PDF writer's fonts for Node (the CLI and the tests): read from node_modules once each.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { PDF_FONT_FACES, PDF_FONT_FILES, type PdfFonts } from "./pdf-fonts.ts";
import { fallbackFontPath, type FallbackFontFile } from "./pdf-script-fonts.ts";

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

const fallbacks = new Map<FallbackFontFile, Promise<Uint8Array>>();

/** Fallback font files' bytes, in the order asked (each loaded once per process): writePdf's `fallbackFonts`. */
export function nodePdfFallbackFonts(files: readonly FallbackFontFile[]): Promise<Uint8Array[]> {
  const require = createRequire(import.meta.url);
  return Promise.all(
    files.map((file) => {
      let bytes = fallbacks.get(file);
      if (bytes === undefined) {
        bytes = readFile(require.resolve(fallbackFontPath(file))).then((buffer) => new Uint8Array(buffer));
        fallbacks.set(file, bytes);
      }
      return bytes;
    }),
  );
}
