// The EPUB writer (issue 16): a Book becomes an EPUB 3 package that EPUB 2 readers also open (an
// NCX table of contents, spine toc="ncx", <meta name="cover">). Chapters are wrapped as full XHTML
// documents; their links are rewritten to the safe, unique names the files get in the zip and made
// relative to each file; links to files or anchors the book does not have are dropped rather than
// left to break the book (epubcheck calls a dangling link an error, and so do strict readers).
import { XMLValidator } from "fast-xml-parser";
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { concatBytes } from "../common/bytes.ts";
import type { Book, BookChapter, BookResource, TocEntry } from "./book.ts";
import { EbookError } from "./ebook-error.ts";
import { escapeXml, fixEntities, NameBook, normalizeBookHref, relativeHref, stripNonXml, uniqueId, unescapeXml } from "./epub-names.ts";

/** More chapters than any real book has (a long novel has a few hundred). */
export const MAX_CHAPTERS = 20_000;
/** More pictures, stylesheets and fonts than any real book has. */
export const MAX_RESOURCES = 20_000;
/** More table-of-contents entries than any real book has. */
export const MAX_TOC_ENTRIES = 50_000;
/** Deeper levels are listed flat under the last one: readers indent no further anyway. */
export const MAX_TOC_DEPTH = 8;

export interface WriteEpubOptions {
  /** the dcterms:modified date and the zip's file times; now by default */
  modified?: Date;
  /** fractions 0 to 1: links rewritten chapter by chapter, then each file zipped */
  onProgress?: (fraction: number) => void;
}

/** A file of the zip: its bytes, its compression level (0: stored) and its time. */
type ZipInput = [Uint8Array, { level?: 0 | 6; mtime: Date }];

/** The share of the work rewriting links stands for; zipping the files is the rest. */
const LINKS_SHARE = 0.3;

const XHTML_NS = "http://www.w3.org/1999/xhtml";
const EPUB_NS = "http://www.idpf.org/2007/ops";
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/svg+xml", "image/webp"]);

/** What an extension means when a resource comes without a media type. */
const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", gif: "image/gif", svg: "image/svg+xml",
  webp: "image/webp", css: "text/css", ttf: "font/ttf", otf: "font/otf", woff: "font/woff",
  woff2: "font/woff2", mp3: "audio/mpeg", mp4: "video/mp4", js: "application/javascript",
  xhtml: "application/xhtml+xml", html: "application/xhtml+xml", smil: "application/smil+xml",
};

interface PlacedChapter {
  source: BookChapter;
  /** path inside OEBPS/ */
  path: string;
  id: string;
  /** ids its body defines: links to other anchors would dangle */
  anchors: Set<string>;
  title: string;
  body: string;
  properties: string[];
}

interface PlacedResource {
  source: BookResource;
  path: string;
  id: string;
  mediaType: string;
}

interface NavPoint {
  title: string;
  /** path inside OEBPS/, with its #fragment */
  target: string;
  children: NavPoint[];
}

