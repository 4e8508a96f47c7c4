import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { XMLValidator } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { deflatedEntry, handmadeZip, zerosDeflate } from "#tests/support/handmade-zip.ts";
import { rampPng, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { EBOOK_CONVERT, HAVE_CALIBRE, HAVE_PANDOC, PANDOC, PYTHON } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Book } from "./book.ts";
import { readFb2 } from "./read-fb2.ts";
import { caughtEbookError } from "#tests/support/codecs/ebook/test-helpers.ts";

const HAVE_PYTHON = existsSync(PYTHON);

const work = scratch("read-fb2");
afterAll(() => work.cleanup());

/** The chapters' text, a picture standing for its alt text as in pandoc's plain output. */
const bodyText = (book: Book): string =>
  book.chapters.map((c) => c.body.replace(/<img [^>]*alt="([^"]*)"[^>]*>/g, " $1 ").replace(/<[^>]+>/g, " ")).join(" ");

function expectWellFormed(book: Book): void {
  for (const chapter of book.chapters) expect(XMLValidator.validate(`<body>${chapter.body}</body>`), chapter.href).toBe(true);
}

const MARKDOWN = `# Первая глава

Привет, мир. Some *emphasis* and **strong** text.[^1]

## Подраздел

| Столбец | Column |
|---------|--------|
| один    | два    |

![Картинка](pic.png)

### Глубже

Третий уровень.

# Second chapter

> A quote here, в цитате.

Last words.

[^1]: Сноска здесь.
`;

describe.skipIf(!HAVE_PANDOC)("readFb2 on pandoc's FB2", () => {
  const png = rampPng(24, 16);
  work.write("pic.png", png);
  writeFileSync(work.path("in.md"), MARKDOWN);
  execFileSync(PANDOC, ["in.md", "-o", "b.fb2", "--metadata", "title=Книга о тестах", "--metadata", "author=Иван Петров", "--metadata", "lang=ru"], { cwd: work.dir });
  const fb2 = work.read("b.fb2");
  const plain = execFileSync(PANDOC, ["in.md", "-t", "plain"], { cwd: work.dir, encoding: "utf8" });
  const book = readFb2(fb2);

  it("reads the metadata", () => {
    expect(book.metadata.title).toBe("Книга о тестах");
    expect(book.metadata.authors).toEqual(["Иван Петров"]);
    expect(book.metadata.language).toBe("ru");
  });

  it("makes one chapter per top-level section, nested sections as h2/h3, and a notes chapter", () => {
    expect(book.chapters.map((c) => [c.title, c.role])).toEqual([
      ["Первая глава", "body"],
      ["Second chapter", "body"],
      ["Notes", "notes"],
    ]);
    const [one, two] = book.chapters;
    // the body's title (the book's) heads the first chapter, as FB2 readers show it
    expect(one?.body).toMatch(/^<p class="book-title"><strong>[^<]+<\/strong><\/p><h1[^>]*>Первая глава<\/h1>/);
    expect(one?.body).toMatch(/<h2[^>]*>Подраздел<\/h2>/);
    expect(one?.body).toMatch(/<h3[^>]*>Глубже<\/h3>/);
    expect(one?.body).toContain("<em>emphasis</em>");
    expect(one?.body).toContain("<th>Столбец</th>");
    expect(one?.body).toContain("<td>два</td>");
    expect(two?.body).toContain("<blockquote><p>A quote here, в цитате.</p></blockquote>");
    expectWellFormed(book);
  });

  it("links the footnote into the notes chapter", () => {
    const notes = book.chapters.find((c) => c.role === "notes");
    expect(notes?.body).toContain("Сноска здесь.");
    const link = /<a href="([^"]+)" class="noteref">/.exec(book.chapters[0]?.body ?? "")?.[1] ?? "";
    expect(link.startsWith("notes.xhtml#")).toBe(true);
    expect(notes?.body).toContain(`id="${link.slice("notes.xhtml#".length)}"`);
  });

  it("keeps the picture's bytes and points the chapter at it", () => {
    expect(book.resources).toHaveLength(1);
    const picture = book.resources[0];
    expect(picture?.mediaType).toBe("image/png");
    expect(picture?.data).toEqual(png);
    expect(book.chapters[0]?.body).toContain(`<img src="${picture?.href}" alt="Картинка"/>`);
  });

  it("builds the toc from the section titles", () => {
    expect(book.toc.map((e) => e.title)).toEqual(["Первая глава", "Second chapter", "Notes"]);
    expect(book.toc[0]?.children.map((e) => e.title)).toEqual(["Подраздел"]);
    expect(book.toc[0]?.children[0]?.children.map((e) => e.title)).toEqual(["Глубже"]);
    expect(book.toc[0]?.children[0]?.target).toMatch(/^chapter-001\.xhtml#/);
  });

  it("keeps every word pandoc's plain text has, in order", () => {
    expect(wordsInOrder(words(plain), words(bodyText(book)))).toBe(1);
  });

  it("reads the same book from a .fb2.zip", () => {
    const zipped = readFb2(handmadeZip([deflatedEntry("b.fb2", fb2)]));
    expect(zipped).toEqual(book);
    const fromMac = readFb2(handmadeZip([deflatedEntry("book/b.fb2", fb2), deflatedEntry("__MACOSX/book/._b.fb2", "\u0000\u0005\u0016\u0007")]));
    expect(fromMac).toEqual(book);
    const two = caughtEbookError(() => readFb2(handmadeZip([deflatedEntry("a.fb2", fb2), deflatedEntry("b.fb2", fb2)])));
    expect(two.code).toBe("unsupported");
  });
});

