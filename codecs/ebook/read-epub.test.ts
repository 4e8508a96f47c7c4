// The EPUB reader on books written by independent tools (pandoc's EPUB 2 and 3 writers, calibre's
// ebook-convert) and on hand-made hostile files (a zip bomb, no spine, broken XML, 10^4 chapters,
// DRM, nesting bombs).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { zlibSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deflatedEntry, handmadeZip, type HandmadeEntry } from "#tests/support/handmade-zip.ts";
import { crc32 } from "#codecs/png/crc32.ts";
import { EBOOK_CONVERT, HAVE_CALIBRE, HAVE_PANDOC, PANDOC } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Book } from "./book.ts";
import { MAX_XML_DEPTH } from "./epub-xml.ts";
import { readEpub } from "./read-epub.ts";
import { caughtEbookError } from "#tests/support/codecs/ebook/test-helpers.ts";


const MARKDOWN = `# Первая глава

Привет, мир. Это текст с примечанием.[^1]

![Картинка](pic.png)

## Раздел

| Столбец | Column |
|---|---|
| один | два |

# Second chapter

Plain English words here, and «ёлка» too.

[^1]: Сноска здесь.
`;

/** A PNG chunk with its length and CRC. */
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A tiny valid RGB PNG of `w`×`h`, one colour. */
function png(w: number, h: number, red: number): Uint8Array {
  const raw = new Uint8Array(h * (1 + 3 * w));
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set([red, 40, 90], y * (1 + 3 * w) + 1 + 3 * x);
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, w);
  new DataView(header.buffer).setUint32(4, h);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", header), pngChunk("IDAT", zlibSync(raw)), pngChunk("IEND", new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The words (letters and digits) of a text, lower-cased. */
function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

