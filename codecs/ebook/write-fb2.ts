// The FB2 writer (issue 16): a Book becomes one FictionBook 2.0 file, UTF-8 XML. The description
// carries the metadata and the cover; each chapter is a top-level section of the main body (its
// headings nested sections, ./fb2-sections.ts), the chapters marked as notes make the notes body
// with one section per footnote, and the JPEG and PNG pictures are stored as base64 binaries (FB2
// readers know no other kinds: the rest are left out with a note). Links between chapters become
// in-file "#id" links; links to footnotes are typed as notes.
import { pictureInfo } from "../document/image-info.ts";
import { base64Encode } from "../svg/base64.ts";
import { safeDecodeUri } from "./epub-paths.ts";
import type { Book, BookChapter, BookWriteOptions } from "./book.ts";
import { EbookError } from "./ebook-error.ts";
import { normalizeBookHref, uniqueId, unescapeXml } from "./epub-names.ts";
import { escapeAttribute, escapeText, parseXml } from "./epub-xml.ts";
import { Fb2Walker, type Fb2Block, type Fb2Links } from "./fb2-blocks.ts";
import { chapterSection, noteSections, sectionXml, type Fb2Section } from "./fb2-sections.ts";

/** More chapters than any real book has (a long novel has a few hundred). */
export const MAX_CHAPTERS = 20_000;
/** More pictures than any real book has. */
export const MAX_PICTURES = 20_000;

