import { describe, expect, it } from "vitest";
import { countCharacters, countParagraphs, countSentences, countWords, reverseText, toLowerCase, toTitleCase, toUpperCase } from "./text-tools.ts";

describe("text tools", () => {
  it("counts words, ignoring punctuation and extra spaces", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   ")).toBe(0);
    expect(countWords("Hello, world!")).toBe(2);
    expect(countWords("  one   two\nthree\tfour  ")).toBe(4);
    expect(countWords("It's a well-known fact — 42 times.")).toBe(6);
  });

  it("counts characters as people see them", () => {
    expect(countCharacters("")).toEqual({ withSpaces: 0, withoutSpaces: 0 });
    expect(countCharacters("a b")).toEqual({ withSpaces: 3, withoutSpaces: 2 });
    expect(countCharacters("café 👍🏽")).toEqual({ withSpaces: 6, withoutSpaces: 5 });
    expect(countCharacters("e\u0301")).toEqual({ withSpaces: 1, withoutSpaces: 1 });
  });

  it("counts sentences and paragraphs", () => {
    expect(countSentences("")).toBe(0);
    expect(countSentences("One. Two? Three!")).toBe(3);
    expect(countParagraphs("a\n\nb\n \nc")).toBe(3);
    expect(countParagraphs("a\nb")).toBe(1);
    expect(countParagraphs("  ")).toBe(0);
  });

  it("reverses by grapheme so emoji and accents survive", () => {
    expect(reverseText("abc")).toBe("cba");
    expect(reverseText("")).toBe("");
    expect(reverseText("né👍🏽!")).toBe("!👍🏽én");
  });

  it("changes case", () => {
    expect(toUpperCase("Hello wörld")).toBe("HELLO WÖRLD");
    expect(toLowerCase("Hello WÖRLD")).toBe("hello wörld");
    expect(toTitleCase("the QUICK brown-fox (jumps) over élan")).toBe("The Quick Brown-Fox (Jumps) Over Élan");
    expect(toTitleCase("")).toBe("");
  });
});
