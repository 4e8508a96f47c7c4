// The FB2 reader (issue 16): FictionBook 2.0/2.1 XML, or a .fb2.zip holding one, into the book
// model. The XML is read twice: htmlparser2 builds a small tree (iteratively, with the nesting and
// count limits checked as it goes, so hostile files stop early), then fast-xml-parser's validator
// judges well-formedness, because htmlparser2 forgives what a strict reader would refuse and the
// visitor deserves the line and column of the break.
import { XMLValidator } from "fast-xml-parser";
import { Parser } from "htmlparser2";
import { CodecFailure } from "../common/codec-failure.ts";
import { pictureInfo } from "../document/image-info.ts";
import { listZip, readZipEntry } from "../document/zip-guard.ts";
import type { Book, BookChapter, BookMetadata, BookResource, TocEntry } from "./book.ts";
import { EbookError, type EbookErrorCode } from "./ebook-error.ts";

export interface Fb2Limits {
  /** the most bytes of FB2 XML (inside a zip too) */
  maxXmlBytes: number;
  /** the deepest element nesting */
  maxDepth: number;
  /** the most elements in the whole file */
  maxElements: number;
  /** the most sections, nested ones included */
  maxSections: number;
  /** the most chapters (top-level sections) */
  maxChapters: number;
  /** the most <binary> pictures */
  maxBinaries: number;
  /** the most base64 characters of all binaries together */
  maxBase64Chars: number;
}

const MB = 1024 * 1024;

/** Far beyond real books (a long novel with pictures is a few MB; nesting rarely passes 15). */
export const FB2_LIMITS: Fb2Limits = {
  maxXmlBytes: 100 * MB,
  maxDepth: 100,
  maxElements: 2_000_000,
  maxSections: 50_000,
  maxChapters: 5_000,
  maxBinaries: 2_000,
  maxBase64Chars: 96 * MB,
};

interface XElement {
  /** the local name, any namespace prefix dropped */
  name: string;
  attrs: Record<string, string>;
  children: XNode[];
}
type XNode = XElement | string;

const localName = (name: string): string => name.slice(name.indexOf(":") + 1);

function fail(message: string, code: EbookErrorCode = "damaged"): never {
  throw new EbookError(message, code);
}

/** An attribute by its local name: FB2 writers use l:href, xlink:href or plain href. */
function attr(element: XElement, name: string): string | undefined {
  if (element.attrs[name] !== undefined) return element.attrs[name];
  for (const [key, value] of Object.entries(element.attrs)) if (localName(key) === name) return value;
  return undefined;
}

const elements = (element: XElement, name?: string): XElement[] =>
  element.children.filter((child): child is XElement => typeof child !== "string" && (name === undefined || child.name === name));
const first = (element: XElement | undefined, name: string): XElement | undefined => element?.children.find((c): c is XElement => typeof c !== "string" && c.name === name);

/** The text of an element, whitespace collapsed. */
function textOf(node: XNode | undefined): string {
  if (node === undefined) return "";
  const parts: string[] = [];
  const walk = (n: XNode): void => {
    if (typeof n === "string") parts.push(n);
    else for (const c of n.children) walk(c);
  };
  walk(node);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** Names Russian FB2 writers put in the declaration that the Encoding Standard does not know. */
const ENCODING_ALIASES: Readonly<Record<string, string>> = { "win-1251": "windows-1251", windows1251: "windows-1251", "cp-1251": "windows-1251", "win1251": "windows-1251", utf8: "utf-8" };

/** The bytes as XML text, in the encoding its declaration names (UTF-8 when it names none). */
function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return new TextDecoder(bytes[0] === 0xff ? "utf-16le" : "utf-16be").decode(bytes);
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  const label = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1] ?? "utf-8";
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(ENCODING_ALIASES[label.trim().toLowerCase()] ?? label.trim().toLowerCase());
  } catch {
    return fail(`This FB2 book is written in the "${label}" character encoding, which this converter does not know.`, "unsupported");
  }
  return decoder.decode(bytes);
}

