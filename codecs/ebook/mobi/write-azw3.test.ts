// The AZW3 writer judged by calibre, which reads KF8 independently of our code: ebook-meta (title,
// author, language, cover), ebook-convert (the text, and a round trip back to EPUB that must keep
// the pictures, chapters, TOC and working links) and calibre-debug --inspect-mobi (the record
// layout, the KF8 header and its indexes). The books come from pandoc (the sample book) or are made
// here for the edge cases (internal links and footnotes, 2000 chapters, a 10 MB chapter, no
// pictures, no cover, a non-Latin title).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAN_INSPECT_MOBI, calibreConvert, calibreText, ebookMeta, HAVE_CALIBRE, HAVE_PANDOC, inspectMobi, pandocBook, SAMPLE_AUTHOR, SAMPLE_TITLE, sampleText, words, wordsInOrder, type EbookMeta, type MobiInspection } from "#tests/support/ebook-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import { pictureInfo } from "#codecs/document/image-info.ts";
import type { Book, BookChapter, TocEntry } from "../book.ts";
import { EbookError } from "../ebook-error.ts";
import { readEpub } from "../read-epub.ts";
import { caughtEbookError } from "#tests/support/codecs/ebook/test-helpers.ts";
import { MAX_CHAPTERS } from "./kf8-part.ts";
import { layOutBook } from "./kf8-layout.ts";
import { CHUNK_SIZE } from "./kf8-skeleton.ts";
import { writeAzw3 } from "./write-azw3.ts";

const work = scratch("write-azw3-");
afterAll(() => work.cleanup());

const MODIFIED = new Date("2026-01-02T03:04:05Z");
const CAN_CHECK = HAVE_PANDOC && HAVE_CALIBRE && CAN_INSPECT_MOBI;
const sha = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");
const flatTitles = (toc: readonly TocEntry[]): string[] => toc.flatMap((entry) => [entry.title, ...flatTitles(entry.children)]);
/** the rebuilt chapter files calibre-debug wrote */
const partFiles = (inspection: MobiInspection) => readdirSync(join(inspection.dir, "files")).filter((name) => /^part\d+\.html$/.test(name));

