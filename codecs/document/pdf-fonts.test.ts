import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fetchPdfFallbackFonts, fetchPdfFonts, PDF_FALLBACK_FONT_FILES, PDF_FONT_FACES, PDF_FONT_FILES, type PdfFontFace } from "./pdf-fonts.ts";
import { nodePdfFallbackFonts, nodePdfFonts } from "./pdf-fonts-node.ts";

const notFound = async (): Promise<Response> => new Response("gone", { status: 404 });

describe("the PDF fonts", () => {
  it("are named the same in the browser loader as in PDF_FONT_FILES", () => {
    const source = readFileSync(new URL("./pdf-fonts-browser.ts", import.meta.url), "utf8");
    const imported = [...source.matchAll(/^import (\w+)Url from "([^"?]+)\?url";$/gm)].map((m) => [m[1], m[2]]);
    const byName = Object.fromEntries(imported);
    expect(Object.keys(byName).toSorted()).toEqual([...PDF_FONT_FACES, "math", "symbols"].toSorted());
    for (const face of PDF_FONT_FACES) expect(byName[face]).toBe(PDF_FONT_FILES[face]);
    expect([byName.math, byName.symbols]).toEqual(PDF_FALLBACK_FONT_FILES);
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
    const [fallback] = await nodePdfFallbackFonts();
    const fetchFallback = async (): Promise<Response> => new Response(fallback!.slice());
    expect(await fetchPdfFallbackFonts(["/assets/fallback.ttf"], fetchFallback as typeof fetch)).toEqual([fallback]);
    await expect(fetchPdfFallbackFonts(["/assets/fallback.ttf"], notFound as typeof fetch)).rejects.toThrow(/fallback\.ttf did not load/);
  });
});
