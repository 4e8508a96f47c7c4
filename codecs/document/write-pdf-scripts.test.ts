// Every script through the PDF writer (issue 25): a text mixing Latin Extended, Vietnamese, Greek,
// Cyrillic, Chinese, Japanese, Korean, Arabic, Persian, Hebrew, Devanagari, Tamil, Bengali, Thai and
// emoji, from TXT and from a DOCX that pandoc writes. Judged by poppler: every font embedded
// (pdffonts), every word back in logical order (pdftotext, with and without -layout).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { words } from "#tests/support/office-fixtures.ts";
import { logicalWords } from "#tests/support/poppler-text.ts";
import { HAVE_PANDOC, HAVE_POPPLER, PANDOC, PDFFONTS, PDFTOTEXT } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { DocModel } from "./model.ts";
import { nodePdfFallbackFonts, nodePdfFonts } from "./pdf-fonts-node.ts";
import type { FallbackFontFile } from "./pdf-script-fonts.ts";
import { readDocx } from "./read-docx.ts";
import { readTxt } from "./read-txt.ts";
import { writePdf } from "./write-pdf.ts";

const dir = scratch("write-pdf-scripts");
afterAll(() => dir.cleanup());

const MIXED = join(import.meta.dirname, "../../tests/corpus/scripts/mixed.txt");
const run = (command: string, args: string[]): string => execFileSync(command, args, { encoding: "utf8" });

/** Writes the PDF, noting which fallback files the writer asked for. */
async function written(name: string, model: DocModel): Promise<{ file: string; asked: string[] }> {
  const asked: string[] = [];
  const loader = async (files: readonly FallbackFontFile[]): Promise<Uint8Array[]> => {
    asked.push(...files);
    return nodePdfFallbackFonts(files);
  };
  return { file: dir.write(name, await writePdf(model, await nodePdfFonts(), { fallbackFonts: loader })), asked };
}

/** Every font embedded (pdffonts' "emb" column), and their names. */
function embeddedFonts(file: string): string[] {
  const rows = run(PDFFONTS, [file]).split("\n").slice(2).filter((row) => row.trim() !== "");
  for (const row of rows) expect(row, row).toMatch(/\b(?:CID TrueType|TrueType)\s+\S+\s+yes\s+yes\s+yes\s/);
  return rows.map((row) => row.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ""));
}

function expectEveryWordInOrder(file: string, source: string): void {
  const expected = words(source);
  for (const layout of [[], ["-layout"]]) {
    const text = run(PDFTOTEXT, [...layout, file, "-"]);
    expect(text).not.toContain("\ufffd");
    expect(logicalWords(text), layout.join(" ") || "raw").toEqual(expected);
  }
}

