// The MOBI/AZW3 reader on books calibre's ebook-convert wrote from pandoc's EPUB 3 (AZW3, MOBI 6,
// joint MOBI 6 + KF8, KF8-only .mobi, uncompressed MOBI 6), checked against calibre's own reading
// (ebook-meta) and pandoc's plain text; and on hostile files made by breaking those books.
import { existsSync, readFileSync } from "node:fs";
import { XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pictureInfo } from "#codecs/document/image-info.ts";
import { calibreConvert, ebookMeta, HAVE_CALIBRE, HAVE_PANDOC, pandocBook, sampleMarkdown, sampleText, SAMPLE_AUTHOR, SAMPLE_TITLE, words, wordsInOrder, type EbookMeta } from "#tests/support/ebook-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Book, TocEntry } from "../book.ts";
import { caughtEbookError } from "../test-helpers.ts";
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
}

const VARIANTS: Variant[] = [
  { name: "AZW3", file: "book.azw3", extra: [], kf8: true },
  { name: "MOBI (calibre's default, MOBI 6)", file: "book.mobi", extra: [], kf8: false },
  { name: "joint MOBI 6 + KF8", file: "both.mobi", extra: ["--mobi-file-type", "both"], kf8: true },
  { name: "KF8-only .mobi", file: "new.mobi", extra: ["--mobi-file-type", "new"], kf8: true },
  { name: "uncompressed MOBI 6", file: "raw.mobi", extra: ["--mobi-file-type", "old", "--dont-compress"], kf8: false },
];

/** The chapters' text, a picture standing for its alt text as in pandoc's plain output. */
const bodyText = (book: Book): string =>
  book.chapters.map((c) => c.body.replace(/<img [^>]*alt="([^"]*)"[^>]*>/g, " $1 ").replace(/<[^>]+>/g, " ")).join(" ");

function flatToc(entries: TocEntry[]): TocEntry[] {
  return entries.flatMap((entry) => [entry, ...flatToc(entry.children)]);
}

