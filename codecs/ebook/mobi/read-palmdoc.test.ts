// Plain PalmDOC ebooks (TEXtREAd, issue 25): a Palm database whose record 0 is only the 16-byte
// PalmDOC header, then text records, plain or LZ77-compressed. Hand-made here, and written by
// calibre's PDB output (--format doc) when calibre is installed. eReader and zTXT are named and refused.
import { describe, expect, it } from "vitest";
import { calibreConvert, HAVE_CALIBRE, words, wordsInOrder } from "#tests/support/ebook-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import { sniffEbook } from "../ebook-options.ts";
import { caughtEbookError } from "#tests/support/codecs/ebook/test-helpers.ts";
import { palmDatabase } from "#tests/support/codecs/ebook/mobi/handmade-mobi.ts";
import { compressPalmDoc } from "./palmdoc-compress.ts";
import { readMobi } from "./read-mobi.ts";

const encode = (text: string) => new TextEncoder().encode(text);

/** A PalmDOC book of `text` (ASCII or UTF-8), cut into 4096-byte records; `position` is the reader's saved place. */
function palmDoc(text: Uint8Array, options: { compress?: boolean; position?: number } = {}): Uint8Array {
  const records: Uint8Array[] = [];
  for (let at = 0; at < text.length; at += 4096) {
    const chunk = text.subarray(at, at + 4096);
    records.push(options.compress === false ? chunk : compressPalmDoc(chunk));
  }
  const record0 = new Uint8Array(16);
  const view = new DataView(record0.buffer);
  view.setUint16(0, options.compress === false ? 1 : 2);
  view.setUint32(4, text.length);
  view.setUint16(8, records.length);
  view.setUint16(10, 4096);
  view.setUint32(12, options.position ?? 0);
  return palmDatabase([record0, ...records], "TEXtREAd");
}

const STORY = `The Ferry\r\n\r\nThe harbour was quiet at dawn; gulls circled over\r\nthe grey water while the ferry waited.\r\n\r\nA second paragraph, after a blank line.\r\n`;

describe("readMobi on PalmDOC books", () => {
  it("is sniffed as a Kindle-family book", () => {
    expect(sniffEbook(palmDoc(encode(STORY)), "story.pdb")).toBe("mobi");
  });

  it("reads compressed text as paragraphs, joining the lines wrapped by hand", () => {
    const book = readMobi(palmDoc(encode(STORY.repeat(200))));
    const body = book.chapters.map((chapter) => chapter.body).join("");
    expect(body).toContain("<p>The harbour was quiet at dawn; gulls circled over the grey water while the ferry waited.</p>");
    expect(words(body.replace(/<[^>]*>/g, " "))).toEqual(words(STORY.repeat(200)));
    expect(book.metadata.title).toBe("handmade");
  });

  it("takes a saved reading position for what it is, not for DRM", () => {
    const book = readMobi(palmDoc(encode(STORY), { compress: false, position: 0x00020000 }));
    expect(book.chapters[0]!.body).toContain("A second paragraph");
  });

  it("reads UTF-8 text as UTF-8, and anything else as Windows-1252", () => {
    const russian = readMobi(palmDoc(encode("Ёлка в лесу.\n")));
    expect(russian.chapters[0]!.body).toBe("<p>Ёлка в лесу.</p>");
    const western = readMobi(palmDoc(Uint8Array.of(...encode("Caf"), 0xe9, 0x0a), { compress: false }));
    expect(western.chapters[0]!.body).toBe("<p>Café</p>");
  });

  it.each([
    ["PNRdPPrs", /eReader \(Peanut Press\)/],
    ["zTXTGPlm", /zTXT \(Weasel Reader\)/],
  ])("refuses a %s book by its name", (typeCreator, reason) => {
    const file = palmDatabase([new Uint8Array(16), encode("text")], typeCreator);
    expect(sniffEbook(file, "book.pdb")).toBe("mobi");
    const error = caughtEbookError(() => readMobi(file));
    expect(error.code).toBe("unsupported");
    expect(error.message).toMatch(reason);
  });

  it.skipIf(!HAVE_CALIBRE)("reads calibre's PalmDOC output", () => {
    const work = scratch("palmdoc");
    const source = work.write("story.txt", encode(STORY.repeat(50)));
    const pdb = calibreConvert(source, work.path("story.pdb"), ["--format", "doc"]);
    const book = readMobi(work.read("story.pdb"));
    expect(pdb.endsWith(".pdb")).toBe(true);
    const text = book.chapters.map((chapter) => chapter.body.replace(/<[^>]*>/g, " ")).join(" ");
    expect(wordsInOrder(words(STORY.repeat(50)), words(text))).toBeGreaterThanOrEqual(0.99);
    work.cleanup();
  }, 120_000);
});
