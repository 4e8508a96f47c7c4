// A Book through the document model into PDF, DOCX and TXT, judged by independent readers: poppler's
// pdftotext for the PDF, LibreOffice for the DOCX, on pandoc's EPUB read by our EPUB reader (calibre's
// text of that EPUB is the reference) and on our hand-made book.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleText, HAVE_PANDOC, pandocBook, SAMPLE_AUTHOR, SAMPLE_LANGUAGE, SAMPLE_TITLE, words, wordsInOrder } from "#tests/support/ebook-fixtures.ts";
import { HAVE_LIBREOFFICE, officeText } from "#tests/support/office-fixtures.ts";
import { HAVE_POPPLER, PDFTOTEXT } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { nodePdfFallbackFonts, nodePdfFonts } from "#codecs/document/pdf-fonts-node.ts";
import type { DocModel } from "#codecs/document/model.ts";
import { writeDocx } from "#codecs/document/write-docx.ts";
import { writePdf } from "#codecs/document/write-pdf.ts";
import { writeTxt } from "#codecs/document/write-txt.ts";
import type { Book } from "./book.ts";
import { bookToModel, MAX_CHAPTERS } from "./book-to-model.ts";
import { sampleBook, SAMPLE_WORDS } from "#tests/support/codecs/ebook/fb2-sample-book.ts";
import { readEpub } from "./read-epub.ts";
import { caughtEbookError } from "#tests/support/codecs/ebook/test-helpers.ts";

const work = scratch("book-to-model");
afterAll(() => work.cleanup());

const pdfWords = async (model: DocModel, name: string): Promise<string[]> => {
  const file = work.write(name, await writePdf(model, await nodePdfFonts(), { fallbackFonts: nodePdfFallbackFonts }));
  return words(execFileSync(PDFTOTEXT, [file, "-"], { encoding: "utf8" }));
};

describe("bookToModel on a hand-made book", () => {
  const book = sampleBook();
  const model = bookToModel(book);

  it("carries the metadata and the reader's notes", () => {
    expect(model).toMatchObject({ title: "Harbour Tales & «Ropes»", author: "Anna Maria Karenina, Ivan Petrov", language: "en" });
    expect(bookToModel({ ...book, notes: ["Kept from the reader."] }).notes).toContain("Kept from the reader.");
    expect(model.notes.join(" ")).toMatch(/1 picture was left out \(1 GIF\)/);
  });

  it("puts a page break between chapters and keeps headings, pictures, tables and lists", () => {
    expect(model.blocks.filter((b) => b.kind === "page-break")).toHaveLength(book.chapters.length - 1);
    const kinds = model.blocks.map((b) => b.kind);
    expect(kinds.filter((k) => k === "image")).toHaveLength(2); // the cover and the ramp; the GIF is left out
    expect(kinds).toContain("table");
    expect(kinds).toContain("list");
    expect(model.blocks.filter((b) => b.kind === "heading").map((b) => (b.kind === "heading" ? `${b.level}:${b.runs.map((r) => r.text).join("")}` : ""))).toEqual([
      "1:The Harbour",
      "2:Later\u00a0that night",
      "1:Ropes",
      "1:Notes",
    ]);
  });

  it("keeps links out of the book and drops those between chapters, with their text", () => {
    const runs = model.blocks.flatMap((b) => (b.kind === "paragraph" ? b.runs : []));
    expect(runs.find((r) => r.text === "out")?.href).toBe("https://example.org/knots");
    expect(runs.find((r) => r.text.includes("the night"))?.href).toBeUndefined();
  });

  it("writes TXT with every word in order", () => {
    expect(wordsInOrder(words(SAMPLE_WORDS), words(writeTxt(model)))).toBe(1);
  });

  it("puts the cover first when the book has no cover chapter", () => {
    const noCoverChapter: Book = { ...book, chapters: book.chapters.filter((c) => c.role !== "cover") };
    expect(bookToModel(noCoverChapter).blocks[0]?.kind).toBe("image");
  });

  it("refuses more chapters than any real book, and markup nested past the limit", () => {
    const many: Book = { ...book, chapters: Array.from({ length: MAX_CHAPTERS + 1 }, (_, i) => ({ href: `c${i}.xhtml`, body: "<p>x</p>" })) };
    expect(caughtEbookError(() => bookToModel(many)).code).toBe("too-large");
    const deep: Book = { ...book, chapters: [{ href: "d.xhtml", body: `${"<div>".repeat(400)}x${"</div>".repeat(400)}` }] };
    expect(caughtEbookError(() => bookToModel(deep)).code).toBe("too-much-work");
  });

  it.skipIf(!HAVE_POPPLER)("makes a PDF whose text pdftotext reads with every word in order", async () => {
    expect(wordsInOrder(words(SAMPLE_WORDS), await pdfWords(model, "sample.pdf"))).toBeGreaterThanOrEqual(0.99);
  }, 60_000);
});

describe.skipIf(!HAVE_PANDOC)("bookToModel on pandoc's book, judged by pdftotext and LibreOffice", () => {
  let reference: string[] = [];
  let model: DocModel = { blocks: [], notes: [] };

  beforeAll(() => {
    const epub = pandocBook(work.dir, "epub3", { chapters: 4 });
    // pandoc's plain text of the Markdown (calibre's text of the EPUB shows the nav's hidden landmarks)
    reference = words(sampleText(work.dir, 4));
    model = bookToModel(readEpub(new Uint8Array(readFileSync(epub))));
  }, 120_000);

  it("carries the title, author and language", () => {
    expect(model).toMatchObject({ title: SAMPLE_TITLE, author: SAMPLE_AUTHOR, language: SAMPLE_LANGUAGE });
  });

  it("TXT keeps 99 % of the words in order", () => {
    expect(wordsInOrder(reference, words(writeTxt(model)))).toBeGreaterThanOrEqual(0.99);
  });

  it.skipIf(!HAVE_POPPLER)("PDF keeps 99 % of the words in order (pdftotext)", async () => {
    expect(wordsInOrder(reference, await pdfWords(model, "pandoc.pdf"))).toBeGreaterThanOrEqual(0.99);
  }, 60_000);

  it.skipIf(!HAVE_LIBREOFFICE)("DOCX keeps 99 % of the words in order (LibreOffice)", async () => {
    const file = work.write("pandoc.docx", await writeDocx(model));
    expect(wordsInOrder(reference, words(officeText(file)))).toBeGreaterThanOrEqual(0.99);
  }, 60_000);
});