function bookText(book: Book): string {
  return book.chapters
    .map((c) => c.body.replace(/<[^>]*>/g, " "))
    .join(" ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

describe.skipIf(!HAVE_PANDOC)("pandoc's EPUBs", () => {
  const dir = scratch("read-epub-pandoc");
  const cover = png(40, 60, 200);
  const picture = png(10, 10, 30);
  let plainWords = new Set<string>();
  beforeAll(() => {
    dir.write("in.md", new TextEncoder().encode(MARKDOWN));
    dir.write("cover.png", cover);
    dir.write("pic.png", picture);
    for (const version of ["epub2", "epub3"]) {
      execFileSync(PANDOC, ["in.md", "-o", `${version}.epub`, "-t", version, "--metadata", "title=Книга о ёлке", "--metadata", "author=Иван Петров", "--metadata", "lang=ru", "--epub-cover-image=cover.png", "--toc"], { cwd: dir.dir });
    }
    plainWords = words(execFileSync(PANDOC, ["in.md", "-t", "plain"], { cwd: dir.dir, encoding: "utf8" }));
  });
  afterAll(() => dir.cleanup());

  for (const version of ["epub2", "epub3"]) {
    describe(version, () => {
      let book: Book;
      beforeAll(() => {
        book = readEpub(dir.read(`${version}.epub`));
      });

      it("reads the metadata", () => {
        expect(book.metadata.title).toBe("Книга о ёлке");
        expect(book.metadata.authors).toEqual(["Иван Петров"]);
        expect(book.metadata.language).toBe("ru");
        expect(book.metadata.identifier).toMatch(/\S/);
      });

      it("keeps the chapters in reading order, titled from the toc", () => {
        const first = book.chapters.findIndex((c) => c.title === "Первая глава");
        const second = book.chapters.findIndex((c) => c.title === "Second chapter");
        expect(first).toBeGreaterThanOrEqual(0);
        expect(second).toBeGreaterThan(first);
        expect(book.chapters[0]!.role).toBe("cover");
        expect(new Set(book.chapters.map((c) => c.href)).size).toBe(book.chapters.length);
      });

      it("reads the nested toc, its targets pointing at chapters", () => {
        const titles = book.toc.map((e) => e.title);
        expect(titles).toContain("Первая глава");
        expect(titles).toContain("Second chapter");
        const first = book.toc.find((e) => e.title === "Первая глава")!;
        expect(first.children.map((e) => e.title)).toEqual(["Раздел"]);
        const hrefs = new Set(book.chapters.map((c) => c.href));
        for (const entry of [...book.toc, ...first.children]) expect(hrefs.has(entry.target.split("#")[0]!)).toBe(true);
      });

      it("finds the cover picture, byte for byte", () => {
        const coverResource = book.resources.find((r) => r.href === book.coverHref);
        expect(coverResource?.mediaType).toBe("image/png");
        expect(coverResource?.data).toEqual(cover);
      });

      it("keeps the picture as a resource and points the chapter at it", () => {
        const resource = book.resources.find((r) => r.href !== book.coverHref && r.mediaType === "image/png");
        expect(resource?.data).toEqual(picture);
        const chapter = book.chapters.find((c) => c.title === "Первая глава")!;
        expect(chapter.body).toContain(`src="${resource!.href}"`);
        expect(chapter.body).toContain("<table>");
        expect(chapter.stylesheets?.every((href) => book.resources.some((r) => r.href === href && r.mediaType === "text/css"))).toBe(true);
      });

      it("keeps every word pandoc's own plain output has", () => {
        const ours = words(bookText(book));
        const missing = [...plainWords].filter((w) => !ours.has(w));
        expect(missing).toEqual([]);
      });

      it("writes each body as well-formed XML with links that stay inside the book", () => {
        const hrefs = new Set([...book.chapters.map((c) => c.href), ...book.resources.map((r) => r.href)]);
        for (const chapter of book.chapters) {
          for (const match of chapter.body.matchAll(/(?:href|src)="([^"]*)"/g)) expect(hrefs.has(match[1]!.split("#")[0]!)).toBe(true);
          expect(chapter.body).not.toMatch(/<script|onclick|<html|<body/i);
        }
      });
    });
  }

  it.skipIf(!HAVE_CALIBRE)("reads calibre's EPUB of the same book", () => {
    execFileSync(EBOOK_CONVERT, ["epub3.epub", "calibre.epub", "--series", "Сказки", "--series-index", "2"], { cwd: dir.dir, stdio: "ignore" });
    const book = readEpub(dir.read("calibre.epub"));
    expect(book.metadata.title).toBe("Книга о ёлке");
    expect(book.metadata.authors).toEqual(["Иван Петров"]);
    expect(book.metadata.language).toBe("ru");
    expect(book.metadata.series).toBe("Сказки");
    expect(book.metadata.seriesIndex).toBe(2);
    const ours = words(bookText(book));
    expect([...plainWords].filter((w) => !ours.has(w))).toEqual([]);
    expect(book.toc.map((e) => e.title)).toEqual(expect.arrayContaining(["Первая глава", "Second chapter"]));
    expect(book.coverHref).toBeDefined();
    expect(book.resources.find((r) => r.href === book.coverHref)?.mediaType).toMatch(/^image\//);
  });
});

/** calibre's own Quick Start Guide, an EPUB 2 calibre ships (toc, guide cover, HTML description). */
const CALIBRE_GUIDE = "/usr/share/calibre/quick_start/deu.epub";

it.skipIf(!existsSync(CALIBRE_GUIDE))("reads the EPUB 2 Quick Start Guide calibre ships", () => {
  const book = readEpub(new Uint8Array(readFileSync(CALIBRE_GUIDE)));
  expect(book.metadata.title).toBe("Kurzanleitung");
  expect(book.metadata.language).toBe("de");
  expect(book.metadata.description).not.toMatch(/</);
  expect(book.chapters[0]!.role).toBe("cover");
  expect(book.resources.find((r) => r.href === book.coverHref)?.mediaType).toBe("image/jpeg");
  expect(book.toc.length).toBeGreaterThan(5);
  expect(book.chapters.map((c) => c.title)).toContain("Einleitung");
  expect(book.notes).toEqual([]);
});

const CONTAINER = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;

function opf(manifest: string, spine: string | undefined): string {
  return `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:test</dc:identifier><dc:title>Test</dc:title><dc:language>en</dc:language></metadata><manifest>${manifest}</manifest>${spine === undefined ? "" : `<spine>${spine}</spine>`}</package>`;
}

const xhtml = (body: string): string => `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>${body}</body></html>`;

function epub(files: Record<string, string>, extra: HandmadeEntry[] = []): Uint8Array {
  return handmadeZip([
    { ...deflatedEntry("mimetype", "application/epub+zip") },
    deflatedEntry("META-INF/container.xml", CONTAINER),
    ...Object.entries(files).map(([name, text]) => deflatedEntry(name, text)),
    ...extra,
  ]);
}

const locked = `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><enc:CipherData><enc:CipherReference URI="OEBPS/a.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>`;
const lockable = (extra: Record<string, string>, font: Uint8Array = new TextEncoder().encode("font")): Uint8Array =>
  epub(
    {
      "OEBPS/content.opf": opf(`<item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="f" href="f.otf" media-type="font/otf"/>`, `<itemref idref="a"/>`),
      "OEBPS/a.xhtml": xhtml("<p>a</p>"),
      ...extra,
    },
    [deflatedEntry("OEBPS/f.otf", font)],
  );

describe("hand-made and hostile EPUBs", () => {
  it("refuses a zip bomb before unpacking it", async () => {
    const { zerosDeflate } = await import("#tests/support/handmade-zip.ts");
    const size = 1024 * 1024 * 1024;
    const bomb: HandmadeEntry = { name: "OEBPS/big.xhtml", data: zerosDeflate(1024), method: 8, crc32: 0, declaredSize: size };
    const error = caughtEbookError(() => readEpub(epub({ "OEBPS/content.opf": opf("", "") }, [bomb])));
    expect(error.code).toBe("too-large");
    expect(error.message).toMatch(/zip bomb/);
  });

  it("says the spine is missing", () => {
    const error = caughtEbookError(() => readEpub(epub({ "OEBPS/content.opf": opf(`<item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>`, undefined), "OEBPS/a.xhtml": xhtml("<p>a</p>") })));
    expect(error.code).toBe("damaged");
    expect(error.message).toMatch(/spine/);
  });

  it("says the package file is missing", () => {
    const error = caughtEbookError(() => readEpub(epub({ "OEBPS/other.txt": "x" })));
    expect(error.code).toBe("damaged");
    expect(error.message).toMatch(/package file/);
  });

  it("says a file that is not a zip is damaged", () => {
    expect(caughtEbookError(() => readEpub(new TextEncoder().encode("not a zip at all, just some text that is long enough"))).code).toBe("damaged");
  });

  it("reads a chapter with broken XML leniently and notes it", () => {
    const book = readEpub(
      epub({
        "OEBPS/content.opf": opf(`<item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="b" href="b.xhtml" media-type="application/xhtml+xml"/>`, `<itemref idref="a"/><itemref idref="b"/>`),
        "OEBPS/a.xhtml": xhtml("<p>Good <b>bold</i> text</p><p>after &nbsp; the break</p>"),
        "OEBPS/b.xhtml": xhtml("<p>Second</p>"),
      }),
    );
    expect(book.chapters.map((c) => c.href)).toEqual(["a.xhtml", "b.xhtml"]);
    expect(book.chapters[0]!.body).toContain("after");
    expect(book.notes.join(" ")).toMatch(/a\.xhtml.*not well-formed|not well-formed.*a\.xhtml/);
  });

  it("marks a chapter typed as endnotes, keeping links to its notes", () => {
    const result = readEpub(
      epub({
        "OEBPS/content.opf": opf(`<item id="a" href="text/a.xhtml" media-type="application/xhtml+xml"/><item id="n" href="text/n.xhtml" media-type="application/xhtml+xml"/>`, `<itemref idref="a"/><itemref idref="n"/>`),
        "OEBPS/text/a.xhtml": xhtml(`<p>See<a href="n.xhtml#n1">1</a></p>`),
        "OEBPS/text/n.xhtml": xhtml(`<section epub:type="endnotes"><p id="n1">A note</p></section>`),
      }),
    );
    expect(result.chapters.map((c) => c.role)).toEqual(["body", "notes"]);
    expect(result.chapters[0]!.body).toBe(`<p>See<a href="text/n.xhtml#n1">1</a></p>`);
  });

  it("does not expand entities declared in a chapter's DTD (billion laughs)", () => {
    const laughs = ["a", "b", "c", "d", "e", "f", "g", "h"].map((name, i, all) => `<!ENTITY ${name} "${i === 0 ? "aaaaaaaaaa" : `&${all[i - 1]};`.repeat(10)}">`).join("");
    const text = `<?xml version="1.0"?><!DOCTYPE html [${laughs}]><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body><p>&h;</p></body></html>`;
    const result = readEpub(epub({ "OEBPS/content.opf": opf(`<item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>`, `<itemref idref="a"/>`), "OEBPS/a.xhtml": text }));
    expect(result.chapters[0]!.body.length).toBeLessThan(100);
  });

  it("reads EPUB 3 metadata with roles, refinements and a series; resolves encoded hrefs; finds a cover through the guide", () => {
    const pkg = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
        <dc:identifier id="isbn">978-0-00-000000-0</dc:identifier><dc:identifier id="uid">urn:uuid:1234</dc:identifier>
        <dc:title id="sub">A subtitle</dc:title><dc:title id="main">Main &amp; Title</dc:title>
        <meta refines="#main" property="title-type">main</meta><meta refines="#sub" property="title-type">subtitle</meta>
        <dc:creator id="c1">Anna Writer</dc:creator><meta refines="#c1" property="role" scheme="marc:relators">aut</meta>
        <dc:creator id="c2">Ivan Painter</dc:creator><meta refines="#c2" property="role">ill</meta>
        <dc:creator opf:role="aut">Bob Second</dc:creator>
        <dc:language>de</dc:language><dc:publisher>Verlag</dc:publisher><dc:description>&lt;p&gt;About &lt;b&gt;it&lt;/b&gt;.&lt;/p&gt;</dc:description>
        <dc:date>2020-05-01</dc:date><dc:subject>Fiction</dc:subject><dc:subject>Tales</dc:subject>
        <meta property="belongs-to-collection" id="s">Saga</meta><meta refines="#s" property="collection-type">series</meta><meta refines="#s" property="group-position">3</meta>
      </metadata>
      <manifest><item id="p" href="Text/Cover%20Page.xhtml" media-type="application/xhtml+xml"/><item id="c" href="Text/Chapter%201.xhtml" media-type="application/xhtml+xml"/>
        <item id="img" href="Images/front.png" media-type="image/png"/></manifest>
      <spine><itemref idref="p"/><itemref idref="c"/></spine><guide><reference type="cover" href="Text/Cover%20Page.xhtml"/></guide></package>`;
    const front = png(3, 4, 10);
    const result = readEpub(
      epub(
        {
          "OEBPS/content.opf": pkg,
          "OEBPS/Text/Cover Page.xhtml": xhtml(`<div><img src="../Images/front.png" alt="cover"/></div>`),
          "OEBPS/Text/Chapter 1.xhtml": xhtml(`<h2>One</h2><p><a href="Cover%20Page.xhtml">back</a><img src="../Images/gone.png"/><a name="old">anchor</a></p>`),
        },
        [{ ...deflatedEntry("OEBPS/Images/front.png", front) }],
      ),
    );
    expect(result.metadata).toEqual({
      title: "Main & Title",
      authors: ["Anna Writer", "Bob Second"],
      language: "de",
      identifier: "urn:uuid:1234",
      publisher: "Verlag",
      description: "About it.",
      date: "2020-05-01",
      subjects: ["Fiction", "Tales"],
      series: "Saga",
      seriesIndex: 3,
    });
    expect(result.chapters.map((c) => [c.href, c.role, c.title ?? ""])).toEqual([
      ["Text/Cover_Page.xhtml", "cover", "t"],
      ["Text/Chapter_1.xhtml", "body", "One"],
    ]);
    expect(result.coverHref).toBe("Images/front.png");
    expect(result.resources[0]!.data).toEqual(front);
    expect(result.chapters[1]!.body).toBe(`<h2>One</h2><p><a href="Text/Cover_Page.xhtml">back</a><a id="old">anchor</a></p>`);
    expect(result.notes.join(" ")).toMatch(/gone\.png/);
  });

  it("rewrites stylesheets' urls to the renamed fonts and pictures", () => {
    const result = readEpub(
      epub({
        "OEBPS/content.opf": opf(
          `<item id="a" href="Text/a.xhtml" media-type="application/xhtml+xml"/><item id="css" href="Styles/main%20style.css" media-type="text/css"/><item id="f" href="Fonts/My%20Font.otf" media-type="font/otf"/><item id="i" href="back.png" media-type="image/png"/>`,
          `<itemref idref="a"/>`,
        ),
        "OEBPS/Text/a.xhtml": `<html xmlns="http://www.w3.org/1999/xhtml"><head><link rel="stylesheet" type="text/css" href="../Styles/main%20style.css"/></head><body><p>x</p></body></html>`,
        "OEBPS/Styles/main style.css": `@font-face { src: url('../Fonts/My%20Font.otf'); } body { background: url(../back.png) } a { background: url(http://example.org/x.png) }`,
        "OEBPS/fonts/my font.OTF": "font",
        "OEBPS/back.png": "png",
      }),
    );
    expect(result.chapters[0]!.stylesheets).toEqual(["Styles/main_style.css"]);
    const css = new TextDecoder().decode(result.resources.find((r) => r.href === "Styles/main_style.css")!.data);
    expect(css).toBe(`@font-face { src: url("../Fonts/My_Font.otf"); } body { background: url("../back.png") } a { background: url(http://example.org/x.png) }`);
  });

  it("takes a picture named cover when nothing else names one", () => {
    const result = readEpub(
      epub({
        "OEBPS/content.opf": opf(`<item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="x" href="img/other.png" media-type="image/png"/><item id="y" href="img/Cover.png" media-type="image/png"/>`, `<itemref idref="a"/>`),
        "OEBPS/a.xhtml": xhtml("<p>a</p>"),
        "OEBPS/img/other.png": "png",
        "OEBPS/img/Cover.png": "png",
      }),
    );
    expect(result.coverHref).toBe("img/Cover.png");
    expect(result.chapters[0]!.role).toBe("body");
  });

  it("reads 10 000 chapters", () => {
    const files: Record<string, string> = {};
    const manifest: string[] = [];
    const spine: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      files[`OEBPS/c${i}.xhtml`] = xhtml(`<p>Chapter ${i}</p>`);
      manifest.push(`<item id="c${i}" href="c${i}.xhtml" media-type="application/xhtml+xml"/>`);
      spine.push(`<itemref idref="c${i}"/>`);
    }
    files["OEBPS/content.opf"] = opf(manifest.join(""), spine.join(""));
    const book = readEpub(epub(files));
    expect(book.chapters).toHaveLength(10_000);
    expect(book.chapters[9_999]!.body).toBe("<p>Chapter 9999</p>");
  });

  it("refuses a spine of more chapters than any book", () => {
    const spine = `<itemref idref="a"/>`.repeat(20_001);
    const error = caughtEbookError(() => readEpub(epub({ "OEBPS/content.opf": opf(`<item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>`, spine), "OEBPS/a.xhtml": xhtml("<p>a</p>") })));
    expect(error.code).toBe("too-large");
  });

  it("refuses a manifest of more files than any book", () => {
    const manifest = `<item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>`.repeat(50_001);
    // stored, not deflated: so repetitive a file would trip the zip guard's ratio check first
    const data = new TextEncoder().encode(opf(manifest, `<itemref idref="a"/>`));
    const stored: HandmadeEntry = { name: "OEBPS/content.opf", data, method: 0, crc32: crc32(data), declaredSize: data.length };
    const error = caughtEbookError(() => readEpub(epub({ "OEBPS/a.xhtml": xhtml("<p>a</p>") }, [stored])));
    expect(error.code).toBe("too-much-work");
  });

  it("refuses markup nested deeper than any book", () => {
    const deep = "<div>".repeat(MAX_XML_DEPTH + 10) + "x" + "</div>".repeat(MAX_XML_DEPTH + 10);
    const error = caughtEbookError(() =>
      readEpub(epub({ "OEBPS/content.opf": opf(`<item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>`, `<itemref idref="a"/>`), "OEBPS/a.xhtml": xhtml(deep) })),
    );
    expect(error.code).toBe("too-much-work");
  });

  it("refuses a book whose chapters are encrypted (DRM)", () => {
    const error = caughtEbookError(() => readEpub(lockable({ "META-INF/encryption.xml": locked })));
    expect(error.code).toBe("drm");
    expect(error.message).toMatch(/DRM.*OEBPS\/a\.xhtml/);
  });

  it("refuses a book with a rights file (Adobe DRM)", () => {
    expect(caughtEbookError(() => readEpub(lockable({ "META-INF/rights.xml": "<rights/>" }))).code).toBe("drm");
  });

  it("undoes IDPF font obfuscation (keyed on the unique identifier's SHA-1)", () => {
    const font = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 251);
    const key = createHash("sha1").update("urn:test").digest();
    const hidden = font.map((byte, i) => (i < 1040 ? byte ^ key[i % 20]! : byte));
    const encryption = locked.replace("http://www.w3.org/2001/04/xmlenc#aes128-cbc", "http://www.idpf.org/2008/embedding").replace("a.xhtml", "f.otf");
    const result = readEpub(lockable({ "META-INF/encryption.xml": encryption }, hidden));
    expect(result.chapters).toHaveLength(1);
    expect(result.resources.map((r) => r.href)).toEqual(["f.otf"]);
    expect(result.resources[0]!.data).toEqual(font);
  });

  it("leaves out an Adobe-obfuscated font when no identifier is a UUID, with a note", () => {
    const encryption = locked.replace("http://www.w3.org/2001/04/xmlenc#aes128-cbc", "http://ns.adobe.com/pdf/enc#RC").replace("a.xhtml", "f.otf");
    const result = readEpub(lockable({ "META-INF/encryption.xml": encryption }));
    expect(result.resources).toEqual([]);
    expect(result.notes.join(" ")).toMatch(/obfuscated.*f\.otf/);
  });

  it("drops scripts, forms, event attributes and pictures from the web, and notes them", () => {
    const result = readEpub(
      lockable({
        "OEBPS/a.xhtml": xhtml(`<p onclick="steal()">Hi <a href="https://example.org/">web</a> <a href="a.xhtml#x" id="x">self</a></p><script>alert(1)</script><form><input/></form><img src="http://evil.example/t.png"/>`),
      }),
    );
    const body = result.chapters[0]!.body;
    expect(body).toBe(`<p>Hi <a href="https://example.org/">web</a> <a href="a.xhtml#x" id="x">self</a></p>`);
    expect(result.notes.join(" ")).toMatch(/script/);
    expect(result.notes.join(" ")).toMatch(/evil\.example/);
  });
});
