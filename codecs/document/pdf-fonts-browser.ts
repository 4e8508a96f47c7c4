// The PDF writer's fonts in the browser worker: Vite copies the four files into the build as
// hashed assets of our origin (`?url`), and the worker fetches them the first time it writes a PDF.
// The fallback font likewise, fetched only for a document that needs it. Keep the paths in step
// with PDF_FONT_FILES and PDF_FALLBACK_FONT_FILES (pdf-fonts.test.ts checks it).
import boldItalicUrl from "pdfmake/fonts/Roboto/Roboto-MediumItalic.ttf?url";
import boldUrl from "pdfmake/fonts/Roboto/Roboto-Medium.ttf?url";
import italicUrl from "pdfmake/fonts/Roboto/Roboto-Italic.ttf?url";
import regularUrl from "pdfmake/fonts/Roboto/Roboto-Regular.ttf?url";
import mathUrl from "@expo-google-fonts/noto-sans-math/400Regular/NotoSansMath_400Regular.ttf?url";
import symbolsUrl from "@expo-google-fonts/noto-sans-symbols-2/400Regular/NotoSansSymbols2_400Regular.ttf?url";
import { fetchPdfFallbackFonts, fetchPdfFonts, type PdfFontFace, type PdfFonts } from "./pdf-fonts.ts";

export const PDF_FONT_URLS: Readonly<Record<PdfFontFace, string>> = { regular: regularUrl, bold: boldUrl, italic: italicUrl, boldItalic: boldItalicUrl };
export const PDF_FALLBACK_FONT_URLS: readonly string[] = [mathUrl, symbolsUrl];

let fonts: Promise<PdfFonts> | undefined;

/** The four faces' bytes, fetched once per worker (a failed fetch is retried on the next call). */
export function browserPdfFonts(): Promise<PdfFonts> {
  fonts ??= fetchPdfFonts(PDF_FONT_URLS).catch((error: unknown) => {
    fonts = undefined;
    throw error;
  });
  return fonts;
}

let fallbacks: Promise<Uint8Array[]> | undefined;

/** The fallback fonts' bytes, fetched once per worker on the first call: writePdf's `fallbackFonts`. */
export function browserPdfFallbackFonts(): Promise<Uint8Array[]> {
  fallbacks ??= fetchPdfFallbackFonts(PDF_FALLBACK_FONT_URLS).catch((error: unknown) => {
    fallbacks = undefined;
    throw error;
  });
  return fallbacks;
}
