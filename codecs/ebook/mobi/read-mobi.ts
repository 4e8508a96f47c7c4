// MOBI 6, AZW3 (KF8) and joint MOBI 6 + KF8 files → the book model (issue 16). The Palm database is
// read (palmdb-read.ts), record 0's headers and EXTH metadata (mobi-header-read.ts), the text
// records decompressed (mobi-text.ts); a KF8 part, standalone or after a MOBI 6 part's BOUNDARY
// record, is preferred since it keeps the book's XHTML and CSS (kf8-reassemble.ts, read-kf8.ts);
// otherwise the old MOBI 6 HTML is split at its page breaks (mobi6-html.ts).
import type { Book, BookLayout, BookMetadata, BookResource, TocEntry } from "../book.ts";
import { EbookError } from "../ebook-error.ts";
import { EXTH, exthNumber, exthStrings } from "./exth-read.ts";
import { readNcx, type NcxEntry } from "./indx-read.ts";
import { reassembleKf8 } from "./kf8-reassemble.ts";
import { languageOfLocale } from "./mobi-language.ts";
import { NULL_INDEX, readMobiHeader, type MobiHeader } from "./mobi-header-read.ts";
import { readResources, type ResourceRange } from "./mobi-resources.ts";
import { checkReadable, readText } from "./mobi-text.ts";
import { mobi6Chapters } from "./mobi6-html.ts";
import { latin1, readPalmDatabase } from "./palmdb-read.ts";
import { kf8Chapters } from "./read-kf8.ts";

/** "Last, First" (how Amazon stores authors) → "First Last". */
function displayName(name: string): string {
  const m = /^([^,]+?)\s*,\s+([^,]+)$/.exec(name);
  return m ? `${m[2]} ${m[1]}` : name;
}

function metadataOf(header: MobiHeader, databaseName: string): BookMetadata {
  const decoder = new TextDecoder(header.encoding);
  const exth = header.exth;
  const one = (type: number): string | undefined => exthStrings(exth, type, decoder)[0];
  const title = one(EXTH.updatedTitle) ?? (header.fullName || databaseName.replace(/_/g, " "));
  const language = one(EXTH.language)?.replace(/_/g, "-") ?? languageOfLocale(header.locale);
  const metadata: BookMetadata = { title, authors: exthStrings(exth, EXTH.author, decoder).map(displayName), language: language || "und" };
  const isbn = one(EXTH.isbn)?.replace(/[^0-9Xx]/g, "");
  const source = one(EXTH.source);
  if (isbn) metadata.identifier = `urn:isbn:${isbn}`;
  else if (source?.startsWith("calibre:")) metadata.identifier = `urn:uuid:${source.slice("calibre:".length)}`;
  else if (source) metadata.identifier = source;
  else if (one(EXTH.asin)) metadata.identifier = one(EXTH.asin);
  const publisher = one(EXTH.publisher);
  if (publisher) metadata.publisher = publisher;
  const description = one(EXTH.description);
  if (description) metadata.description = description.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  const date = one(EXTH.publishingDate);
  if (date) metadata.date = date;
  const subjects = exthStrings(exth, EXTH.subject, decoder).flatMap((s) => s.split(";").map((t) => t.trim())).filter((s) => s !== "");
  if (subjects.length > 0) metadata.subjects = [...new Set(subjects)];
  return metadata;
}

/** The index record of a KF8 part after a BOUNDARY record, if the file has one. */
function kf8Boundary(records: Uint8Array[], header: MobiHeader): number | undefined {
  const k = exthNumber(header.exth, EXTH.kf8Boundary);
  if (k === undefined || k === NULL_INDEX || k < 2 || k >= records.length) return undefined;
  return latin1(records[k - 1]!.subarray(0, 8)) === "BOUNDARY" ? k : undefined;
}

/**
 * Plain PalmDOC books (and some very old MOBI files) hold text, not HTML: each line becomes a
 * paragraph. Returned as bytes in the same encoding, since the MOBI 6 reader works on bytes.
 */
