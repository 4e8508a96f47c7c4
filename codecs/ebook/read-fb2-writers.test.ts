// FB2 as FictionBook Editor and the LibRusEc tools write it (issue 25), in UTF-8, windows-1251 and
// zipped: several authors, sequences, epigraphs, poems, notes, ids with spaces, a link inside a
// link, text outside paragraphs, a damaged picture. Read, written as EPUB, and judged by epubcheck.
import { describe, expect, it } from "vitest";
import { CAN_EPUBCHECK, epubcheck, words, wordsInOrder } from "#tests/support/ebook-fixtures.ts";
import { FB2_WORDS, fictionBookEditorFb2, zippedFb2 } from "#tests/support/handmade-ebooks.ts";
import { rampPng } from "#tests/support/office-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import { readFb2 } from "./read-fb2.ts";
import { writeEpub } from "./write-epub.ts";

const PICTURES = { cover: rampPng(40, 60), picture: rampPng(20, 10) };
/** The book's text: inline tags joined to their words (H<sub>2</sub>O), block tags parting them. */
const textOf = (book: ReturnType<typeof readFb2>) => book.chapters.map((chapter) => chapter.body.replace(/<\/?(sub|sup|em|strong|code|span|a)\b[^>]*>/g, "").replace(/<[^>]*>/g, " ")).join(" ");

describe("readFb2 on FictionBook Editor's files", () => {
  it.each(["utf-8", "windows-1251"] as const)("reads the %s file's metadata and every word in order", (encoding) => {
    const book = readFb2(fictionBookEditorFb2({ ...PICTURES, encoding }));
    expect(book.metadata).toMatchObject({ title: "Повесть о зимнем лесе", authors: ["Иван Сергеевич Петров", "Мария Иванова"], language: "ru", series: "Времена года", seriesIndex: 1 });
    expect(wordsInOrder(words(FB2_WORDS), words(textOf(book)))).toBe(1);
    expect(book.coverHref).toBe("images/cover.png");
  });

  it("makes ids and links valid XHTML, flattens the link inside a link and leaves out the damaged picture", () => {
    const book = readFb2(fictionBookEditorFb2(PICTURES));
    const all = book.chapters.map((chapter) => chapter.body).join("");
    expect(all).toContain('id="глава_3"');
    expect(all).toContain('href="chapter-002.xhtml#глава_3"');
    expect(all).toContain('href="http://example.com/%D0%BF%D1%83%D1%82%D1%8C%20%D1%81%20%D0%BF%D1%80%D0%BE%D0%B1%D0%B5%D0%BB%D0%B0%D0%BC%D0%B8">сайт внутри</a>');
    expect(all).not.toMatch(/<a [^>]*>[^<]*<a /);
    expect(book.resources.map((r) => r.href)).toEqual(["images/cover.png", "images/i_001.png"]);
    expect(book.notes.join(" ")).toMatch(/"broken\.jpg" is damaged/);
  });

  it.skipIf(!CAN_EPUBCHECK)("gives an EPUB that epubcheck accepts, from the zipped windows-1251 file", () => {
    const work = scratch("fbe-epub");
    const bytes = zippedFb2("book.fb2", fictionBookEditorFb2({ ...PICTURES, encoding: "windows-1251" }));
    const file = work.write("book.epub", writeEpub(readFb2(bytes), { modified: new Date(0) }));
    expect(epubcheck(file)).toEqual([]);
    work.cleanup();
  }, 120_000);
});
