// The MOBI 6 writer (calibre's "old" MOBI) judged by calibre: pandoc's EPUB 3 read with our reader
// and written as MOBI 6 must give calibre the title, author, language and cover (ebook-meta), the
// text in order (ebook-convert to TXT), every picture back (ebook-convert to EPUB), and a record
// layout calibre-debug --inspect-mobi parses (NCX index, TBS, filepos links onto tags).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calibreConvert, calibreText, CAN_INSPECT_MOBI, ebookMeta, HAVE_PANDOC, inspectMobi, pandocBook, sampleText, SAMPLE_AUTHOR, SAMPLE_TITLE, words, wordsInOrder, type EbookMeta, type MobiInspection } from "#tests/support/ebook-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Book } from "../book.ts";
import { readEpub } from "../read-epub.ts";
import { caughtEbookError } from "#tests/support/codecs/ebook/test-helpers.ts";
import { calibreMobiHtml, fullName, inOrder, paragraphText, size, syntheticBook } from "#tests/support/codecs/ebook/mobi/mobi-test-books.ts";
import { MAX_CHAPTERS, mobi6Markup } from "./mobi6-markup.ts";
import { writeMobi6 } from "./mobi6-write.ts";

const work = scratch("mobi6-write-");
afterAll(() => work.cleanup());

const CAN_RUN = CAN_INSPECT_MOBI && HAVE_PANDOC;
describe.skipIf(!CAN_RUN)("MOBI 6 from pandoc's EPUB 3, judged by calibre", () => {
  let book: Book;
  let bytes: Uint8Array;
  let meta: EbookMeta;
  let text: string;
  let reference: string;
  let inspected: MobiInspection;
  let back: Record<string, Uint8Array>;
  const progress: number[] = [];

  beforeAll(() => {
    const epub = pandocBook(work.dir, "epub3", { chapters: 5 });
    book = readEpub(new Uint8Array(readFileSync(epub)));
    bytes = writeMobi6(book, { onProgress: (fraction) => progress.push(fraction) });
    const file = work.write("ours.mobi", bytes);
    meta = ebookMeta(file);
    text = calibreText(file);
    reference = sampleText(work.dir, 5);
    inspected = inspectMobi(file, work.dir);
    back = unzipSync(readFileSync(calibreConvert(file, work.path("back.epub"))));
  });

  it("gives calibre the title, author, language and cover", () => {
    expect(meta.title).toBe(SAMPLE_TITLE);
    expect(meta.authors).toEqual([SAMPLE_AUTHOR]);
    expect(meta.languages).toEqual(["rus"]);
    const cover = book.resources.find((resource) => resource.href === book.coverHref);
    expect(cover).toBeDefined();
    // calibre hands the cover back as JPEG: compare its size
    expect(meta.cover && size(meta.cover)).toBe(size(cover?.data ?? new Uint8Array(0)));
    expect(fullName(bytes)).toBe(SAMPLE_TITLE);
  });

  it("keeps the text in order", () => {
    expect(wordsInOrder(words(reference), words(text))).toBeGreaterThanOrEqual(0.99);
  });

  it("keeps every picture through calibre's round trip to EPUB", () => {
    const pictures = Object.entries(back).filter(([name]) => /\.(png|jpe?g|gif)$/i.test(name));
    const ours = book.resources.filter((resource) => resource.mediaType.startsWith("image/"));
    expect(ours.length).toBe(2);
    expect(pictures.length).toBeGreaterThanOrEqual(ours.length);
    // calibre makes its own cover page picture from the cover; the other pictures come back as they were
    const inside = ours.filter((resource) => resource.href !== book.coverHref);
    for (const resource of inside) expect(pictures.some(([, data]) => Buffer.from(data).equals(Buffer.from(resource.data)))).toBe(true);
  });

  it("has the MOBI 6 layout: header, EXTH, NCX index, TBS and pictures", () => {
    expect(inspected.header).toContain("File version: 6");
    expect(inspected.header).toContain("Header length: 232");
    expect(inspected.header).toMatch(/Extra data flags: 0b11 \(has multibyte: True\) \(has indexing: True\)/);
    expect(inspected.header).toMatch(/NCX index: Absolute: \d+/);
    expect(inspected.images.length).toBe(2);
    const index = readFileSync(join(inspected.dir, "index.txt"), "utf8");
    for (const title of ["Первая глава", "Раздел", "Second chapter", "Chapter 5"]) expect(index).toContain(`['${title}']`);
    const tbs = readFileSync(join(inspected.dir, "tbs_indexing.txt"), "utf8");
    expect(tbs).toContain("Record #1:");
  });

  it("resolves every filepos link onto the start of a tag", () => {
    const html = new Uint8Array(readFileSync(join(inspected.dir, "text.html")));
    const links = [...new TextDecoder().decode(html).matchAll(/filepos=(\d{10})/g)].map((match) => Number(match[1]));
    expect(links.length).toBeGreaterThan(8);
    for (const offset of links) expect(String.fromCharCode(html[offset] ?? 0)).toBe("<");
    // the note's reference goes to the note, and the note's back link to the reference
    const decoded = new TextDecoder().decode(html);
    const noteLink = decoded.match(/примечанием\.<a filepos=(\d{10})/);
    expect(noteLink).not.toBeNull();
    expect(new TextDecoder().decode(html.subarray(Number(noteLink?.[1]), Number(noteLink?.[1]) + 60))).toContain("Сноска");
  });

  it("reports progress per chapter, ending at 1", () => {
    expect(progress.length).toBeGreaterThanOrEqual(book.chapters.length - 1);
    expect(progress.every((value, i) => value >= (progress[i - 1] ?? 0))).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });
});