const FB2_NS = "http://www.gribuser.ru/xml/fictionbook/2.0";
const XLINK_NS = "http://www.w3.org/1999/xlink";
const PROGRAM = "Convert (issue 16 FB2 writer)";
const EXTERNAL = /^(https?:|mailto:|ftp:)/i;
const START_TAG = /<([A-Za-z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ID_ATTRIBUTE = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const KIND_NAMES: Readonly<Record<string, string>> = { gif: "GIF", bmp: "BMP", webp: "WebP", tiff: "TIFF", svg: "SVG", emf: "EMF", wmf: "WMF", unknown: "unrecognised" };

interface Binary {
  id: string;
  mediaType: "image/jpeg" | "image/png";
  data: Uint8Array;
}

interface Prepared {
  source: BookChapter;
  index: number;
  id: string;
  /** XHTML id → FB2 id */
  ids: Map<string, string>;
  blocks: Fb2Block[];
}



/**
 * Writes `book` as an FB2 file; the pictures it had to leave out are added to `book.notes`, which
 * the pipeline shows with the result. Throws EbookError "too-large" past the chapter or picture limits.
 */
export function writeFb2(book: Book, options: BookWriteOptions = {}): Uint8Array {
  if (book.chapters.length > MAX_CHAPTERS) throw new EbookError(`The book has ${book.chapters.length} chapters; at most ${MAX_CHAPTERS} can be written.`, "too-large");
  if (book.resources.length > MAX_PICTURES) throw new EbookError(`The book has ${book.resources.length} pictures and other files; at most ${MAX_PICTURES} can be written.`, "too-large");
  const report = options.onProgress ?? (() => {});
  const modified = options.modified !== undefined && Number.isFinite(options.modified.getTime()) ? options.modified : new Date();
  const used = new Set<string>();
  const notes = book.notes;

  // pictures: JPEG and PNG only
  const binaries = new Map<string, Binary>();
  const dropped = new Map<string, number>();
  for (const resource of book.resources) {
    const kind = pictureInfo(resource.data).kind;
    const key = normalizeBookHref(resource.href);
    if (kind === "jpeg" || kind === "png") {
      if (binaries.has(key)) continue;
      const base = key.split("/").pop() ?? "image";
      binaries.set(key, { id: uniqueId(base, used), mediaType: kind === "png" ? "image/png" : "image/jpeg", data: resource.data });
    } else if (resource.mediaType.startsWith("image/")) dropped.set(KIND_NAMES[kind] ?? kind, (dropped.get(KIND_NAMES[kind] ?? kind) ?? 0) + 1);
  }
  if (dropped.size > 0) {
    const count = [...dropped.values()].reduce((a, b) => a + b, 0);
    notes.push(`${count === 1 ? "1 picture was" : `${count} pictures were`} left out (${[...dropped.keys()].join(", ")}): FB2 books hold only JPEG and PNG pictures.`);
  }
  const cover = book.coverHref === undefined ? undefined : binaries.get(normalizeBookHref(book.coverHref));

  // a cover chapter only shows the cover picture, which FB2 keeps in its description
  const sources = book.chapters.filter((chapter) => !(chapter.role === "cover" && cover !== undefined));
  const chapters: Prepared[] = sources.map((source, index) => {
    return { source, index, id: uniqueId(`ch-${index + 1}`, used), ids: new Map(), blocks: [] };
  });
  const chapterByHref = new Map<string, Prepared>();
  for (const chapter of chapters) {
    const key = normalizeBookHref(chapter.source.href);
    if (!chapterByHref.has(key)) chapterByHref.set(key, chapter);
    // ids from the text, so no chapter's tree is kept while the others are written
    for (const tag of chapter.source.body.matchAll(START_TAG)) {
      for (const attribute of (tag[2] ?? "").matchAll(ID_ATTRIBUTE)) {
        const id = unescapeXml(attribute[1] ?? attribute[2] ?? "");
        if (id !== "" && !chapter.ids.has(id)) chapter.ids.set(id, uniqueId(id, used));
      }
    }
  }

  const redirects = new Map<string, string>();
  const redirect = (from: string, to: string): void => {
    if (from !== to && !redirects.has(from)) redirects.set(from, to);
  };
  const noteTargets = new Set<string>();

  chapters.forEach((chapter, index) => {
    const dir = chapter.source.href.split("/").slice(0, -1).join("/");
    const links: Fb2Links = {
      idOf: (id) => chapter.ids.get(id),
      binaryOf: (src) => binaries.get(normalizeBookHref(src))?.id ?? binaries.get(normalizeBookHref(`${dir}/${src}`))?.id,
      link: (href) => {
        const trimmed = href.trim();
        if (EXTERNAL.test(trimmed)) return { href: trimmed, note: false };
        const hash = trimmed.indexOf("#");
        const path = hash < 0 ? trimmed : trimmed.slice(0, hash);
        const fragment = hash < 0 ? "" : safeDecodeUri(trimmed.slice(hash + 1));
        const target = path === "" ? chapter : (chapterByHref.get(normalizeBookHref(path)) ?? chapterByHref.get(normalizeBookHref(`${dir}/${path}`)));
        if (target === undefined) return undefined;
        const id = fragment === "" ? undefined : target.ids.get(fragment);
        const note = target.source.role === "notes" && chapter.source.role !== "notes" && id !== undefined;
        if (note) noteTargets.add(id);
        return { href: `#${id ?? target.id}`, note };
      },
      redirect,
    };
    // the book's title as the FB2 reader shows it atop its first chapter: the body's <title> says it again
    const body = index === 0 ? chapter.source.body.replace(/^<p class="book-title">[\s\S]*?<\/p>/, "") : chapter.source.body;
    const tree = parseXml(body, "html", `chapter ${index + 1}`);
    const { blocks, leftover } = new Fb2Walker(links).walk(tree.children);
    // ids that landed on no element belong to the chapter as a whole
    for (const id of leftover) redirect(id, chapter.id);
    chapter.blocks = blocks;
    report(((index + 1) / Math.max(1, chapters.length)) * 0.9);
  });

  const resolve = (id: string): string => {
    let current = id;
    for (let step = 0; step < 32 && redirects.has(current); step++) current = redirects.get(current)!;
    return current;
  };
  const resolvedTargets = new Set([...noteTargets].map(resolve));

  const mainSections: Fb2Section[] = [];
  const notesSections: Fb2Section[] = [];
  let notesTitle: string | undefined;
  for (const chapter of chapters) {
    if (chapter.source.role === "notes") {
      const part = noteSections(chapter.blocks, (id) => resolvedTargets.has(id), chapter.id, redirect);
      notesTitle ??= part.title;
      notesSections.push(...part.sections);
    } else mainSections.push(chapterSection(chapter.blocks, chapter.id, redirect));
  }
  if (mainSections.length === 0) mainSections.push({ title: escapeText(book.metadata.title || "Untitled"), blocks: [], children: [] });

  const title = book.metadata.title.trim() || "Untitled";
  const parts: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>\n<FictionBook xmlns="${FB2_NS}" xmlns:l="${XLINK_NS}">\n`,
    descriptionXml(book, title, cover?.id, modified),
    `<body><title><p>${escapeText(title)}</p></title>\n`,
    ...mainSections.map((s) => `${sectionXml(s)}\n`),
    "</body>\n",
  ];
  if (notesSections.length > 0) {
    parts.push(`<body name="notes"><title><p>${notesTitle ?? "Notes"}</p></title>\n`, ...notesSections.map((s) => `${sectionXml(s)}\n`), "</body>\n");
  }
  let xml = parts.join("");
  // every link to an id that landed on no element goes where that id was redirected
  const landed = new Set<string>();
  for (const match of xml.matchAll(/\sid="([^"]*)"/g)) landed.add(match[1]!);
  for (const binary of binaries.values()) landed.add(binary.id);
  const fallback = mainSections[0]?.id ?? chapters[0]?.id;
  xml = xml.replace(/ l:href="#([^"]*)"/g, (whole, id: string) => {
    if (landed.has(id)) return whole;
    const target = resolve(id);
    return ` l:href="#${landed.has(target) ? target : (fallback ?? target)}"`;
  });
  const binaryParts: string[] = [];
  for (const binary of binaries.values()) binaryParts.push(`<binary id="${binary.id}" content-type="${binary.mediaType}">${base64Encode(binary.data)}</binary>\n`);
  const out = new TextEncoder().encode(`${xml}${binaryParts.join("")}</FictionBook>\n`);
  report(1);
  return out;
}

/** FB2's person: first, middle and last names from "First Middle Last". */
function authorXml(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => w !== "");
  if (words.length === 0) return "";
  if (words.length === 1) return `<author><first-name></first-name><last-name>${escapeText(words[0]!)}</last-name></author>`;
  const first = words[0]!;
  const last = words[words.length - 1]!;
  const middle = words.slice(1, -1).join(" ");
  return `<author><first-name>${escapeText(first)}</first-name>${middle === "" ? "" : `<middle-name>${escapeText(middle)}</middle-name>`}<last-name>${escapeText(last)}</last-name></author>`;
}

function descriptionXml(book: Book, title: string, coverId: string | undefined, modified: Date): string {
  const meta = book.metadata;
  const lines: string[] = ["<description>", "<title-info>"];
  // FB2 genres are codes from its own list ("sf", "prose_classic"); other subjects are not genres
  const genres = (meta.subjects ?? []).filter((s) => /^[a-z][a-z0-9_]*$/.test(s));
  for (const genre of genres.length > 0 ? genres : ["unrecognised"]) lines.push(`<genre>${escapeText(genre)}</genre>`);
  const authors = meta.authors.map(authorXml).filter((a) => a !== "");
  lines.push(...(authors.length > 0 ? authors : ["<author><nickname>Unknown</nickname></author>"]));
  lines.push(`<book-title>${escapeText(title)}</book-title>`);
  const description = meta.description?.trim();
  if (description) {
    const paragraphs = description.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p !== "");
    lines.push(`<annotation>${paragraphs.map((p) => `<p>${escapeText(p)}</p>`).join("")}</annotation>`);
  }
  if (meta.date?.trim()) lines.push(`<date>${escapeText(meta.date.trim())}</date>`);
  if (coverId !== undefined) lines.push(`<coverpage><image l:href="#${coverId}"/></coverpage>`);
  lines.push(`<lang>${escapeText(meta.language.trim() || "und")}</lang>`);
  if (meta.series?.trim()) {
    const number = meta.seriesIndex !== undefined && Number.isFinite(meta.seriesIndex) && meta.seriesIndex > 0 ? ` number="${Math.round(meta.seriesIndex)}"` : "";
    lines.push(`<sequence name="${escapeAttribute(meta.series.trim())}"${number}/>`);
  }
  lines.push("</title-info>", "<document-info>");
  lines.push(`<author><nickname>${escapeText(PROGRAM)}</nickname></author>`);
  lines.push(`<program-used>${escapeText(PROGRAM)}</program-used>`);
  const day = modified.toISOString().slice(0, 10);
  lines.push(`<date value="${day}">${day}</date>`);
  lines.push(`<id>${escapeText(meta.identifier?.trim() || crypto.randomUUID())}</id>`, "<version>1.0</version>", "</document-info>");
  if (meta.publisher?.trim()) lines.push(`<publish-info><publisher>${escapeText(meta.publisher.trim())}</publisher></publish-info>`);
  lines.push("</description>\n");
  return lines.join("\n");
}