/** Writes `book` as an EPUB 3 file (with EPUB 2 fallbacks). */
export function writeEpub(book: Book, options: WriteEpubOptions = {}): Uint8Array {
  if (book.chapters.length > MAX_CHAPTERS) {
    throw new EbookError(`The book has ${book.chapters.length} chapters; at most ${MAX_CHAPTERS} can be written.`, "too-large");
  }
  if (book.resources.length > MAX_RESOURCES) {
    throw new EbookError(`The book has ${book.resources.length} pictures and other files; at most ${MAX_RESOURCES} can be written.`, "too-large");
  }
  const modified = options.modified !== undefined && Number.isFinite(options.modified.getTime()) ? options.modified : new Date();
  const title = cleanText(book.metadata.title) || "Untitled";
  const language = languageTag(book.metadata.language);
  const names = new NameBook();
  const ids = new Set<string>(["nav", "ncx", "bookid", "cover-page"]);

  const resources = book.resources.map((resource, index): PlacedResource => {
    const path = names.claim(resource.href, `file-${index + 1}`);
    const mediaType = resource.mediaType.trim().toLowerCase() || guessType(path);
    return { source: resource, path, id: uniqueId(`res-${baseName(path)}`, ids), mediaType };
  });
  const resourceByHref = new Map<string, PlacedResource>();
  for (const resource of resources) {
    const key = normalizeBookHref(resource.source.href);
    if (!resourceByHref.has(key)) resourceByHref.set(key, resource);
  }
  const cover = book.coverHref === undefined ? undefined : resourceByHref.get(normalizeBookHref(book.coverHref));
  const coverImage = cover !== undefined && IMAGE_TYPES.has(cover.mediaType) ? cover : undefined;

  const sources: BookChapter[] = book.chapters.length > 0 ? book.chapters : [{ href: "title.xhtml", title, body: `<h1>${escapeXml(title)}</h1>` }];
  const chapters = sources.map((chapter, index): PlacedChapter => {
    const path = names.claim(chapter.href, `chapter-${index + 1}.xhtml`, ".xhtml");
    const body = checkedBody(chapter, index);
    return {
      source: chapter,
      path,
      id: uniqueId(`ch-${baseName(path)}`, ids),
      anchors: anchorsOf(body),
      title: cleanText(chapter.title ?? "") || firstHeading(body) || "",
      body,
      properties: [],
    };
  });
  const chapterByHref = new Map<string, PlacedChapter>();
  for (const chapter of chapters) {
    const key = normalizeBookHref(chapter.source.href);
    if (!chapterByHref.has(key)) chapterByHref.set(key, chapter);
  }

  // a cover page first, when the book has a cover picture but no cover chapter
  if (coverImage !== undefined && !chapters.some((chapter) => chapter.source.role === "cover")) {
    const body = `<section style="text-align: center"><img src="${escapeXml(coverImage.path)}" alt="${escapeXml(title)}" style="max-width: 100%; max-height: 100%"/></section>`;
    chapters.unshift({ source: { href: "cover.xhtml", body, role: "cover" }, path: "cover.xhtml", id: "cover-page", anchors: new Set(), title: "Cover", body, properties: [] });
  }

  const resolve: Resolver = (from, link) => {
    const hash = link.indexOf("#");
    const path = hash < 0 ? link : link.slice(0, hash);
    const fragment = hash < 0 ? "" : link.slice(hash + 1);
    if (path === "") return from === undefined ? undefined : { chapter: from, fragment };
    const candidates = [normalizeBookHref(path)];
    if (from !== undefined) candidates.push(normalizeBookHref(`${from.source.href.split("/").slice(0, -1).join("/")}/${path}`));
    for (const key of candidates) {
      const chapter = chapterByHref.get(key);
      if (chapter !== undefined) return { chapter, fragment };
      const resource = resourceByHref.get(key);
      if (resource !== undefined) return { resource, fragment };
    }
    return undefined;
  };

  const report = options.onProgress ?? (() => {});
  chapters.forEach((chapter, index) => {
    if (chapter.id !== "cover-page") chapter.body = rewriteLinks(chapter, resolve);
    report((LINKS_SHARE * (index + 1)) / chapters.length);
  });

  const nav = navPoints(book.toc, chapters, resolve);
  const files: Record<string, ZipInput> = {};
  // zip file times can only say 1980 to 2099
  const mtime = new Date(Math.min(Math.max(modified.getTime(), Date.UTC(1980, 0, 2)), Date.UTC(2099, 11, 30)));
  files["mimetype"] = [strToU8("application/epub+zip"), { level: 0, mtime }];
  files["META-INF/container.xml"] = [strToU8(containerXml()), { mtime }];
  const identifier = cleanText(book.metadata.identifier ?? "") || `urn:uuid:${crypto.randomUUID()}`;
  files["OEBPS/content.opf"] = [strToU8(packageXml(book, { title, language, identifier, modified, chapters, resources, coverImage })), { mtime }];
  files["OEBPS/nav.xhtml"] = [strToU8(navXhtml(title, language, nav, chapters)), { mtime }];
  files["OEBPS/toc.ncx"] = [strToU8(ncxXml(title, identifier, nav)), { mtime }];
  for (const chapter of chapters) {
    files[`OEBPS/${chapter.path}`] = [strToU8(chapterXhtml(chapter, title, language, resourceByHref, pageSize(book))), { mtime }];
  }
  for (const resource of resources) {
    // pictures and fonts are compressed already
    const level = /^(image\/(jpeg|png|gif|webp)|font\/woff2?|audio|video)/.test(resource.mediaType) ? 0 : 6;
    const data = resource.mediaType === "text/css" ? strToU8(rewriteCss(resource, (link) => resolve(undefined, siblingHref(resource.source.href, link)) ?? resolve(undefined, link))) : resource.source.data;
    files[`OEBPS/${resource.path}`] = [data, { level, mtime }];
  }
  return zipFiles(files, (fraction) => report(LINKS_SHARE + (1 - LINKS_SHARE) * fraction));
}

