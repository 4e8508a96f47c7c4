// Which pages of a PDF to convert, as the visitor types it: "1-3, 5, 8-" (pages 1 to 3, 5, and 8
// to the end). Parsing checks the text alone; resolving it against the document's page count finds
// pages that do not exist. Pages come out in ascending order, each once: they become files
// `<name>-page-001.png`..., and a zip lists them in page order whatever order they were typed in.
import { DocumentError } from "./document-error.ts";

/** One piece of a range: `to` undefined means "to the last page". */
export interface PageSpan {
  from: number;
  to?: number;
}

/** A parsed range; an empty list means every page. */
export type PageRange = readonly PageSpan[];

/** Longest range text accepted (a real one is a few dozen characters). */
export const MAX_PAGE_RANGE_CHARS = 1000;
/** Most comma-separated pieces in one range. */
export const MAX_PAGE_RANGE_PIECES = 200;
/** Largest page number written in a range (no PDF we can open has more pages). */
export const MAX_PAGE_NUMBER = 1_000_000;

const rangeError = (message: string) => new DocumentError(message, "unsupported");

function pageNumber(text: string, piece: string): number {
  if (!/^\d+$/.test(text)) throw rangeError(`"${piece}" is not a page or a range of pages. Write pages like 1-3, 5, 8-.`);
  const page = Number(text);
  if (page < 1) throw rangeError(`Pages are numbered from 1; "${piece}" asks for page 0.`);
  if (page > MAX_PAGE_NUMBER) throw rangeError(`"${piece}" names a page beyond ${MAX_PAGE_NUMBER.toLocaleString("en")}, more than any PDF has.`);
  return page;
}

/**
 * Parses "1-3, 5, 8-" (spaces optional; "–" and "—" count as "-"). Blank text means every page.
 * Throws DocumentError ("unsupported") with a message for the visitor for anything else.
 */
export function parsePageRange(text: string): PageRange {
  if (text.length > MAX_PAGE_RANGE_CHARS) throw rangeError(`The page range is too long (over ${MAX_PAGE_RANGE_CHARS} characters). Write it like 1-3, 5, 8-.`);
  const trimmed = text.trim();
  if (trimmed === "") return [];
  const pieces = trimmed.split(/[,;]/).map((piece) => piece.trim());
  if (pieces.length > MAX_PAGE_RANGE_PIECES) throw rangeError(`The page range has more than ${MAX_PAGE_RANGE_PIECES} parts. Join neighbouring pages with a dash, like 1-40.`);
  const spans: PageSpan[] = [];
  for (const piece of pieces) {
    if (piece === "") throw rangeError(`The page range "${trimmed}" has an empty part between commas.`);
    const match = /^(\d*)\s*[-–—]\s*(\d*)$/.exec(piece);
    if (!match) {
      const page = pageNumber(piece, piece);
      spans.push({ from: page, to: page });
      continue;
    }
    const [, first = "", last = ""] = match;
    if (first === "" && last === "") throw rangeError(`"${piece}" has no page numbers. Write a range like 2-5, or 8- for page 8 to the end.`);
    const from = first === "" ? 1 : pageNumber(first, piece);
    if (last === "") {
      spans.push({ from });
      continue;
    }
    const to = pageNumber(last, piece);
    if (to < from) throw rangeError(`"${piece}" runs backwards. Write the lower page first, like ${to}-${from}.`);
    spans.push({ from, to });
  }
  return spans;
}

/**
 * How many pages `range` selects in a document of `pageCount` pages, without listing them (a
 * hostile PDF may claim billions of pages), pages past the end not counted.
 */
export function selectedPageCount(range: PageRange, pageCount: number): number {
  if (range.length === 0) return pageCount;
  const spans = range.map((span) => ({ from: span.from, to: Math.min(span.to ?? pageCount, pageCount) })).toSorted((a, b) => a.from - b.from);
  let count = 0;
  let covered = 0;
  for (const { from, to } of spans) {
    const start = Math.max(from, covered + 1);
    if (to >= start) count += to - start + 1;
    covered = Math.max(covered, to);
  }
  return count;
}

/**
 * The page numbers `range` selects in a document of `pageCount` pages, ascending and each once.
 * A page past the end is refused (the visitor typed a number the PDF does not have).
 */
export function resolvePageRange(range: PageRange, pageCount: number): number[] {
  if (range.length === 0) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const chosen = new Set<number>();
  for (const span of range) {
    const to = span.to ?? pageCount;
    if (span.from > pageCount || to > pageCount) {
      const page = span.from > pageCount ? span.from : to;
      throw rangeError(`This PDF has ${pageCount} ${pageCount === 1 ? "page" : "pages"}, so there is no page ${page}. Choose pages from 1 to ${pageCount}.`);
    }
    for (let page = span.from; page <= to; page++) chosen.add(page);
  }
  return [...chosen].toSorted((a, b) => a - b);
}
