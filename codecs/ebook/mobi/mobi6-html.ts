// MOBI 6 text → chapters. The text is one old-style HTML document: <mbp:pagebreak/> separates the
// chapters, links say filepos="0000123" (a byte position in the text), pictures recindex="00001"
// (a resource number). Anchors are inserted at every linked position while the text is still bytes,
// links and pictures are rewritten to "#filepos123" and "recindex:1", then the text is decoded, cut
// at the page breaks, and each piece cleaned like an EPUB chapter.
import type { BookChapter, BookResource, TocEntry } from "../book.ts";
import { EbookError } from "../ebook-error.ts";
import { MAX_CHAPTERS } from "../read-epub.ts";
import { parseXml } from "../epub-xml.ts";
import { cleanChapter, type LinkTarget } from "../xhtml-clean.ts";
import { latin1 } from "./palmdb-read.ts";

export interface Mobi6TocSource {
  /** NCX entries: byte position, title, level and parent (index into the list, -1 for none) */
  ncx: { position: number; title: string; parent: number }[];
}

export interface Mobi6Result {
  chapters: BookChapter[];
  toc: TocEntry[];
  /** picture hrefs the text shows, in order */
  firstImages: Map<string, string>;
  missing: string[];
}

const ANCHOR = (position: number): string => `<a id="filepos${position}"></a>`;