describe.skipIf(!HAVE_PANDOC || !HAVE_CALIBRE)("readFb2 on calibre's FB2", () => {
  const png = rampPng(20, 12);
  mkdirSync(work.path("calibre"));
  work.write("calibre/pic.png", png);
  writeFileSync(work.path("calibre/in.md"), MARKDOWN);
  const cwd = work.path("calibre");
  execFileSync(PANDOC, ["in.md", "-o", "in.epub", "--metadata", "title=Книга", "--metadata", "author=Иван Петров", "--metadata", "lang=ru"], { cwd });
  execFileSync(EBOOK_CONVERT, ["in.epub", "c.fb2"], { cwd, stdio: "ignore", timeout: 120_000 });
  const plain = execFileSync(PANDOC, ["in.md", "-t", "plain"], { cwd, encoding: "utf8" });
  const book = readFb2(work.read("calibre/c.fb2"));

  it("reads the metadata, the untitled sections as chapters, the inline picture and every word", () => {
    expect(book.metadata.title).toBe("Книга");
    expect(book.metadata.authors).toEqual(["Иван Петров"]);
    expect(book.metadata.language).toBe("ru");
    expect(book.chapters.length).toBeGreaterThanOrEqual(3);
    expect(book.resources.map((r) => r.data)).toEqual([png]);
    expect(bodyText(book)).toContain("Сноска здесь");
    expect(book.chapters.some((c) => c.body.includes(`<img src="${book.resources[0]?.href}"`))).toBe(true);
    // calibre moves the footnote to its chapter's end: compare the text before pandoc's notes
    expect(wordsInOrder(words(plain.slice(0, plain.indexOf("[1] Сноска"))), words(bodyText(book)))).toBe(1);
    expectWellFormed(book);
  });
});

const CP1251_FB2 = `<?xml version="1.0" encoding="windows-1251"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description>
 <title-info>
  <genre>sf</genre><genre>prose_classic</genre>
  <author><first-name>Лев</first-name><middle-name>Николаевич</middle-name><last-name>Толстой</last-name></author>
  <author><nickname>Аноним</nickname></author>
  <book-title>Война и мир</book-title>
  <annotation><p>Первый абзац.</p><p>Второй абзац.</p></annotation>
  <date value="1869-01-01">1869</date>
  <coverpage><image l:href="#cover.png"/></coverpage>
  <lang>ru</lang>
  <sequence name="Эпопея" number="2"/>
 </title-info>
 <document-info><id>abc-123</id></document-info>
 <publish-info><publisher>Издательство</publisher><year>2001</year><isbn>978-5-00-000000-0</isbn></publish-info>
</description>
<body>
 <title><p>Война и мир</p></title>
 <epigraph><p>Эпиграф книги.</p><text-author>Автор</text-author></epigraph>
 <section id="s1">
  <title><p>Том первый</p><p>Часть 1</p></title>
  <p>Ну, князь &amp; <strikethrough>зачёркнуто</strikethrough> H<sub>2</sub>O x<sup>2</sup> <code>код</code>.</p>
  <empty-line/>
  <poem><title><p>Стих</p></title><stanza><v>Строка один</v><v>Строка два</v></stanza></poem>
  <section id="s1-1"><title><p>Глава I</p></title><subtitle>* * *</subtitle><cite><p>Цитата</p></cite></section>
 </section>
 <section><p>Без заголовка, ссылка <a l:href="http://example.com/?a=1&amp;b=2">туда</a>.</p></section>
</body>
<binary id="cover.png" content-type="image/png">${Buffer.from(rampPng(4, 4)).toString("base64")}</binary>
</FictionBook>
`;

