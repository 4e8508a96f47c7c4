// The HTML writer (issue 16): a Book becomes one self-contained HTML5 file that opens in any
// browser without a network: the metadata in <meta>, a linked table of contents, every chapter in
// a <section> of its own, pictures as data: URIs and the book's CSS inlined, scoped to the chapters
// and cleaned (no @import, no @font-face, no url() that leaves the file). Ids are made unique across
// chapters and every link between chapters becomes an in-page "#id", so nothing dangles.
import type { Book, BookResource, BookWriteOptions, TocEntry } from "./book.ts";
import { EbookError } from "./ebook-error.ts";
import { escapeXml, fixEntities, normalizeBookHref, uniqueId, unescapeXml } from "./epub-names.ts";
import { pictureInfo } from "../document/image-info.ts";
import { base64Encode } from "../svg/base64.ts";
import { safeDecodeUri } from "./epub-paths.ts";

/** More chapters than any real book has (a long novel has a few hundred). */
export const MAX_CHAPTERS = 20_000;
/** More table-of-contents entries than any real book has; the rest are left out. */
const MAX_TOC_ENTRIES = 50_000;
/** Deeper levels are listed flat under the last one. */
const MAX_TOC_DEPTH = 8;
/** Deeper @media/@supports nesting is dropped. */
const MAX_CSS_DEPTH = 8;