function bytesOf(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** Elements that may not hold an <a> directly: an anchor before one goes inside it instead. */
const STRUCTURAL = /^\s*<(li|tr|td|th|tbody|thead|tfoot|dt|dd|table|ol|ul|dl)\b[^>]*>/i;

/** Where an anchor for `position` can go: not inside a tag, an entity, a UTF-8 character or a list's or table's own level. */
function safePosition(raw: string, position: number, utf8: boolean): number {
  let at = Math.min(position, raw.length);
  const lt = raw.lastIndexOf("<", at - 1);
  const gt = raw.lastIndexOf(">", at - 1);
  if (lt > gt) {
    const close = raw.indexOf(">", at);
    at = close < 0 ? raw.length : close + 1;
  } else {
    const amp = raw.lastIndexOf("&", at - 1);
    if (amp >= 0 && at - amp < 12 && raw.lastIndexOf(";", at - 1) < amp) {
      const semicolon = raw.indexOf(";", at);
      if (semicolon >= 0 && semicolon - amp < 12) at = semicolon + 1;
    }
    if (utf8) while (at < raw.length && (raw.charCodeAt(at) & 0xc0) === 0x80) at++;
  }
  for (let steps = 0; steps < 8; steps++) {
    const next = STRUCTURAL.exec(raw.slice(at, at + 400));
    if (next === null) break;
    at += next[0].length;
  }
  return at;
}

function insertAnchors(raw: string, positions: number[], utf8: boolean): string {
  const sorted = [...new Set(positions)].filter((p) => p > 0 && p <= raw.length).toSorted((a, b) => a - b);
  const parts: string[] = [];
  let from = 0;
  for (const position of sorted) {
    const at = Math.max(from, safePosition(raw, position, utf8));
    parts.push(raw.slice(from, at), ANCHOR(position));
    from = at;
  }
  parts.push(raw.slice(from));
  return (sorted.includes(0) ? ANCHOR(0) : "") + parts.join("");
}

/** filepos and recindex attributes → href and src the cleaner can resolve. */
function rewriteAttributes(raw: string): string {
  return raw.replace(/<[a-zA-Z][^<>]*>/g, (tag) =>
    tag
      .replace(/\sfilepos\s*=\s*["']?0*(\d+)["']?/i, (_m, n: string) => ` href="#filepos${Number(n)}"`)
      .replace(/\s(?:hi|lo)?recindex\s*=\s*["']?0*(\d+)["']?/i, (_m, n: string) => ` src="recindex:${Number(n)}"`),
  );
}

/**
 * MOBI 6 writers (calibre's among them) turn headings into a paragraph of big bold text: such a
 * paragraph, and nothing else in it, becomes a heading again (size 7 → h1, 6 → h2, 5 → h3).
 */
function headings(html: string): string {
  return html.replace(/<p\b[^>]*>\s*<font\s+size\s*=\s*["']?([5-7])["']?\s*>\s*<b>((?:(?!<\/?(?:p|b|font)\b)[\s\S])*?)<\/b>\s*<\/font>\s*<\/p>/gi, (_m, size: string, inner: string) => {
    const level = 8 - Number(size);
    return `<h${level}>${inner}</h${level}>`;
  });
}

const isExternal = (url: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(url) && !/^recindex:/i.test(url);

export function mobi6Chapters(text: Uint8Array, encoding: string, pictures: Map<number, BookResource>, source: Mobi6TocSource): Mobi6Result {
  let raw = latin1(text);
  const utf8 = encoding === "utf-8";
  const guideToc = /<reference[^>]*type\s*=\s*["']?toc["']?[^>]*>/i.exec(raw)?.[0];
  const guidePosition = guideToc ? /filepos\s*=\s*["']?(\d+)/i.exec(guideToc)?.[1] : undefined;
  // positions count bytes of the text as stored: anchors go in before anything else changes it
  const positions = [...raw.matchAll(/filepos\s*=\s*["']?(\d+)/gi)].map((m) => Number(m[1]));
  for (const entry of source.ncx) positions.push(entry.position);
  raw = insertAnchors(raw, positions, utf8).replace(/<guide>[\s\S]*?<\/guide>/gi, "");
  raw = rewriteAttributes(raw);
  const html = headings(new TextDecoder(encoding).decode(bytesOf(raw)));

  // cut at the page breaks; anchors just before a break belong to the page after it
  const pieces = html.split(/<mbp:pagebreak[^>]*>(?:\s*<\/mbp:pagebreak>)?/i);
  for (let i = 0; i + 1 < pieces.length; i++) {
    const trailing = /(?:<a id="filepos\d+"><\/a>\s*)+$/.exec(pieces[i]!);
    if (trailing) {
      pieces[i] = pieces[i]!.slice(0, trailing.index);
      pieces[i + 1] = trailing[0] + pieces[i + 1]!;
    }
  }
  // a contents page that does not start a page (calibre's comics put it after the last picture) starts one
  if (guidePosition !== undefined) {
    const anchor = `<a id="filepos${Number(guidePosition)}"></a>`;
    const at = pieces.findIndex((piece) => piece.includes(anchor));
    const cut = at < 0 ? -1 : pieces[at]!.indexOf(anchor);
    if (cut > 0 && pieces[at]!.slice(0, cut).replace(/<[^>]*>/g, "").trim() + (/<img\b/i.test(pieces[at]!.slice(0, cut)) ? "picture" : "") !== "") {
      pieces.splice(at, 1, pieces[at]!.slice(0, cut), pieces[at]!.slice(cut));
    }
  }
  if (pieces.length > MAX_CHAPTERS) throw new EbookError(`This book has ${pieces.length} pages separated by page breaks; no real book has more than ${MAX_CHAPTERS}.`, "too-large");

  // which pieces hold something to read, and where each anchor went
  const hasContent = pieces.map((piece) => /<img\b/i.test(piece) || piece.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;|\s/g, "") !== "");
  // the contents page the guide names, when it is only a heading and links, is the writer's own
  // (calibre's and ours): the toc is kept as the book's toc, and every writer makes its own page
  const contentsPage = guidePosition === undefined ? -1 : pieces.findIndex((piece) => piece.includes(`<a id="filepos${Number(guidePosition)}"></a>`));
  if (contentsPage >= 0 && isLinksOnly(pieces[contentsPage]!)) hasContent[contentsPage] = false;
  const kept: number[] = [];
  const hrefOf = new Map<number, string>();
  for (let i = 0; i < pieces.length; i++) {
    if (!hasContent[i]) continue;
    hrefOf.set(i, `text/chapter-${String(kept.length + 1).padStart(3, "0")}.xhtml`);
    kept.push(i);
  }
  const anchors = new Map<string, { href: string; fragment: boolean }>();
  // an empty page's anchors point at the next page that is kept (or the last one)
  let nextKept = kept[kept.length - 1];
  const targets: (number | undefined)[] = [];
  for (let i = pieces.length - 1; i >= 0; i--) {
    if (hasContent[i]) nextKept = i;
    targets[i] = nextKept;
  }
  for (let i = 0; i < pieces.length; i++) {
    const target = targets[i];
    if (target === undefined) continue;
    for (const m of pieces[i]!.matchAll(/<a id="(filepos\d+)"><\/a>/g)) anchors.set(m[1]!, { href: hrefOf.get(target)!, fragment: target === i });
  }
  const link = (id: string): string | undefined => {
    const anchor = anchors.get(id);
    return anchor === undefined ? undefined : anchor.fragment ? `${anchor.href}#${id}` : anchor.href;
  };

  const missing: string[] = [];
  const resolve = (url: string): LinkTarget => {
    const trimmed = url.trim();
    const picture = /^recindex:(\d+)$/.exec(trimmed);
    if (picture) {
      const resource = pictures.get(Number(picture[1]));
      return resource ? { kind: "resource", href: resource.href } : { kind: "missing" };
    }
    if (trimmed.startsWith("#")) {
      const href = link(trimmed.slice(1));
      return href === undefined ? { kind: "missing" } : { kind: "chapter", href };
    }
    if (isExternal(trimmed)) return { kind: "external", url: trimmed };
    return { kind: "missing" };
  };

  const chapters: BookChapter[] = [];
  const firstImages = new Map<string, string>();
  for (const i of kept) {
    const href = hrefOf.get(i)!;
    const cleaned = cleanChapter(parseXml(pieces[i]!, "html", `page ${i + 1}`), { resolve });
    for (const url of cleaned.dropped.missing) missing.push(url);
    const chapter: BookChapter = { href, body: cleaned.body, role: "body" };
    if (cleaned.title) chapter.title = cleaned.title;
    if (cleaned.firstImage) firstImages.set(href, cleaned.firstImage);
    chapters.push(chapter);
  }

  const toc = source.ncx.length > 0 ? ncxToc(source.ncx, link) : guideTocEntries(guidePosition, pieces, anchors, link);
  return { chapters, toc, firstImages, missing };
}

function ncxToc(ncx: Mobi6TocSource["ncx"], link: (id: string) => string | undefined): TocEntry[] {
  const top: TocEntry[] = [];
  const made: (TocEntry | undefined)[] = [];
  ncx.forEach((entry, index) => {
    const target = link(`filepos${entry.position}`);
    if (target === undefined) return;
    const item: TocEntry = { title: entry.title, target, children: [] };
    made[index] = item;
    // parents come before their children in the NCX; anything else goes to the top level
    const parent = entry.parent >= 0 && entry.parent < index ? made[entry.parent] : undefined;
    (parent ? parent.children : top).push(item);
  });
  return top;
}

/** A page of nothing but headings and at least two links (a generated table of contents). */
function isLinksOnly(page: string): boolean {
  const links = page.match(/<a\s[^>]*href=[^>]*>/gi)?.length ?? 0;
  const rest = page.replace(/<a\s[^>]*href=[^>]*>[\s\S]*?<\/a>/gi, "").replace(/<(h[1-6])\b[^>]*>[\s\S]*?<\/\1>/gi, "").replace(/<[^>]*>/g, "");
  return links >= 2 && !/<img\b/i.test(page) && rest.replace(/&nbsp;|&#160;|\s/g, "") === "";
}

/** Without an NCX: the links of the page the guide names as the table of contents. */
function guideTocEntries(position: string | undefined, pieces: string[], anchors: Map<string, { href: string }>, link: (id: string) => string | undefined): TocEntry[] {
  if (position === undefined) return [];
  const id = `filepos${Number(position)}`;
  const page = pieces.findIndex((piece) => piece.includes(`<a id="${id}"></a>`));
  if (page < 0 || anchors.get(id) === undefined) return [];
  const out: TocEntry[] = [];
  for (const m of pieces[page]!.matchAll(/<a\s[^>]*href="#(filepos\d+)"[^>]*>([\s\S]*?)<\/a>/g)) {
    const target = link(m[1]!);
    const title = m[2]!.replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();
    if (target !== undefined && title !== "") out.push({ title, target, children: [] });
  }
  return out;
}
