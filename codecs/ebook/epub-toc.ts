// The table of contents: EPUB 3's nav document (<nav epub:type="toc"> with nested <ol>) or EPUB 2's
// NCX (nested <navPoint>). Targets become "chapter-href#anchor" through `target`; entries whose
// target is not a chapter of the book keep their children (lifted one level) and are dropped.
import type { TocEntry } from "./book.ts";
import { EbookError } from "./ebook-error.ts";
import { attr, childElements, descendants, firstChild, localName, textOf, type XmlElement } from "./epub-xml.ts";

/** Far more entries than any real book's contents. */
export const MAX_TOC_ENTRIES = 50_000;

type Target = (url: string) => string | undefined;

class Counter {
  count = 0;
  add(): void {
    if (++this.count > MAX_TOC_ENTRIES) {
      throw new EbookError(`This book's table of contents has more than ${MAX_TOC_ENTRIES} entries; no real book has that many.`, "too-much-work");
    }
  }
}

function navPoints(parent: XmlElement, target: Target, counter: Counter): TocEntry[] {
  const out: TocEntry[] = [];
  for (const point of childElements(parent, "navpoint")) {
    counter.add();
    const label = firstChild(point, "navlabel");
    const title = label ? textOf(label) : "";
    const src = firstChild(point, "content")?.attrs.src;
    const resolved = src ? target(src) : undefined;
    const children = navPoints(point, target, counter);
    if (resolved === undefined || title === "") out.push(...children);
    else out.push({ title, target: resolved, children });
  }
  return out;
}

/** The NCX's navMap. */
export function readNcx(document: XmlElement, target: Target): TocEntry[] {
  const map = descendants(document, "navmap")[0];
  return map ? navPoints(map, target, new Counter()) : [];
}

function navList(list: XmlElement, target: Target, counter: Counter): TocEntry[] {
  const out: TocEntry[] = [];
  for (const item of childElements(list, "li")) {
    counter.add();
    const label = childElements(item).find((e) => localName(e.name) === "a" || localName(e.name) === "span");
    const title = label ? textOf(label) : "";
    const href = label && localName(label.name) === "a" ? label.attrs.href : undefined;
    const resolved = href ? target(href) : undefined;
    const sub = firstChild(item, "ol") ?? firstChild(item, "ul");
    const children = sub ? navList(sub, target, counter) : [];
    if (resolved === undefined || title === "") out.push(...children);
    else out.push({ title, target: resolved, children });
  }
  return out;
}

/** The nav document's toc (the first <nav> when none is typed "toc"). */
export function readNav(document: XmlElement, target: Target): TocEntry[] {
  const navs = descendants(document, "nav");
  const toc = navs.find((nav) => (attr(nav, "type") ?? "").split(/\s+/).includes("toc")) ?? navs[0];
  if (!toc) return [];
  const list = descendants(toc, "ol")[0] ?? descendants(toc, "ul")[0];
  return list ? navList(list, target, new Counter()) : [];
}

/** The landmarks' cover page, as a raw href (EPUB 3's replacement of the guide). */
export function navCoverHref(document: XmlElement): string | undefined {
  for (const nav of descendants(document, "nav")) {
    if (!(attr(nav, "type") ?? "").split(/\s+/).includes("landmarks")) continue;
    for (const a of descendants(nav, "a")) if ((attr(a, "type") ?? "").split(/\s+/).includes("cover")) return a.attrs.href;
  }
  return undefined;
}
