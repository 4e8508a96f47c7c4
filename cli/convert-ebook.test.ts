// `npm run convert` on the ebook converter as a user runs it (a real Node process per call): books
// written by pandoc and calibre, outputs judged by epubcheck and calibre (ebook-meta, ebook-convert).
// The AZW3 and MOBI directions need the Kindle reader and writers (issue 16, being written).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deflatedEntry, handmadeZip } from "#tests/support/handmade-zip.ts";
import {
  CAN_EPUBCHECK,
  calibreConvert,
  calibreText,
  ebookMeta,
  epubcheck,
  HAVE_CALIBRE,
  HAVE_PANDOC,
  pandocBook,
  SAMPLE_AUTHOR,
  SAMPLE_TITLE,
  sampleText,
  words,
  wordsInOrder,
} from "#tests/support/ebook-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import { buildCliFirst, convert } from "#tests/support/cli/run-cli.ts";
import { inputKind } from "./input-kind.ts";

const work = scratch("convert-ebook-cli");
afterAll(() => work.cleanup());

buildCliFirst();

/** epubcheck (java) and calibre take seconds per call, more on a busy machine. */
const CALIBRE_MS = 120_000;

const bytes = (text: string) => new TextEncoder().encode(text);

describe("the kind of an ebook input", () => {
  it("tells EPUB from DOCX among zips, FB2 from other XML, MOBI and AZW3 by their headers", () => {
    const epub = handmadeZip([deflatedEntry("mimetype", "application/epub+zip"), deflatedEntry("META-INF/container.xml", "<container/>")]);
    expect(inputKind(epub, "book.zip")).toBe("epub");
    const docx = handmadeZip([deflatedEntry("[Content_Types].xml", "<Types/>"), deflatedEntry("word/document.xml", "<w:document/>")]);
    expect(inputKind(docx, "report.epub")).toBe("docx");
    const fb2 = bytes('<?xml version="1.0" encoding="utf-8"?>\n<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0"><body/></FictionBook>');
    expect(inputKind(fb2, "book.xml")).toBe("fb2");
    expect(inputKind(handmadeZip([deflatedEntry("book.fb2", fb2)]), "book.fb2.zip")).toBe("fb2");
    expect(inputKind(bytes("<?xml version='1.0'?><feed/>"), "feed.xml")).toBe("xml");
    const palm = new Uint8Array(200);
    palm.set(bytes("BOOKMOBI"), 60);
    expect(inputKind(palm, "book.bin")).toBe("mobi");
  });
});

describe.skipIf(!HAVE_PANDOC || !HAVE_CALIBRE || !CAN_EPUBCHECK)("npm run convert: ebooks", () => {
  let reference: string[];
  const runs = new Map<string, ReturnType<typeof convert>>();
  const run = (name: string, ...args: string[]) => {
    const result = convert(...args);
    runs.set(name, result);
    return result;
  };

  beforeAll(() => {
    const fb2 = pandocBook(work.dir, "fb2", { chapters: 4 });
    const epub = pandocBook(work.dir, "epub3", { chapters: 4 });
    reference = words(sampleText(work.dir, 4));
    run("fb2-epub", fb2, work.path("from-fb2.epub"), "--title", "A New Title", "--author", "Ann Smith & Bob Jones", "--cover", work.path("cover.png"));
    run("epub-azw3", epub, work.path("book.azw3"), "--kindle-images", "kindle");
    run("epub-mobi", epub, work.path("book.mobi"));
    run("epub-fb2", epub, work.path("back.fb2"));
    run("epub-txt", epub, work.path("book.txt"));
    const calibreAzw3 = calibreConvert(epub, work.path("calibre.azw3"));
    run("azw3-epub", calibreAzw3, work.path("from-azw3.epub"));
  }, 120_000);

  it("FB2 to EPUB with a new title, authors and cover: epubcheck finds no error, calibre reads them", () => {
    const result = runs.get("fb2-epub")!;
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/from-fb2\.epub: EPUB, \d+ chapters, \d+ bytes/);
    const out = work.path("from-fb2.epub");
    expect(epubcheck(out).filter((message) => message.severity === "ERROR" || message.severity === "FATAL")).toEqual([]);
    const meta = ebookMeta(out);
    expect(meta.title).toBe("A New Title");
    expect(meta.authors).toEqual(["Ann Smith", "Bob Jones"]);
    expect(meta.languages).toEqual(["rus"]);
    expect(meta.cover && Buffer.from(meta.cover).equals(readFileSync(work.path("cover.png"))), "the new cover's own bytes").toBe(true);
    expect(wordsInOrder(reference, words(calibreText(out)))).toBeGreaterThanOrEqual(0.95);
  }, CALIBRE_MS);

  it("EPUB to AZW3 and MOBI that calibre reads with the title, author and words", () => {
    for (const [name, file] of [["epub-azw3", "book.azw3"], ["epub-mobi", "book.mobi"]] as const) {
      const result = runs.get(name)!;
      expect(result.status, `${name}: ${result.stderr}`).toBe(0);
      const meta = ebookMeta(work.path(file));
      expect(meta.title).toBe(SAMPLE_TITLE);
      expect(meta.authors).toEqual([SAMPLE_AUTHOR]);
      expect(wordsInOrder(reference, words(calibreText(work.path(file))))).toBeGreaterThanOrEqual(0.95);
    }
  }, CALIBRE_MS);

  it("EPUB to FB2 and TXT with every word", () => {
    const fb2 = runs.get("epub-fb2")!;
    expect(fb2.status, fb2.stderr).toBe(0);
    expect(ebookMeta(work.path("back.fb2")).title).toBe(SAMPLE_TITLE);
    expect(wordsInOrder(reference, words(calibreText(work.path("back.fb2"))))).toBeGreaterThanOrEqual(0.95);
    const txt = runs.get("epub-txt")!;
    expect(txt.status, txt.stderr).toBe(0);
    expect(wordsInOrder(reference, words(readFileSync(work.path("book.txt"), "utf8")))).toBeGreaterThanOrEqual(0.95);
  }, CALIBRE_MS);

  it("calibre's AZW3 back to EPUB", () => {
    const azw3 = runs.get("azw3-epub")!;
    expect(azw3.status, azw3.stderr).toBe(0);
    expect(epubcheck(work.path("from-azw3.epub")).filter((message) => message.severity === "ERROR" || message.severity === "FATAL")).toEqual([]);
    expect(wordsInOrder(reference, words(calibreText(work.path("from-azw3.epub"))))).toBeGreaterThanOrEqual(0.95);
  }, CALIBRE_MS);
});

describe("npm run convert: ebook refusals", () => {
  it("names what an ebook converts to, refuses a bad --kindle-images and a DRM-locked book", () => {
    const epub = work.write("tiny.epub", handmadeZip([deflatedEntry("mimetype", "application/epub+zip"), deflatedEntry("META-INF/container.xml", "<container/>"), deflatedEntry("META-INF/rights.xml", "<rights/>")]));
    const wrong = convert(epub, work.path("x.png"));
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/An? EPUB file converts to \.epub, \.azw3, \.mobi, \.fb2, \.pdf, \.docx, \.txt or \.html, not to "\.png"/);
    const size = convert(epub, work.path("x.azw3"), "--kindle-images", "huge");
    expect(size.status).toBe(1);
    expect(size.stderr).toMatch(/--kindle-images takes one of kindle, paperwhite, oasis, original/);
    const locked = convert(epub, work.path("x.fb2"));
    expect(locked.status).toBe(1);
    expect(locked.stderr).toMatch(/DRM/);
    expect(readFileSync(epub).length).toBeGreaterThan(0);
  });
});