/** zipSync's result, file by file (fflate's synchronous Zip), so progress can be told as each is done. */
function zipFiles(files: Readonly<Record<string, ZipInput>>, onProgress: (fraction: number) => void): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  const names = Object.keys(files);
  names.forEach((name, index) => {
    const [data, { level = 6, mtime }] = files[name]!;
    const entry = level === 0 ? new ZipPassThrough(name) : new ZipDeflate(name, { level });
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(data, true);
    onProgress((index + 1) / names.length);
  });
  zip.end();
  return concatBytes(chunks);
}

function cleanText(text: string): string {
  return stripNonXml(text).replace(/\s+/g, " ").trim();
}

function languageTag(language: string): string {
  const tag = language.trim();
  return /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) ? tag : "und";
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]*$/, "");
}

function guessType(path: string): string {
  const extension = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  return TYPES_BY_EXTENSION[extension] ?? "application/octet-stream";
}

/** The body with entities fixed, refused with a clear message when it is not well-formed XML. */
function checkedBody(chapter: BookChapter, index: number): string {
  const body = fixEntities(chapter.body);
  const result = XMLValidator.validate(`<body xmlns:epub="${EPUB_NS}">${body}</body>`);
  if (result !== true) {
    const name = cleanText(chapter.title ?? "") || `number ${index + 1}`;
    throw new EbookError(`Chapter ${name} is not well-formed XHTML (line ${result.err.line}: ${result.err.msg}).`, "damaged");
  }
  return body;
}

