// Our MOBI and AZW3 read back by our own reader (issue 16: "reading our MOBI/AZW3 back with our own
// reader gives the same chapters"): pandoc's EPUB and a made-up book with pictures, a cover and
// many chapters, through writeAzw3 and writeMobi (whose KF8 half readMobi prefers) and writeMobi6.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_PANDOC, pandocBook, SAMPLE_AUTHOR, SAMPLE_TITLE, words, wordsInOrder } from "#tests/support/ebook-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Book } from "../book.ts";
import { readEpub } from "../read-epub.ts";
import { syntheticBook } from "#tests/support/codecs/ebook/mobi/mobi-test-books.ts";
import { readMobi } from "./read-mobi.ts";
import { writeAzw3 } from "./write-azw3.ts";
import { writeMobi, writeMobi6 } from "./write-mobi.ts";

const work = scratch("mobi-round-trip");
afterAll(() => work.cleanup());

const WRITERS = { azw3: writeAzw3, mobi: writeMobi, mobi6: writeMobi6 } as const;

const textOf = (book: Book) => book.chapters.map((chapter) => chapter.body.replace(/<[^>]+>/g, " ")).join(" ");
const titles = (book: Book) => book.chapters.map((chapter) => chapter.title ?? "");
const flatToc = (book: Book): string[] => {
  const out: string[] = [];
  const walk = (entries: Book["toc"]) => entries.forEach((entry) => (out.push(entry.title), walk(entry.children)));
  walk(book.toc);
  return out;
};

describe("a made-up book with pictures and a cover", () => {
  const original = syntheticBook({ chapters: 12, paragraphs: 5, pictures: true, cover: true, title: "Круглая книга" });
  for (const [name, write] of Object.entries(WRITERS)) {
    it(`${name}: the same chapters, words, metadata, pictures and cover`, () => {
      const back = readMobi(write(original));
      expect(back.metadata.title).toBe("Круглая книга");
      expect(back.metadata.authors).toEqual(["Test Author"]);
      expect(back.metadata.language).toBe("en");
      // MOBI 6 has no files, only page breaks: its chapters are the pieces between them
      expect(back.chapters.filter((chapter) => chapter.role !== "cover")).toHaveLength(12);
      expect(wordsInOrder(words(textOf(original)), words(textOf(back)))).toBe(1);
      const pictures = back.resources.filter((resource) => resource.mediaType.startsWith("image/"));
      expect(pictures.map((p) => p.data.length).toSorted((a, b) => a - b)).toEqual(original.resources.map((r) => r.data.length).toSorted((a, b) => a - b));
      expect(back.coverHref).toBeDefined();
      expect(back.resources.find((r) => r.href === back.coverHref)?.data).toEqual(original.resources.find((r) => r.href === original.coverHref)?.data);
      expect(flatToc(back)).toEqual(flatToc(original));
    });
  }
});

describe.skipIf(!HAVE_PANDOC)("pandoc's EPUB through our writers and reader", () => {
  let source: Book;
  beforeAll(() => {
    source = readEpub(work.read(pandocBook(work.dir, "epub3", { chapters: 5 }).slice(work.dir.length + 1)));
  });
  for (const [name, write] of Object.entries(WRITERS)) {
    it(`${name}: chapters, titles, toc and words as the EPUB had them`, () => {
      const back = readMobi(write(source));
      expect(back.metadata).toMatchObject({ title: SAMPLE_TITLE, authors: [SAMPLE_AUTHOR], language: "ru" });
      expect(back.chapters.filter((chapter) => chapter.role !== "cover")).toHaveLength(source.chapters.filter((chapter) => chapter.role !== "cover").length);
      if (name !== "mobi6") expect(titles(back)).toEqual(titles(source));
      expect(flatToc(back)).toEqual(flatToc(source));
      expect(wordsInOrder(words(textOf(source)), words(textOf(back)))).toBeGreaterThanOrEqual(0.99);
      expect(back.resources.filter((r) => r.mediaType.startsWith("image/"))).toHaveLength(source.resources.filter((r) => r.mediaType.startsWith("image/")).length);
    });
  }
});
