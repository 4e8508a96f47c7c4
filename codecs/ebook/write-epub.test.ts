// The EPUB writer judged by independent readers: epubcheck (the reference validator), calibre
// (ebook-meta for the metadata, ebook-convert for the text) and pandoc; plus the zip layout, the
// link rewriting and the edge cases checked by reading our own zip back with fflate.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { XMLValidator } from "fast-xml-parser";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { rampPng, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { EBOOK_CONVERT, EBOOK_META, EPUBCHECK, HAVE_CALIBRE, HAVE_EPUBCHECK, HAVE_PANDOC, PANDOC } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Book, BookChapter, TocEntry } from "./book.ts";
import { pictureInfo } from "#codecs/document/image-info.ts";
import { EbookError } from "./ebook-error.ts";
import { MAX_CHAPTERS, writeEpub } from "./write-epub.ts";

// Debian's epubcheck is the jar itself (a link to it), run with java
const JAVA = "/usr/bin/java";
const CAN_EPUBCHECK = HAVE_EPUBCHECK && existsSync(JAVA);

const MODIFIED = new Date("2026-01-02T03:04:05Z");
const work = scratch("write-epub-");
afterAll(() => work.cleanup());

function sampleBook(): Book {
  const chapters: BookChapter[] = [
    {
      href: "text/chapter 1.xhtml",
      title: "The Harbour",
      body: `<h1 id="start">The Harbour</h1>
<p>Lanterns swung over the <b>quiet</b> harbour while the <i>ledgers</i> waited.<a href="text/notes.xhtml#n1" id="r1">1</a></p>
<p><img src="images/ramp.png" alt="ramp"/></p>
<table><tr><th>Ship</th><th>Crates</th></tr><tr><td>Alpha</td><td>12</td></tr></table>
<h2 id="later">Later&nbsp;that night</h2>
<p>Привет мир, это проверка.</p>
<p>Lost picture: <img src="images/gone.png" alt="a lost map"/></p>
<p id="twice">Twice named.</p><p id="twice">Named again.</p>
<p><svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20"><image width="40" height="20" xlink:href="images/ramp.png"/></svg></p>`,
      stylesheets: ["styles/book.css"],
    },
    {
      href: "text/chapter-2.html",
      title: "Ropes & <Knots>",
      body: `<h1>Ropes &amp; Knots</h1><p>The second chapter ties a bowline and links back to <a href="text/chapter%201.xhtml#later">the night</a> and to <a href="missing.xhtml">nowhere</a>.</p>`,
    },
    {
      href: "text/notes.xhtml",
      title: "Notes",
      role: "notes",
      body: `<aside epub:type="footnote" id="n1"><p>A footnote about harbours.</p></aside>`,
    },
  ];
  const toc: TocEntry[] = [
    {
      title: "The Harbour",
      target: "text/chapter 1.xhtml",
      children: [{ title: "Later that night", target: "text/chapter 1.xhtml#later", children: [] }],
    },
    { title: "Ropes & <Knots>", target: "text/chapter-2.html", children: [] },
    { title: "Notes", target: "text/notes.xhtml", children: [] },
  ];
  return {
    metadata: { title: "Harbour Tales: «Ropes» & Knots", authors: ["Anna Karenina", "Ivan Petrov"], language: "en", date: "2024-05-01", series: "Tales", seriesIndex: 2 },
    chapters,
    resources: [
      { href: "images/ramp.png", mediaType: "image/png", data: rampPng() },
      { href: "images/cover.png", mediaType: "image/png", data: rampPng(200, 300) },
      { href: "styles/book.css", mediaType: "text/css", data: new TextEncoder().encode(`@import "extra sheet.css";\np { text-indent: 1em; background: url('../images/ramp.png') no-repeat; }\n`) },
      { href: "styles/extra sheet.css", mediaType: "text/css", data: new TextEncoder().encode("h1 { text-align: center; }\n") },
    ],
    coverHref: "images/cover.png",
    toc,
    notes: [],
  };
}

interface EpubcheckMessage {
  severity: string;
  message: string;
}

