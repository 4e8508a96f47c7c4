// Reading order of a page (issue 15): text set in columns is read column by column. The page's
// items are cut at a vertical gutter (an empty strip of page between two bodies of text lines) into
// a left and a right part, each read in turn; lines that cross the gutter (a title above two
// columns, a wide caption) first cut the page into horizontal bands. Recursive, so three columns
// or columns under a full-width heading work too. Pure: plain items in, groups of items out.
import { groupLines, maxOf, minOf, type LayoutItem, type Line } from "./pdf-lines.ts";

/**
 * A gutter is at least this wide, in ems of the body text: LaTeX's two columns are 10 pt apart in
 * 10 pt text, and word spaces, inside pdf.js's items of whole lines, do not open strips at all.
 */
const MIN_GUTTER_EM = 0.6;
/** Each side of a gutter needs this many lines to be a column (fewer are a table's cells or a figure's labels). */
const MIN_COLUMN_LINES = 3;
/** A column's lines are long: their median width is at least this many ems (table cells are shorter). */
const MIN_COLUMN_LINE_EM = 8;
/** A gap this wide (in ems) parts a table's cells: justified text in narrow columns stretches word spaces to about one em. */
const TABLE_GAP_EM = 1.5;
/** At most this share of a column's lines may fall apart into cells (more is a table's columns). */
const MAX_CELLED_SHARE = 0.2;
/** Lines crossing a gutter may be at most this share of the lines beside it (titles, captions). */
const MAX_CROSSING_SHARE = 0.34;
/** ...and at most this many (the search tries each count in turn). */
const MAX_CROSSING_ITEMS = 12;
/** The widest few empty strips of each search step are tried as gutters. */
const MAX_STRIPS_TRIED = 6;
/** A footnote under the columns sits this far (in ems) below the text above it... */
const FOOTNOTE_GAP_EM = 3;
/** ...in a font smaller than this share of the body's. */
const FOOTNOTE_SIZE = 0.95;
/** Columns inside columns inside bands: deeper cuts are not real layouts, and the recursion stays bounded. */
const MAX_CUT_DEPTH = 8;
/** The coverage histogram's resolution cap: a page wider than this many bins uses coarser bins. */
const MAX_BINS = 4000;

interface Gutter {
  x0: number;
  x1: number;
}

const itemEnd = (item: LayoutItem): number => item.x + item.width;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * A line cut by gaps wider than a justified line stretches its word spaces into short pieces, as a
 * table's row (pieces as long as a column's lines are columns side by side).
 */
function isTableRow(line: Line, em: number): boolean {
  const pieces: LayoutItem[][] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const item of line.items) {
    if (item.x - end >= TABLE_GAP_EM * em) pieces.push([]);
    (pieces.at(-1) ?? pieces[pieces.push([]) - 1]!).push(item);
    end = Math.max(end, itemEnd(item));
  }
  return pieces.length > 1 && median(pieces.map((piece) => maxOf(piece.map(itemEnd)) - piece[0]!.x)) < MIN_COLUMN_LINE_EM * em;
}

/**
 * Whether the lines made of `items` look like running text in one or more columns: enough long
 * lines, few of them a table's rows (a gutter between a table's columns has cells on each side).
 */
function isColumn(items: LayoutItem[], em: number): boolean {
  const lines = groupLines(items);
  if (lines.length < MIN_COLUMN_LINES || median(lines.map((line) => line.x1 - line.x0)) < MIN_COLUMN_LINE_EM * em) return false;
  return lines.filter((line) => isTableRow(line, em)).length <= lines.length * MAX_CELLED_SHARE;
}

/** Intervals of at least `minWidth` where at most `limit` items cover the page, strictly between text. */
function emptyStrips(coverage: Int32Array, left: number, binWidth: number, limit: number, minWidth: number): Gutter[] {
  const strips: Gutter[] = [];
  let start = -1;
  for (let bin = 0; bin <= coverage.length; bin++) {
    const open = bin < coverage.length && coverage[bin]! <= limit;
    if (open && start < 0) start = bin;
    if (!open && start >= 0) {
      // a strip touching either edge is a margin, not a gutter
      if (start > 0 && bin < coverage.length && (bin - start) * binWidth >= minWidth) {
        strips.push({ x0: left + start * binWidth, x1: left + bin * binWidth });
      }
      start = -1;
    }
  }
  return strips.toSorted((a, b) => b.x1 - b.x0 - (a.x1 - a.x0));
}

interface Cut {
  gutter: Gutter;
  left: LayoutItem[];
  right: LayoutItem[];
  crossing: LayoutItem[];
}

