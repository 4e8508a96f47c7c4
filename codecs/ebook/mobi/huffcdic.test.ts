// HUFF/CDIC text (issue 25), on books made here: no free tool writes it (Mobipocket's own tools
// did), so the tables are built by hand: every byte is its own 8-bit code, one code stands for a
// phrase that is itself compressed ("the "), and hostile dictionaries (a phrase containing itself,
// a code past the dictionary, a record that expands too far) are refused.
import { describe, expect, it } from "vitest";
import { caughtEbookError } from "#tests/support/codecs/ebook/test-helpers.ts";
import { handmadeMobi } from "#tests/support/codecs/ebook/mobi/handmade-mobi.ts";
import { huffCdicDecompress, readHuffCdic } from "./huffcdic.ts";
import { readMobi } from "./read-mobi.ts";

const PHRASE_CODE = 0x01;

/** The HUFF record: 8-bit codes, all terminal, the largest code 255 (so code b names phrase 255 − b). */
function huffRecord(): Uint8Array {
  const record = new Uint8Array(24 + 1024 + 256);
  const view = new DataView(record.buffer);
  record.set(new TextEncoder().encode("HUFF"), 0);
  view.setUint32(4, 24);
  view.setUint32(8, 24);
  view.setUint32(12, 24 + 1024);
  for (let i = 0; i < 256; i++) view.setUint32(24 + i * 4, (255 << 8) | 0x80 | 8);
  view.setUint32(24 + 1024 + 7 * 8, 0);
  view.setUint32(24 + 1024 + 7 * 8 + 4, 255);
  return record;
}

/** The CDIC record: phrase 255 − b is the byte b, except the phrase code's, which holds `phrase` compressed (unflagged). */
function cdicRecord(phrase: Uint8Array = new TextEncoder().encode("the ")): Uint8Array {
  const entries: Uint8Array[] = [];
  for (let r = 0; r < 256; r++) {
    const literal = r !== 255 - PHRASE_CODE;
    const bytes = literal ? Uint8Array.of(255 - r) : phrase;
    const entry = new Uint8Array(2 + bytes.length);
    new DataView(entry.buffer).setUint16(0, bytes.length | (literal ? 0x8000 : 0));
    entry.set(bytes, 2);
    entries.push(entry);
  }
  const size = 16 + 512 + entries.reduce((sum, e) => sum + e.length, 0);
  const record = new Uint8Array(size);
  const view = new DataView(record.buffer);
  record.set(new TextEncoder().encode("CDIC"), 0);
  view.setUint32(4, 16);
  view.setUint32(8, 256);
  view.setUint32(12, 8);
  let at = 512;
  entries.forEach((entry, i) => {
    view.setUint16(16 + i * 2, at);
    record.set(entry, 16 + at);
    at += entry.length;
  });
  return record;
}

/** `text` compressed with these tables: each byte is its own code, "the " the phrase code. */
const compress = (text: string) => Uint8Array.from(new TextEncoder().encode(text.replaceAll("the ", "\u0001")));

describe("HUFF/CDIC", () => {
  it("expands codes into bytes and a compressed phrase into its text", () => {
    const tables = readHuffCdic(huffRecord(), [cdicRecord()]);
    expect(new TextDecoder().decode(huffCdicDecompress(compress("<p>the end of the story</p>"), tables, 4096))).toBe("<p>the end of the story</p>");
  });

  it("reads a MOBI book whose text records are HUFF/CDIC-compressed", () => {
    const html = "<html><body><p>Over the hills and the valleys, the ferry waited.</p></body></html>";
    const text = [compress(html.slice(0, 40)), compress(html.slice(40))];
    const book = readMobi(handmadeMobi({ compression: 17480, text, textLength: html.length, huff: { record: 3, count: 2 }, more: [huffRecord(), cdicRecord()] }));
    expect(book.chapters[0]!.body).toBe("<p>Over the hills and the valleys, the ferry waited.</p>");
  });

  it("refuses a phrase that contains itself, a code past the dictionary, and text that expands too far", () => {
    const looping = readHuffCdic(huffRecord(), [cdicRecord(Uint8Array.of(PHRASE_CODE))]);
    expect(caughtEbookError(() => huffCdicDecompress(Uint8Array.of(PHRASE_CODE), looping, 4096)).message).toMatch(/contains itself/);
    const short = cdicRecord();
    new DataView(short.buffer).setUint32(8, 10);
    expect(caughtEbookError(() => huffCdicDecompress(Uint8Array.of(0x41), readHuffCdic(huffRecord(), [short]), 4096)).message).toMatch(/beyond the 10/);
    expect(caughtEbookError(() => huffCdicDecompress(new Uint8Array(100).fill(0x41), readHuffCdic(huffRecord(), [cdicRecord()]), 50)).message).toMatch(/beyond 50 bytes/);
  });
});
