// EPUBs as picture books, comics and manga are made (issue 25): fixed-layout pages that are XHTML
// around one <img> or <svg>, or pictures and SVG documents straight in the spine; and EPUB 3 with
// scripts, forms, canvas, epub:switch, MathML, audio and video. Read into one page a picture, with
// the layout kept, and written back as a fixed-layout EPUB that epubcheck accepts.
import { describe, expect, it } from "vitest";
import { encodeJpeg } from "#codecs/jpeg/encode.ts";
import { CAN_EPUBCHECK, epubcheck, words, wordsInOrder } from "#tests/support/ebook-fixtures.ts";
import { fixedLayoutEpub, handmadeEpub, INTERACTIVE_WORDS, interactiveEpub, type PagePicture } from "#tests/support/handmade-ebooks.ts";
import { scratch } from "#tests/support/scratch.ts";
import { bookToModel } from "./book-to-model.ts";
import { readMobi } from "./mobi/read-mobi.ts";
import { writeAzw3 } from "./mobi/write-azw3.ts";
import { writeMobi } from "./mobi/write-mobi.ts";
import { readEpub } from "./read-epub.ts";
import { writeEpub } from "./write-epub.ts";

/** A grey page of `width` × `height` as a JPEG. */
function page(width: number, height: number, shade: number): PagePicture {
  const data = new Uint8ClampedArray(width * height * 4).fill(shade);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { data: encodeJpeg({ width, height, data }, { quality: 70 }), mediaType: "image/jpeg", width, height };
}

const PAGES = [page(60, 80, 40), page(60, 80, 120), page(60, 80, 200)];

/** The pictures each chapter shows, in order. */
const shown = (body: string) => [...body.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);

describe("readEpub on picture books", () => {
  it.each(["image-spine", "svg-spine", "xhtml-img", "xhtml-svg"] as const)("reads a fixed-layout book of %s pages as one page a picture", (kind) => {
    const book = readEpub(fixedLayoutEpub(kind, PAGES));
    expect(book.chapters).toHaveLength(3);
    const pictures = book.chapters.map((chapter) => shown(chapter.body));
    for (const [index, onPage] of pictures.entries()) {
      expect(onPage).toHaveLength(1);
      const resource = book.resources.find((r) => r.href === onPage[0]);
      expect(resource?.data).toEqual(PAGES[index]!.data);
    }
    expect(book.layout).toEqual({ fixed: true, width: 60, height: 80 });
    // the first page is the cover picture, so its page is the cover page (unless it has words too)
    expect(book.coverHref).toBe(pictures[0]![0]);
    expect(book.chapters[0]!.role).toBe(kind === "svg-spine" ? "body" : "cover");
  });

  it("keeps the words an SVG page writes, and leaves out the SVG files whose pictures it shows", () => {
    const book = readEpub(fixedLayoutEpub("svg-spine", PAGES));
    expect(book.chapters[1]!.body).toContain("<p>Balloon words of page 2</p>");
    expect(book.resources.some((r) => r.mediaType === "image/svg+xml")).toBe(false);
    expect(book.toc.map((entry) => entry.target)).toEqual(book.chapters.map((chapter) => chapter.href));
  });

  it("shows a drawing with no picture inside as itself", () => {
    const drawing = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/><text x="1" y="9">Map</text></svg>`;
    const book = readEpub(handmadeEpub({ title: "Drawings", language: "en", items: [{ path: "map.svg", mediaType: "image/svg+xml", spine: true, data: drawing }] }));
    expect(shown(book.chapters[0]!.body)).toEqual(["map.svg"]);
    expect(book.chapters[0]!.body).toContain("<p>Map</p>");
  });

  it("knows right-to-left manga", () => {
    const book = readEpub(fixedLayoutEpub("image-spine", PAGES, { direction: "rtl" }));
    expect(book.layout?.rightToLeft).toBe(true);
  });

  it("carries the fixed layout and the page direction through AZW3 and MOBI (EXTH 122, 307, 527)", () => {
    const book = readEpub(fixedLayoutEpub("image-spine", PAGES, { direction: "rtl" }));
    for (const kindle of [writeAzw3(book, { modified: new Date(0) }), writeMobi(book, { modified: new Date(0) })]) {
      const back = readMobi(kindle);
      expect(back.layout).toEqual({ fixed: true, rightToLeft: true, width: 60, height: 80 });
      expect(back.resources.filter((r) => r.mediaType === "image/jpeg")).toHaveLength(3);
    }
  });

  it("gives one PDF page a picture", () => {
    const model = bookToModel(readEpub(fixedLayoutEpub("image-spine", PAGES)));
    expect(model.blocks.filter((block) => block.kind === "page-break")).toHaveLength(2);
  });

  it.skipIf(!CAN_EPUBCHECK)("writes a fixed-layout, right-to-left EPUB that epubcheck accepts", () => {
    const work = scratch("fxl-epub");
    const file = work.write("manga.epub", writeEpub(readEpub(fixedLayoutEpub("image-spine", PAGES, { direction: "rtl" })), { modified: new Date(0) }));
    expect(epubcheck(file)).toEqual([]);
    work.cleanup();
  }, 60_000);
});

describe("readEpub on scripted, interactive and old-fashioned chapters", () => {
  it("keeps labels, values, choices and every fallback's text, and drops the scripts", () => {
    const book = readEpub(interactiveEpub());
    const body = book.chapters[0]!.body;
    expect(wordsInOrder(words(INTERACTIVE_WORDS), words(body.replace(/<[^>]*>/g, " ")))).toBe(1);
    expect(body).not.toMatch(/<script|onload|onclick|start\(\)|scripted title/);
    // epub:switch shows its default, not the MathML case as well
    expect(body).not.toContain("y=x");
    expect(book.notes.join(" ")).toMatch(/1 script was removed.*3 form fields were kept as plain text/);
  });

  it("writes HTML 4's obsolete elements as HTML5 ones", () => {
    const chapter = `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body><p><tt>mono</tt> <big class="x">loud</big> <strike>gone</strike></p><center>middle</center></body></html>`;
    const book = readEpub(handmadeEpub({ title: "Old", language: "en", items: [{ path: "a.xhtml", mediaType: "application/xhtml+xml", spine: true, data: chapter }] }));
    expect(book.chapters[0]!.body).toBe(`<p><code class="tt">mono</code> <span class="x big">loud</span> <s class="strike">gone</s></p><div class="center">middle</div>`);
  });

  it("keeps an <li> value only inside an <ol>", () => {
    const chapter = `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body><ul><li value="3">a</li></ul><ol><li value="3">b</li><li value="x">c</li></ol></body></html>`;
    const book = readEpub(handmadeEpub({ title: "Lists", language: "en", items: [{ path: "a.xhtml", mediaType: "application/xhtml+xml", spine: true, data: chapter }] }));
    expect(book.chapters[0]!.body).toBe(`<ul><li>a</li></ul><ol><li value="3">b</li><li>c</li></ol>`);
  });
});
