import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fontCoverage, covers } from "./font-coverage.ts";
import { fetchPdfFallbackFonts, fetchPdfFonts, PDF_FONT_FACES, PDF_FONT_FILES, type PdfFontFace } from "./pdf-fonts.ts";
import { nodePdfFallbackFonts, nodePdfFonts } from "./pdf-fonts-node.ts";
import { FALLBACK_FAMILIES, FALLBACK_FAMILY_KEYS, fallbackFontPath, type FallbackFontFile } from "./pdf-script-fonts.ts";

const notFound = async (): Promise<Response> => new Response("gone", { status: 404 });

describe("the PDF fonts", () => {
  it("are named the same in the browser loader as in PDF_FONT_FILES", () => {
    const source = readFileSync(new URL("./pdf-fonts-browser.ts", import.meta.url), "utf8");
    const imported = [...source.matchAll(/^import (\w+)Url from "([^"?]+)\?url";$/gm)].map((m) => [m[1], m[2]]);
    const byName: Record<string, string> = Object.fromEntries(imported);
    for (const face of PDF_FONT_FACES) expect(byName[face]).toBe(PDF_FONT_FILES[face]);
    // every face of every fallback family, once, under its file key
    const fallbackPaths = Object.values(byName).filter((path) => path.startsWith("@expo-google-fonts/"));
    const expected = FALLBACK_FAMILY_KEYS.flatMap((family) => Object.values(FALLBACK_FAMILIES[family].faces));
    expect(fallbackPaths.toSorted()).toEqual(expected.toSorted());
    for (const [, key, name] of source.matchAll(/^ {2}"([\w-]+\/\w+)": (\w+)Url,$/gm)) expect(byName[name!]).toBe(fallbackFontPath(key as FallbackFontFile));
  });

  it("have the fallback faces the catalogue names, each drawing its script", async () => {
    const samples: Partial<Record<string, string>> = {
      "noto-sans": "ṭệἀҩ",
      "noto-sans-arabic": "م٣،",
      "noto-sans-hebrew": "א",
      "noto-sans-devanagari": "क्ष",
      "noto-sans-bengali": "ক",
      "noto-sans-tamil": "த",
      "noto-sans-gujarati": "ગ",
      "noto-sans-gurmukhi": "ਪ",
      "noto-sans-telugu": "త",
      "noto-sans-kannada": "ಕ",
      "noto-sans-malayalam": "മ",
      "noto-sans-thai": "ก",
      "noto-sans-georgian": "ა",
      "noto-sans-armenian": "Բ",
      "noto-sans-ethiopic": "ሰ",
      "noto-sans-sinhala": "ආ",
      "noto-sans-khmer": "ស",
      "noto-sans-lao": "ສ",
      "noto-sans-myanmar": "မ",
      "noto-sans-oriya": "ନ",
      "noto-sans-thaana": "ދ",
      "noto-sans-syriac": "ܫ",
      "noto-sans-sc": "这",
      "noto-sans-jp": "あ",
      "noto-sans-kr": "한",
      "noto-emoji": "😀",
      "noto-sans-math": "→",
      "noto-sans-symbols-2": "□",
    };
    for (const family of FALLBACK_FAMILY_KEYS) {
      const files = PDF_FONT_FACES.filter((face) => FALLBACK_FAMILIES[family].faces[face] !== undefined).map((face): FallbackFontFile => `${family}/${face}`);
      for (const font of await nodePdfFallbackFonts(files)) {
        expect([...font.subarray(0, 4)], family).toEqual([0, 1, 0, 0]);
        const coverage = fontCoverage(font);
        for (const char of samples[family] ?? "") expect(covers(coverage, char.codePointAt(0)!), `${family} ${char}`).toBe(true);
      }
    }
  });

  it("load in Node as four distinct TrueType files", async () => {
    const fonts = await nodePdfFonts();
    for (const face of PDF_FONT_FACES) expect([...fonts[face].subarray(0, 4)]).toEqual([0, 1, 0, 0]);
    expect(new Set(PDF_FONT_FACES.map((face) => fonts[face].length)).size).toBe(4);
  });

  it("fetch from the URLs given, and say which one failed", async () => {
    const fonts = await nodePdfFonts();
    const urls = Object.fromEntries(PDF_FONT_FACES.map((face) => [face, `/assets/${face}.ttf`])) as Record<PdfFontFace, string>;
    const served = (url: string): Uint8Array<ArrayBuffer> => fonts[PDF_FONT_FACES.find((face) => urls[face] === url)!].slice();
    const fetchFile = async (input: string | URL | Request): Promise<Response> => new Response(served(String(input)));
    const fetched = await fetchPdfFonts(urls, fetchFile as typeof fetch);
    for (const face of PDF_FONT_FACES) expect(fetched[face]).toEqual(fonts[face]);
    await expect(fetchPdfFonts(urls, notFound as typeof fetch)).rejects.toThrow(/did not load \(HTTP 404\)/);
    const [fallback] = await nodePdfFallbackFonts(["noto-sans-math/regular"]);
    const fetchFallback = async (): Promise<Response> => new Response(fallback!.slice());
    expect(await fetchPdfFallbackFonts(["/assets/fallback.ttf"], fetchFallback as typeof fetch)).toEqual([fallback]);
    await expect(fetchPdfFallbackFonts(["/assets/fallback.ttf"], notFound as typeof fetch)).rejects.toThrow(/fallback\.ttf did not load/);
  });
});
