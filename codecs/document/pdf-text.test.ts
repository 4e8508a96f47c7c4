import { describe, expect, it } from "vitest";
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
    expect(pageText("z\u200bero\u00ad-width\ufeff\u0007 bidi\u202e\u200f")).toBe("zero-width bidi");
    // the joiners change how Arabic and Indic letters join
    expect(pageText("\u0645\u06cc\u200c\u062e")).toBe("\u0645\u06cc\u200c\u062e");
    expect(pageText("e\u0301")).toBe("é");
    expect(pageText("lone \ud800 surrogate")).toBe("lone  surrogate");
    expect(pageText("10\u202f000")).toBe("10\u00a0000");
  });
});

describe("CoverageCheck", async () => {
  const main = fontCoverage((await nodePdfFonts()).regular);
  // stand-ins: a font that draws only Georgian (U+10D0–U+10FF) and the Hebrew letters, and one
  // "Noto Sans Hebrew" with the Hebrew letters and the space
  const fallback: FontCoverage = { ranges: Uint32Array.from([0x05d0, 0x05ea, 0x10d0, 0x10ff]) };
  const hebrew: FontCoverage = { ranges: Uint32Array.from([0x20, 0x20, 0x05d0, 0x05ea]) };

  it("passes text the font draws, in one segment", () => {
    const check = new CoverageCheck(main);
    expect(check.segments("Latin, Ελληνικά, Кириллица\nand a new line")).toEqual([{ text: "Latin, Ελληνικά, Кириллица\nand a new line", font: 0 }]);
    expect(check.missingNote()).toBeUndefined();
    expect([...check.wanted]).toEqual([]);
  });

  it("gives a fallback font the characters only it draws", () => {
    const check = new CoverageCheck(main, [{ coverage: fallback }]);
    expect(check.segments("Tbilisi: თბილისი.")).toEqual([
      { text: "Tbilisi: ", font: 0 },
      { text: "თბილისი", font: 1 },
      { text: ".", font: 0 },
    ]);
    expect(check.missingNote()).toBeUndefined();
  });

  it("asks for the family each script wants, in the face the run is in", () => {
    const check = new CoverageCheck(main);
    check.paragraph("漢字です 한국어 שלום नमस्ते ṭ 😀");
    check.segments("漢字です 한국어 שלום", "bold");
    check.segments("नमस्ते ṭ 😀 →", "italic");
    // CJK and emoji families have one face; Noto Sans has italics; Devanagari has no italic
    expect([...check.wanted].toSorted()).toEqual(
      ["noto-emoji/regular", "noto-sans-devanagari/regular", "noto-sans-hebrew/bold", "noto-sans-jp/regular", "noto-sans-kr/regular", "noto-sans-math/regular", "noto-sans/italic"].toSorted(),
    );
  });

  it("wants Chinese glyphs for Han without kana nearby, Japanese with kana, and the document's language first", () => {
    const chinese = new CoverageCheck(main);
    chinese.paragraph("中文");
    chinese.segments("中文");
    expect([...chinese.wanted]).toEqual(["noto-sans-sc/regular"]);
    const korean = new CoverageCheck(main, [], new Set(), "kr");
    korean.paragraph("漢字です");
    korean.segments("漢字です");
    expect([...korean.wanted]).toEqual(["noto-sans-kr/regular"]);
  });

  it("keeps the spaces between a family's words in it, but not an emoji font's wide ones", () => {
    const check = new CoverageCheck(main, [{ coverage: hebrew, family: "noto-sans-hebrew" }], new Set(["noto-sans-hebrew/regular"]));
    expect(check.segments("א ב")).toEqual([{ text: "א ב", font: 1 }]);
    expect([...check.wanted]).toEqual([]);
    const emoji: FontCoverage = { ranges: Uint32Array.from([0x20, 0x20, 0x1f600, 0x1f600]) };
    const faces = new CoverageCheck(main, [{ coverage: emoji, family: "noto-emoji" }], new Set(["noto-emoji/regular"]));
    expect(faces.segments("😀 😀")).toEqual([{ text: "😀", font: 1 }, { text: " ", font: 0 }, { text: "😀", font: 1 }]);
  });

  it("draws what no font has as U+FFFD, and says so once with a few samples", () => {
    const check = new CoverageCheck(main, [{ coverage: fallback, family: "noto-sans" }], new Set(["noto-sans/regular"]));
    expect(check.segments("a\u{e000}b\u{e001}")).toEqual([{ text: "a\ufffdb\ufffd", font: 0 }]);
    expect(check.missingNote()).toBe("2 characters that no font here can draw (“\u{e000}” (U+E000), “\u{e001}” (U+E001)) appear as “\ufffd” in the PDF.");
  });

  it("drops a joiner where the font has none, and keeps it in a font that has it", () => {
    const check = new CoverageCheck(main);
    expect(check.segments("a\u200db")).toEqual([{ text: "ab", font: 0 }]);
    const joining: FontCoverage = { ranges: Uint32Array.from([0x0627, 0x064a, 0x200c, 0x200d]) };
    const arabic = new CoverageCheck(main, [{ coverage: joining, family: "noto-sans-arabic" }], new Set(["noto-sans-arabic/regular"]));
    expect(arabic.segments("مي\u200cخ")).toEqual([{ text: "مي\u200cخ", font: 1 }]);
  });
});