function epubcheck(file: string): EpubcheckMessage[] {
  const json = `${file}.json`;
  spawnSync(JAVA, ["-jar", EPUBCHECK, file, "--json", json], { stdio: "ignore", timeout: 120_000 });
  const report = JSON.parse(readFileSync(json, "utf8")) as { messages: EpubcheckMessage[] };
  return report.messages.filter((message) => message.severity !== "INFO" && message.severity !== "USAGE");
}

function unzip(epub: Uint8Array): Record<string, string> {
  const files = unzipSync(epub);
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, name.endsWith(".png") ? "" : strFromU8(data)]));
}

/** The files of a one-chapter book's EPUB. */
function one(body: string, layout?: Book["layout"]): Record<string, string> {
  const book: Book = { metadata: { title: "T", authors: [], language: "en" }, chapters: [{ href: "a.xhtml", body }], resources: [], toc: [], notes: [] };
  if (layout) book.layout = layout;
  return unzip(writeEpub(book, { modified: MODIFIED }));
}

describe("writeEpub: what real books bring", () => {

  it("percent-encodes a web link written with spaces, and leaves good ones alone", () => {
    const chapter = one(`<p><a href="http://example.com/a b/é">x</a> <a href="https://example.org/ok?q=1&amp;r=2">y</a></p>`)["OEBPS/a.xhtml"]!;
    expect(chapter).toContain(`href="http://example.com/a%20b/%C3%A9"`);
    expect(chapter).toContain(`href="https://example.org/ok?q=1&amp;r=2"`);
  });

  it("writes a fixed, right-to-left layout with each page's viewport", () => {
    const files = one(`<div class="picture-page"></div>`, { fixed: true, rightToLeft: true, width: 600, height: 800 });
    expect(files["OEBPS/content.opf"]).toContain(`<meta property="rendition:layout">pre-paginated</meta>`);
    expect(files["OEBPS/content.opf"]).toContain(`<spine toc="ncx" page-progression-direction="rtl">`);
    expect(files["OEBPS/a.xhtml"]).toContain(`<meta name="viewport" content="width=600, height=800"/>`);
    expect(one("<p>x</p>")["OEBPS/content.opf"]).not.toContain("rendition:layout");
  });
});

describe("writeEpub: the package", () => {
  const epub = writeEpub(sampleBook(), { modified: MODIFIED });
  const files = unzip(epub);

  it("stores mimetype first and uncompressed", () => {
    expect(strFromU8(epub.subarray(30, 38))).toBe("mimetype");
    expect(epub[8]).toBe(0); // compression method: stored
    expect(strFromU8(epub.subarray(38, 58))).toBe("application/epub+zip");
  });

  it("writes every XML file well-formed, with safe unique names", () => {
    for (const [name, text] of Object.entries(files)) {
      if (name.endsWith(".xhtml") || name.endsWith(".opf") || name.endsWith(".ncx") || name.endsWith(".xml")) {
        expect(XMLValidator.validate(text), name).toBe(true);
      }
    }
    expect(Object.keys(files)).toContain("OEBPS/text/chapter_1.xhtml");
    expect(Object.keys(files)).toContain("OEBPS/text/chapter-2.xhtml");
    expect(Object.keys(files)).toContain("OEBPS/cover.xhtml");
  });

  it("rewrites links relative to each chapter and drops the dangling one", () => {
    const second = files["OEBPS/text/chapter-2.xhtml"]!;
    expect(second).toContain(`href="chapter_1.xhtml#later"`);
    expect(second).not.toContain("missing.xhtml");
    const first = files["OEBPS/text/chapter_1.xhtml"]!;
    expect(first).toContain(`src="../images/ramp.png"`);
    expect(first).toContain(`href="notes.xhtml#n1"`);
    expect(first).toContain(`<link rel="stylesheet" type="text/css" href="../styles/book.css"/>`);
    expect(first).toContain("&#160;");
    expect(first).toContain("Lost picture: a lost map</p>");
    expect(first).toContain(`<p id="twice-2">Named again.</p>`);
    expect(first).toContain(`xlink:href="../images/ramp.png"`);
    expect(files["OEBPS/styles/book.css"]).toContain(`@import "extra_sheet.css"`);
    expect(files["OEBPS/styles/book.css"]).toContain(`url("../images/ramp.png")`);
  });

  it("describes the book in the OPF", () => {
    const opf = files["OEBPS/content.opf"]!;
    expect(opf).toContain(`<meta property="dcterms:modified">2026-01-02T03:04:05Z</meta>`);
    expect(opf).toMatch(/<dc:identifier id="bookid">urn:uuid:[0-9a-f-]{36}<\/dc:identifier>/);
    expect(opf).toContain("Harbour Tales: «Ropes» &amp; Knots");
    expect(opf).toContain(`properties="cover-image"`);
    expect(opf).toContain(`<spine toc="ncx">`);
    expect(opf).toMatch(/<meta name="cover" content="res-cover"\/>/);
    expect(opf).toMatch(/href="text\/chapter_1.xhtml" media-type="application\/xhtml\+xml" properties="svg"/);
  });

  it("writes the same bytes for the same book and date", () => {
    const book = sampleBook();
    book.metadata.identifier = "urn:isbn:9780000000000";
    expect(writeEpub(book, { modified: MODIFIED })).toEqual(writeEpub(book, { modified: MODIFIED }));
  });

  it("accepts dates a zip cannot hold", () => {
    const early = unzip(writeEpub(sampleBook(), { modified: new Date(0) }));
    expect(early["OEBPS/content.opf"]).toContain(`<meta property="dcterms:modified">1970-01-01T00:00:00Z</meta>`);
  });

  it("adds no cover page when the book has a cover chapter", () => {
    const book = sampleBook();
    book.chapters.unshift({ href: "text/cover.xhtml", role: "cover", body: `<p><img src="images/cover.png" alt="cover"/></p>` });
    const names = Object.keys(unzipSync(writeEpub(book, { modified: MODIFIED })));
    expect(names).toContain("OEBPS/text/cover.xhtml");
    expect(names).not.toContain("OEBPS/cover.xhtml");
  });
});

