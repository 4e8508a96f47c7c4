import { describe, expect, it } from "vitest";
import { DocumentError } from "./document-error.ts";
import { fontCoverage } from "./font-coverage.ts";
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
  const coverage = fontCoverage((await nodePdfFonts()).regular);

  it("passes text the font draws", () => {
    const check = new CoverageCheck(coverage);
    check.add("Latin, Ελληνικά, Кириллица\nand a new line");
    expect(() => check.check()).not.toThrow();
  });

  it("names each missing script once with a few samples, and stops naming after four", () => {
    const check = new CoverageCheck(coverage);
    check.add("漢字漢字です中文字 עברית العربية ไทย हिन्दी 😀");
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
    expect(message).toContain("Hebrew");
    expect(message).toContain("Arabic");
    expect(message).toContain("and others");
    expect(message).not.toContain("Thai");
  });
});