describe.skipIf(!HAVE_PYTHON)("readFb2 on a windows-1251 FB2", () => {
  work.write("cp1251.txt", new TextEncoder().encode(CP1251_FB2));
  execFileSync(PYTHON, ["-c", "import sys; open(sys.argv[2],'wb').write(open(sys.argv[1],encoding='utf-8').read().encode('cp1251'))", work.path("cp1251.txt"), work.path("cp1251.fb2")]);
  const bytes = work.read("cp1251.fb2");
  const book = readFb2(bytes);

  it("decodes the code page its declaration names", () => {
    expect(bytes.length).toBeLessThan(new TextEncoder().encode(CP1251_FB2).length); // one byte a letter: really cp1251
    expect(book.metadata).toEqual({
      title: "Война и мир",
      authors: ["Лев Николаевич Толстой", "Аноним"],
      language: "ru",
      identifier: "978-5-00-000000-0",
      publisher: "Издательство",
      description: "Первый абзац.\n\nВторой абзац.",
      date: "1869-01-01",
      subjects: ["sf", "prose_classic"],
      series: "Эпопея",
      seriesIndex: 2,
    });
  });

  it("reads the cover, the epigraph, poems, inline styles and untitled sections", () => {
    expect(book.coverHref).toBe("images/cover.png");
    expect(book.resources[0]?.data).toEqual(rampPng(4, 4));
    expect(book.chapters.map((c) => c.title)).toEqual([undefined, "Том первый Часть 1", undefined]);
    const [lead, one, two] = book.chapters.map((c) => c.body);
    expect(lead).toBe('<p class="book-title"><strong>Война и мир</strong></p><div class="epigraph"><p>Эпиграф книги.</p><p class="text-author">Автор</p></div>');
    expect(one).toContain('<h1 id="s1">Том первый<br/>Часть 1</h1>');
    expect(one).toContain("Ну, князь &amp; <del>зачёркнуто</del> H<sub>2</sub>O x<sup>2</sup> <code>код</code>.");
    expect(one).toContain('<div class="poem"><p class="title"><strong>Стих</strong></p><div class="stanza"><p>Строка один</p><p>Строка два</p></div></div>');
    expect(one).toContain('<h2 id="s1-1">Глава I</h2><p class="subtitle"><strong>* * *</strong></p><blockquote><p>Цитата</p></blockquote>');
    expect(two).toContain('<a href="http://example.com/?a=1&amp;b=2">туда</a>');
    expect(book.toc.map((e) => e.title)).toEqual(["Том первый Часть 1"]);
    expect(book.toc[0]?.children).toEqual([{ title: "Глава I", target: "chapter-002.xhtml#s1-1", children: [] }]);
    expectWellFormed(book);
  });
});

describe.skipIf(!HAVE_PYTHON)("readFb2 on a KOI8-R FB2", () => {
  it("decodes it", () => {
    const xml = '<?xml version="1.0" encoding="koi8-r"?><FictionBook><description><title-info><book-title>Ёлка</book-title></title-info></description><body><section><p>Съешь же ещё этих мягких французских булок.</p></section></body></FictionBook>';
    work.write("koi8.txt", new TextEncoder().encode(xml));
    execFileSync(PYTHON, ["-c", "import sys; open(sys.argv[2],'wb').write(open(sys.argv[1],encoding='utf-8').read().encode('koi8_r'))", work.path("koi8.txt"), work.path("koi8.fb2")]);
    const book = readFb2(work.read("koi8.fb2"));
    expect(book.metadata.title).toBe("Ёлка");
    expect(book.chapters[0]?.body).toBe("<p>Съешь же ещё этих мягких французских булок.</p>");
  });
});