const SCOPE = "main.book-text";
const SAFE_LINK = /^(https?:|mailto:|ftp:)/i;
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const START_TAG = /<([A-Za-z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
const ATTRIBUTE = /([^\s=/]+)\s*=\s*("([^"]*)"|'([^']*)')/g;
const IMAGE_TYPES: Readonly<Record<string, string>> = { png: "image/png", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp", svg: "image/svg+xml", bmp: "image/bmp" };

const BASE_CSS = `body { max-width: 42em; margin: 0 auto; padding: 1em; font-family: Georgia, serif; line-height: 1.5; }
img, svg { max-width: 100%; height: auto; }
header.book-header, nav#toc { margin-bottom: 2em; }
figure.cover { text-align: center; margin: 0 0 2em; }
section.chapter { margin-top: 3em; }
@media print { section.chapter { break-before: page; } nav#toc { break-after: page; } }
`;



interface Target {
  chapter: number;
  fragment: string;
}

/** Writes `book` as one HTML5 file. Throws EbookError "too-large" past the chapter limit. */
export function writeHtml(book: Book, options: BookWriteOptions = {}): Uint8Array {
  if (book.chapters.length > MAX_CHAPTERS) throw new EbookError(`The book has ${book.chapters.length} chapters; at most ${MAX_CHAPTERS} can be written.`, "too-large");
  const report = options.onProgress ?? (() => {});
  const modified = options.modified !== undefined && Number.isFinite(options.modified.getTime()) ? options.modified : new Date();
  const meta = book.metadata;
  const title = meta.title.trim() || "Untitled";

  const resources = new Map<string, BookResource>();
  for (const resource of book.resources) if (!resources.has(normalizeBookHref(resource.href))) resources.set(normalizeBookHref(resource.href), resource);
  const uris = new Map<string, string>();
  /** The data: URI of the picture at `href`, or undefined when the book has no such picture. */
  const pictureUri = (href: string): string | undefined => {
    const key = normalizeBookHref(href);
    const cached = uris.get(key);
    if (cached !== undefined) return cached;
    const resource = resources.get(key);
    if (resource === undefined) return undefined;
    const type = IMAGE_TYPES[pictureInfo(resource.data).kind] ?? (resource.mediaType.startsWith("image/") ? resource.mediaType : undefined);
    if (type === undefined) return undefined;
    const uri = `data:${type};base64,${base64Encode(resource.data)}`;
    uris.set(key, uri);
    return uri;
  };

  const used = new Set<string>(["toc", "book-title", "cover"]);
  const bodies = book.chapters.map((chapter) => fixEntities(chapter.body).replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ""));
  const chapterIds = book.chapters.map((_, index) => uniqueId(`chapter-${index + 1}`, used));
  const ids = bodies.map((body) => {
    const map = new Map<string, string>();
    for (const tag of body.matchAll(START_TAG)) {
      for (const attribute of (tag[2] ?? "").matchAll(ATTRIBUTE)) {
        if (attribute[1] !== "id") continue;
        const id = unescapeXml(attribute[3] ?? attribute[4] ?? "");
        if (id !== "" && !map.has(id)) map.set(id, uniqueId(id, used));
      }
    }
    return map;
  });
  const chapterByHref = new Map<string, number>();
  book.chapters.forEach((chapter, index) => {
    if (!chapterByHref.has(normalizeBookHref(chapter.href))) chapterByHref.set(normalizeBookHref(chapter.href), index);
  });
  const resolve = (from: number | undefined, link: string): Target | undefined => {
    const hash = link.indexOf("#");
    const path = hash < 0 ? link : link.slice(0, hash);
    const fragment = hash < 0 ? "" : safeDecodeUri(link.slice(hash + 1));
    if (path === "") return from === undefined ? undefined : { chapter: from, fragment };
    let chapter = chapterByHref.get(normalizeBookHref(path));
    if (chapter === undefined && from !== undefined) chapter = chapterByHref.get(normalizeBookHref(`${book.chapters[from]!.href.split("/").slice(0, -1).join("/")}/${path}`));
    return chapter === undefined ? undefined : { chapter, fragment };
  };
  const anchor = (target: Target): string => ids[target.chapter]!.get(target.fragment) ?? chapterIds[target.chapter]!;

  const sections: string[] = [];
  book.chapters.forEach((chapter, index) => {
    const body = rewriteBody(bodies[index]!, {
      id: (id) => ids[index]!.get(id),
      href: (href) => {
        const trimmed = href.trim();
        if (SAFE_LINK.test(trimmed)) return trimmed;
        const target = resolve(index, trimmed);
        return target === undefined ? undefined : `#${anchor(target)}`;
      },
      src: (src) => pictureUri(src) ?? pictureUri(`${chapter.href.split("/").slice(0, -1).join("/")}/${src}`),
    });
    const role = chapter.role === undefined || chapter.role === "body" ? "" : ` ${chapter.role}`;
    sections.push(`<section class="chapter${role}" id="${chapterIds[index]}">\n${body}\n</section>\n`);
    report(((index + 1) / Math.max(1, book.chapters.length)) * 0.9);
  });

  // without a table of contents, the chapters' titles (or first headings) make one
  const tocEntries: TocEntry[] =
    book.toc.length > 0
      ? book.toc
      : book.chapters.flatMap((c) => {
          const heading = c.title?.trim() || unescapeXml(/<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/.exec(c.body)?.[1]?.replace(/<[^>]*>/g, "").trim() ?? "");
          return heading !== "" && c.role !== "cover" ? [{ title: heading, target: c.href, children: [] }] : [];
        });
  const toc = tocHtml(tocEntries, (target) => {
    const resolved = resolve(undefined, target);
    return resolved === undefined ? undefined : `#${anchor(resolved)}`;
  });

  const coverUri = book.coverHref === undefined || book.chapters.some((c) => c.role === "cover") ? undefined : pictureUri(book.coverHref);
  const stylesheets: string[] = [];
  for (const chapter of book.chapters) for (const sheet of chapter.stylesheets ?? []) if (!stylesheets.includes(normalizeBookHref(sheet))) stylesheets.push(normalizeBookHref(sheet));
  const css = stylesheets
    .map((href) => {
      const resource = resources.get(href);
      if (resource === undefined) return "";
      const dir = href.split("/").slice(0, -1).join("/");
      return scopeCss(new TextDecoder().decode(resource.data), (url) => pictureUri(`${dir}/${url}`) ?? pictureUri(url));
    })
    .join("\n");

  const metaTags = [
    `<meta charset="utf-8"/>`,
    `<meta name="viewport" content="width=device-width, initial-scale=1"/>`,
    `<title>${escapeXml(title)}</title>`,
    ...(meta.authors.length > 0 ? [`<meta name="author" content="${escapeXml(meta.authors.join(", "))}"/>`] : []),
    ...(meta.description?.trim() ? [`<meta name="description" content="${escapeXml(meta.description.trim())}"/>`] : []),
    ...(meta.subjects && meta.subjects.length > 0 ? [`<meta name="keywords" content="${escapeXml(meta.subjects.join(", "))}"/>`] : []),
    `<meta name="dcterms.language" content="${escapeXml(meta.language || "und")}"/>`,
    ...(meta.date?.trim() ? [`<meta name="dcterms.date" content="${escapeXml(meta.date.trim())}"/>`] : []),
    ...(meta.publisher?.trim() ? [`<meta name="dcterms.publisher" content="${escapeXml(meta.publisher.trim())}"/>`] : []),
    ...(meta.identifier?.trim() ? [`<meta name="dcterms.identifier" content="${escapeXml(meta.identifier.trim())}"/>`] : []),
    ...(meta.series?.trim() ? [`<meta name="dcterms.isPartOf" content="${escapeXml(meta.series.trim())}${meta.seriesIndex === undefined ? "" : ` ${meta.seriesIndex}`}"/>`] : []),
    `<meta name="dcterms.modified" content="${modified.toISOString()}"/>`,
    `<meta name="generator" content="Convert"/>`,
  ];
  const language = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(meta.language) && meta.language !== "und" ? ` lang="${meta.language}"` : "";
  const html = [
    `<!DOCTYPE html>\n<html${language}>\n<head>\n${metaTags.join("\n")}\n<style>\n${BASE_CSS}${css}\n</style>\n</head>\n<body>\n`,
    `<header class="book-header">\n<h1 id="book-title">${escapeXml(title)}</h1>\n`,
    meta.authors.length > 0 ? `<p class="authors">${escapeXml(meta.authors.join(", "))}</p>\n` : "",
    coverUri === undefined ? "" : `<figure class="cover" id="cover"><img src="${coverUri}" alt="Cover"/></figure>\n`,
    "</header>\n",
    toc === "" ? "" : `<nav id="toc">\n<h2>Contents</h2>\n${toc}</nav>\n`,
    `<main class="book-text">\n`,
    ...sections,
    "</main>\n</body>\n</html>\n",
  ].join("");
  const out = new TextEncoder().encode(html);
  report(1);
  return out;
}

interface Rewriter {
  id(id: string): string | undefined;
  href(href: string): string | undefined;
  src(src: string): string | undefined;
}

/**
 * A chapter body with its start tags rewritten: ids made unique, links in-page, pictures inline;
 * event attributes dropped; XHTML's self-closed non-void elements (<a id="x"/>) closed the HTML way.
 */
function rewriteBody(body: string, rewriter: Rewriter): string {
  return body.replace(/<([A-Za-z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g, (_whole, name: string, rest: string, selfClosing: string) => {
    const tag = name.toLowerCase();
    const attributes: string[] = [];
    let missingPicture = false;
    for (const attribute of rest.matchAll(ATTRIBUTE)) {
      const key = attribute[1]!;
      const lower = key.toLowerCase();
      const value = unescapeXml(attribute[3] ?? attribute[4] ?? "");
      if (lower.startsWith("on") || lower === "style" || lower === "srcset") continue;
      if (lower === "id") {
        const id = rewriter.id(value);
        if (id !== undefined) attributes.push(` id="${escapeXml(id)}"`);
      } else if (lower === "href" || lower === "xlink:href" || lower === "src") {
        const picture = tag === "img" || tag === "image";
        const target = picture ? rewriter.src(value) : rewriter.href(value);
        if (target === undefined) missingPicture ||= picture;
        else attributes.push(` ${key}="${escapeXml(target)}"`);
      } else attributes.push(` ${key}="${escapeXml(value)}"`);
    }
    // a picture the book does not hold is left out rather than fetched from anywhere
    if (missingPicture && tag === "img") return "";
    if (VOID.has(tag)) return `<${name}${attributes.join("")}/>`;
    return selfClosing === "" ? `<${name}${attributes.join("")}>` : `<${name}${attributes.join("")}></${name}>`;
  });
}

function tocHtml(entries: readonly TocEntry[], link: (target: string) => string | undefined): string {
  let count = 0;
  const list = (items: readonly TocEntry[], depth: number): string => {
    let out = "<ol>\n";
    for (const entry of items) {
      if (++count > MAX_TOC_ENTRIES) break;
      const href = link(entry.target);
      const text = escapeXml(entry.title.trim() || "Untitled");
      out += `<li>${href === undefined ? `<span>${text}</span>` : `<a href="${escapeXml(href)}">${text}</a>`}`;
      const children = depth < MAX_TOC_DEPTH ? entry.children : [];
      if (children.length > 0) out += `\n${list(children, depth + 1)}`;
      out += "</li>\n";
      // deeper levels, flat under this one
      if (depth >= MAX_TOC_DEPTH && entry.children.length > 0) out += list(entry.children, depth).replace(/^<ol>\n|<\/ol>\n$/g, "");
    }
    return `${out}</ol>\n`;
  };
  return entries.length === 0 ? "" : list(entries, 1);
}

/** The end of the block that opens at `open` (a "{"), or the end of the text. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === "{") depth++;
    else if (css[i] === "}" && --depth === 0) return i;
  }
  return css.length;
}

const scopeSelector = (selector: string): string => [
  ...new Set(
    selector
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "")
      .map((part) => (/^(html|body|:root)\b/i.test(part) ? part.replace(/^(html|body|:root)\b(\s*body\b)?/i, SCOPE) : `${SCOPE} ${part}`)),
  ),
].join(", ");

function cleanDeclarations(block: string, picture: (url: string) => string | undefined): string {
  const kept: string[] = [];
  for (const declaration of block.split(";")) {
    const text = declaration.trim();
    if (text === "" || /expression\s*\(|javascript:|behavior\s*:|-moz-binding/i.test(text)) continue;
    if (/^position\s*:\s*fixed/i.test(text)) continue;
    let ok = true;
    const rewritten = text.replace(/url\(\s*(["']?)([^"')]*)\1\s*\)/gi, (_, _quote: string, url: string) => {
      const uri = url.startsWith("data:") ? undefined : picture(url.trim());
      if (uri === undefined) ok = false;
      return `url("${uri ?? ""}")`;
    });
    if (ok) kept.push(rewritten);
  }
  return kept.join("; ");
}

/**
 * The book's CSS made safe to inline: rules scoped to the chapters, @import, @font-face and other
 * at-rules dropped (@media and @supports kept), url() only to the book's own pictures (as data:
 * URIs), and nothing that could close the <style> element.
 */
export function scopeCss(source: string, picture: (url: string) => string | undefined, depth = 0): string {
  const css = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/</g, "\\3c ");
  const out: string[] = [];
  let at = 0;
  while (at < css.length) {
    while (at < css.length && /\s|;|}/.test(css[at]!)) at++;
    if (at >= css.length) break;
    const open = css.indexOf("{", at);
    const semicolon = css.indexOf(";", at);
    if (css[at] === "@") {
      const name = /^@([\w-]+)/.exec(css.slice(at))?.[1]?.toLowerCase() ?? "";
      // a statement (@import, @charset, @namespace) ends at its semicolon
      if (open < 0 || (semicolon >= 0 && semicolon < open)) {
        at = semicolon < 0 ? css.length : semicolon + 1;
        continue;
      }
      const end = blockEnd(css, open);
      if ((name === "media" || name === "supports") && depth < MAX_CSS_DEPTH) {
        const inner = scopeCss(css.slice(open + 1, end), picture, depth + 1);
        if (inner.trim() !== "") out.push(`${css.slice(at, open).trim()} {\n${inner}}\n`);
      }
      at = end + 1;
      continue;
    }
    if (open < 0) break;
    const end = blockEnd(css, open);
    const selector = scopeSelector(css.slice(at, open));
    const declarations = cleanDeclarations(css.slice(open + 1, end), picture);
    if (selector !== "" && declarations !== "") out.push(`${selector} { ${declarations} }\n`);
    at = end + 1;
  }
  return out.join("");
}
