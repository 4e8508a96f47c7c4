// Running headers, footers and page numbers (issue 15): in a Word document they would land in the
// middle of the text, between two halves of a paragraph cut by the PDF's page end. A line at the
// very top or bottom of a page is furniture when the same text (numbers aside) sits there on many
// pages, or when it is only a page number. Pure: works on the pages' items.
import { groupLines, type LayoutItem, type Line } from "./pdf-lines.ts";

export interface FurniturePage {
  items: readonly LayoutItem[];
  /** the page's top and bottom edge, in the items' frame (points, y up) */
  top: number;
  bottom: number;
}

/** Furniture sits in this share of the page height at its top or bottom. */
const EDGE_SHARE = 0.12;
/** A furniture line is at least this far (in ems) from the line beside it. */
const SEPARATION_EM = 1.8;
/** The first and last few lines of a page are looked at. */
const EDGE_LINES = 2;
/** A text at the page edge on at least this share of the pages (and on two or more) is running... */
const RUNNING_SHARE = 0.5;
/** ...and so is one on this many pages of a long document (a chapter's running head). */
const RUNNING_PAGES = 3;
/** A page number line is short: "12", "- 12 -", "Page 3 of 10", "iv". */
const PAGE_NUMBER = /^(?:page\s+)?[-–—([]?\s*(?:\d{1,5}|[ivxlcdm]{1,8})\s*[-–—)\]]?(?:\s*(?:of|\/)\s*\d{1,5})?$/iu;

// The key of a line: its size (a document's title on page 1 is not its running header in small
// print) and its text, a page number at either end left out ("Chapter 2: Syntax 17"). Numbers
// inside the text count: "Paragraph 11 begins here" and "Paragraph 12 begins here" are body text
// that happens to start a page.
const key = (line: Line): string =>
  Math.round(line.size) + ":" + line.text.replace(/^\s*\d+\s+|\s+\d+\s*$/g, "#").replace(/\s+/g, " ").trim().toLowerCase();

/** Whether two lines (either missing at the page's edge) stand apart: a wider gap than in a paragraph. */
const apart = (a: Line | undefined, b: Line | undefined): boolean => !a || !b || a.y - b.y >= SEPARATION_EM * Math.min(a.size, b.size);

function edgeLines(page: FurniturePage): Line[] {
  const lines = groupLines(page.items);
  const band = (page.top - page.bottom) * EDGE_SHARE;
  const edge: Line[] = [];
  for (let i = 0; i < Math.min(EDGE_LINES, lines.length); i++) {
    const line = lines[i]!;
    if (line.y >= page.top - band && apart(line, lines[i + 1])) edge.push(line);
  }
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - EDGE_LINES); i--) {
    const line = lines[i]!;
    if (line.y <= page.bottom + band && apart(lines[i - 1], line) && !edge.includes(line)) edge.push(line);
  }
  return edge;
}

/** The items of the pages' running headers, footers and page numbers (none for a single page). */
export function pageFurniture(pages: readonly FurniturePage[]): Set<LayoutItem> {
  const furniture = new Set<LayoutItem>();
  if (pages.length < 2) return furniture;
  const edges = pages.map(edgeLines);
  const count = new Map<string, number>();
  for (const lines of edges) for (const k of new Set(lines.map(key))) count.set(k, (count.get(k) ?? 0) + 1);
  const running = Math.min(RUNNING_PAGES, Math.max(2, Math.ceil(pages.length * RUNNING_SHARE)));
  for (const lines of edges) {
    for (const line of lines) {
      if ((count.get(key(line)) ?? 0) >= running || PAGE_NUMBER.test(line.text.trim())) for (const item of line.items) furniture.add(item);
    }
  }
  return furniture;
}
