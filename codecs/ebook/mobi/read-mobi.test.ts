// The MOBI/AZW3 reader on books calibre's ebook-convert wrote from pandoc's EPUB 3 (AZW3, MOBI 6,
// joint MOBI 6 + KF8, KF8-only .mobi, uncompressed MOBI 6), checked against calibre's own reading
// (ebook-meta) and pandoc's plain text; and on hostile files made by breaking those books.
import { existsSync, readFileSync } from "node:fs";
import { XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pictureInfo } from "#codecs/document/image-info.ts";
import { calibreConvert, CAN_EPUBCHECK, ebookMeta, epubcheck, HAVE_CALIBRE, HAVE_PANDOC, pandocBook, sampleMarkdown, sampleText, SAMPLE_AUTHOR, SAMPLE_TITLE, words, wordsInOrder, type EbookMeta } from "#tests/support/ebook-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Book, TocEntry } from "../book.ts";
import { caughtEbookError } from "#tests/support/codecs/ebook/test-helpers.ts";
import { writeEpub } from "../write-epub.ts";
import { readMobi } from "./read-mobi.ts";

const work = scratch("read-mobi");
afterAll(() => work.cleanup());

const CHAPTERS = 5;

interface Variant {
  name: string;
  file: string;
  extra: string[];
  /** the part our reader takes: KF8 keeps the XHTML and nested toc, MOBI 6 flattens both */
  kf8: boolean;
  /** also read by calibre's ebook-meta (a second or two each, so not for every variant) */
  meta: boolean;
}

const DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const HAVE_DEJAVU = existsSync(DEJAVU);

const VARIANTS: Variant[] = [
  // the AZW3 also embeds a font: calibre stores it zlib-compressed and XOR-obfuscated (flags 3)
  { name: "AZW3", file: "book.azw3", extra: HAVE_DEJAVU ? ["--embed-font-family", "DejaVu Sans"] : [], kf8: true, meta: true },
  { name: "MOBI (calibre's default, MOBI 6)", file: "book.mobi", extra: [], kf8: false, meta: true },
  { name: "joint MOBI 6 + KF8", file: "both.mobi", extra: ["--mobi-file-type", "both"], kf8: true, meta: true },
  { name: "KF8-only .mobi", file: "new.mobi", extra: ["--mobi-file-type", "new"], kf8: true, meta: false },
  { name: "uncompressed MOBI 6", file: "raw.mobi", extra: ["--mobi-file-type", "old", "--dont-compress"], kf8: false, meta: false },
];

/** The chapters' text, a picture standing for its alt text as in pandoc's plain output. */
const bodyText = (book: Book): string =>
  book.chapters.map((c) => c.body.replace(/<img [^>]*alt="([^"]*)"[^>]*>/g, " $1 ").replace(/<[^>]+>/g, " ")).join(" ");

function flatToc(entries: TocEntry[]): TocEntry[] {
  return entries.flatMap((entry) => [entry, ...flatToc(entry.children)]);
}

