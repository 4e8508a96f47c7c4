// The joint MOBI 6 + KF8 writer judged by calibre: pandoc's EPUB 3 read with our reader and written
// as MOBI must give calibre the metadata and cover (ebook-meta), the text in order from the KF8 half
// (ebook-convert to TXT, which prefers KF8) and from the MOBI 6 half (calibre's MOBI 6 reader),
// every picture back, and a layout calibre-debug --inspect-mobi splits into mobi6/ and mobi8/.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calibreConvert, calibreText, CAN_INSPECT_MOBI, ebookMeta, HAVE_PANDOC, inspectMobi, pandocBook, sampleText, SAMPLE_AUTHOR, SAMPLE_TITLE, words, wordsInOrder, type EbookMeta, type MobiInspection } from "#tests/support/ebook-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Book } from "../book.ts";
import { sniffEbook } from "../ebook-options.ts";
import { readEpub } from "../read-epub.ts";
import { caughtEbookError } from "#tests/support/codecs/ebook/test-helpers.ts";
import { calibreMobiHtml, fullName, inOrder, paragraphText, size, syntheticBook, u32 } from "#tests/support/codecs/ebook/mobi/mobi-test-books.ts";
import { mobi6Markup } from "./mobi6-markup.ts";
import { writeMobi } from "./write-mobi.ts";

const work = scratch("write-mobi-");
afterAll(() => work.cleanup());

const CAN_RUN = CAN_INSPECT_MOBI && HAVE_PANDOC;
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** Record `n` of a PDB file. */
function record(file: Uint8Array, n: number): Uint8Array {
  const count = file[76]! * 256 + file[77]!;
  const start = u32(file, 78 + 8 * n);
  const end = n + 1 < count ? u32(file, 78 + 8 * (n + 1)) : file.length;
  return file.subarray(start, end);
}

/** EXTH record `type` of record 0, as a number. */
function exthNumber(file: Uint8Array, type: number): number | undefined {
  const record0 = record(file, 0);
  let at = 16 + u32(record0, 20);
  if (ascii(record0, at, at + 4) !== "EXTH") return undefined;
  const count = u32(record0, at + 8);
  at += 12;
  for (let i = 0; i < count; i++) {
    if (u32(record0, at) === type) return u32(record0, at + 8);
    at += u32(record0, at + 4);
  }
  return undefined;
}