/** The FB2 XML of `bytes`: the file itself, or the one .fb2 inside a zip (zip-bomb checked). */
function fb2Bytes(bytes: Uint8Array, limits: Fb2Limits): Uint8Array {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (!isZip) {
    if (bytes.length > limits.maxXmlBytes) fail(`This FB2 book is ${Math.round(bytes.length / MB)} MB, beyond the ${limits.maxXmlBytes / MB} MB any real book stays under.`, "too-large");
    return bytes;
  }
  try {
    const entries = listZip(bytes, { maxTotalBytes: limits.maxXmlBytes, maxEntries: 100 });
    // macOS's zip adds "__MACOSX/._name.fb2" resource forks beside the real file
    const books = entries.filter((e) => e.name.toLowerCase().endsWith(".fb2") && !e.name.startsWith("__MACOSX/") && !/(^|\/)\._/.test(e.name));
    const book = books[0];
    if (book === undefined) fail("This zip holds no .fb2 file, so it is not a zipped FB2 book.");
    if (books.length > 1) fail(`This zip holds ${books.length} .fb2 files; a zipped FB2 book holds one.`, "unsupported");
    return readZipEntry(bytes, book);
  } catch (error) {
    // zip-guard speaks DocumentError: the same codes, said as an ebook failure
    if (error instanceof CodecFailure && !(error instanceof EbookError)) {
      const code: EbookErrorCode = error.code === "too-large" || error.code === "too-much-work" ? error.code : "damaged";
      throw new EbookError(error.message, code, { cause: error });
    }
    throw error;
  }
}

/** The element tree, with the limits checked as it grows. */
function buildTree(xml: string, limits: Fb2Limits): XElement {
  const root: XElement = { name: "#document", attrs: {}, children: [] };
  const stack: XElement[] = [root];
  const top = (): XElement => stack[stack.length - 1] ?? root;
  let count = 0;
  let sections = 0;
  let binaries = 0;
  let base64 = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (stack.length > limits.maxDepth) fail(`This FB2 book nests its elements more than ${limits.maxDepth} deep; real books never do.`, "too-much-work");
        if (++count > limits.maxElements) fail(`This FB2 book has more than ${limits.maxElements} elements, beyond any real book.`, "too-much-work");
        const element: XElement = { name: localName(name), attrs, children: [] };
        if (element.name === "section" && ++sections > limits.maxSections) fail(`This FB2 book has more than ${limits.maxSections} sections, beyond any real book.`, "too-much-work");
        if (element.name === "binary" && ++binaries > limits.maxBinaries) fail(`This FB2 book has more than ${limits.maxBinaries} pictures, beyond any real book.`, "too-much-work");
        top().children.push(element);
        stack.push(element);
      },
      ontext(text) {
        const parent = top();
        if (parent.name === "binary") {
          base64 += text.length;
          if (base64 > limits.maxBase64Chars) fail(`The pictures of this FB2 book take more than ${Math.round(limits.maxBase64Chars / MB)} MB of base64 text, beyond any real book.`, "too-large");
        }
        const last = parent.children[parent.children.length - 1];
        if (typeof last === "string") parent.children[parent.children.length - 1] = last + text;
        else parent.children.push(text);
      },
      onclosetag() {
        if (stack.length > 1) stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.write(xml);
  parser.end();
  return root;
}

function checkWellFormed(xml: string): void {
  const result = XMLValidator.validate(xml, { allowBooleanAttributes: false });
  if (result === true) return;
  const { line, col, msg } = result.err;
  fail(`This FB2 book's XML is broken at line ${line}, column ${col}: ${msg}`);
}