const fb2 = (body: string, extra = ""): Uint8Array =>
  new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>\n<FictionBook xmlns:l="http://www.w3.org/1999/xlink"><description><title-info><book-title>T</book-title></title-info></description>\n<body>${body}</body>${extra}</FictionBook>`);

describe("readFb2 on hostile files", () => {
  it("does not expand entities a DOCTYPE declares (billion laughs)", () => {
    const laughs = Array.from({ length: 10 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join("");
    const xml = `<?xml version="1.0"?><!DOCTYPE FictionBook [<!ENTITY l0 "ha">${laughs}]><FictionBook><body><section><p>&l10;</p></section></body></FictionBook>`;
    const book = readFb2(new TextEncoder().encode(xml));
    expect(book.chapters[0]?.body.length).toBeLessThan(100);
  });

  it("refuses deep nesting quickly", () => {
    const deep = fb2(`${"<section>".repeat(100_000)}${"</section>".repeat(100_000)}`);
    const error = caughtEbookError(() => readFb2(deep));
    expect(error.code).toBe("too-much-work");
    expect(error.message).toMatch(/nests its elements more than 100 deep/);
  });

  it("refuses more chapters or sections than any book", () => {
    const chapters = caughtEbookError(() => readFb2(fb2("<section><p>x</p></section>".repeat(10_000))));
    expect(chapters.code).toBe("too-much-work");
    expect(chapters.message).toMatch(/has 10000 chapters; real books have fewer than 5000/);
    const sections = caughtEbookError(() => readFb2(fb2(`<section>${"<section><p>x</p></section>".repeat(60_000)}</section>`)));
    expect(sections.code).toBe("too-much-work");
    expect(sections.message).toMatch(/more than 50000 sections/);
  });

  it("refuses a zip whose FB2 claims 200 MB, without inflating it", () => {
    const size = 200 * 1024 * 1024;
    const bomb = handmadeZip([{ name: "big.fb2", data: zerosDeflate(size), method: 8, crc32: 0, declaredSize: size }]);
    const error = caughtEbookError(() => readFb2(bomb));
    expect(error.code).toBe("too-large");
    expect(error.message).toMatch(/unpacks to more than/);
  });

  it("refuses base64 pictures past the limit", () => {
    const picture = `<binary id="a" content-type="image/png">${"QUFB".repeat(2000)}</binary>`;
    const error = caughtEbookError(() => readFb2(fb2("<section><p>x</p></section>", picture), { maxBase64Chars: 4000 }));
    expect(error.code).toBe("too-large");
    // under the limit it is read, and left out with a note since "AAA…" is no picture
    const read = readFb2(fb2("<section><p>x</p></section>", picture));
    expect(read.resources).toEqual([]);
    expect(read.notes.join(" ")).toMatch(/"a" is damaged or not in a picture format/);
  });

  it("says where broken XML breaks", () => {
    const error = caughtEbookError(() => readFb2(fb2("<section><p>one</section>")));
    expect(error.code).toBe("damaged");
    expect(error.message).toMatch(/line 3, column 22: Expected closing tag .p./);
  });

  it("refuses XML that is not FB2, an FB2 without a body, an unknown encoding, and a zip with no .fb2", () => {
    expect(caughtEbookError(() => readFb2(new TextEncoder().encode("<html><body/></html>"))).message).toMatch(/no <FictionBook>/);
    expect(caughtEbookError(() => readFb2(new TextEncoder().encode("<FictionBook><description/></FictionBook>"))).message).toMatch(/no <body>/);
    expect(caughtEbookError(() => readFb2(new TextEncoder().encode('<?xml version="1.0" encoding="x-klingon"?><FictionBook/>'))).code).toBe("unsupported");
    expect(caughtEbookError(() => readFb2(handmadeZip([deflatedEntry("a.txt", "hello")]))).message).toMatch(/no \.fb2 file/);
  });

  it("drops missing pictures with a note and keeps links to unknown ids", () => {
    const book = readFb2(fb2('<section><p>a <a l:href="#nowhere">b</a></p><image l:href="#gone"/></section>'));
    expect(book.chapters[0]?.body).toBe('<p>a <a href="#nowhere">b</a></p>');
    expect(book.notes).toEqual(["A picture (#gone) is missing from the book and was left out."]);
  });
});

// a real file from disk stays readable when it is a Buffer
it("reads a Buffer as well as a Uint8Array", () => {
  expect(readFb2(readFileSync(work.write("small.fb2", fb2("<section><p>x</p></section>")))).chapters).toHaveLength(1);
});