describe.skipIf(!CAN_EPUBCHECK)("writeEpub: epubcheck", () => {
  it("passes with no errors or warnings", () => {
    const file = work.write("sample.epub", writeEpub(sampleBook(), { modified: MODIFIED }));
    expect(epubcheck(file)).toEqual([]);
  }, 120_000);

  it("passes for a book without cover or toc, with odd titles", () => {
    const book = sampleBook();
    book.coverHref = undefined;
    book.resources = book.resources.filter((resource) => resource.href !== "images/cover.png");
    book.toc = [];
    book.metadata = { title: "  \u0001Odd <title> & \"quotes\" ‘x’  ", authors: [], language: "", identifier: "isbn:978-0-00-000000-0" };
    book.chapters[1]!.title = "]]> <!-- & \u0007";
    const file = work.write("plain.epub", writeEpub(book, { modified: MODIFIED }));
    expect(epubcheck(file)).toEqual([]);
  }, 120_000);

  it("passes with 1000 chapters and a nested table of contents", () => {
    const chapters: BookChapter[] = Array.from({ length: 1000 }, (_, i) => ({
      href: "chapter.xhtml", // every one the same: the writer must make them unique
      title: `Chapter ${i + 1}`,
      body: `<h1>Chapter ${i + 1}</h1><p>Words of chapter ${i + 1}.</p>`,
    }));
    const toc: TocEntry[] = [{ title: "Part one", target: "chapter.xhtml", children: [{ title: "Deeper", target: "chapter.xhtml", children: [] }] }];
    const book: Book = { metadata: { title: "Thousand", authors: ["A. Writer"], language: "en" }, chapters, resources: [], toc, notes: [] };
    const epub = writeEpub(book, { modified: MODIFIED });
    const names = Object.keys(unzipSync(epub)).filter((name) => name.startsWith("OEBPS/chapter"));
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(1000);
    expect(epubcheck(work.write("thousand.epub", epub))).toEqual([]);
  }, 180_000);
});

