// A Book → the one HTML document of a MOBI 6 book: the chapters joined with <mbp:pagebreak/>
// between them, in the old HTML subset Kindles render (headings, paragraphs, b/i/u, lists,
// blockquotes, simple tables), pictures as <img recindex="00001">, links as filepos=0000012345
// (the byte offset of the target in the uncompressed text; written as ten zeros first and filled
// in once every target's offset is known, so the width never changes), a <guide> pointing at the
// start and at an HTML table of contents written after the last chapter.
import type { Book, BookChapter, TocEntry } from "../book.ts";
import { EbookError } from "../ebook-error.ts";
import { isElement, localName, parseXml, type XmlElement, type XmlNode } from "../epub-xml.ts";
import { ByteWriter } from "./mobi-bytes.ts";

/** More chapters than any real book has. */
export const MAX_CHAPTERS = 20_000;
/** More table-of-contents entries than any real book has. */
export const MAX_TOC_ENTRIES = 50_000;
const MAX_TOC_DEPTH = 8;
const FILEPOS_WIDTH = 10;

/** Elements written as they are. */
const KEPT = new Set([
  "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "dl", "dt", "dd",
  "table", "tr", "td", "th", "caption", "b", "i", "u", "sub", "sup", "small", "big", "strike", "pre", "code", "a",
]);
/** Newer elements written as their old equivalents. */
const RENAMED: Readonly<Record<string, string>> = {
  em: "i", cite: "i", dfn: "i", var: "i", strong: "b", s: "strike", del: "strike", ins: "u", mark: "u",
  kbd: "code", samp: "code", tt: "code", section: "div", article: "div", aside: "div", header: "div",
  footer: "div", nav: "div", main: "div", figure: "div", figcaption: "div",
};
/** Attributes kept on these elements. */
const CELL_ATTRIBUTES = ["colspan", "rowspan"];
const LIST_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { ol: ["start", "type"], li: ["value"], td: CELL_ATTRIBUTES, th: CELL_ATTRIBUTES };

export interface Mobi6TocEntry {
  title: string;
  /** byte offset of the target in the text */
  offset: number;
  depth: number;
}

export interface Mobi6Markup {
  /** the whole document, UTF-8 */
  text: Uint8Array;
  /** offset just after <body> and just before </body> */
  bodyStart: number;
  bodyEnd: number;
  /** where reading starts (EXTH 116) */
  startOffset: number;
  /** the book's table of contents, resolved to offsets, in book order */
  toc: Mobi6TocEntry[];
  /** hrefs of the pictures the text shows */
  usedImages: Set<string>;
}

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");
const hasScheme = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href);

/** A chapter with nothing but pictures and white space (a cover page): the Kindle shows EXTH's cover instead. */
function isPictureOnly(chapter: BookChapter): boolean {
  return chapter.role === "cover" && chapter.body.replace(/<[^>]*>/g, "").trim() === "";
}

class MarkupWriter {
  readonly out = new ByteWriter(64 * 1024);
  /** "chapter" or "chapter#id" → offset */
  readonly targets = new Map<string, number>();
  /** placeholder positions and the target they wait for */
  readonly fixups: Array<{ at: number; target: string; chapter: string }> = [];
  readonly usedImages = new Set<string>();

  private readonly chapters: ReadonlySet<string>;
  private readonly recindex: ReadonlyMap<string, number>;

  constructor(chapters: ReadonlySet<string>, recindex: ReadonlyMap<string, number>) {
    this.chapters = chapters;
    this.recindex = recindex;
  }

  /** filepos=0000000000, filled in by resolve(). */
  filepos(target: string): void {
    this.out.text("filepos=");
    const chapter = target.split("#")[0] ?? target;
    this.fixups.push({ at: this.out.length, target, chapter });
    this.out.text("0".repeat(FILEPOS_WIDTH));
  }

  chapter(chapter: BookChapter): void {
    this.targets.set(chapter.href, this.out.length);
    const root = parseXml(`<body>${chapter.body}</body>`, "html", "chapter");
    const body = root.children.find((node): node is XmlElement => isElement(node) && localName(node.name) === "body") ?? root;
    for (const child of body.children) this.node(child, chapter.href);
    this.out.text("<mbp:pagebreak/>");
  }

  private node(node: XmlNode, chapter: string): void {
    if (!isElement(node)) {
      this.out.text(escapeText(node));
      return;
    }
    const name = localName(node.name);
    const id = node.attrs.id;
    if (id) {
      const key = `${chapter}#${id}`;
      if (!this.targets.has(key)) this.targets.set(key, this.out.length);
    }
    if (name === "br" || name === "hr") {
      this.out.text(`<${name}/>`);
      return;
    }
    if (name === "img") {
      const src = node.attrs.src ?? "";
      const index = this.recindex.get(src);
      if (index === undefined) return; // a picture Kindles cannot show (the writer notes it)
      this.usedImages.add(src);
      this.out.text(`<img recindex="${String(index).padStart(5, "0")}" alt="${escapeAttribute(node.attrs.alt ?? "")}"/>`);
      return;
    }
    const tag = KEPT.has(name) ? name : RENAMED[name];
    if (tag === undefined) {
      // unknown, or only a wrapper (span, thead, tbody...): keep what is inside
      for (const child of node.children) this.node(child, chapter);
      return;
    }
    this.out.text(`<${tag}`);
    if (tag === "a") this.link(node.attrs.href);
    for (const attribute of LIST_ATTRIBUTES[tag] ?? []) {
      const value = node.attrs[attribute];
      if (value !== undefined && /^[\w-]{1,12}$/.test(value)) this.out.text(` ${attribute}="${value}"`);
    }
    this.out.text(">");
    for (const child of node.children) this.node(child, chapter);
    this.out.text(`</${tag}>`);
  }