function plainTextAsHtml(text: Uint8Array, encoding: string): Uint8Array {
  const head = new TextDecoder("latin1").decode(text.subarray(0, 4096));
  if (/<(?:html|body|p|div|br|h[1-6]|mbp:pagebreak)\b/i.test(head)) return text;
  const plain = new TextDecoder(encoding).decode(text);
  // blank lines part paragraphs whose lines were wrapped by hand; without any, each line is one
  const blankLine = /(?:\r\n|\n|\r(?!\n))[ \t]*(?:\r\n|\n|\r(?!\n))/;
  const blocks = blankLine.test(plain.trim()) ? plain.split(blankLine).map((block) => block.replace(/\s+/g, " ")) : plain.split(/\r\n|\r|\n/);
  const paragraphs = blocks.map((line) => line.trim()).filter((line) => line !== "");
  const escaped = paragraphs.map((line) => `<p>${line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p>`);
  const html = `<html><body>${escaped.join("")}</body></html>`;
  return encoding === "utf-8" ? new TextEncoder().encode(html) : Uint8Array.from(html, (c) => (c.charCodeAt(0) < 256 ? c.charCodeAt(0) : 0x3f));
}

/** PalmDOC says nothing of its encoding: UTF-8 when the text is valid UTF-8 beyond ASCII, else Windows-1252 (what Palm tools wrote). */
function palmDocEncoding(text: Uint8Array): string {
  if (!text.some((byte) => byte >= 0x80)) return "windows-1252";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(text);
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

const validIndex = (n: number, records: Uint8Array[]): boolean => n !== NULL_INDEX && n < records.length;

export function readMobi(bytes: Uint8Array): Book {
  const database = readPalmDatabase(bytes);
  const records = database.records;
  const first = readMobiHeader(records[0]!);
  const firstMetadata = metadataOf(first, database.name);
  checkReadable(first, firstMetadata.title);
  const notes: string[] = [];

  const boundary = kf8Boundary(records, first);
  let base = 0;
  let header = first;
  if (boundary !== undefined) {
    const kf8 = readMobiHeader(records[boundary]!);
    if (kf8.version >= 8) {
      checkReadable(kf8, firstMetadata.title);
      base = boundary;
      header = kf8;
    }
  }
  const isKf8 = header.version >= 8 && header.skeletonIndex !== NULL_INDEX;
  const metadata = base === 0 ? firstMetadata : metadataOf(header, database.name);
  if (metadata.authors.length === 0 && firstMetadata.authors.length > 0) metadata.authors = firstMetadata.authors;

  // resources: a joint file numbers the MOBI 6 part's pictures first, then the KF8 part's
  const ranges: ResourceRange[] = [];
  if (base > 0) {
    if (validIndex(first.firstImageRecord, records)) ranges.push({ start: first.firstImageRecord, end: base - 1 });
    if (validIndex(header.firstImageRecord + base, records)) ranges.push({ start: header.firstImageRecord + base, end: records.length });
  } else if (validIndex(header.firstImageRecord, records)) {
    ranges.push({ start: header.firstImageRecord, end: records.length });
  } else {
    ranges.push({ start: header.textRecordCount + 1, end: records.length });
  }
  const pictures = readResources(records, ranges);
  if (pictures.badFonts > 0) notes.push(`${pictures.badFonts} embedded font${pictures.badFonts === 1 ? "" : "s"} could not be unpacked and ${pictures.badFonts === 1 ? "was" : "were"} left out (readers use their own fonts).`);

  const text = readText(records, base, header);
  let ncx: NcxEntry[] = [];
  if (validIndex(header.ncxIndex + base, records)) {
    try {
      ncx = readNcx(records, base + header.ncxIndex, header.encoding);
    } catch (error) {
      if (!(error instanceof EbookError) || error.code !== "damaged") throw error;
      notes.push("The table of contents is damaged and was left out.");
    }
  }

  let book: Book;
  const resources: BookResource[] = [...pictures.resources];
  if (isKf8) {
    const parts = reassembleKf8(records, base, header, latin1(text));
    const result = kf8Chapters(parts, pictures.byNumber, pictures.fonts, ncx);
    resources.push(...result.stylesheets);
    notes.push(...result.notes);
    book = { metadata, chapters: result.chapters, resources, toc: result.toc, notes };
    if (result.missing.length > 0) notes.push(`Pictures the chapters show but the book does not hold were left out (${result.missing.length}).`);
  } else {
    const positions = ncx.filter((e) => e.position !== undefined).map((e) => ({ position: e.position!, title: e.title, parent: e.parent }));
    const encoding = header.palmDoc ? palmDocEncoding(text) : header.encoding;
    const result = mobi6Chapters(plainTextAsHtml(text, encoding), encoding, pictures.byNumber, { ncx: positions });
    book = { metadata, chapters: result.chapters, resources, toc: result.toc, notes };
    if (result.missing.length > 0) notes.push(`Pictures the chapters show but the book does not hold were left out (${result.missing.length}).`);
  }
  if (book.chapters.length === 0) throw new EbookError("This Kindle book cannot be read: it holds no text.", "damaged");
  nameChapters(book.chapters, book.toc);

  // the cover: EXTH 201 counts from the first resource (0-based); the thumbnail (202) is dropped
  const coverOffset = exthNumber(header.exth, EXTH.coverOffset) ?? exthNumber(first.exth, EXTH.coverOffset);
  let cover = coverOffset !== undefined && coverOffset !== NULL_INDEX ? pictures.byNumber.get(coverOffset + 1) : undefined;
  // KF8 writers may give the cover only as a kindle:embed URI (EXTH 129)
  const coverUri = exthStrings(header.exth, EXTH.kf8CoverUri, new TextDecoder("latin1"))[0];
  const embedded = coverUri === undefined ? undefined : /^kindle:embed:([0-9A-V]+)/i.exec(coverUri)?.[1];
  if (cover === undefined && embedded !== undefined) cover = pictures.byNumber.get(parseInt(embedded, 32));
  if (cover) {
    book.coverHref = cover.href;
    // a page that only shows the cover picture is the cover page
    for (const chapter of book.chapters) {
      const shown = [...chapter.body.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);
      if (shown.length === 1 && shown[0] === cover.href && chapter.body.replace(/<[^>]*>/g, "").trim() === "") chapter.role = "cover";
    }
  }
  const thumbOffset = exthNumber(header.exth, EXTH.thumbOffset);
  const thumb = thumbOffset !== undefined ? pictures.byNumber.get(thumbOffset + 1) : undefined;
  if (thumb && thumb !== cover && !book.chapters.some((c) => c.body.includes(`"${thumb.href}"`))) {
    book.resources = book.resources.filter((r) => r !== thumb);
  }
  if (metadata.title === "") notes.push("The book has no title.");
  const layout = layoutOf(header) ?? layoutOf(first);
  if (layout !== undefined) book.layout = layout;
  return book;
}

/** Kindle's fixed-layout (122), original resolution (307) and page direction (527) records: comics and manga. */
function layoutOf(header: MobiHeader): BookLayout | undefined {
  const decoder = new TextDecoder("latin1");
  const one = (type: number) => exthStrings(header.exth, type, decoder)[0]?.trim().toLowerCase();
  const fixed = one(EXTH.fixedLayout) === "true";
  const rightToLeft = one(EXTH.pageProgressionDirection) === "rtl";
  if (!fixed && !rightToLeft) return undefined;
  const layout: BookLayout = { fixed };
  if (rightToLeft) layout.rightToLeft = true;
  const size = /^(\d{2,5})x(\d{2,5})$/.exec(one(EXTH.originalResolution) ?? "");
  if (size) {
    layout.width = Number(size[1]);
    layout.height = Number(size[2]);
  }
  return layout;
}

/** Chapter titles from the toc: the first entry that points into each chapter. */
function nameChapters(chapters: Book["chapters"], toc: TocEntry[]): void {
  const titles = new Map<string, string>();
  const pending = [...toc];
  for (let i = 0; i < pending.length; i++) {
    const entry = pending[i]!;
    const href = entry.target.split("#")[0]!;
    if (!titles.has(href)) titles.set(href, entry.title);
    pending.push(...entry.children);
  }
  for (const chapter of chapters) {
    const title = titles.get(chapter.href);
    if (title) chapter.title = title;
  }
}
