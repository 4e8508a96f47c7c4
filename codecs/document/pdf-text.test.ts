import { describe, expect, it } from "vitest";
import { DocumentError } from "./document-error.ts";
import { fontCoverage, type FontCoverage } from "./font-coverage.ts";
import { nodePdfFonts } from "./pdf-fonts-node.ts";
import { CoverageCheck, pageText } from "./pdf-text.ts";

describe("pageText", () => {
  it("keeps ordinary text as it is", () => {
    const text = "Plain words, Привет, Καλημέρα — 12 €";
    expect(pageText(text)).toBe(text);
  });

  it("turns every kind of line break into a line feed and tabs into spaces", () => {
    expect(pageText("a\r\nb\rc\u2028d\u000be\tf")).toBe("a\nb\nc\nd\ne    f");
  });

  it("drops invisible characters and composes accents", () => {
    expect(pageText("z\u200bero\u00ad-width\ufeff\u0007 bidi\u202e")).toBe("zero-width bidi");
    expect(pageText("e\u0301")).toBe("é");
    expect(pageText("lone \ud800 surrogate")).toBe("lone  surrogate");
    expect(pageText("10\u202f000")).toBe("10\u00a0000");
  });
});

describe("CoverageCheck", async () => {
  const main = fontCoverage((await nodePdfFonts()).regular);
  // a stand-in fallback font that draws only Georgian (U+10D0–U+10FF) and the Hebrew letters
  const fallback: FontCoverage = { ranges: Uint32Array.from([0x05d0, 0x05ea, 0x10d0, 0x10ff]) };

  it("passes text the font draws, in one segment", () => {
    const check = new CoverageCheck([main]);
    expect(check.segments("Latin, Ελληνικά, Кириллица\nand a new line")).toEqual([{ text: "Latin, Ελληνικά, Кириллица\nand a new line", font: 0 }]);
    expect(() => check.check()).not.toThrow();
    expect(check.missingScripts()).toEqual([]);
  });

  it("gives a fallback font the characters only it draws", () => {
    const check = new CoverageCheck([main, fallback]);
    expect(check.segments("Tbilisi: თბილისი.")).toEqual([
      { text: "Tbilisi: ", font: 0 },
      { text: "თბილისი", font: 1 },
      { text: ".", font: 0 },
    ]);
    expect(() => check.check()).not.toThrow();
  });

  it("refuses right-to-left text even when a font draws it", () => {
    const check = new CoverageCheck([main, fallback]);
    check.segments("שלום");
    expect(check.missingScripts()).toEqual(["Hebrew"]);
    expect(() => check.check()).toThrow(/Hebrew, written right to left \(“ש”, “ל”, “ו”\)/);
  });

  it("names each missing script once with a few samples, and stops naming after four", () => {
    const check = new CoverageCheck([main]);
    check.segments("漢字漢字です中文字 ไทย हिन्दी 😀 ქართ");
    expect(check.missingScripts()).toEqual(["Han", "Kana", "Thai", "Devanagari", "Emoji", "Georgian"]);
    let failure: unknown;
    try {
      check.check();
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(DocumentError);
    const message = (failure as DocumentError).message;
    expect((failure as DocumentError).code).toBe("unsupported-script");
    expect(message).toContain("Chinese or Japanese (Han) (“漢”, “字”, “中”)");
    expect(message).toContain("Japanese (kana) (“で”, “す”)");
    expect(message).toContain("Thai");
    expect(message).toContain("Devanagari");
    expect(message).toContain("and others");
    expect(message).not.toContain("emoji");
  });
});
