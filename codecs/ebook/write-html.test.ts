// The HTML writer judged by xmllint's HTML parser and calibre (ebook-convert reads the HTML file),
// plus checks on the parsed output: every picture a data: URI, every in-page link an existing id,
// ids unique, the book's CSS scoped and without anything that leaves the file.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calibreText, sampleText, HAVE_CALIBRE, HAVE_PANDOC, pandocBook, words, wordsInOrder } from "#tests/support/ebook-fixtures.ts";
import { HAVE_XMLLINT, XMLLINT } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Book } from "./book.ts";
import { sampleBook, SAMPLE_WORDS } from "#tests/support/codecs/ebook/fb2-sample-book.ts";
import { readEpub } from "./read-epub.ts";
import { caughtEbookError } from "#tests/support/codecs/ebook/test-helpers.ts";
import { MAX_CHAPTERS, scopeCss, writeHtml } from "./write-html.ts";

const work = scratch("write-html");
afterAll(() => work.cleanup());

const HTML5_TAGS = /Tag (section|nav|main|header|footer|aside|figure|figcaption|article|mark) invalid/;
const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
/** The words a browser shows: the head and the markup left out. */
const shownWords = (html: string): string[] =>
  words(
    html
      .replace(/<head>[\s\S]*<\/head>/, " ")
      .replace(/<\/?(sub|sup|strong|em|del|a)\b[^>]*>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#160;|&nbsp;/g, " "),
  );

function xmllintProblems(file: string): string[] {
  const result = spawnSync(XMLLINT, ["--html", "--noout", file], { encoding: "utf8" });
  return result.stderr
    .split("\n")
    .filter((line) => /parser (error|warning)/.test(line))
    .filter((line) => !HTML5_TAGS.test(line));
}

function checkLinksAndPictures(html: string): void {
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
  expect(new Set(ids).size, "ids are unique").toBe(ids.length);
  const links = [...html.matchAll(/\shref="#([^"]*)"/g)].map((m) => m[1]!);
  expect(links.length).toBeGreaterThan(2);
  for (const link of links) expect(ids, link).toContain(link);
  const sources = [...html.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1]!);
  expect(sources.length).toBeGreaterThan(0);
  for (const src of sources) expect(src).toMatch(/^data:image\/(png|jpeg|gif|svg\+xml|webp);base64,[A-Za-z0-9+/=]+$/);
}