/** The best gutter of a region with the items on each side and those crossing it, if there is one. */
function findCut(items: LayoutItem[], em: number, lineCount: number): Cut | undefined {
  const left = minOf(items.map((item) => item.x));
  const right = maxOf(items.map(itemEnd));
  const span = right - left;
  if (!(span > 2 * MIN_COLUMN_LINE_EM * em)) return undefined;
  const binWidth = Math.max(1, span / MAX_BINS);
  const bins = Math.ceil(span / binWidth);
  const diff = new Int32Array(bins + 1);
  for (const item of items) {
    const a = Math.max(0, Math.floor((item.x - left) / binWidth));
    const b = Math.min(bins, Math.ceil((itemEnd(item) - left) / binWidth));
    diff[a]! += 1;
    diff[b]! -= 1;
  }
  const coverage = new Int32Array(bins);
  let running = 0;
  for (let bin = 0; bin < bins; bin++) coverage[bin] = running += diff[bin]!;
  const maxCrossing = Math.min(MAX_CROSSING_ITEMS, Math.floor(lineCount * MAX_CROSSING_SHARE));
  for (let limit = 0; limit <= maxCrossing; limit++) {
    for (const gutter of emptyStrips(coverage, left, binWidth, limit, MIN_GUTTER_EM * em).slice(0, MAX_STRIPS_TRIED)) {
      const cut: Cut = { gutter, left: [], right: [], crossing: [] };
      for (const item of items) {
        if (itemEnd(item) <= gutter.x0 + binWidth) cut.left.push(item);
        else if (item.x >= gutter.x1 - binWidth) cut.right.push(item);
        else cut.crossing.push(item);
      }
      if (cut.left.length < MIN_COLUMN_LINES || cut.right.length < MIN_COLUMN_LINES) continue;
      if (isColumn(cut.left, em) && isColumn(cut.right, em)) return cut;
    }
  }
  return undefined;
}

/** Splits the region's lines into bands: runs of lines crossing the gutter and runs beside it. */
function bands(lines: Line[], crossing: ReadonlySet<LayoutItem>): LayoutItem[][] {
  const out: LayoutItem[][] = [];
  let previous: boolean | undefined;
  for (const line of lines) {
    const spanning = line.items.some((item) => crossing.has(item));
    if (spanning !== previous) out.push([]);
    out.at(-1)!.push(...line.items);
    previous = spanning;
  }
  return out;
}

/**
 * The lines at the foot of `side` that are notes under the whole page (LibreOffice's footnotes
 * below two columns): below every line of `other`, set apart by a gap of FOOTNOTE_GAP_EM, in a
 * smaller font than the body. They are read after both columns, as pdftotext reads them.
 */
function footnotes(side: LayoutItem[], other: LayoutItem[], em: number): LayoutItem[] {
  const lines = groupLines(side);
  const otherBottom = minOf(other.map((item) => item.y));
  for (let i = 1; i < lines.length; i++) {
    const rest = lines.slice(i);
    if (lines[i - 1]!.y - lines[i]!.y >= FOOTNOTE_GAP_EM * em && lines[i]!.y < otherBottom - em && rest.every((line) => line.size < em * FOOTNOTE_SIZE)) {
      return rest.flatMap((line) => line.items);
    }
  }
  return [];
}

function order(items: LayoutItem[], em: number, depth: number, out: LayoutItem[][]): void {
  const lines = groupLines(items);
  const cut = depth < MAX_CUT_DEPTH && items.length > 1 ? findCut(items, em, lines.length) : undefined;
  if (!cut) {
    out.push(items);
    return;
  }
  if (cut.crossing.length === 0) {
    const notes = [...footnotes(cut.left, cut.right, em), ...footnotes(cut.right, cut.left, em)];
    const moved = new Set(notes);
    order(cut.left.filter((item) => !moved.has(item)), em, depth + 1, out);
    order(cut.right.filter((item) => !moved.has(item)), em, depth + 1, out);
    if (notes.length > 0) out.push(notes);
    return;
  }
  const parts = bands(lines, new Set(cut.crossing));
  if (parts.length === 1) {
    out.push(items);
    return;
  }
  for (const part of parts) order(part, em, depth + 1, out);
}

/**
 * The page's items in reading order as regions (each a column or a band of full-width text),
 * `em` being the body text's size in points.
 */
export function readingRegions(items: readonly LayoutItem[], em: number): LayoutItem[][] {
  const visible = items.filter((item) => item.text.trim() !== "");
  if (visible.length === 0) return [];
  const out: LayoutItem[][] = [];
  order(visible, em > 0 ? em : 10, 0, out);
  return out;
}