const HEADINGS = [...sampleMarkdown(CHAPTERS).matchAll(/^#{1,2} (.+)$/gm)].map((m) => m[1]!);

const files = new Map<string, { bytes: Uint8Array; book: Book; meta?: EbookMeta }>();
let plain = "";
const fixture = (name: string): Uint8Array => files.get(name)!.bytes;

/** A copy of `bytes` with record 0's big-endian field at `at` set. */
function patchRecord0(bytes: Uint8Array, at: number, value: number, size: 2 | 4): Uint8Array {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  const record0 = view.getUint32(78);
  if (size === 2) view.setUint16(record0 + at, value);
  else view.setUint32(record0 + at, value);
  return copy;
}

describe.skipIf(!HAVE_PANDOC || !HAVE_CALIBRE)("readMobi on calibre's books", () => {
  beforeAll(() => {
    const epub = pandocBook(work.dir, "epub3", { chapters: CHAPTERS });
    plain = sampleText(work.dir, CHAPTERS);
    for (const variant of VARIANTS) {
      const path = calibreConvert(epub, work.path(variant.file), variant.extra);
      const bytes = work.read(variant.file);
      files.set(variant.file, { bytes, book: readMobi(bytes), ...(variant.meta ? { meta: ebookMeta(path) } : {}) });
    }
  }, 120_000);

  describe.each(VARIANTS)("$name", (variant) => {
    const read = (): { book: Book; meta?: EbookMeta } => files.get(variant.file)!;

    it("reads the metadata calibre reads", () => {
      const { book, meta } = read();
      expect(book.metadata.title).toBe(SAMPLE_TITLE);
      expect(book.metadata.authors).toEqual([SAMPLE_AUTHOR]);
      expect(book.metadata.language).toBe("ru");
      if (meta === undefined) return;
      expect(meta.title).toBe(SAMPLE_TITLE);
      expect(meta.authors).toEqual([SAMPLE_AUTHOR]);
      expect(meta.languages).toEqual(["rus"]);
    });

    it("finds the cover calibre finds", () => {
      const { book, meta } = read();
      const cover = book.resources.find((r) => r.href === book.coverHref);
      expect(cover).toBeDefined();
      // calibre's own MOBI 6 pictures are JPEG; AZW3 keeps the PNG it was given
      const info = pictureInfo(cover!.data);
      expect(["jpeg", "png"]).toContain(info.kind);
      expect([info.width, info.height]).toEqual([300, 450]);
      if (meta === undefined) return;
      expect(meta.cover).not.toBeNull();
      const theirs = pictureInfo(meta.cover!);
      expect([info.width, info.height]).toEqual([theirs.width, theirs.height]);
    });

    it("keeps every chapter and the words in order", () => {
      const { book } = read();
      // pandoc's title page, its contents page and the five chapters; in MOBI 6 the contents page
      // (links only, named by the guide) is the book's toc, not a chapter
      expect(book.chapters).toHaveLength(variant.kf8 ? CHAPTERS + 2 : CHAPTERS + 1);
      if (!variant.kf8) expect(book.chapters.some((c) => />Contents</.test(c.body) || /<a href[^>]*>Первая глава</.test(c.body))).toBe(false);
      for (const heading of HEADINGS.filter((h) => h !== "Раздел")) {
        expect(book.chapters.filter((c) => c.body.includes(`>${heading}<`)).length, heading).toBeGreaterThanOrEqual(1);
      }
      expect(wordsInOrder(words(plain), words(bodyText(book)))).toBeGreaterThanOrEqual(0.99);
      // MOBI 6 keeps headings as big bold paragraphs: they become headings again
      for (const n of [3, 4, 5]) expect(book.chapters.some((c) => c.body.includes(`<h1`) && c.body.includes(`>Chapter ${n}</h1>`)), `Chapter ${n}`).toBe(true);
      for (const chapter of book.chapters) expect(XMLValidator.validate(`<body>${chapter.body}</body>`), chapter.href).toBe(true);
    });

    it("keeps the picture where the text shows it", () => {
      const { book } = read();
      const chapter = book.chapters.find((c) => c.body.includes("Привет, мир"))!;
      const src = /<img [^>]*src="([^"]+)"/.exec(chapter.body)?.[1];
      const picture = book.resources.find((r) => r.href === src);
      expect(picture).toBeDefined();
      const info = pictureInfo(picture!.data);
      expect([info.width, info.height]).toEqual([60, 40]);
    });

    it("reads the toc, and every link lands on a chapter and an id it has", () => {
      const { book } = read();
      expect(flatToc(book.toc).map((e) => e.title)).toEqual(HEADINGS);
      if (variant.kf8) expect(book.toc[0]!.children.map((e) => e.title)).toEqual(["Раздел"]);
      const targets = [...flatToc(book.toc).map((e) => e.target), ...book.chapters.flatMap((c) => [...c.body.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!))];
      expect(targets.length).toBeGreaterThan(HEADINGS.length);
      for (const target of targets) {
        const [href, id] = target.split("#");
        const chapter = book.chapters.find((c) => c.href === href);
        expect(chapter, target).toBeDefined();
        if (id !== undefined) expect(chapter!.body, target).toContain(`id="${id}"`);
      }
      // anchors never sit where XHTML forbids an <a> (directly in a list or a table)
      for (const chapter of book.chapters) expect(chapter.body, chapter.href).not.toMatch(/<(?:ol|ul|table|tbody|tr)\b[^>]*>\s*<a /);
      const third = book.toc.find((e) => e.title === "Chapter 3")!;
      expect(book.chapters.find((c) => c.href === third.target.split("#")[0])!.body).toContain("road number 30");
    });

    // the book model is what the writers take: our EPUB of it must pass epubcheck (only for MOBI 6,
    // whose anchors this reader places itself; epubcheck takes ~5 s, and AZW3 passed it by hand)
    // one variant is enough (epubcheck takes seconds); the others are left undefined, not skipped
    if (variant.file === "book.mobi") it.runIf(CAN_EPUBCHECK)("makes a book the EPUB writer turns into a valid EPUB", () => {
      const { book } = read();
      const epub = work.write(`${variant.file}.epub`, writeEpub(book));
      expect(epubcheck(epub)).toEqual([]);
    }, 60_000);

    if (variant.kf8) it("keeps the stylesheets", () => {
      const { book } = read();
      const sheets = book.resources.filter((r) => r.mediaType === "text/css");
      expect(sheets.length).toBeGreaterThanOrEqual(1);
      expect(sheets.some((s) => new TextDecoder().decode(s.data).includes(".calibre"))).toBe(true);
      const chapter = book.chapters.find((c) => c.body.includes("Chapter 3"))!;
      expect(chapter.stylesheets?.every((href) => sheets.some((s) => s.href === href))).toBe(true);
      expect(chapter.body).not.toContain("kindle:");
      // the EPUB's hidden landmarks list stays hidden
      expect(bodyText(book)).not.toContain("Table of Contents");
    });
  });

  describe.skipIf(!HAVE_DEJAVU)("with an embedded font", () => {
    it("unpacks the font (zlib, XOR) and points the stylesheets at it", () => {
      const book = files.get("book.azw3")!.book;
      const embedded = book.resources.filter((r) => r.mediaType.startsWith("font/"));
      expect(embedded.length).toBeGreaterThanOrEqual(1);
      const regular = new Uint8Array(readFileSync(DEJAVU));
      expect(embedded.some((font) => font.data.length === regular.length && font.data.every((b, i) => b === regular[i]))).toBe(true);
      const css = book.resources.filter((r) => r.mediaType === "text/css").map((r) => new TextDecoder().decode(r.data)).join("\n");
      const urls = [...css.matchAll(/@font-face[^}]*url\("\.\.\/([^"]+)"\)/g)].map((m) => m[1]);
      expect(urls.length).toBe(embedded.length);
      for (const url of urls) expect(embedded.map((f) => f.href)).toContain(url);
      expect(book.notes).toEqual([]);
    });
  });

  describe("broken", () => {
    it("says DRM, damaged, unsupported or too large for calibre's books with the header changed", () => {
      for (const name of ["book.mobi", "book.azw3"]) {
        expect(caughtEbookError(() => readMobi(patchRecord0(fixture(name), 12, 1, 2))).code, name).toBe("drm");
        // HUFF/CDIC is read, but calibre's books have no dictionary records for it
        expect(caughtEbookError(() => readMobi(patchRecord0(fixture(name), 0, 17480, 2))).message, name).toMatch(/HUFF\/CDIC.*missing/);
        expect(caughtEbookError(() => readMobi(patchRecord0(fixture(name), 0, 3, 2))).code, name).toBe("unsupported");
        expect(caughtEbookError(() => readMobi(patchRecord0(fixture(name), 4, 0x7fffffff, 4))).code, name).toBe("too-large");
      }
    });

    it("refuses calibre's books cut short", () => {
      for (const name of ["book.mobi", "book.azw3", "both.mobi"]) {
        const bytes = fixture(name);
        for (const length of [70, 300, Math.floor(bytes.length / 2)]) {
          expect(caughtEbookError(() => readMobi(bytes.subarray(0, length))).code, `${name} at ${length}`).toBe("damaged");
        }
      }
    });

    it("refuses an AZW3 whose flow table runs past the text", () => {
      const bytes = fixture("book.azw3").slice();
      const view = new DataView(bytes.buffer);
      const record0 = view.getUint32(78);
      const fdst = view.getUint32(78 + view.getUint32(record0 + 0xc0) * 8);
      expect(new TextDecoder().decode(bytes.subarray(fdst, fdst + 4))).toBe("FDST");
      view.setUint32(fdst + view.getUint32(fdst + 4) + 4, 0x7fffffff);
      expect(caughtEbookError(() => readMobi(bytes)).message).toMatch(/flow 0 lies outside the text/);
    });

    it("refuses an AZW3 whose skeleton index claims huge counts", () => {
      const bytes = fixture("book.azw3").slice();
      const view = new DataView(bytes.buffer);
      const record0 = view.getUint32(78);
      const skeleton = view.getUint32(record0 + 0xfc);
      const at = view.getUint32(78 + skeleton * 8);
      view.setUint32(at + 24, 0xfffffff);
      expect(caughtEbookError(() => readMobi(bytes)).code).toBe("damaged");
    });
  });
});
