import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { authorsOf, checkEbookChoice, EBOOK_DEFAULTS, MAX_OVERRIDE_LENGTH, sniffEbook, TARGETS_BY_KIND, type EbookKind } from "./ebook-options.ts";
import { caughtEbookError } from "#tests/support/codecs/ebook/test-helpers.ts";

/** A Palm database header with one record whose MOBI header says `version`. */
function palmBook(version: number): Uint8Array {
  const bytes = new Uint8Array(78 + 8 + 2 + 64);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode("BOOKMOBI"), 60);
  view.setUint16(76, 1);
  const record0 = 78 + 8 + 2;
  view.setUint32(78, record0);
  bytes.set(new TextEncoder().encode("MOBI"), record0 + 16);
  view.setUint32(record0 + 36, version);
  return bytes;
}

describe("sniffEbook", () => {
  const epub = zipSync({ mimetype: new TextEncoder().encode("application/epub+zip") });
  const cases: [string, Uint8Array, string, EbookKind | null][] = [
    ["an EPUB", epub, "book.epub", "epub"],
    ["an EPUB under another name", epub, "book.bin", "epub"],
    ["a zipped FB2", zipSync({ "b.fb2": new TextEncoder().encode("<FictionBook/>") }), "b.fb2.zip", "fb2"],
    ["an FB2", new TextEncoder().encode(`<?xml version="1.0"?>\n<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0">`), "b.fb2", "fb2"],
    ["a MOBI 6 (or joint) book", palmBook(6), "b.mobi", "mobi"],
    ["a KF8-only book", palmBook(8), "b.mobi", "azw3"],
    ["text", new TextEncoder().encode("hello"), "b.epub", null],
    ["nothing", new Uint8Array(0), "b.epub", null],
  ];
  for (const [what, bytes, name, kind] of cases) it(`tells ${what}`, () => expect(sniffEbook(bytes, name)).toBe(kind));

  it("does not read past a cut-short Palm header", () => {
    expect(sniffEbook(palmBook(8).subarray(0, 100), "b.azw3")).toBe("mobi");
  });
});

describe("checkEbookChoice", () => {
  it("trims overrides and drops blank ones", () => {
    expect(checkEbookChoice({ ...EBOOK_DEFAULTS, title: "  T  ", author: "   " })).toEqual({ target: "epub", kindleImageSize: "paperwhite", title: "T" });
  });
  it("bounds the length of an override", () => {
    expect(checkEbookChoice({ ...EBOOK_DEFAULTS, title: "x".repeat(5000) }).title).toHaveLength(MAX_OVERRIDE_LENGTH);
  });
  it("refuses an unknown target or picture size", () => {
    expect(caughtEbookError(() => checkEbookChoice({ ...EBOOK_DEFAULTS, target: "exe" as "epub" })).code).toBe("unsupported");
    expect(caughtEbookError(() => checkEbookChoice({ ...EBOOK_DEFAULTS, kindleImageSize: "huge" as "kindle" })).code).toBe("unsupported");
  });
});

describe("the targets", () => {
  it("every kind reaches every target but itself", () => {
    for (const [kind, targets] of Object.entries(TARGETS_BY_KIND)) {
      expect(targets).not.toContain(kind);
      expect(targets).toHaveLength(7);
    }
  });
  it("authorsOf splits on &, ; and 'and' but not inside names", () => {
    expect(authorsOf("Anderson Brand and Cy; Dee & Eve")).toEqual(["Anderson Brand", "Cy", "Dee", "Eve"]);
  });
});