/** A start tag with its attributes (quoted values may hold ">"). */
const START_TAG = /<([A-Za-z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /(\s)([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

function anchorsOf(body: string): Set<string> {
  const anchors = new Set<string>();
  for (const tag of body.matchAll(START_TAG)) {
    for (const attribute of (tag[2] ?? "").matchAll(ATTRIBUTE)) {
      if (attribute[2] === "id" || attribute[2] === "xml:id") anchors.add(unescapeXml(attribute[4] ?? attribute[5] ?? ""));
    }
  }
  return anchors;
}

function firstHeading(body: string): string | undefined {
  const match = /<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/.exec(body);
  if (match === null) return undefined;
  return cleanText(unescapeXml((match[1] ?? "").replace(/<[^>]*>/g, " "))) || undefined;
}

/** Where a link leads: a chapter or a resource, and the #fragment it names ("" for none). */
interface Target {
  chapter?: PlacedChapter;
  resource?: PlacedResource;
  fragment: string;
}

type Resolver = (from: PlacedChapter | undefined, link: string) => Target | undefined;

/** The link written in `from` for a resolved target: relative, with the fragment only if it exists. */
function linkFrom(fromPath: string, target: Target, samePlace: boolean): string | undefined {
  if (target.chapter !== undefined) {
    const anchor = target.fragment !== "" && target.chapter.anchors.has(target.fragment) ? `#${target.fragment}` : "";
    if (samePlace) return anchor === "" ? undefined : anchor;
    return relativeHref(fromPath, target.chapter.path) + anchor;
  }
  if (target.resource !== undefined) return relativeHref(fromPath, target.resource.path) + (target.fragment === "" ? "" : `#${target.fragment}`);
  return undefined;
}

const LINK_ATTRIBUTES = new Set(["href", "src", "xlink:href", "poster"]);

/** Rewrites href/src to the files' new names; notes what the EPUB 3 manifest must declare. */
function rewriteLinks(chapter: PlacedChapter, resolve: Resolver): string {
  const properties = new Set<string>();
  // a repeated id is invalid: links keep going to the first, later ones are renamed
  const seenIds = new Set<string>();
  const allIds = new Set(chapter.anchors);
  const body = chapter.body.replace(START_TAG, (tag, name: string, attributes: string) => {
    const element = name.toLowerCase().replace(/^.*:/, "");
    if (element === "svg") properties.add("svg");
    if (element === "math") properties.add("mathml");
    if (element === "script") properties.add("scripted");
    let missingPicture = false;
    const rewritten = attributes.replace(ATTRIBUTE, (whole, space: string, attribute: string, _quoted: string, double?: string, single?: string) => {
      if (attribute === "id") {
        const id = unescapeXml(double ?? single ?? "");
        if (!seenIds.has(id)) {
          seenIds.add(id);
          return whole;
        }
        return `${space}id="${uniqueId(id, allIds)}"`;
      }
      if (!LINK_ATTRIBUTES.has(attribute.toLowerCase())) return whole;
      const link = unescapeXml(double ?? single ?? "").trim();
      if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith("//")) {
        if (attribute !== "href" || element !== "a") properties.add("remote-resources");
        // a web address written with spaces or other characters URLs cannot hold (epubcheck's RSC-020)
        return /[\s"<>\\^`{|}]/.test(link) ? `${space}${attribute}="${escapeXml(validUrl(link))}"` : whole;
      }
      const target = resolve(chapter, link);
      const samePlace = target?.chapter === chapter;
      const written = target === undefined ? undefined : linkFrom(chapter.path, target, samePlace);
      if (written === undefined) {
        // a link to nothing is dropped; a picture's source is kept only while the tag needs it
        if (attribute !== "href") missingPicture = true;
        return attribute === "href" ? "" : whole;
      }
      return `${space}${attribute}="${escapeXml(written)}"`;
    });
    // a picture the book does not have would be an error in every checker: its alt text stands in
    if (missingPicture && element === "img" && rewritten.trimEnd().endsWith("/")) {
      return /\salt\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(rewritten)?.slice(1).find((alt) => alt !== undefined) ?? "";
    }
    return `<${name}${rewritten}>`;
  });
  chapter.properties = [...properties];
  return body;
}

/** `link` percent-encoded where it holds characters a URL cannot (its existing escapes kept). */
function validUrl(link: string): string {
  let plain = link;
  try {
    plain = decodeURI(link);
  } catch {
    // a broken escape: encode what is there
  }
  return encodeURI(plain.replace(/\s+/g, " ").trim());
}

function navPoints(toc: readonly TocEntry[], chapters: readonly PlacedChapter[], resolve: Resolver): NavPoint[] {
  let count = 0;
  const convert = (entries: readonly TocEntry[], depth: number): NavPoint[] => {
    const points: NavPoint[] = [];
    for (const entry of entries) {
      if (++count > MAX_TOC_ENTRIES) {
        throw new EbookError(`The table of contents has more than ${MAX_TOC_ENTRIES} entries.`, "too-much-work");
      }
      const children = depth >= MAX_TOC_DEPTH ? flatten(entry.children).map((child): TocEntry => ({ ...child, children: [] })) : entry.children;
      const converted = convert(children, depth + 1);
      const target = resolve(undefined, entry.target.trim());
      if (target?.chapter === undefined) {
        points.push(...converted); // an entry pointing nowhere gives its place to its children
        continue;
      }
      const anchor = target.fragment !== "" && target.chapter.anchors.has(target.fragment) ? `#${target.fragment}` : "";
      points.push({ title: cleanText(entry.title) || target.chapter.title || "Untitled", target: target.chapter.path + anchor, children: converted });
    }
    return points;
  };
  const points = convert(toc, 1);
  if (points.length > 0) return points;
  // no usable table of contents: one entry per chapter
  return chapters.map((chapter, index) => ({ title: chapter.title || `Chapter ${index + 1}`, target: chapter.path, children: [] }));
}

/** All descendants of `entries` in reading order, without recursion (a hostile tree may be deep). */
function flatten(entries: readonly TocEntry[]): TocEntry[] {
  const out: TocEntry[] = [];
  const stack: TocEntry[] = entries.toReversed();
  while (stack.length > 0) {
    const entry = stack.pop()!;
    out.push(entry);
    if (out.length > MAX_TOC_ENTRIES) throw new EbookError(`The table of contents has more than ${MAX_TOC_ENTRIES} entries.`, "too-much-work");
    for (let i = entry.children.length - 1; i >= 0; i--) stack.push(entry.children[i]!);
  }
  return out;
}

/** `link` read from the folder of the book file `from` (CSS links are relative to the sheet). */
function siblingHref(from: string, link: string): string {
  const folder = from.split("/").slice(0, -1).join("/");
  return folder === "" ? link : `${folder}/${link}`;
}

/** A stylesheet with its url() and @import links pointed at the files' new names. */
function rewriteCss(sheet: PlacedResource, resolve: (link: string) => Target | undefined): string {
  const css = new TextDecoder().decode(sheet.source.data);
  const relink = (whole: string, link: string, wrap: (href: string) => string): string => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith("//") || link.startsWith("#")) return whole;
    const target = resolve(link.trim());
    if (target?.resource === undefined) return whole;
    return wrap(relativeHref(sheet.path, target.resource.path) + (target.fragment === "" ? "" : `#${target.fragment}`));
  };
  return css
    .replace(/url\(\s*(["']?)([^"')]*)\1\s*\)/g, (whole, _quote: string, link: string) => relink(whole, link, (href) => `url("${href}")`))
    .replace(/@import\s+(["'])([^"']*)\1/g, (whole, _quote: string, link: string) => relink(whole, link, (href) => `@import "${href}"`));
}

function containerXml(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;
}

interface PackageParts {
  title: string;
  language: string;
  identifier: string;
  modified: Date;
  chapters: readonly PlacedChapter[];
  resources: readonly PlacedResource[];
  coverImage: PlacedResource | undefined;
}

/** A W3CDTF date (what dc:date must be), or undefined for anything else. */
function w3cDate(date: string | undefined): string | undefined {
  const text = date?.trim() ?? "";
  return /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/.test(text) ? text : undefined;
}

function packageXml(book: Book, parts: PackageParts): string {
  const { metadata } = book;
  const lines: string[] = [];
  lines.push(`    <dc:identifier id="bookid">${escapeXml(parts.identifier)}</dc:identifier>`);
  lines.push(`    <dc:title id="title">${escapeXml(parts.title)}</dc:title>`);
  lines.push(`    <dc:language>${escapeXml(parts.language)}</dc:language>`);
  metadata.authors.map(cleanText).filter((author) => author !== "").forEach((author, index) => {
    lines.push(`    <dc:creator id="creator${index + 1}">${escapeXml(author)}</dc:creator>`);
    lines.push(`    <meta refines="#creator${index + 1}" property="role" scheme="marc:relators">aut</meta>`);
  });
  const publisher = cleanText(metadata.publisher ?? "");
  if (publisher !== "") lines.push(`    <dc:publisher>${escapeXml(publisher)}</dc:publisher>`);
  const description = stripNonXml(metadata.description ?? "").trim();
  if (description !== "") lines.push(`    <dc:description>${escapeXml(description)}</dc:description>`);
  const date = w3cDate(metadata.date);
  if (date !== undefined) lines.push(`    <dc:date>${date}</dc:date>`);
  for (const subject of metadata.subjects ?? []) {
    if (cleanText(subject) !== "") lines.push(`    <dc:subject>${escapeXml(cleanText(subject))}</dc:subject>`);
  }
  lines.push(`    <meta property="dcterms:modified">${parts.modified.toISOString().replace(/\.\d+Z$/, "Z")}</meta>`);
  const series = cleanText(metadata.series ?? "");
  if (series !== "") {
    lines.push(`    <meta property="belongs-to-collection" id="series">${escapeXml(series)}</meta>`);
    lines.push(`    <meta refines="#series" property="collection-type">series</meta>`);
    // calibre and older readers know the series from these
    lines.push(`    <meta name="calibre:series" content="${escapeXml(series)}"/>`);
    if (metadata.seriesIndex !== undefined && Number.isFinite(metadata.seriesIndex)) {
      lines.push(`    <meta refines="#series" property="group-position">${metadata.seriesIndex}</meta>`);
      lines.push(`    <meta name="calibre:series_index" content="${metadata.seriesIndex}"/>`);
    }
  }
  if (parts.coverImage !== undefined) lines.push(`    <meta name="cover" content="${parts.coverImage.id}"/>`);
  // picture books, comics and manga stay one page a picture
  if (book.layout?.fixed) {
    lines.push(`    <meta property="rendition:layout">pre-paginated</meta>`);
    lines.push(`    <meta property="rendition:spread">auto</meta>`);
  }

  const manifest: string[] = [
    `    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>`,
    `    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>`,
  ];
  for (const chapter of parts.chapters) {
    const properties = chapter.properties.length > 0 ? ` properties="${chapter.properties.join(" ")}"` : "";
    manifest.push(`    <item id="${chapter.id}" href="${escapeXml(chapter.path)}" media-type="application/xhtml+xml"${properties}/>`);
  }
  for (const resource of parts.resources) {
    const properties = resource === parts.coverImage ? ` properties="cover-image"` : "";
    manifest.push(`    <item id="${resource.id}" href="${escapeXml(resource.path)}" media-type="${escapeXml(resource.mediaType)}"${properties}/>`);
  }
  const spine = parts.chapters.map((chapter) => `    <itemref idref="${chapter.id}"/>`);
  const guide = parts.chapters[0]?.source.role === "cover" ? `  <guide>\n    <reference type="cover" title="Cover" href="${escapeXml(parts.chapters[0].path)}"/>\n  </guide>\n` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid" xml:lang="${escapeXml(parts.language)}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
${lines.join("\n")}
  </metadata>
  <manifest>
${manifest.join("\n")}
  </manifest>
  <spine toc="ncx"${book.layout?.rightToLeft ? ` page-progression-direction="rtl"` : ""}>
${spine.join("\n")}
  </spine>
${guide}</package>
`;
}

/** A fixed-layout page's size (CSS pixels): the book's, else a Kindle Paperwhite screen. */
function pageSize(book: Book): { width: number; height: number } | undefined {
  if (!book.layout?.fixed) return undefined;
  const { width = 1072, height = 1448 } = book.layout;
  return { width, height };
}

/** What a fixed-layout page's head adds: its viewport (EPUB 3 needs it) and a page that the picture fills. */
function fixedPageHead(size: { width: number; height: number } | undefined): string {
  if (size === undefined) return "";
  return `<meta name="viewport" content="width=${size.width}, height=${size.height}"/>
<style>html, body { margin: 0; padding: 0; width: ${size.width}px; height: ${size.height}px; } .picture-page { width: 100%; height: 100%; text-align: center; } .picture-page img { max-width: 100%; max-height: 100%; }</style>
`;
}

function xhtmlHead(title: string, language: string, links: readonly string[], xlink = false, extra = ""): string {
  // SVG pictures in a chapter may link with xlink:href, which needs its namespace declared
  const xlinkNs = xlink ? ` xmlns:xlink="http://www.w3.org/1999/xlink"` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="${XHTML_NS}" xmlns:epub="${EPUB_NS}"${xlinkNs} lang="${escapeXml(language)}" xml:lang="${escapeXml(language)}">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
${extra}${links.map((href) => `<link rel="stylesheet" type="text/css" href="${escapeXml(href)}"/>\n`).join("")}</head>
`;
}

function chapterXhtml(chapter: PlacedChapter, bookTitle: string, language: string, resources: ReadonlyMap<string, PlacedResource>, page?: { width: number; height: number }): string {
  const links: string[] = [];
  for (const href of chapter.source.stylesheets ?? []) {
    const sheet = resources.get(normalizeBookHref(href));
    if (sheet !== undefined && sheet.mediaType === "text/css") links.push(relativeHref(chapter.path, sheet.path));
  }
  const role = chapter.source.role === "notes" ? ` epub:type="backmatter"` : chapter.source.role === "cover" ? ` epub:type="cover"` : "";
  const xlink = chapter.body.includes("xlink:") && !/xmlns:xlink\s*=/.test(chapter.body);
  return `${xhtmlHead(chapter.title || bookTitle, language, links, xlink, fixedPageHead(page))}<body${role}>
${chapter.body}
</body>
</html>
`;
}

function navList(points: readonly NavPoint[], indent: string): string {
  const items = points.map((point) => {
    const children = point.children.length > 0 ? `\n${navList(point.children, `${indent}  `)}\n${indent}  ` : "";
    return `${indent}  <li><a href="${escapeXml(point.target)}">${escapeXml(point.title)}</a>${children}</li>`;
  });
  return `${indent}<ol>\n${items.join("\n")}\n${indent}</ol>`;
}

function navXhtml(title: string, language: string, nav: readonly NavPoint[], chapters: readonly PlacedChapter[]): string {
  const landmarks: string[] = [];
  const cover = chapters.find((chapter) => chapter.source.role === "cover");
  if (cover !== undefined) landmarks.push(`      <li><a epub:type="cover" href="${escapeXml(cover.path)}">Cover</a></li>`);
  const start = chapters.find((chapter) => chapter.source.role === undefined || chapter.source.role === "body") ?? chapters.find((chapter) => chapter.source.role !== "cover");
  if (start !== undefined) landmarks.push(`      <li><a epub:type="bodymatter" href="${escapeXml(start.path)}">Start</a></li>`);
  // an empty list is invalid, so no landmarks means no landmarks nav
  const landmarkNav = landmarks.length === 0 ? "" : `  <nav epub:type="landmarks" id="landmarks" hidden="hidden">
    <h2>Landmarks</h2>
    <ol>
${landmarks.join("\n")}
    </ol>
  </nav>
`;
  return `${xhtmlHead(title, language, [])}<body>
  <nav epub:type="toc" id="toc">
    <h1>Contents</h1>
${navList(nav, "    ")}
  </nav>
${landmarkNav}</body>
</html>
`;
}

function ncxXml(title: string, identifier: string, nav: readonly NavPoint[]): string {
  // epubcheck wants one playOrder per target: entries sharing a target share its number
  const orders = new Map<string, number>();
  let count = 0;
  let depth = 0;
  const points = (list: readonly NavPoint[], level: number, indent: string): string =>
    list
      .map((point) => {
        count++;
        let order = orders.get(point.target);
        if (order === undefined) {
          order = orders.size + 1;
          orders.set(point.target, order);
        }
        depth = Math.max(depth, level);
        const head = `${indent}<navPoint id="np-${count}" playOrder="${order}">\n${indent}  <navLabel><text>${escapeXml(point.title)}</text></navLabel>\n${indent}  <content src="${escapeXml(point.target)}"/>`;
        const children = point.children.length > 0 ? `\n${points(point.children, level + 1, `${indent}  `)}` : "";
        return `${head}${children}\n${indent}</navPoint>`;
      })
      .join("\n");
  const map = points(nav, 1, "    ");
  return `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
  <head>
    <meta name="dtb:uid" content="${escapeXml(identifier)}"/>
    <meta name="dtb:depth" content="${depth}"/>
    <meta name="dtb:totalPageCount" content="0"/>
    <meta name="dtb:maxPageNumber" content="0"/>
  </head>
  <docTitle><text>${escapeXml(title)}</text></docTitle>
  <navMap>
${map}
  </navMap>
</ncx>
`;
}