  private link(href: string | undefined): void {
    if (!href) return;
    const chapter = href.split("#")[0] ?? "";
    if (this.chapters.has(chapter)) {
      this.out.text(" ");
      this.filepos(href);
      this.out.text(" "); // Kindles need the space after an unquoted filepos
    } else if (hasScheme(href) && !/^(javascript|data|file):/i.test(href)) {
      this.out.text(` href="${escapeAttribute(href)}"`);
    }
  }

  /** Fills every filepos with its target's offset (the chapter's start when the anchor is gone). */
  resolve(fallback: number): Uint8Array {
    const text = this.out.result();
    for (const fixup of this.fixups) {
      const offset = this.targets.get(fixup.target) ?? this.targets.get(fixup.chapter) ?? fallback;
      const digits = String(offset).padStart(FILEPOS_WIDTH, "0");
      for (let i = 0; i < FILEPOS_WIDTH; i++) text[fixup.at + i] = digits.charCodeAt(i);
    }
    return text;
  }
}

/** The table of contents flattened in reading order, with depths; capped in count and depth. */
function flattenToc(entries: readonly TocEntry[]): Array<{ entry: TocEntry; depth: number }> {
  const out: Array<{ entry: TocEntry; depth: number }> = [];
  const stack: Array<{ entry: TocEntry; depth: number }> = entries.map((entry) => ({ entry, depth: 0 })).toReversed();
  while (stack.length > 0 && out.length < MAX_TOC_ENTRIES) {
    const item = stack.pop()!;
    out.push(item);
    for (let i = item.entry.children.length - 1; i >= 0; i--) stack.push({ entry: item.entry.children[i]!, depth: Math.min(item.depth + 1, MAX_TOC_DEPTH) });
  }
  return out;
}

/** The MOBI 6 document of `book` (see the file comment). `onChapter` is told each chapter done. */
export function mobi6Markup(book: Book, recindex: ReadonlyMap<string, number>, onChapter?: (done: number, total: number) => void): Mobi6Markup {
  if (book.chapters.length > MAX_CHAPTERS) {
    throw new EbookError(`The book has ${book.chapters.length} chapters; at most ${MAX_CHAPTERS} can be written.`, "too-large");
  }
  const chapters = book.chapters.filter((chapter) => !isPictureOnly(chapter));
  const writer = new MarkupWriter(new Set(chapters.map((chapter) => chapter.href)), recindex);
  const { out } = writer;
  out.text("<html><head><guide>");
  out.text('<reference type="toc" title="Table of Contents" ');
  writer.filepos("#toc-page");
  out.text(' /><reference type="text" title="Start" ');
  writer.filepos("#start");
  out.text(" /></guide></head><body>");
  const bodyStart = out.length;
  chapters.forEach((chapter, index) => {
    writer.chapter(chapter);
    onChapter?.(index + 1, chapters.length);
  });

  // the table of contents: the book's own, or the chapters' titles when it has none
  const flat = book.toc.length > 0 ? flattenToc(book.toc) : chapters.filter((c) => c.title).map((c) => ({ entry: { title: c.title ?? "", target: c.href, children: [] }, depth: 0 }));
  const listed = flat.filter(({ entry }) => writer.targets.has(entry.target) || writer.targets.has(entry.target.split("#")[0] ?? ""));
  writer.targets.set("#toc-page", out.length);
  out.text("<h2>Table of Contents</h2>");
  let depth = -1;
  for (const { entry, depth: wanted } of listed) {
    for (; depth < wanted; depth++) out.text("<ul>");
    for (; depth > wanted; depth--) out.text("</ul>");
    out.text("<li><a ");
    writer.filepos(entry.target);
    out.text(` >${escapeText(entry.title.replace(/\s+/g, " ").trim() || "Untitled")}</a></li>`);
  }
  for (; depth >= 0; depth--) out.text("</ul>");
  out.text("<mbp:pagebreak/>");
  const bodyEnd = out.length;
  out.text("</body></html>");

  const first = chapters.find((chapter) => chapter.role !== "cover") ?? chapters[0];
  const startOffset = first === undefined ? bodyStart : (writer.targets.get(first.href) ?? bodyStart);
  writer.targets.set("#start", startOffset);
  const text = writer.resolve(bodyStart);
  const toc = listed.map(({ entry, depth: level }) => ({
    title: entry.title.replace(/\s+/g, " ").trim() || "Untitled",
    offset: writer.targets.get(entry.target) ?? writer.targets.get(entry.target.split("#")[0] ?? "") ?? bodyStart,
    depth: level,
  }));
  return { text, bodyStart, bodyEnd, startOffset, toc, usedImages: writer.usedImages };
}