describe.skipIf(!HAVE_CALIBRE)("writeEpub: calibre reads it", () => {
  it("finds the title, authors and language, and the words in order", () => {
    const file = work.write("calibre.epub", writeEpub(sampleBook(), { modified: MODIFIED }));
    const meta = execFileSync(EBOOK_META, [file], { encoding: "utf8", timeout: 120_000 });
    expect(meta).toMatch(/Title\s*:\s*Harbour Tales: «Ropes» & Knots/);
    expect(meta).toMatch(/Author\(s\)\s*:\s*Anna Karenina & Ivan Petrov/);
    expect(meta).toMatch(/Languages\s*:\s*eng/);
    execFileSync(EBOOK_META, [file, `--get-cover=${work.path("cover-out.png")}`], { stdio: "ignore", timeout: 120_000 });
    expect(pictureInfo(work.read("cover-out.png"))).toMatchObject({ kind: "png", width: 200, height: 300 });
    execFileSync(EBOOK_CONVERT, [file, work.path("back.txt")], { stdio: "ignore", timeout: 180_000 });
    const text = new TextDecoder().decode(work.read("back.txt"));
    const reference = words("Lanterns swung over the quiet harbour while the ledgers waited Later that night Привет мир это проверка The second chapter ties a bowline A footnote about harbours");
    expect(wordsInOrder(reference, words(text))).toBe(1);
  }, 240_000);
});

describe.skipIf(!HAVE_PANDOC)("writeEpub: pandoc reads it", () => {
  it("keeps the words in order", () => {
    const file = work.write("pandoc.epub", writeEpub(sampleBook(), { modified: MODIFIED }));
    const text = execFileSync(PANDOC, [file, "-t", "plain"], { encoding: "utf8", timeout: 120_000 });
    const reference = words("Lanterns swung over the quiet harbour Ship Crates Alpha 12 Привет мир The second chapter ties a bowline");
    // pandoc turns the footnote into a note of its own and places it elsewhere
    expect(wordsInOrder(reference, words(text)), text).toBe(1);
  }, 120_000);
});

function base(chapters: BookChapter[]): Book {
  return { metadata: { title: "T", authors: [], language: "en" }, chapters, resources: [], toc: [], notes: [] };
}

describe("writeEpub: refusals and repairs", () => {

  it("refuses a chapter that is not well-formed, naming it", () => {
    const book = base([{ href: "a.xhtml", title: "Broken", body: "<p>open <b>never closed</p>" }]);
    expect(() => writeEpub(book)).toThrow(EbookError);
    expect(() => writeEpub(book)).toThrow(/Broken/);
  });

  it("refuses more chapters than the limit, quickly", () => {
    const chapter: BookChapter = { href: "a.xhtml", body: "<p>x</p>" };
    const book = base(Array.from({ length: MAX_CHAPTERS + 1 }, () => chapter));
    expect(() => writeEpub(book)).toThrow(/at most/);
  });

  it("refuses a table of contents larger than any book's", () => {
    const book = base([{ href: "a.xhtml", body: "<p>x</p>" }]);
    book.toc = Array.from({ length: 60_000 }, () => ({ title: "t", target: "a.xhtml", children: [] }));
    expect(() => writeEpub(book)).toThrow(expect.objectContaining({ code: "too-much-work" }));
  });

  it("writes a title page for a book without chapters", () => {
    const files = unzip(writeEpub(base([])));
    expect(files["OEBPS/title.xhtml"]).toContain("<h1>T</h1>");
  });

  it("keeps out of META-INF and our own names, and copes with a very deep toc", () => {
    let deep: TocEntry = { title: "leaf", target: "a.xhtml", children: [] };
    for (let i = 0; i < 5000; i++) deep = { title: `level ${i}`, target: "a.xhtml", children: [deep] };
    const book = base([
      { href: "../META-INF/container.xml", body: "<p>x</p>" },
      { href: "content.opf", body: "<p>y</p>" },
      { href: "a.xhtml", body: "<p>z &copy; &bogus; & more</p>" },
    ]);
    book.toc = [deep];
    const files = unzip(writeEpub(book));
    expect(files["META-INF/container.xml"]).toContain("OEBPS/content.opf");
    expect(files["OEBPS/content.opf"]).toContain("<package");
    expect(files["OEBPS/content.xhtml"]).toContain("<p>y</p>");
    expect(files["OEBPS/a.xhtml"]).toContain("z &#169; &amp;bogus; &amp; more");
    expect(XMLValidator.validate(files["OEBPS/nav.xhtml"]!)).toBe(true);
  });
});