const HEADINGS = [...sampleMarkdown(CHAPTERS).matchAll(/^#{1,2} (.+)$/gm)].map((m) => m[1]!);

const files = new Map<string, { bytes: Uint8Array; meta: EbookMeta }>();
let plain = "";
const fixture = (name: string): Uint8Array => files.get(name)!.bytes;

describe.skipIf(!HAVE_PANDOC || !HAVE_CALIBRE)("readMobi on calibre's books", () => {
  beforeAll(() => {
    const epub = pandocBook(work.dir, "epub3", { chapters: CHAPTERS });
    plain = sampleText(work.dir, CHAPTERS);
    for (const variant of VARIANTS) {
      const path = calibreConvert(epub, work.path(variant.file), variant.extra);
      files.set(variant.file, { bytes: work.read(variant.file), meta: ebookMeta(path) });
    }
  }, 120_000);

  describe.each(VARIANTS)("$name", (variant) => {
    const read = (): { book: Book; meta: EbookMeta } => {
      const file = files.get(variant.file)!;
      return { book: readMobi(file.bytes), meta: file.meta };
    };

    it("reads the metadata calibre reads", () => {
      const { book, meta } = read();
      expect(book.metadata.title).toBe(SAMPLE_TITLE);
      expect(meta.title).toBe(SAMPLE_TITLE);
      expect(book.metadata.authors).toEqual([SAMPLE_AUTHOR]);
      expect(meta.authors).toEqual([SAMPLE_AUTHOR]);
      expect(book.metadata.language).toBe("ru");
      expect(meta.languages).toEqual(["rus"]);
    });

    it("finds the cover calibre finds", () => {
      const { book, meta } = read();
      const cover = book.resources.find((r) => r.href === book.coverHref);
      expect(cover).toBeDefined();
      expect(meta.cover).not.toBeNull();
      // calibre's own MOBI 6 pictures are JPEG; AZW3 keeps the PNG it was given
      expect(["jpeg", "png"]).toContain(pictureInfo(cover!.data).kind);
      const info = pictureInfo(cover!.data);
      const theirs = pictureInfo(meta.cover!);
      expect([info.width, info.height]).toEqual([theirs.width, theirs.height]);
      expect(info.width).toBe(300);
    });

    it("keeps every chapter and the words in order", () => {
      const { book } = read();
      // pandoc's title page, its contents page and the five chapters
      expect(book.chapters).toHaveLength(CHAPTERS + 2);
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

    it.runIf(variant.kf8)("keeps the stylesheets", () => {
      const { book } = read();
      const sheets = book.resources.filter((r) => r.mediaType === "text/css");
      expect(sheets.length).toBeGreaterThanOrEqual(1);
      expect(sheets.some((s) => new TextDecoder().decode(s.data).includes(".calibre"))).toBe(true);
      const chapter = book.chapters.find((c) => c.body.includes("Chapter 3"))!;
      expect(chapter.stylesheets?.every((href) => sheets.some((s) => s.href === href))).toBe(true);
      expect(chapter.body).not.toContain("kindle:");
    });
  });
});

const DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

describe.skipIf(!HAVE_PANDOC || !HAVE_CALIBRE || !existsSync(DEJAVU))("readMobi on an AZW3 with embedded fonts", () => {
  it("unpacks the fonts (zlib, XOR) and points the stylesheets at them", () => {
    const fonts = scratch("read-mobi-fonts");
    try {
      const epub = pandocBook(fonts.dir, "epub3", { chapters: 2 });
      // calibre stores each font zlib-compressed with its first 1040 bytes XOR-obfuscated (flags 3)
      calibreConvert(epub, fonts.path("fonts.azw3"), ["--embed-font-family", "DejaVu Sans"]);
      const book = readMobi(fonts.read("fonts.azw3"));
      const embedded = book.resources.filter((r) => r.mediaType.startsWith("font/"));
      expect(embedded.length).toBeGreaterThanOrEqual(1);
      const regular = new Uint8Array(readFileSync(DEJAVU));
      expect(embedded.some((font) => font.data.length === regular.length && font.data.every((b, i) => b === regular[i]))).toBe(true);
      const css = book.resources.filter((r) => r.mediaType === "text/css").map((r) => new TextDecoder().decode(r.data)).join("\n");
      const urls = [...css.matchAll(/@font-face[^}]*url\("\.\.\/([^"]+)"\)/g)].map((m) => m[1]);
      expect(urls.length).toBe(embedded.length);
      for (const url of urls) expect(embedded.map((f) => f.href)).toContain(url);
      expect(book.notes).toEqual([]);
    } finally {
      fonts.cleanup();
    }
  }, 60_000);
});

// --- hostile files -------------------------------------------------------------------------------

interface HandmadeOptions {
  text?: Uint8Array[];
  compression?: number;
  textLength?: number;
  encryption?: number;
  extraFlags?: number;
  ncxIndex?: number;
  /** records after the text (indexes, pictures) */
  more?: Uint8Array[];
  /** declared text record count (the real count by default) */
  textRecords?: number;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A Palm database of `records`, type BOOKMOBI. */
function palmDatabase(records: Uint8Array[]): Uint8Array {
  const header = new Uint8Array(78 + records.length * 8 + 2);
  const view = new DataView(header.buffer);
  header.set(new TextEncoder().encode("handmade"), 0);
  header.set(new TextEncoder().encode("BOOKMOBI"), 60);
  view.setUint16(76, records.length);
  let offset = header.length;
  records.forEach((record, i) => {
    view.setUint32(78 + i * 8, offset);
    offset += record.length;
  });
  return concat([header, ...records]);
}

/** A minimal MOBI 6 book: record 0 (PalmDOC + MOBI header, no EXTH), the text records, then `more`. */
function handmadeMobi(options: HandmadeOptions = {}): Uint8Array {
  const text = options.text ?? [new TextEncoder().encode("<html><body><p>Hello there, reader.</p></body></html>")];
  const name = new TextEncoder().encode("Handmade");
  const record0 = new Uint8Array(16 + 232 + name.length);
  const view = new DataView(record0.buffer);
  view.setUint16(0, options.compression ?? 1);
  view.setUint32(4, options.textLength ?? text.reduce((sum, t) => sum + t.length, 0));
  view.setUint16(8, options.textRecords ?? text.length);
  view.setUint16(10, 4096);
  view.setUint16(12, options.encryption ?? 0);
  record0.set(new TextEncoder().encode("MOBI"), 16);
  view.setUint32(20, 232);
  view.setUint32(24, 2);
  view.setUint32(28, 65001);
  view.setUint32(0x54, 16 + 232);
  view.setUint32(0x58, name.length);
  view.setUint32(0x5c, 9);
  view.setUint32(0x68, 6);
  view.setUint32(0x6c, 0xffffffff);
  view.setUint16(0xf2, options.extraFlags ?? 0);
  view.setUint32(0xf4, options.ncxIndex ?? 0xffffffff);
  record0.set(name, 16 + 232);
  return palmDatabase([record0, ...text, ...(options.more ?? [])]);
}

/** An INDX header record: one TAGX tag (1: one value, mask 1), `dataRecords` data records announced. */
function indxHeader(dataRecords: number): Uint8Array {
  const tagx = [..."TAGX"].map((c) => c.charCodeAt(0));
  const record = new Uint8Array(192 + 16);
  const view = new DataView(record.buffer);
  record.set(new TextEncoder().encode("INDX"), 0);
  view.setUint32(4, 192);
  view.setUint32(24, dataRecords);
  view.setUint32(180, 192);
  record.set(tagx, 192);
  view.setUint32(196, 16);
  view.setUint32(200, 1);
  record.set([1, 1, 1, 0], 204);
  return record;
}

/** An INDX data record with `count` entries, each an empty name and a zero control byte. */
function indxData(count: number): Uint8Array {
  const entriesAt = 192;
  const idxt = entriesAt + count * 2;
  const record = new Uint8Array(idxt + 4 + count * 2);
  const view = new DataView(record.buffer);
  record.set(new TextEncoder().encode("INDX"), 0);
  view.setUint32(20, idxt);
  view.setUint32(24, count);
  record.set(new TextEncoder().encode("IDXT"), idxt);
  for (let i = 0; i < count; i++) view.setUint16(idxt + 4 + i * 2, entriesAt + i * 2);
  return record;
}

/** A copy of `bytes` with record 0's big-endian field at `at` set. */
function patchRecord0(bytes: Uint8Array, at: number, value: number, size: 2 | 4): Uint8Array {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  const record0 = view.getUint32(78);
  if (size === 2) view.setUint16(record0 + at, value);
  else view.setUint32(record0 + at, value);
  return copy;
}

describe("readMobi on hostile files", () => {
  it("reads the handmade book it is tested against", () => {
    const book = readMobi(handmadeMobi());
    expect(book.metadata.title).toBe("Handmade");
    expect(book.metadata.language).toBe("en");
    expect(book.chapters.map((c) => c.body)).toEqual(["<p>Hello there, reader.</p>"]);
  });

  it("reads PalmDOC compression and strips trailing entries", () => {
    // "abcabcabc" as literals plus a back-reference (distance 3, length 6), then a space pair (0xC0 ^ 0x80 = "@")
    const compressed = new Uint8Array([...new TextEncoder().encode("<p>abc"), 0x80, (3 << 3) | 3, 0xe1, ...new TextEncoder().encode("</p>")]);
    // the multibyte overlap first (0 in its low bits: 1 byte), then a 2-byte entry whose size ends it (0x82)
    const withTrailing = concat([compressed, new Uint8Array([0x00, 0x07, 0x82])]);
    const book = readMobi(handmadeMobi({ text: [withTrailing], compression: 2, textLength: 18, extraFlags: 3 }));
    expect(book.chapters[0]!.body).toBe("<p>abcabcabc a</p>");
  });

  it("reads a plain PalmDOC (TEXtREAd) book as paragraphs", () => {
    const text = new TextEncoder().encode("First line & more\nSecond <line>\n");
    const record0 = new Uint8Array(16);
    const view = new DataView(record0.buffer);
    view.setUint16(0, 1);
    view.setUint32(4, text.length);
    view.setUint16(8, 1);
    const bytes = palmDatabase([record0, text]);
    bytes.set(new TextEncoder().encode("TEXtREAd"), 60);
    const book = readMobi(bytes);
    expect(book.chapters.map((c) => c.body)).toEqual(["<p>First line &amp; more</p><p>Second &lt;line&gt;</p>"]);
    expect(book.metadata.title).toBe("handmade");
  });

  it("refuses files that are not MOBI books", () => {
    expect(caughtEbookError(() => readMobi(new TextEncoder().encode("PK\u0003\u0004 not a book at all, just text that goes on"))).code).toBe("damaged");
    expect(caughtEbookError(() => readMobi(new Uint8Array(200))).message).toMatch(/not a MOBI/);
    expect(caughtEbookError(() => readMobi(new Uint8Array(10))).code).toBe("damaged");
  });

  it("refuses truncated files", () => {
    const book = handmadeMobi();
    for (const length of [40, 80, 100, book.length - 30]) {
      const error = caughtEbookError(() => readMobi(book.subarray(0, length)));
      expect(error.code, `${length} bytes`).toBe("damaged");
    }
  });

  it("refuses record offsets outside the file or running backwards", () => {
    const outside = handmadeMobi();
    new DataView(outside.buffer).setUint32(78 + 8, 0x7fffffff);
    expect(caughtEbookError(() => readMobi(outside)).message).toMatch(/outside the file/);
    const backwards = handmadeMobi({ more: [new Uint8Array(10)] });
    new DataView(backwards.buffer).setUint32(78 + 16, new DataView(backwards.buffer).getUint32(78 + 8) - 4);
    expect(caughtEbookError(() => readMobi(backwards)).message).toMatch(/backwards/);
  });

  it("refuses a back-reference before the start of the text", () => {
    const error = caughtEbookError(() => readMobi(handmadeMobi({ text: [new Uint8Array([0x41, 0x80, 0x10 << 3])], compression: 2 })));
    expect(error.code).toBe("damaged");
    expect(error.message).toMatch(/before the start/);
  });

  it("refuses text that expands beyond what the header declares", () => {
    // each pair copies 10 bytes: 2 000 pairs make 20 000 bytes against 10 declared
    const pairs = new Uint8Array(1 + 4000);
    pairs[0] = 0x41;
    for (let i = 1; i < pairs.length; i += 2) [pairs[i], pairs[i + 1]] = [0x80, (1 << 3) | 7];
    const started = performance.now();
    expect(caughtEbookError(() => readMobi(handmadeMobi({ text: [pairs, pairs, pairs, pairs, pairs], compression: 2, textLength: 10 }))).code).toBe("damaged");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses trailing entries that claim more than their record", () => {
    expect(caughtEbookError(() => readMobi(handmadeMobi({ text: [new Uint8Array([0x41, 0xff])], extraFlags: 2 }))).code).toBe("damaged");
  });

  it("says DRM when the encryption flag is set", () => {
    const error = caughtEbookError(() => readMobi(handmadeMobi({ encryption: 2 })));
    expect(error.code).toBe("drm");
    expect(error.message).toMatch(/DRM.*cannot be converted/);
  });

  it("says unsupported for HUFF/CDIC compression", () => {
    const error = caughtEbookError(() => readMobi(handmadeMobi({ compression: 17480 })));
    expect(error.code).toBe("unsupported");
    expect(error.message).toMatch(/HUFF\/CDIC/);
  });

  it("refuses a huge declared text length and more text records than the file holds", () => {
    expect(caughtEbookError(() => readMobi(handmadeMobi({ textLength: 0xffffffff }))).code).toBe("too-large");
    expect(caughtEbookError(() => readMobi(handmadeMobi({ textRecords: 60_000 }))).message).toMatch(/text records/);
  });

  it("survives an NCX index claiming huge counts (the toc is left out)", () => {
    const book = readMobi(handmadeMobi({ ncxIndex: 2, more: [indxHeader(0xffffff)] }));
    expect(book.toc).toEqual([]);
    expect(book.notes.join(" ")).toMatch(/table of contents is damaged/);
    const entries = readMobi(handmadeMobi({ ncxIndex: 2, more: [indxHeader(1), (() => {
      const record = indxData(3);
      new DataView(record.buffer).setUint32(24, 0xffffff);
      return record;
    })()] }));
    expect(entries.notes.join(" ")).toMatch(/table of contents is damaged/);
  });

  it("refuses an index with more entries than any real book", () => {
    // IDXT offsets are 16-bit, so a record holds at most ~32 000 entries: seven records pass the cap
    const data = Array.from({ length: 7 }, () => indxData(30_000));
    const started = performance.now();
    expect(caughtEbookError(() => readMobi(handmadeMobi({ ncxIndex: 2, more: [indxHeader(7), ...data] }))).code).toBe("too-much-work");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  describe.skipIf(!HAVE_PANDOC || !HAVE_CALIBRE)("calibre's books, broken", () => {
    it("says DRM, unsupported or too large for calibre's books with the header changed", () => {
      for (const name of ["book.mobi", "book.azw3"]) {
        expect(caughtEbookError(() => readMobi(patchRecord0(fixture(name), 12, 1, 2))).code, name).toBe("drm");
        expect(caughtEbookError(() => readMobi(patchRecord0(fixture(name), 0, 17480, 2))).code, name).toBe("unsupported");
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
