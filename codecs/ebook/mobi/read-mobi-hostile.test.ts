// The MOBI/AZW3 reader on hostile handmade files: not a book, cut short, record offsets outside the
// file or backwards, LZ77 back-references before the start, text beyond its declared length, DRM,
// HUFF/CDIC, huge declared lengths and index counts. Each must fail fast with the right EbookError.
import { describe, expect, it } from "vitest";
import { caughtEbookError } from "#tests/support/codecs/ebook/test-helpers.ts";
import { concatBytes } from "#codecs/common/bytes.ts";
import { handmadeMobi, indxData, indxHeader, palmDatabase } from "#tests/support/codecs/ebook/mobi/handmade-mobi.ts";
import { readMobi } from "./read-mobi.ts";

describe("readMobi on hostile files", () => {
  it("reads the handmade book it is tested against", () => {
    const book = readMobi(handmadeMobi());
    expect(book.metadata.title).toBe("Handmade");
    expect(book.metadata.language).toBe("en");
    expect(book.chapters.map((c) => c.body)).toEqual(["<p>Hello there, reader.</p>"]);
  });

  it("reads the EXTH metadata and the cover it names", () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
    const thumb = jpeg.slice();
    const book = readMobi(handmadeMobi({
      exth: [[100, "Petrov, Ivan"], [100, "Anna Smith"], [503, "The Long Title"], [101, "Press"], [103, "<p>About <b>it</b></p>"], [104, "978-3-16-148410-0"], [105, "Fiction; Travel"], [106, "2020-05-01"], [524, "de"], [201, 1], [202, 2]],
      firstImage: 2,
      more: [new TextEncoder().encode("FLIS\0\0\0\u0008"), jpeg, thumb],
    }));
    expect(book.metadata).toEqual({
      title: "The Long Title",
      authors: ["Ivan Petrov", "Anna Smith"],
      language: "de",
      identifier: "urn:isbn:9783161484100",
      publisher: "Press",
      description: "About it",
      date: "2020-05-01",
      subjects: ["Fiction", "Travel"],
    });
    // the cover is the second resource record (offset 1), the thumbnail is dropped
    expect(book.coverHref).toBe("images/image-0002.jpg");
    expect(book.resources.map((r) => r.href)).toEqual(["images/image-0002.jpg"]);
  });

  it("takes the language from the MOBI header's locale when EXTH has none", () => {
    expect(readMobi(handmadeMobi({ locale: 0x0419 })).metadata.language).toBe("ru");
    expect(readMobi(handmadeMobi({ locale: 0 })).metadata.language).toBe("und");
  });

  it("reads PalmDOC compression and strips trailing entries", () => {
    // "abcabcabc" as literals plus a back-reference (distance 3, length 6), then a space pair (0xC0 ^ 0x80 = "@")
    const compressed = new Uint8Array([...new TextEncoder().encode("<p>abc"), 0x80, (3 << 3) | 3, 0xe1, ...new TextEncoder().encode("</p>")]);
    // the multibyte overlap first (0 in its low bits: 1 byte), then a 2-byte entry whose size ends it (0x82)
    const withTrailing = concatBytes([compressed, new Uint8Array([0x00, 0x07, 0x82])]);
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
    expect(caughtEbookError(() => readMobi(handmadeMobi({ text: [pairs, pairs, pairs, pairs, pairs], compression: 2, textLength: 10 }))).code).toBe("damaged");
  });

  it("refuses trailing entries that claim more than their record", () => {
    expect(caughtEbookError(() => readMobi(handmadeMobi({ text: [new Uint8Array([0x41, 0xff])], extraFlags: 2 }))).code).toBe("damaged");
  });

  it("says DRM when the encryption flag is set", () => {
    const error = caughtEbookError(() => readMobi(handmadeMobi({ encryption: 2 })));
    expect(error.code).toBe("drm");
    expect(error.message).toMatch(/DRM.*cannot be converted/);
  });

  it("says damaged for HUFF/CDIC compression without its dictionary", () => {
    const error = caughtEbookError(() => readMobi(handmadeMobi({ compression: 17480 })));
    expect(error.code).toBe("damaged");
    expect(error.message).toMatch(/HUFF\/CDIC.*dictionary records are missing/);
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
    expect(caughtEbookError(() => readMobi(handmadeMobi({ ncxIndex: 2, more: [indxHeader(7), ...data] }))).code).toBe("too-much-work");
  });
});
