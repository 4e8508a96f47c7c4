// The PDF writer's fonts for Node (the CLI and the tests): read from node_modules once.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { PDF_FONT_FACES, PDF_FONT_FILES, type PdfFonts } from "./pdf-fonts.ts";

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
