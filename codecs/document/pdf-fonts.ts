// The fonts the PDF writer embeds (issue 15): Roboto 3.014 as pdfmake 0.3.11 ships it
// (node_modules/pdfmake/fonts/Roboto), SIL Open Font License 1.1 (the licence text is in each
// file's name table). It draws Latin (Basic, Latin-1, Extended-A, part of Extended-B), Greek
// (monotonic) and Cyrillic; the fallback families draw the rest (decision 031). pdfmake has no
// Roboto Bold: its Medium faces serve as bold, as in pdfmake's own default set.
// Node reads the files (pdf-fonts-node.ts); the browser worker fetches them as hashed assets of our
// own origin (pdf-fonts-browser.ts). Both give the same bytes to writePdf.

export type PdfFontFace = "regular" | "bold" | "italic" | "boldItalic";

/** The TrueType bytes of the four faces of one family. */
export type PdfFonts = Record<PdfFontFace, Uint8Array>;

export const PDF_FONT_FACES: readonly PdfFontFace[] = ["regular", "bold", "italic", "boldItalic"];

/** The family's name as it appears in the PDF (with a subset prefix). */
export const PDF_FONT_FAMILY = "Roboto";

/** Where each face comes from: a file of an npm package, as Node and Vite both resolve it. */
export const PDF_FONT_FILES: Readonly<Record<PdfFontFace, string>> = {
  regular: "pdfmake/fonts/Roboto/Roboto-Regular.ttf",
  bold: "pdfmake/fonts/Roboto/Roboto-Medium.ttf",
  italic: "pdfmake/fonts/Roboto/Roboto-Italic.ttf",
  boldItalic: "pdfmake/fonts/Roboto/Roboto-MediumItalic.ttf",
};

export const PDF_FONT_LICENCE = "SIL Open Font License 1.1 (Roboto, The Roboto Project Authors)";

// The fallback fonts for characters Roboto lacks (other scripts, rare letters, symbols, emoji) are
// Noto families, one per script, loaded only for documents that need them: pdf-script-fonts.ts.
// (Not pdf.js's Liberation Sans 1.x: GPL-2.0 only, which a GPL-3.0-or-later project does not ship;
// decision 024.)

async function fetchFont(url: string, fetchFile: typeof fetch): Promise<Uint8Array> {
  const response = await fetchFile(url);
  if (!response.ok) throw new Error(`The PDF font ${url} did not load (HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Fetches fallback font files from their URLs (the worker's asset URLs), in order. */
export function fetchPdfFallbackFonts(urls: readonly string[], fetchFile: typeof fetch = fetch): Promise<Uint8Array[]> {
  return Promise.all(urls.map((url) => fetchFont(url, fetchFile)));
}

/** Fetches the four faces from `urls` (the worker's asset URLs), all at once. */
export async function fetchPdfFonts(urls: Readonly<Record<PdfFontFace, string>>, fetchFile: typeof fetch = fetch): Promise<PdfFonts> {
  const faces = await Promise.all(PDF_FONT_FACES.map((face) => fetchFont(urls[face], fetchFile)));
  return { regular: faces[0]!, bold: faces[1]!, italic: faces[2]!, boldItalic: faces[3]! };
}