describe("writeHtml on a hand-made book", () => {
  const book = sampleBook();
  const progress: number[] = [];
  const html = text(writeHtml(book, { modified: new Date("2026-01-02T03:04:05Z"), onProgress: (f) => progress.push(f) }));

  it.skipIf(!HAVE_XMLLINT)("parses cleanly with xmllint's HTML parser (HTML5 element names aside)", () => {
    expect(xmllintProblems(work.write("sample.html", new TextEncoder().encode(html)))).toEqual([]);
  });

  it("carries the metadata and a linked table of contents", () => {
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain("<title>Harbour Tales &amp; «Ropes»</title>");
    expect(html).toContain(`<meta name="author" content="Anna Maria Karenina, Ivan Petrov"/>`);
    expect(html).toContain(`<meta name="dcterms.modified" content="2026-01-02T03:04:05.000Z"/>`);
    expect(html).toMatch(/<nav id="toc">[\s\S]*<a href="#chapter-2">The Harbour<\/a>[\s\S]*<a href="#later">Later that night<\/a>[\s\S]*<a href="#chapter-3">Ropes<\/a>/);
  });

  it("keeps every word of the chapters in order", () => {
    expect(wordsInOrder(words(SAMPLE_WORDS), shownWords(html))).toBe(1);
  });

  it("links in the page only, to ids that exist, and inlines every picture", () => {
    checkLinksAndPictures(html);
    expect(html).toContain(`<a href="#later">the night</a>`);
    expect(html).toContain(`<a href="#n1" id="r1">1</a>`);
    expect(html).toContain(`<a href="https://example.org/knots">out</a>`);
  });

  it("scopes and cleans the book's CSS", () => {
    const style = html.slice(html.indexOf("<style>"), html.indexOf("</style>"));
    expect(style).not.toMatch(/@import|@font-face|fonts\/x\.ttf/);
    expect(style).toContain("main.book-text p { text-indent: 1em; background: url(\"data:image/png;base64,");
    expect(style).toContain("main.book-text h1, main.book-text h2 { color: navy }");
    expect(style).toContain("@media (min-width: 40em) {\nmain.book-text p { line-height: 1.4 }");
    for (const url of style.matchAll(/url\("([^"]*)"\)/g)) expect(url[1]).toMatch(/^data:/);
  });

  it("reports progress per chapter, ending at 1", () => {
    expect(progress.length).toBeGreaterThanOrEqual(4);
    expect(progress.toSorted((a, b) => a - b)).toEqual(progress);
    expect(progress.at(-1)).toBe(1);
  });
});

describe("writeHtml on odd and hostile books", () => {
  it("makes ids unique across chapters and sends each link to its own chapter's id", () => {
    const book: Book = {
      metadata: { title: "Twins", authors: [], language: "und" },
      chapters: [
        { href: "a.xhtml", body: `<h1 id="x">A</h1><p><a href="b.xhtml#x">to b</a> <a href="#x">to a</a> <a href="gone.xhtml#q">gone</a></p><a id="empty"/><p>after</p>` },
        { href: "b.xhtml", body: `<h1 id="x">B</h1><p><a href="a.xhtml#x">to a</a><a href="a.xhtml#nothing">a's top</a></p>` },
      ],
      resources: [],
      toc: [],
      notes: [],
    };
    const html = text(writeHtml(book));
    expect(html).not.toContain(" lang=");
    expect(html).toContain(`<h1 id="x">A</h1><p><a href="#x-2">to b</a> <a href="#x">to a</a> <a>gone</a></p><a id="empty"></a><p>after</p>`);
    expect(html).toContain(`<h1 id="x-2">B</h1><p><a href="#x">to a</a><a href="#chapter-1">a's top</a></p>`);
    expect(html).toMatch(/<nav id="toc">[\s\S]*<a href="#chapter-1">/);
  });

  it("leaves out scripts, event handlers, outside pictures and links that run code", () => {
    const book: Book = {
      metadata: { title: "Hostile", authors: ["X"], language: "en" },
      chapters: [{ href: "a.xhtml", body: `<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a><img src="https://evil.example/p.png" alt=""/><script>alert(2)</script></p><style>p{}</style>` }],
      resources: [{ href: "s.css", mediaType: "text/css", data: new TextEncoder().encode(`p { background: url(https://evil.example/t.png) } </style><script>alert(3)</script> a { color: red; behavior: url(x.htc) }`) }],
      toc: [],
      notes: [],
    };
    book.chapters[0]!.stylesheets = ["s.css"];
    const html = text(writeHtml(book));
    expect(html).not.toMatch(/onclick|javascript:|evil\.example|<script|alert\(2\)|<\/style><script/);
    expect(html).toContain("<p>Hi <a>x</a></p>");
  });

  it("scopes html and body selectors to the book's text", () => {
    expect(scopeCss("html, body { color: red } body p { margin: 0 } @font-face { src: url(a.ttf) } @page { margin: 1cm }", () => undefined)).toBe("main.book-text { color: red }\nmain.book-text p { margin: 0 }\n");
  });

  it("refuses more chapters than any real book", () => {
    const book: Book = { ...sampleBook(), chapters: Array.from({ length: MAX_CHAPTERS + 1 }, (_, i) => ({ href: `c${i}.xhtml`, body: "<p>x</p>" })) };
    expect(caughtEbookError(() => writeHtml(book)).code).toBe("too-large");
  });
});

describe.skipIf(!HAVE_CALIBRE || !HAVE_PANDOC)("writeHtml judged by calibre on pandoc's book", () => {
  let reference: string[] = [];
  let html = "";
  let calibreWords: string[] = [];

  beforeAll(() => {
    const epub = pandocBook(work.dir, "epub3", { chapters: 4 });
    // pandoc's plain text of the Markdown (calibre's text of the EPUB shows the nav's hidden
    // landmarks), without the numbers of ordered lists: in HTML the list draws them, they are not text
    reference = words(sampleText(work.dir, 4).replace(/^\s*\d+\.\s/gm, ""));
    const bytes = writeHtml(readEpub(new Uint8Array(readFileSync(epub))));
    html = text(bytes);
    calibreWords = words(calibreText(work.write("from-pandoc.html", bytes)));
  }, 120_000);

  it("keeps 99 % of the words in order, for us and for calibre", () => {
    expect(wordsInOrder(reference, shownWords(html))).toBeGreaterThanOrEqual(0.99);
    expect(wordsInOrder(reference, calibreWords)).toBeGreaterThanOrEqual(0.99);
  });

  it("links in the page only and inlines every picture", () => {
    checkLinksAndPictures(html);
  });
});
