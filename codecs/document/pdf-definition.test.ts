import type { ContentText } from "pdfmake/interfaces";
import { describe, expect, it } from "vitest";
import { MAX_PARAGRAPH_CHARS, paragraphChunks } from "./pdf-definition.ts";
import { breakLongWords } from "./pdf-text.ts";

const joined = (chunks: ContentText[][]): string[] => chunks.map((chunk) => chunk.map((piece) => piece.text as string).join(""));

describe("paragraphChunks", () => {
  it("leaves a paragraph of ordinary length whole", () => {
    const pieces: ContentText[] = [{ text: "Hello " }, { text: "world", bold: true }];
    expect(paragraphChunks(pieces)).toEqual([pieces]);
    expect(paragraphChunks([])).toEqual([[]]);
  });

  it("cuts a long paragraph at line breaks, else at spaces, keeping every character and style", () => {
    const line = "word ".repeat(999) + "last\n"; // 5,000 characters
    const text = line.repeat(5);
    const chunks = paragraphChunks([{ text: "Bold start ", bold: true }, { text }]);
    const texts = joined(chunks);
    for (const chunk of texts) expect(chunk.length).toBeLessThanOrEqual(MAX_PARAGRAPH_CHARS);
    // cut where a line ended (the line break itself dropped: the next chunk starts a line)
    for (const chunk of texts.slice(0, -1)) expect(chunk.endsWith("last")).toBe(true);
    expect(texts.join("\n")).toBe("Bold start " + text);
    expect(chunks[0]![0]).toEqual({ text: "Bold start ", bold: true });
    // no line break in reach: cut at a space
    const spaced = joined(paragraphChunks([{ text: "word ".repeat(5_000) }]));
    expect(spaced.length).toBe(3);
    expect(spaced.join(" ")).toBe("word ".repeat(5_000));
  });

  it("cuts an unbroken stretch without splitting a surrogate pair", () => {
    const text = "😀".repeat(MAX_PARAGRAPH_CHARS);
    const texts = joined(paragraphChunks([{ text }]));
    expect(texts.join("")).toBe(text);
    for (const chunk of texts) expect(Array.from(chunk).every((char) => char === "😀")).toBe(true);
  });
});

describe("breakLongWords", () => {
  it("gives overlong words a zero-width break every 60 characters and leaves the rest alone", () => {
    expect(breakLongWords("short words stay")).toBe("short words stay");
    const url = "https://example.com/" + "a".repeat(130);
    const broken = breakLongWords(`see ${url} now`);
    expect(broken.replaceAll("\u200b", "")).toBe(`see ${url} now`);
    expect(broken.split("\u200b").map((piece) => piece.length)).toEqual([4 + 60, 60, 30 + 4]);
  });
});