describe.skipIf(!HAVE_POPPLER)("writePdf: every script", () => {
  const source = readFileSync(MIXED, "utf8");

  it("TXT → PDF: each script in its Noto family, all embedded, every word back in logical order", async () => {
    const { file, asked } = await written("mixed-txt.pdf", readTxt(new TextEncoder().encode(source)));
    expect(embeddedFonts(file).toSorted()).toEqual(
      ["Roboto-Regular", "NotoSans-Regular", "NotoSansSC-Regular", "NotoSansJP-Regular", "NotoSansKR-Regular", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "NotoSansDevanagari-Regular", "NotoSansTamil-Regular", "NotoSansBengali-Regular", "NotoSansThai-Regular", "NotoEmoji-Regular", "NotoSansSymbols2-Regular"].toSorted(),
    );
    expect(asked).toContain("noto-sans-arabic/regular");
    // the heart (U+2764) is text-style: Noto Sans Symbols 2 has it, the emoji font the rest
    expectEveryWordInOrder(file, source);
  });

  it.skipIf(!HAVE_PANDOC)("DOCX (pandoc's) → PDF: the same words in the same order", async () => {
    const markdown = dir.write("mixed.md", new TextEncoder().encode(source.split("\n").join("\n\n")));
    const docx = dir.path("mixed.docx");
    execFileSync(PANDOC, [markdown, "-f", "markdown-smart", "-o", docx]);
    const { file } = await written("mixed-docx.pdf", await readDocx(new Uint8Array(readFileSync(docx))));
    embeddedFonts(file);
    expectEveryWordInOrder(file, source);
  });

  it("Gujarati, Punjabi, Telugu, Kannada and Malayalam: fontkit fails on two fonts' mark anchors, the second try converts", async () => {
    const indic = readFileSync(join(import.meta.dirname, "../../tests/corpus/scripts/indic-more.txt"), "utf8");
    const { file } = await written("indic-more.pdf", readTxt(new TextEncoder().encode(indic)));
    expect(embeddedFonts(file)).toEqual(expect.arrayContaining(["NotoSansGurmukhi-Regular", "NotoSansMalayalam-Regular", "NotoSansGujarati-Regular", "NotoSansTelugu-Regular", "NotoSansKannada-Regular"]));
    expectEveryWordInOrder(file, indic);
  });

  it("Georgian, Armenian, Ethiopic, Sinhala, Khmer, Lao, Myanmar, Odia and Syriac: a Noto family each", async () => {
    const more = readFileSync(join(import.meta.dirname, "../../tests/corpus/scripts/more-scripts.txt"), "utf8");
    const { file } = await written("more-scripts.pdf", readTxt(new TextEncoder().encode(more)));
    const families = ["Georgian", "Armenian", "Ethiopic", "Sinhala", "Khmer", "Lao", "Myanmar", "Oriya", "Syriac"];
    expect(embeddedFonts(file)).toEqual(expect.arrayContaining(families.map((family) => `NotoSans${family}-Regular`)));
    expectEveryWordInOrder(file, more);
  });

  it("Thaana: drawn in Noto Sans Thaana (pdftotext may lose a vowel sign of a right-to-left word: decision 031)", async () => {
    const { file } = await written("thaana.pdf", readTxt(new TextEncoder().encode("މާލެ ދިވެހިރާއްޖޭގެ ވެރިރަށެވެ.")));
    expect(embeddedFonts(file)).toEqual(["NotoSansThaana-Regular"]);
  });

  it("loads only the fonts a document's scripts need", async () => {
    expect((await written("english.pdf", readTxt(new TextEncoder().encode("Plain English, with café and naïve.")))).asked).toEqual([]);
    expect((await written("hebrew.pdf", readTxt(new TextEncoder().encode("שלום עולם")))).asked).toEqual(["noto-sans-hebrew/regular"]);
    const { asked } = await written("korean.pdf", { blocks: [{ kind: "heading", level: 1, runs: [{ text: "한국어" }] }, { kind: "paragraph", runs: [{ text: "ṭ", bold: true }] }], notes: [] });
    // no bold face of the Korean family (one face for CJK); Noto Sans's own bold for the bold ṭ
    expect(asked.toSorted()).toEqual(["noto-sans-kr/regular", "noto-sans/bold"]);
  });

  it("right-aligns a right-to-left paragraph and puts its words right to left", async () => {
    const { file } = await written("rtl.pdf", readTxt(new TextEncoder().encode("שלום עולם גדול.\nEnglish left")));
    const bbox = run(PDFTOTEXT, ["-bbox", file, "-"]);
    // pdftotext -bbox gives each word's glyphs as drawn, left to right: a Hebrew word reversed
    const box = (word: string): { xMin: number; xMax: number } => {
      const found = new RegExp(`xMin="([\\d.]+)"[^>]*xMax="([\\d.]+)"[^>]*>${word}<`).exec(bbox);
      return { xMin: Number(found?.[1]), xMax: Number(found?.[2]) };
    };
    const x = (word: string): number => box(Array.from(word).toReversed().join("")).xMin;
    // the Hebrew line ends at the right margin (A4, 2 cm margins), the English one starts at the left
    expect(box("םולש").xMax).toBeCloseTo(595.28 - 56.69, 0);
    expect(box("English").xMin).toBeCloseTo(56.69, 0);
    // read right to left: the first word is the rightmost
    expect(x("שלום")).toBeGreaterThan(x("עולם"));
    // and its full stop, last in the line, on the left of its last word
    expect(bbox).toContain(">.לודג<");
    expect(x("עולם")).toBeGreaterThan(x("גדול."));
  });
});