describe.skipIf(!CAN_INSPECT_MOBI)("MOBI 6 edge cases read by calibre", () => {
  it("writes 2000 chapters, half of them empty, with no pictures and no cover", () => {
    const book = syntheticBook({ chapters: 2000, paragraphs: 1, emptyChapters: true });
    const file = work.write("many.mobi", writeMobi6(book));
    const html = calibreMobiHtml(file);
    const expected = Array.from({ length: 1000 }, (_, i) => paragraphText(2 * i + 1, 0));
    expect(inOrder(html, expected)).toBe(1000);
    // calibre's decompression of every record, trailing entries stripped, is exactly our markup
    expect(html).toBe(new TextDecoder().decode(mobi6Markup(book, new Map()).text));
    const inspected = inspectMobi(file, work.dir);
    expect(inspected.images).toEqual([]);
    expect(inspected.header).not.toContain("CoverOffset");
    expect(readFileSync(join(inspected.dir, "index.txt"), "utf8")).toContain("['Chapter 1999']");
  });

  it("writes a 10 MB chapter", () => {
    const book = syntheticBook({ chapters: 2, paragraphs: 55_000, pictures: true, cover: true });
    const bytes = writeMobi6(book);
    const html = calibreMobiHtml(work.write("huge.mobi", bytes));
    expect(new TextEncoder().encode(html).length).toBeGreaterThan(10_000_000);
    const first = html.indexOf(paragraphText(1, 0));
    const last = html.indexOf(paragraphText(2, 54_999));
    expect(first).toBeGreaterThan(0);
    expect(last).toBeGreaterThan(first);
    expect(html).toContain('<img recindex="00001"');
  });

  it("stores a non-Latin title in UTF-8 as the full name", () => {
    const title = "Война и мир — 戦争と平和";
    const bytes = writeMobi6(syntheticBook({ title, cover: true }));
    expect(fullName(bytes)).toBe(title);
    const meta = ebookMeta(work.write("title.mobi", bytes));
    expect(meta.title).toBe(title);
    expect(meta.cover).not.toBeNull();
  });
});

describe("MOBI 6 refusals", () => {
  it("refuses more chapters than any book has", () => {
    const book = syntheticBook({ chapters: 1 });
    const many = { ...book, chapters: Array.from({ length: MAX_CHAPTERS + 1 }, (_, i) => ({ href: `c${i}.xhtml`, body: "" })) };
    expect(caughtEbookError(() => writeMobi6(many)).code).toBe("too-large");
  });

  it("refuses markup nested beyond any real book", () => {
    const book = syntheticBook({ chapters: 1 });
    const deep = { ...book, chapters: [{ href: "c.xhtml", body: `${"<div>".repeat(5000)}x${"</div>".repeat(5000)}` }] };
    expect(caughtEbookError(() => writeMobi6(deep)).code).toBe("too-much-work");
  });
});