describe.skipIf(!CAN_CHECK)("writeAzw3 on pandoc's sample book, read by calibre", () => {
  let source: Book;
  let progress: number[];
  let file: string;
  let meta: EbookMeta;
  let text: string;
  let back: Book;
  let inspection: MobiInspection;

  beforeAll(() => {
    source = readEpub(new Uint8Array(readFileSync(pandocBook(work.dir, "epub3", { chapters: 5 }))));
    progress = [];
    file = work.write("sample.azw3", writeAzw3(source, { modified: MODIFIED, onProgress: (fraction) => progress.push(fraction) }));
    meta = ebookMeta(file);
    text = calibreText(file);
    back = readEpub(new Uint8Array(readFileSync(calibreConvert(file, work.path("sample-back.epub")))));
    inspection = inspectMobi(file, work.dir);
  }, 120_000);

  it("keeps the title, author, language and cover (ebook-meta)", () => {
    expect(meta.title).toBe(SAMPLE_TITLE);
    expect(meta.authors).toEqual([SAMPLE_AUTHOR]);
    expect(meta.languages).toEqual(["rus"]);
    const cover = source.resources.find((resource) => resource.href === source.coverHref)!;
    expect(meta.cover).not.toBeNull();
    // ebook-meta hands the cover over as JPEG: the same picture, re-encoded
    const [ours, theirs] = [pictureInfo(cover.data), pictureInfo(meta.cover!)];
    expect([theirs.width, theirs.height]).toEqual([ours.width, ours.height]);
  });

  it("keeps at least 99% of the words in order (ebook-convert to text)", () => {
    const reference = words(sampleText(work.dir, 5));
    expect(wordsInOrder(reference, words(text))).toBeGreaterThanOrEqual(0.99);
  });

  it("round-trips to EPUB with every picture, every chapter and the table of contents", () => {
    const backPictures = new Set(back.resources.filter((resource) => resource.mediaType.startsWith("image/")).map((resource) => sha(resource.data)));
    const pictures = source.resources.filter((resource) => resource.mediaType.startsWith("image/"));
    expect(pictures.length).toBeGreaterThanOrEqual(2);
    for (const picture of pictures) expect(backPictures.has(sha(picture.data)), picture.href).toBe(true);
    // calibre splits and adds pages of its own; what it read from our file is one part per chapter
    expect(partFiles(inspection)).toHaveLength(source.chapters.length);
    expect(back.chapters.length).toBeGreaterThanOrEqual(source.chapters.length);
    expect(flatTitles(back.toc)).toEqual(expect.arrayContaining(flatTitles(source.toc)));
    // the nesting too: the section stays under its chapter
    const first = back.toc.find((entry) => entry.title === "Первая глава");
    expect(first?.children.map((entry) => entry.title)).toEqual(["Раздел"]);
    // the footnote reference still leads to the footnote
    const reference = back.chapters.map((chapter) => chapter.body.match(/<a [^>]*href="([^"#]+)#([^"]+)"[^>]*>1<\/a>/)).find((match) => match !== null);
    expect(reference).toBeDefined();
    const target = back.chapters.find((chapter) => chapter.href === reference![1]);
    expect(target?.body).toMatch(new RegExp(`id="${reference![2]}"[^]*Сноска здесь`));
  });

  it("is a KF8 file calibre-debug parses, with its indexes", () => {
    expect(inspection.header).toContain("MOBI 8 Header");
    expect(inspection.header).toMatch(/File version: 8/);
    expect(inspection.header).toMatch(/SKEL Index: Absolute: \d+/);
    expect(inspection.header).toMatch(/Sections Index: Absolute: \d+/);
    expect(inspection.header).toMatch(/NCX index: Absolute: \d+/);
    expect(inspection.header).toMatch(/FDST Index: Absolute: \d+/);
    expect(inspection.header).toMatch(/FDST Count: 2/); // the text and one stylesheet
    expect(inspection.header).toMatch(/CoverOffset \(201\): 0/);
    expect(inspection.header).toContain("KF8_Masthead/Cover_Image (129): b'kindle:embed:0001'");
    expect(inspection.header).toMatch(/KF8_Count_of_Resources_Fonts_Images \(125\): 2/);
    expect(inspection.images).toHaveLength(2);
    const ncx = readFileSync(join(inspection.dir, "ncx.record"), "utf8");
    for (const title of flatTitles(source.toc)) expect(ncx).toContain(title);
    const css = readFileSync(join(inspection.dir, "flows", "flow0001.txt"), "utf8");
    expect(css.length).toBeGreaterThan(0);
  });

  it("reports progress per chapter, rising to 1", () => {
    expect(progress.length).toBeGreaterThanOrEqual(source.chapters.length);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThanOrEqual(progress[i - 1]!);
    expect(progress.at(-1)).toBe(1);
  });
});

const NON_LATIN_TITLE = "Война и мир — 戦争と平和";

/** A real TrueType font from the project's dependencies. */
const FONT = new Uint8Array(readFileSync("node_modules/@expo-google-fonts/noto-sans-math/400Regular/NotoSansMath_400Regular.ttf"));

const filler = (chapter: number, count: number) => Array.from({ length: count }, (_, n) => `<p>Filler ${chapter}.${n}: the ferry waited at the pier while the gulls circled over the grey water.</p>`).join("\n");

function linkedBook(): Book {
  const chapters: BookChapter[] = [
    {
      href: "text/one.xhtml",
      title: "One",
      body: `<h1 id="top">One</h1><p>See <a href="text/two.xhtml#deep">the deep section</a> and a note<a id="ref1" href="text/notes.xhtml#n1">[1]</a>.</p><div>${filler(1, 120)}</div>`,
    },
    {
      href: "text/two.xhtml",
      title: "Two",
      // the target lies in a later fragment, inside a div too big for one fragment
      body: `<h1>Two</h1><div>${filler(2, 150)}<h2 id="deep">Deep section</h2><p>Down here. Back <a href="text/one.xhtml#top">to one</a>.</p>${filler(3, 50)}</div>`,
    },
    {
      href: "text/notes.xhtml",
      title: "Notes",
      role: "notes",
      body: `<aside id="n1"><p>Footnote text about the pier. <a href="text/one.xhtml#ref1">Back</a></p></aside>`,
    },
  ];
  const toc: TocEntry[] = [
    { title: "One", target: "text/one.xhtml", children: [{ title: "Deep section", target: "text/two.xhtml#deep", children: [] }] },
    { title: "Two", target: "text/two.xhtml", children: [] },
    { title: "Notes", target: "text/notes.xhtml", children: [] },
  ];
  for (const chapter of chapters) chapter.stylesheets = ["styles/book.css"];
  const css = `@font-face { font-family: "Math"; src: url(../fonts/math.ttf); }\nh1 { font-family: "Math", serif; color: #335; }\n`;
  const resources = [
    { href: "styles/book.css", mediaType: "text/css", data: new TextEncoder().encode(css) },
    { href: "fonts/math.ttf", mediaType: "font/ttf", data: FONT },
  ];
  // no pictures, no cover, a title in two non-Latin scripts
  return { metadata: { title: NON_LATIN_TITLE, authors: ["Лев Толстой"], language: "ru" }, chapters, resources, toc, notes: [] };
}

/** The text right after the element with id `id` in the chapter a link leads to. */
function textAtLink(book: Book, linkText: string): string {
  for (const chapter of book.chapters) {
    const match = chapter.body.match(new RegExp(`<a [^>]*href="([^"#]*)#([^"]+)"[^>]*>${linkText}</a>`));
    if (!match) continue;
    const target = book.chapters.find((candidate) => candidate.href === match[1]);
    const idAt = target?.body.search(new RegExp(`id="${match[2]}"`)) ?? -1;
    if (idAt < 0) return "";
    const at = target!.body.lastIndexOf("<", idAt);
    return target!.body.slice(at).replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").slice(0, 200);
  }
  return "";
}

describe.skipIf(!CAN_CHECK)("writeAzw3 links and edge cases, read by calibre", () => {
  let linked: Book;
  let linkedMeta: EbookMeta;
  let many: MobiInspection;

  beforeAll(() => {
    const linkedFile = work.write("linked.azw3", writeAzw3(linkedBook(), { modified: MODIFIED }));
    linked = readEpub(new Uint8Array(readFileSync(calibreConvert(linkedFile, work.path("linked-back.epub")))));

    linkedMeta = ebookMeta(linkedFile);

    const manyBook: Book = {
      metadata: { title: "Many", authors: ["A"], language: "en" },
      chapters: Array.from({ length: 2000 }, (_, i) => ({ href: `c${i}.xhtml`, title: `Chapter ${i + 1}`, body: `<h1 id="h">Chapter ${i + 1}</h1><p>Text of chapter ${i + 1}.</p>` })),
      resources: [],
      toc: Array.from({ length: 2000 }, (_, i) => ({ title: `Chapter ${i + 1}`, target: `c${i}.xhtml#h`, children: [] })),
      notes: [],
    };
    many = inspectMobi(work.write("many.azw3", writeAzw3(manyBook, { modified: MODIFIED })), work.dir);
  }, 120_000);

  it("keeps internal links and footnotes working after a round trip to EPUB", () => {
    expect(textAtLink(linked, "the deep section")).toMatch(/^ ?Deep section Down here/);
    expect(textAtLink(linked, "to one")).toMatch(/^ ?One See/);
    expect(textAtLink(linked, "\\[1\\]")).toMatch(/Footnote text about the pier/);
    expect(textAtLink(linked, "Back")).toMatch(/\[1\]/);
    expect(flatTitles(linked.toc)).toEqual(expect.arrayContaining(["One", "Deep section", "Two", "Notes"]));
    // chapter two was cut into several fragments, with the div's tags left in its skeleton
    const layout = layOutBook(linkedBook(), new Map(), () => {});
    expect(layout.fragments.filter((fragment) => fragment.fileNumber === 1).length).toBeGreaterThan(2);
    expect(layout.files[1]!.text).toMatch(/<div aid="[0-9A-V]+"><h2 id="deep"|<div aid="[0-9A-V]+"><\/div>/);
  });

  it("embeds the book's font and its stylesheet", () => {
    const font = linked.resources.find((resource) => sha(resource.data) === sha(FONT));
    expect(font).toBeDefined();
    const css = linked.resources.filter((resource) => resource.mediaType === "text/css").map((resource) => new TextDecoder().decode(resource.data)).join("\n");
    expect(css).toMatch(/@font-face/);
    expect(css).toContain(font!.href.split("/").at(-1));
  });

  it("writes a book without pictures or cover, with a non-Latin title", () => {
    expect(linkedMeta.title).toBe(NON_LATIN_TITLE);
    expect(linkedMeta.authors).toEqual(["Лев Толстой"]);
    expect(linkedMeta.cover).toBeNull();
  });

  it("writes 2000 chapters, each its own file, all in the NCX", () => {
    expect(partFiles(many)).toHaveLength(2000);
    const ncx = readFileSync(join(many.dir, "ncx.record"), "utf8");
    expect(ncx).toContain("Chapter 2000");
    const last = readFileSync(join(many.dir, "files", "part1999.html"), "utf8");
    expect(last).toContain("Text of chapter 2000.");
  });
});

const paragraph = (n: number) => `<p id="p${n}">Paragraph ${n}: the travellers walked on through the valley, talking of rivers and towns они видели.</p>\n`;

describe("writeAzw3 limits and big chapters", () => {
  it("cuts a 10 MB chapter into fragments of about 8 KB", () => {
    const parts: string[] = [];
    let size = 0;
    for (let n = 0; size < 10 * 1024 * 1024; n++) {
      parts.push(paragraph(n));
      size += parts.at(-1)!.length;
    }
    const book: Book = {
      metadata: { title: "Big", authors: ["A"], language: "en" },
      chapters: [{ href: "big.xhtml", body: `<div>${parts.join("")}</div>` }],
      resources: [],
      toc: [{ title: "Big", target: "big.xhtml", children: [] }],
      notes: [],
    };
    const layout = layOutBook(book, new Map(), () => {});
    expect(layout.fragments.length).toBeGreaterThan(1000);
    for (const fragment of layout.fragments) expect(fragment.length).toBeLessThanOrEqual(CHUNK_SIZE);
    const last = layout.locate(0, `p${parts.length - 1}`);
    const lastFragment = new TextEncoder().encode(layout.fragments[last.fragment]!.text);
    expect(new TextDecoder().decode(lastFragment.subarray(last.offset, last.offset + 60))).toContain(`<p id="p${parts.length - 1}"`);
    // its speed is bench/ebooks.ts's business (decision 019): the test only asks for a whole book
    const azw3 = writeAzw3(book);
    expect(new TextDecoder().decode(azw3.subarray(60, 68))).toBe("BOOKMOBI");
  }, 60_000);

  it("writes empty chapters and a book without chapters, each file with a fragment to point at", () => {
    const book: Book = {
      metadata: { title: "", authors: [], language: "und" },
      chapters: [{ href: "a.xhtml", body: "" }, { href: "b.xhtml", body: "   " }, { href: "c.xhtml", body: "<p></p>" }],
      resources: [],
      toc: [{ title: "B", target: "b.xhtml", children: [] }, { title: "Nowhere", target: "missing.xhtml", children: [] }],
      notes: [],
    };
    const layout = layOutBook(book, new Map(), () => {});
    expect(layout.files.map((file) => file.fragments.length)).toEqual([1, 1, 1]);
    expect(layout.locate(1, "").fragment).toBe(1);
    expect(new TextDecoder().decode(writeAzw3(book).subarray(60, 68))).toBe("BOOKMOBI");
    expect(new TextDecoder().decode(writeAzw3({ ...book, chapters: [], toc: [] }).subarray(60, 68))).toBe("BOOKMOBI");
  });

  it("refuses more chapters than any book has", () => {
    const book: Book = {
      metadata: { title: "Too many", authors: [], language: "en" },
      chapters: Array.from({ length: MAX_CHAPTERS + 1 }, (_, i) => ({ href: `c${i}.xhtml`, body: "" })),
      resources: [],
      toc: [],
      notes: [],
    };
    const error = caughtEbookError(() => writeAzw3(book));
    expect(error).toBeInstanceOf(EbookError);
    expect(error.code).toBe("too-large");
  });
});
