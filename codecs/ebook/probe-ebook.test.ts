// The facts the ebook pages show before converting, read from books pandoc and calibre wrote and
// compared with what calibre's ebook-meta reads from the same files; hostile files get a clear refusal.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sniffImage } from "#codecs/image/image-sniff.ts";
import { deflatedEntry, handmadeZip } from "#tests/support/handmade-zip.ts";
import { calibreConvert, ebookMeta, HAVE_CALIBRE, HAVE_PANDOC, pandocBook, SAMPLE_AUTHOR, SAMPLE_TITLE } from "#tests/support/ebook-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import { describeEbook, languageName, type EbookFacts } from "./describe-ebook.ts";
import { EbookError } from "./ebook-error.ts";
import { probeEbook } from "./probe-ebook.ts";

const work = scratch("probe-ebook");
afterAll(() => work.cleanup());

async function refusal(bytes: Uint8Array, name: string): Promise<EbookError> {
  const error: unknown = await probeEbook({ bytes, name }).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (error instanceof EbookError) return error;
  throw new Error(`expected an EbookError, got ${String(error)}`);
}

describe.skipIf(!HAVE_PANDOC)("probeEbook on pandoc's books", () => {
  let epub: string;
  let fb2: string;
  beforeAll(() => {
    epub = pandocBook(work.dir, "epub3", { chapters: 4 });
    fb2 = pandocBook(work.dir, "fb2", { chapters: 4 });
  }, 60_000);

  it("reads an EPUB's title, author, language, chapters, pictures and cover", async () => {
    const bytes = new Uint8Array(readFileSync(epub));
    const facts = await probeEbook({ bytes, name: "book.epub" });
    expect(facts).toMatchObject({ kind: "epub", title: SAMPLE_TITLE, authors: [SAMPLE_AUTHOR], language: "ru", pictures: 1, size: bytes.length });
    // the four chapters of the Markdown, and pandoc's title and contents pages (both in its spine);
    // the cover page is not counted
    expect(facts.chapters).toBe(6);
    expect(facts.cover?.mediaType).toBe("image/png");
    expect(sniffImage(facts.cover!.bytes)).toBe("png");
  });

  it("reads an FB2 (and the same zipped as .fb2.zip)", async () => {
    const bytes = new Uint8Array(readFileSync(fb2));
    const facts = await probeEbook({ bytes, name: "book.fb2" });
    expect(facts).toMatchObject({ kind: "fb2", title: SAMPLE_TITLE, authors: [SAMPLE_AUTHOR], language: "ru", pictures: 1 });
    expect(facts.chapters).toBeGreaterThanOrEqual(4);
    const zipped = handmadeZip([deflatedEntry("book.fb2", bytes)]);
    const fromZip = await probeEbook({ bytes: zipped, name: "book.fb2.zip" });
    expect({ ...fromZip, size: 0 }).toEqual({ ...facts, size: 0 });
  });

  it.skipIf(!HAVE_CALIBRE)("agrees with calibre's ebook-meta on a calibre-made EPUB 2", async () => {
    const calibreEpub = calibreConvert(epub, work.path("calibre.epub"), ["--epub-version", "2"]);
    const meta = ebookMeta(calibreEpub);
    const facts = await probeEbook({ bytes: new Uint8Array(readFileSync(calibreEpub)), name: "calibre.epub" });
    expect(facts.title).toBe(meta.title);
    expect(facts.authors).toEqual(meta.authors);
    expect(meta.cover).not.toBeNull();
    expect(facts.cover).toBeDefined();
  });
});

describe("probeEbook on files that are not books it can read", () => {
  it("refuses a file that is no ebook", async () => {
    const error = await refusal(new TextEncoder().encode("just some text, not a book"), "notes.epub");
    expect(error.code).toBe("damaged");
    expect(error.message).toMatch(/not an EPUB, FB2, MOBI or AZW3/);
  });

  it("refuses a DRM-locked EPUB with the reader's message", async () => {
    const container = '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>';
    const locked = handmadeZip([
      deflatedEntry("mimetype", "application/epub+zip"),
      deflatedEntry("META-INF/container.xml", container),
      deflatedEntry("META-INF/rights.xml", "<rights/>"),
    ]);
    const error = await refusal(locked, "locked.epub");
    expect(error.code).toBe("drm");
    expect(error.message).toMatch(/DRM/);
  });

  it("refuses a zip that is cut short", async () => {
    const zip = handmadeZip([deflatedEntry("mimetype", "application/epub+zip"), deflatedEntry("META-INF/container.xml", "<container/>")]);
    const error = await refusal(zip.subarray(0, 40), "cut.epub");
    expect(error.code).toBe("damaged");
  });
});

describe("describeEbook", () => {
  const facts: EbookFacts = { kind: "fb2", title: "Война и мир", authors: ["Лев Толстой"], language: "ru", chapters: 12, pictures: 0, size: 1536 };

  it("lists the facts in the page's order, naming the language", () => {
    expect(describeEbook(facts, (bytes) => `${bytes} bytes`)).toEqual([
      { label: "Type", value: "FictionBook (FB2)" },
      { label: "Title", value: "Война и мир" },
      { label: "Author", value: "Лев Толстой" },
      { label: "Language", value: "Russian" },
      { label: "Chapters", value: "12" },
      { label: "Pictures", value: "None" },
      { label: "Cover", value: "None" },
      { label: "Size", value: "1536 bytes" },
    ]);
  });

  it("says Authors for several, leaves out an unknown language and the cover line when there is one", () => {
    const lines = describeEbook({ ...facts, authors: ["A One", "B Two"], language: "und", pictures: 3, cover: { bytes: new Uint8Array(1), mediaType: "image/png" } }, String);
    expect(lines.map((line) => line.label)).toEqual(["Type", "Title", "Authors", "Chapters", "Pictures", "Size"]);
    expect(lines).toContainEqual({ label: "Authors", value: "A One, B Two" });
    expect(lines).toContainEqual({ label: "Pictures", value: "3" });
  });

  it("names languages, and shows a tag it cannot name as it is", () => {
    expect(languageName("en-US")).toBe("American English");
    expect(languageName("und")).toBeUndefined();
    expect(languageName("not a tag!")).toBe("not a tag!");
  });
});