describe.skipIf(!CAN_RUN)("joint MOBI 6 + KF8 from pandoc's EPUB 3, judged by calibre", () => {
  let book: Book;
  let bytes: Uint8Array;
  let meta: EbookMeta;
  let text: string;
  let mobi6Html: string;
  let reference: string;
  let inspected: MobiInspection;
  let back: Record<string, Uint8Array>;
  const progress: number[] = [];

  beforeAll(() => {
    const epub = pandocBook(work.dir, "epub3", { chapters: 5 });
    book = readEpub(new Uint8Array(readFileSync(epub)));
    bytes = writeMobi(book, { onProgress: (fraction) => progress.push(fraction) });
    const file = work.write("ours.mobi", bytes);
    meta = ebookMeta(file);
    text = calibreText(file);
    mobi6Html = calibreMobiHtml(file);
    reference = sampleText(work.dir, 5);
    inspected = inspectMobi(file, work.dir);
    back = unzipSync(readFileSync(calibreConvert(file, work.path("back.epub"))));
  });

  it("gives calibre the title, author, language and cover", () => {
    expect(meta.title).toBe(SAMPLE_TITLE);
    expect(meta.authors).toEqual([SAMPLE_AUTHOR]);
    expect(meta.languages).toEqual(["rus"]);
    const cover = book.resources.find((resource) => resource.href === book.coverHref);
    expect(meta.cover && size(meta.cover)).toBe(size(cover?.data ?? new Uint8Array(0)));
    expect(fullName(bytes)).toBe(SAMPLE_TITLE);
  });

  it("keeps the text in order in both halves", () => {
    expect(wordsInOrder(words(reference), words(text))).toBeGreaterThanOrEqual(0.99);
    // the MOBI 6 half as raw markup (calibre's TXT output reads the KF8 half)
    expect(wordsInOrder(words(reference), words(mobi6Html.replace(/<[^>]*>/g, " ")))).toBeGreaterThanOrEqual(0.99);
    // eslint-disable-next-line no-control-regex
    expect(mobi6Html).not.toMatch(/[\u0000-\u0008\u000e-\u001f]/); // no trailing entry bytes read as text
  });

  it("keeps every picture through calibre's round trip to EPUB", () => {
    const pictures = Object.entries(back).filter(([name]) => /\.(png|jpe?g|gif)$/i.test(name));
    const inside = book.resources.filter((resource) => resource.mediaType.startsWith("image/") && resource.href !== book.coverHref);
    expect(inside.length).toBe(1);
    for (const resource of inside) expect(pictures.some(([, data]) => Buffer.from(data).equals(Buffer.from(resource.data)))).toBe(true);
  });

  it("is a MOBI 6 part, shared pictures, BOUNDARY and a KF8 part that EXTH 121 points at", () => {
    expect(existsSync(join(inspected.dir, "mobi6", "header.txt"))).toBe(true);
    expect(existsSync(join(inspected.dir, "mobi8", "header.txt"))).toBe(true);
    expect(inspected.header).toContain("File version: 6");
    expect(inspected.header).toContain("File version: 8");
    expect(inspected.header).toMatch(/KF8_Boundary_Section \(121\): \d+/);
    const boundary = exthNumber(bytes, 121) ?? 0;
    expect(ascii(record(bytes, boundary - 1), 0, 8)).toBe("BOUNDARY");
    const kf8 = record(bytes, boundary);
    expect(ascii(kf8, 16, 20)).toBe("MOBI");
    expect(u32(kf8, 36)).toBe(8);
    expect(exthNumber(bytes, 125)).toBe(2);
    expect(inspected.header).toContain(`(129): b'kindle:embed:000${(exthNumber(bytes, 201) ?? 0) + 1}'`);
    // the pictures sit once, before the BOUNDARY, where the MOBI 6 header's first image field says
    const firstImage = u32(record(bytes, 0), 108);
    expect(Array.from(record(bytes, firstImage).subarray(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(firstImage).toBeLessThan(boundary);
    expect(sniffEbook(bytes, "ours.mobi")).toBe("mobi");
  });

  it("reports progress per chapter, ending at 1", () => {
    expect(progress.length).toBeGreaterThanOrEqual(book.chapters.length);
    expect(progress.every((value, i) => value >= (progress[i - 1] ?? 0))).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });
});

describe.skipIf(!CAN_INSPECT_MOBI)("joint MOBI edge cases read by calibre", () => {
  it("writes empty chapters with no pictures and no cover", () => {
    const book = syntheticBook({ chapters: 6, paragraphs: 2, emptyChapters: true });
    const file = work.write("plain.mobi", writeMobi(book));
    const expected = [1, 3, 5].flatMap((c) => [paragraphText(c, 0), paragraphText(c, 1)]).join(" ");
    expect(wordsInOrder(words(expected), words(calibreText(file)))).toBeGreaterThanOrEqual(0.99);
    const meta = ebookMeta(file);
    expect(meta.cover).toBeNull();
  });

  it("writes 2000 chapters", () => {
    const book = syntheticBook({ chapters: 2000, paragraphs: 1 });
    const bytes = writeMobi(book);
    const html = calibreMobiHtml(work.write("many.mobi", bytes));
    const expected = Array.from({ length: 2000 }, (_, i) => paragraphText(i + 1, 0));
    expect(inOrder(html, expected)).toBe(2000);
    // calibre's decompression of every record, trailing entries stripped, is exactly our markup
    expect(html).toBe(new TextDecoder().decode(mobi6Markup(book, new Map()).text));
  });

  it("writes a 10 MB chapter", () => {
    const book = syntheticBook({ chapters: 2, paragraphs: 55_000, pictures: true, cover: true });
    const bytes = writeMobi(book);
    const html = calibreMobiHtml(work.write("huge.mobi", bytes));
    expect(html.indexOf(paragraphText(2, 54_999))).toBeGreaterThan(html.indexOf(paragraphText(1, 0)));
    const kf8 = record(bytes, exthNumber(bytes, 121) ?? 0);
    expect(u32(kf8, 4)).toBeGreaterThan(10_000_000); // KF8's text length
  });

  it("stores a non-Latin title in UTF-8 in both headers", () => {
    const title = "Война и мир — 戦争と平和";
    const bytes = writeMobi(syntheticBook({ title, cover: true, pictures: true }));
    expect(fullName(bytes)).toBe(title);
    const meta = ebookMeta(work.write("title.mobi", bytes));
    expect(meta.title).toBe(title);
    expect(meta.cover).not.toBeNull();
  });

  it("refuses markup nested beyond any real book", () => {
    const book = syntheticBook({ chapters: 1 });
    const deep = { ...book, chapters: [{ href: "c.xhtml", body: `${"<div>".repeat(5000)}x${"</div>".repeat(5000)}` }] };
    expect(caughtEbookError(() => writeMobi(deep)).code).toBe("too-much-work");
  });
});