const escapeText = (text: string): string =>
  // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these controls; drop them
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (text: string): string => escapeText(text).replace(/"/g, "&quot;");

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif", "image/webp": "webp", "image/svg+xml": "svg", "image/bmp": "bmp" };
const SNIFFED: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", gif: "image/gif", webp: "image/webp", bmp: "image/bmp", svg: "image/svg+xml" };

function decodeBase64(text: string, id: string): Uint8Array {
  const clean = text.replace(/[\s]/g, "");
  let binary: string;
  try {
    binary = atob(clean);
  } catch {
    return fail(`The picture "${id}" of this FB2 book is not valid base64.`);
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** A file name from an FB2 id: ids may hold any XML name character, file names should not. */
const safeName = (id: string): string => id.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^[._]+/, "") || "image";

interface Context {
  /** binary id → resource href */
  images: Map<string, string>;
  /** element id → chapter href */
  anchors: Map<string, string>;
  /** ids already written, so a duplicate id is dropped rather than breaking the XHTML */
  written: Set<string>;
  /** inside an <a> being written */
  inLink?: boolean;
  notes: string[];
}

/**
 * An FB2 id as an XHTML id: FB2 writers put spaces and other characters in them that HTML ids and
 * URL fragments cannot hold, so every id and every link to one goes through here.
 */
export const htmlId = (id: string): string => id.trim().replace(/[\s#%"<>\\^`{|}]+/g, "_");

function linkTarget(href: string, ctx: Context): string {
  const trimmed = href.trim();
  if (!trimmed.startsWith("#")) {
    // a web address with spaces or other characters URLs cannot hold, as some FB2 writers leave them
    return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? encodeURI(safeDecode(trimmed)) : trimmed;
  }
  const id = htmlId(safeDecode(trimmed.slice(1)));
  const chapter = ctx.anchors.get(id);
  return chapter === undefined ? `#${id}` : `${chapter}#${id}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

function imageSrc(element: XElement, ctx: Context): string | undefined {
  const href = (attr(element, "href") ?? "").trim();
  // some writers forget the "#" before the binary's id
  return ctx.images.get(href.startsWith("#") ? href.slice(1) : href);
}

function idAttr(element: XElement, ctx: Context): string {
  const id = element.attrs.id === undefined ? undefined : htmlId(element.attrs.id);
  if (id === undefined || id === "" || ctx.written.has(id)) return "";
  ctx.written.add(id);
  return ` id="${escapeAttr(id)}"`;
}

const INLINE_TAGS: Record<string, string> = { emphasis: "em", strong: "strong", strikethrough: "del", sub: "sub", sup: "sup", code: "code", style: "span" };

function renderInline(nodes: readonly XNode[], ctx: Context): string {
  let out = "";
  for (const node of nodes) {
    if (typeof node === "string") {
      out += escapeText(node);
      continue;
    }
    const tag = INLINE_TAGS[node.name];
    if (tag !== undefined) out += `<${tag}>${renderInline(node.children, ctx)}</${tag}>`;
    else if (node.name === "a") {
      const href = ctx.inLink ? undefined : attr(node, "href");
      const note = attr(node, "type") === "note" ? ' class="noteref"' : "";
      if (href === undefined) out += renderInline(node.children, ctx);
      else {
        // a link inside a link is not allowed in XHTML: the inner one keeps its text only
        ctx.inLink = true;
        out += `<a href="${escapeAttr(linkTarget(href, ctx))}"${note}>${renderInline(node.children, ctx)}</a>`;
        ctx.inLink = false;
      }
    } else if (node.name === "image") out += renderImage(node, ctx);
    else out += renderInline(node.children, ctx);
  }
  return out;
}

function renderImage(element: XElement, ctx: Context): string {
  const src = imageSrc(element, ctx);
  if (src === undefined) {
    ctx.notes.push(`A picture (${attr(element, "href") ?? "no link"}) is missing from the book and was left out.`);
    return "";
  }
  const alt = attr(element, "alt") ?? attr(element, "title") ?? "";
  return `<img src="${escapeAttr(src)}" alt="${escapeAttr(alt)}"/>`;
}

/** A <title>'s paragraphs as one heading's content. */
const titleInline = (title: XElement, ctx: Context): string =>
  elements(title, "p")
    .map((p) => renderInline(p.children, ctx))
    .join("<br/>");

const titleText = (title: XElement): string =>
  elements(title, "p")
    .map((p) => textOf(p))
    .filter((t) => t !== "")
    .join(" ");

function renderTable(table: XElement, ctx: Context): string {
  let out = `<table${idAttr(table, ctx)}>`;
  for (const row of elements(table, "tr")) {
    out += "<tr>";
    for (const cell of elements(row)) {
      if (cell.name !== "td" && cell.name !== "th") continue;
      const span = ["colspan", "rowspan"]
        .filter((a) => /^\d{1,3}$/.test(cell.attrs[a] ?? ""))
        .map((a) => ` ${a}="${cell.attrs[a]}"`)
        .join("");
      out += `<${cell.name}${span}>${renderInline(cell.children, ctx)}</${cell.name}>`;
    }
    out += "</tr>";
  }
  return `${out}</table>`;
}

/** Block content: the children of a section, epigraph, cite, poem... */
function renderBlocks(nodes: readonly XNode[], depth: number, ctx: Context): string {
  let out = "";
  for (const node of nodes) {
    if (typeof node === "string") {
      // text straight inside a section, outside any <p>: kept as a paragraph
      if (node.trim() !== "") out += `<p>${escapeText(node.trim())}</p>`;
      continue;
    }
    const id = (): string => idAttr(node, ctx);
    switch (node.name) {
      case "p":
        out += `<p${id()}>${renderInline(node.children, ctx)}</p>`;
        break;
      case "subtitle":
        out += `<p${id()} class="subtitle"><strong>${renderInline(node.children, ctx)}</strong></p>`;
        break;
      case "text-author":
        out += `<p class="text-author">${renderInline(node.children, ctx)}</p>`;
        break;
      case "date":
        out += `<p class="date">${renderInline(node.children, ctx)}</p>`;
        break;
      case "v":
        out += `<p${id()}>${renderInline(node.children, ctx)}</p>`;
        break;
      case "empty-line":
        out += "<p>\u00a0</p>";
        break;
      case "image": {
        const img = renderImage(node, ctx);
        if (img !== "") out += `<div${id()} class="image">${img}</div>`;
        break;
      }
      case "title": {
        // a title inside a poem or stanza: not a heading of the outline
        out += `<p class="title"><strong>${titleInline(node, ctx)}</strong></p>`;
        break;
      }
      case "epigraph":
      case "poem":
      case "stanza":
      case "annotation":
        out += `<div${id()} class="${node.name}">${renderBlocks(node.children, depth, ctx)}</div>`;
        break;
      case "cite":
        out += `<blockquote${id()}>${renderBlocks(node.children, depth, ctx)}</blockquote>`;
        break;
      case "table":
        out += renderTable(node, ctx);
        break;
      case "section":
        out += renderSection(node, depth + 1, ctx);
        break;
      default:
        // inline markup or a link standing where paragraphs belong (sloppy writers): a paragraph of its own
        if (INLINE_TAGS[node.name] !== undefined || node.name === "a") out += `<p>${renderInline([node], ctx)}</p>`;
        else out += renderBlocks(node.children, depth, ctx);
    }
  }
  return out;
}

/** A section: its title as h1–h3 by depth (deeper ones stay h3), then its content. */
function renderSection(section: XElement, depth: number, ctx: Context): string {
  const title = first(section, "title");
  const level = Math.min(3, depth);
  const heading = title === undefined ? "" : `<h${level}${idAttr(section, ctx)}>${titleInline(title, ctx)}</h${level}>`;
  const body = renderBlocks(
    section.children.filter((c) => c !== title),
    depth,
    ctx,
  );
  if (title !== undefined) return heading + body;
  const id = idAttr(section, ctx);
  return id === "" ? body : `<div${id}>${body}</div>`;
}

/** The toc of a section's sub-sections that have titles. */
function tocOf(section: XElement, href: string): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const child of elements(section, "section")) {
    const title = first(child, "title");
    const children = tocOf(child, href);
    if (title === undefined || titleText(title) === "") {
      entries.push(...children);
      continue;
    }
    const id = child.attrs.id === undefined ? "" : htmlId(child.attrs.id);
    entries.push({ title: titleText(title), target: id === "" ? href : `${href}#${id}`, children });
  }
  return entries;
}

function collectIds(node: XElement, href: string, anchors: Map<string, string>): void {
  const stack: XElement[] = [node];
  while (stack.length > 0) {
    const element = stack.pop() as XElement;
    const id = element.attrs.id === undefined ? "" : htmlId(element.attrs.id);
    if (id !== "" && !anchors.has(id)) anchors.set(id, href);
    for (const child of element.children) if (typeof child !== "string") stack.push(child);
  }
}

function personName(author: XElement): string {
  const parts = ["first-name", "middle-name", "last-name"].map((n) => textOf(first(author, n))).filter((t) => t !== "");
  return parts.length > 0 ? parts.join(" ") : textOf(first(author, "nickname"));
}

function readMetadata(description: XElement | undefined): { metadata: BookMetadata; coverId?: string } {
  const info = first(description, "title-info");
  const documentInfo = first(description, "document-info");
  const publish = first(description, "publish-info");
  const authors = (info === undefined ? [] : elements(info, "author")).map(personName).filter((a) => a !== "");
  const metadata: BookMetadata = {
    title: textOf(first(info, "book-title")) || textOf(first(publish, "book-name")) || "Untitled",
    authors,
    language: textOf(first(info, "lang")) || "und",
  };
  const annotation = first(info, "annotation");
  if (annotation !== undefined) {
    const paragraphs = elements(annotation).map(textOf).filter((t) => t !== "");
    if (paragraphs.length > 0) metadata.description = paragraphs.join("\n\n");
  }
  const genres = (info === undefined ? [] : elements(info, "genre")).map(textOf).filter((g) => g !== "" && g !== "unrecognised");
  if (genres.length > 0) metadata.subjects = genres;
  const dateElement = first(info, "date");
  const date = (dateElement === undefined ? "" : (dateElement.attrs.value ?? textOf(dateElement))) || textOf(first(publish, "year"));
  if (date !== "") metadata.date = date;
  const publisher = textOf(first(publish, "publisher"));
  if (publisher !== "") metadata.publisher = publisher;
  const identifier = textOf(first(publish, "isbn")) || textOf(first(documentInfo, "id"));
  if (identifier !== "") metadata.identifier = identifier;
  const sequence = first(info, "sequence");
  const series = sequence?.attrs.name?.trim();
  if (sequence !== undefined && series) {
    metadata.series = series;
    const number = Number(sequence.attrs.number);
    if (sequence.attrs.number !== undefined && Number.isFinite(number) && number > 0) metadata.seriesIndex = number;
  }
  const coverImage = first(first(info, "coverpage"), "image");
  const coverHref = coverImage === undefined ? undefined : attr(coverImage, "href");
  const coverId = coverHref?.trim().replace(/^#/, "");
  return { metadata, coverId: coverId === "" ? undefined : coverId };
}

function readResources(root: XElement, notes: string[]): { resources: BookResource[]; images: Map<string, string> } {
  const resources: BookResource[] = [];
  const images = new Map<string, string>();
  const used = new Set<string>();
  for (const binary of elements(root, "binary")) {
    const id = binary.attrs.id;
    if (id === undefined || images.has(id)) continue;
    const data = decodeBase64(textOf(binary), id);
    const mediaType = SNIFFED[pictureInfo(data).kind];
    if (mediaType === undefined) {
      // a broken or unknown picture would make the EPUB invalid: its place shows nothing
      notes.push(`The picture "${id}" is damaged or not in a picture format this converter recognises, so it was left out.`);
      continue;
    }
    const base = safeName(id).replace(/\.[A-Za-z0-9]{1,4}$/, "");
    let href = `images/${base}.${EXTENSIONS[mediaType] ?? "bin"}`;
    for (let n = 2; used.has(href); n++) href = `images/${base}-${n}.${EXTENSIONS[mediaType] ?? "bin"}`;
    used.add(href);
    images.set(id, href);
    resources.push({ href, mediaType, data });
  }
  return { resources, images };
}

const isNotesBody = (body: XElement): boolean => body.attrs.name === "notes" || body.attrs.name === "comments";

/**
 * Reads an FB2 book (or a .fb2.zip) into the book model: one chapter per top-level section of the
 * main body, the notes body as one "notes" chapter, pictures from <binary> as resources. Throws
 * EbookError: "damaged" (broken XML, with line and column; not FB2), "too-large" and
 * "too-much-work" (past `FB2_LIMITS`), "unsupported" (an unknown encoding).
 */
export function readFb2(bytes: Uint8Array, limits: Partial<Fb2Limits> = {}): Book {
  const limit: Fb2Limits = { ...FB2_LIMITS, ...limits };
  const xml = decodeXml(fb2Bytes(bytes, limit));
  const document = buildTree(xml, limit);
  checkWellFormed(xml);
  const root = first(document, "FictionBook");
  if (root === undefined) fail("This file is XML but not an FB2 book: it has no <FictionBook> element.");

  const notes: string[] = [];
  const { metadata, coverId } = readMetadata(first(root, "description"));
  const { resources, images } = readResources(root, notes);
  const bodies = elements(root, "body");
  if (bodies.length === 0) fail("This FB2 book has no <body>, so it has no text to convert.");

  // Plan the chapters first, so links can point at the chapter that holds their target.
  interface Plan {
    href: string;
    role: "body" | "notes";
    /** a section, or a body's loose content */
    nodes: XNode[];
    title?: XElement;
    section?: XElement;
    /** the body's title (the book's own), shown at the top of the body's first chapter */
    bookTitle?: XElement;
  }
  const plans: Plan[] = [];
  const anchors = new Map<string, string>();
  let counter = 0;
  const nextHref = (): string => `chapter-${String(++counter).padStart(3, "0")}.xhtml`;
  for (const body of bodies.filter((b) => !isNotesBody(b))) {
    const sections = elements(body, "section");
    // what stands before the sections: the body's title (shown as the book's title page), an epigraph, a picture
    const loose = body.children.filter((c) => typeof c !== "string" && c.name !== "section" && c.name !== "title");
    const bookTitle = first(body, "title");
    if (loose.length > 0) plans.push({ href: nextHref(), role: "body", nodes: loose, ...(bookTitle ? { bookTitle } : {}) });
    sections.forEach((section, index) => {
      const plan: Plan = { href: nextHref(), role: "body", nodes: [section], title: first(section, "title"), section };
      if (index === 0 && loose.length === 0 && bookTitle !== undefined) plan.bookTitle = bookTitle;
      plans.push(plan);
    });
  }
  const notesBodies = bodies.filter(isNotesBody);
  if (notesBodies.length > 0) plans.push({ href: "notes.xhtml", role: "notes", nodes: notesBodies });
  if (plans.length > limit.maxChapters) fail(`This FB2 book has ${plans.length} chapters; real books have fewer than ${limit.maxChapters}.`, "too-much-work");
  for (const plan of plans) for (const node of plan.nodes) if (typeof node !== "string") collectIds(node, plan.href, anchors);

  const ctx: Context = { images, anchors, written: new Set(), notes };
  const chapters: BookChapter[] = [];
  const toc: TocEntry[] = [];
  for (const plan of plans) {
    let body: string;
    let title: string | undefined;
    if (plan.role === "notes") {
      body = plan.nodes
        .map((node) => {
          const notesBody = node as XElement;
          const heading = first(notesBody, "title");
          const head = heading === undefined ? "" : `<h1>${titleInline(heading, ctx)}</h1>`;
          return head + renderBlocks(notesBody.children.filter((c) => c !== heading), 1, ctx);
        })
        .join("");
      const heading = first(plan.nodes[0] as XElement, "title");
      title = heading === undefined ? "Notes" : titleText(heading) || "Notes";
    } else if (plan.section !== undefined) {
      body = renderSection(plan.section, 1, ctx);
      title = plan.title === undefined ? undefined : titleText(plan.title) || undefined;
    } else body = renderBlocks(plan.nodes, 1, ctx);
    if (plan.bookTitle !== undefined && titleText(plan.bookTitle) !== "") body = `<p class="book-title"><strong>${titleInline(plan.bookTitle, ctx)}</strong></p>${body}`;
    if (body === "") body = "<p/>";
    const chapter: BookChapter = { href: plan.href, body, role: plan.role };
    if (title !== undefined) chapter.title = title;
    chapters.push(chapter);
    const children = plan.section === undefined ? [] : tocOf(plan.section, plan.href);
    if (title !== undefined) toc.push({ title, target: plan.href, children });
    else toc.push(...children);
  }

  const book: Book = { metadata, chapters, resources, toc, notes };
  if (coverId !== undefined) {
    const cover = images.get(coverId);
    if (cover === undefined) notes.push("The cover picture the book names is missing from it.");
    else book.coverHref = cover;
  }
  return book;
}
