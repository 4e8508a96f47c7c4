// PDF page layout into the document model (issue 15): positioned text items (pdf.js's text content,
// or hand-made ones in tests) become headings, paragraphs of bold/italic runs, lists and tables, in
// reading order. Pure, no pdf.js: pdf-lines.ts makes lines, pdf-columns.ts orders columns,
// pdf-tables.ts finds tables; this file makes paragraphs, headings and lists.
import type { Alignment, Block, ListBlock, ListItem, TextRun } from "./model.ts";
import { runsText } from "./model.ts";
import { readingRegions } from "./pdf-columns.ts";
import { dominantSize, groupLines, maxOf, minOf, normalizeRuns, runsOfItems, visibleLength, type LayoutItem, type Line } from "./pdf-lines.ts";
import { ruledTables, type RuledTable, type Rule } from "./pdf-rulings.ts";
import { findTables, type TableSpan } from "./pdf-tables.ts";

export { fontStyle, type LayoutItem } from "./pdf-lines.ts";

/** A paragraph in a font this much larger than the body's is a heading. */
const HEADING_SIZE_RATIO = 1.15;
/** ...when it is short: at most this many lines and characters. */
const MAX_HEADING_LINES = 3;
const MAX_HEADING_CHARS = 200;
/** A bold line of body size this short (and not ending a sentence) is a heading too. */
const MAX_BOLD_HEADING_CHARS = 100;
/** Lines whose sizes differ by more than this share are not one paragraph. */
const SIZE_CHANGE = 0.1;
/** A gap between lines this much above the region's usual line pitch ends a paragraph. */
const PARAGRAPH_GAP_RATIO = 1.3;
/** The line pitch (in ems) assumed when a region has too few lines to measure it. */
const DEFAULT_PITCH_EM = 1.2;
/** A first line indented this far (in ems) starts a paragraph. */
const INDENT_EM = 0.8;
/** A first-line or hanging indent is at most this deep (in ems). */
const MAX_INDENT_EM = 3;
/** A line ending a sentence this far (in ems) short of the region's right edge ends its paragraph. */
const SHORT_LINE_EM = 4;
/** A centred or right-aligned line is this close (in ems) to the region's centre or right edge... */
const ALIGN_EM = 0.5;
/** ...and this far (in ems) in from its left edge. */
const INSET_EM = 2;
/** A list item indented this much (in ems) past the list's markers is nested in it. */
const NESTED_EM = 0.8;

export interface DocumentStyle {
  /** the body text's font size in points */
  bodySize: number;
  /** the sizes of headings, largest first: level 1, 2... */
  headingSizes: number[];
  /** most body text is bold (then bold lines are not headings) */
  boldBody: boolean;
}

/** The document's body size and heading sizes, from every page's items. */
export function documentStyle(pages: readonly (readonly LayoutItem[])[]): DocumentStyle {
  const all = pages.flat();
  const bodySize = dominantSize(all) || 10;
  const weight = new Map<number, number>();
  let body = 0;
  let boldBody = 0;
  for (const item of all) {
    const chars = visibleLength(item.text);
    const size = Math.round(item.size * 2) / 2;
    weight.set(size, (weight.get(size) ?? 0) + chars);
    if (Math.abs(item.size - bodySize) <= 0.5) {
      body += chars;
      if (item.bold) boldBody += chars;
    }
  }
  const headingSizes = [...weight]
    .filter(([size, chars]) => size >= bodySize * HEADING_SIZE_RATIO && chars <= body)
    .map(([size]) => size)
    .toSorted((a, b) => b - a);
  return { bodySize, headingSizes, boldBody: boldBody > body / 2 };
}

/** A block and where it starts on the page (for placing images between blocks). */
export interface PlacedBlock {
  block: Block;
  /** the top of its first line, in page points (y up) */
  top: number;
  x0: number;
  x1: number;
}

interface Marker {
  ordered: boolean;
  /** an ordered item's number (a) and i) count as 1) */
  number: number;
  /** characters of the line's text the marker takes (with its space) */
  length: number;
  x: number;
}

const BULLET = /^(?:[•◦▪‣●○■□∙⁃]\s*|[-–—*·]\s+)/u;
const NUMBERED = /^\(?(\d{1,3}|[a-z])[.)]?\)?\s+/u;
const NUMBER_SHAPE = /^(?:\d{1,3}[.)]|[a-z]\)|\((?:\d{1,3}|[a-z])\))\s+/u;

/** The list marker a line starts with; headings ("2. Unified system" in a large or bold font) have none. */
function listMarker(line: Line, style: DocumentStyle): Marker | undefined {
  const text = line.text;
  if (line.size >= style.bodySize * HEADING_SIZE_RATIO || (line.bold && !style.boldBody)) return undefined;
  const bullet = BULLET.exec(text);
  if (bullet && bullet[0].length < text.length) return { ordered: false, number: 0, length: bullet[0].length, x: line.x0 };
  const shape = NUMBER_SHAPE.exec(text);
  const number = NUMBERED.exec(text);
  if (shape && number && shape[0].length < text.length) {
    const value = /\d/.test(number[1]!) ? Number(number[1]) : number[1]!.charCodeAt(0) - 96;
    return { ordered: true, number: value, length: shape[0].length, x: line.x0 };
  }
  return undefined;
}

/** Runs without their first `count` characters. */
function dropPrefix(runs: TextRun[], count: number): TextRun[] {
  const out: TextRun[] = [];
  let left = count;
  for (const run of runs) {
    if (left >= run.text.length) {
      left -= run.text.length;
      continue;
    }
    out.push({ ...run, text: run.text.slice(left) });
    left = 0;
  }
  return out;
}

/**
 * A paragraph's lines as runs: lines joined by a space, a word split at a line end put back
 * together; lines of code keep their breaks.
 */
function joinLines(lines: readonly Line[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const [n, line] of lines.entries()) {
    const next = runsOfItems(line.items);
    const last = runs.at(-1);
    if (last && line.mono && lines[n - 1]!.mono) {
      last.text += "\n";
    } else if (last) {
      const nextText = runsText(next).trimStart();
      if (/\p{L}-$/u.test(last.text) && /^\p{Ll}/u.test(nextText)) last.text = last.text.slice(0, -1);
      else if (last.text.endsWith("\u00ad")) last.text = last.text.slice(0, -1);
      // Chinese and Japanese put no space between words, so none where a line wraps
      else if (!(CJK_END.test(last.text) && CJK_START.test(nextText))) last.text += " ";
    }
    runs.push(...next);
  }
  return normalizeRuns(runs.map((run) => ({ ...run, text: run.text.replace(/\u00ad/g, "") })));
}

const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]$/u;
const CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

const lineTop = (line: Line): number => line.y + line.size * 0.8;

interface Region {
  lines: Line[];
  markers: (Marker | undefined)[];
  left: number;
  right: number;
  /** the usual distance between baselines, in ems */
  pitch: number;
}

function regionOf(items: LayoutItem[], style: DocumentStyle): Region {
  const lines = groupLines(items);
  const ratios: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const [a, b] = [lines[i - 1]!, lines[i]!];
    if (Math.abs(a.size - b.size) <= SIZE_CHANGE * a.size) {
      const ratio = (a.y - b.y) / a.size;
      if (ratio > 0.5 && ratio < 2.5) ratios.push(ratio);
    }
  }
  ratios.sort((a, b) => a - b);
  // the lower quartile: paragraph gaps are the larger pitches
  const pitch = ratios.length >= 3 ? ratios[Math.floor(ratios.length / 4)]! : DEFAULT_PITCH_EM;
  return {
    lines,
    markers: lines.map((line) => listMarker(line, style)),
    left: minOf(lines.map((line) => line.x0)),
    right: maxOf(lines.map((line) => line.x1)),
    pitch,
  };
}

/** Whether line `next` starts a new paragraph after the paragraph ending with line `at - 1`. */
function startsParagraph(region: Region, first: number, at: number): boolean {
  const previous = region.lines[at - 1]!;
  const line = region.lines[at]!;
  const em = previous.size;
  if (region.markers[at]) return true;
  if (Math.abs(line.size - previous.size) > SIZE_CHANGE * Math.max(line.size, previous.size)) return true;
  if (line.bold !== previous.bold || line.mono !== previous.mono) return true;
  if (previous.y - line.y > region.pitch * em * PARAGRAPH_GAP_RATIO) return true;
  const marker = region.markers[first];
  if (marker) return line.x0 <= marker.x + INDENT_EM * em * 0.5;
  if (line.x0 > region.left + INDENT_EM * em && previous.x0 <= region.left + INDENT_EM * em * 0.5 && at - 1 !== first) return true;
  if (line.x0 > previous.x0 + INDENT_EM * em && at - 1 !== first) return true;
  // a start further left or right than any indent: one of the two lines is set apart (centred, flush right)
  if (Math.abs(previous.x0 - line.x0) > MAX_INDENT_EM * em) return true;
  const endsSentence = /[.!?:;]["”’)]?$/.test(previous.text);
  return endsSentence && previous.x1 < region.right - SHORT_LINE_EM * em && /^[\p{Lu}\p{N}"“(]/u.test(line.text);
}

function headingLevel(lines: readonly Line[], text: string, style: DocumentStyle): number | undefined {
  const size = dominantSize(lines.flatMap((line) => line.items));
  if (lines.length <= MAX_HEADING_LINES && text.length <= MAX_HEADING_CHARS && size >= style.bodySize * HEADING_SIZE_RATIO) {
    let level = style.headingSizes.findIndex((heading) => Math.abs(heading - size) <= 0.5);
    if (level < 0) level = style.headingSizes.filter((heading) => heading > size).length;
    return Math.min(6, level + 1);
  }
  const boldLine = lines.length === 1 && lines[0]!.bold && !style.boldBody && text.length <= MAX_BOLD_HEADING_CHARS;
  if (boldLine && !/[.,;]$/.test(text) && /\p{L}/u.test(text)) return Math.min(6, style.headingSizes.length + 1);
  return undefined;
}

/**
 * A paragraph set centred or flush right in its region (a title page, a letter's date), when every
 * line clearly is; undefined for the usual left or justified text.
 */
function alignment(lines: readonly Line[], region: Region, em: number): Alignment | undefined {
  const centre = (region.left + region.right) / 2;
  const width = region.right - region.left;
  const centred = (line: Line): boolean =>
    Math.abs((line.x0 + line.x1) / 2 - centre) <= ALIGN_EM * em && line.x0 > region.left + INSET_EM * em && line.x1 - line.x0 < width - 2 * INSET_EM * em;
  if (lines.every(centred)) return "center";
  // short lines only: an indented line of justified text also ends at the right edge
  const flushRight = (line: Line): boolean => Math.abs(line.x1 - region.right) <= ALIGN_EM * em && line.x1 - line.x0 <= width / 2;
  if (lines.every(flushRight)) return "right";
  return undefined;
}

/** A heading's runs without the bold every heading style has anyway (bold words in a plain heading stay). */
function headingRuns(runs: TextRun[]): TextRun[] {
  if (!runs.every((run) => run.bold)) return runs;
  return normalizeRuns(runs.map(({ bold: _bold, ...run }) => run));
}

interface OpenList {
  block: ListBlock;
  markerX: number;
}

/**
 * Where a list item goes: on in the innermost open list, in a new list nested in it, or in a new
 * list ("start"); undefined when it cannot be a list item (a numbered list must count up from 1, as
 * the model has no start number: "2. Unified system" alone stays a paragraph with its number).
 * Pops the open lists the item is left of.
 */
function listPlacement(lists: OpenList[], marker: Marker, em: number): "continue" | "nest" | "start" | undefined {
  while (lists.length > 0 && lists.at(-1)!.markerX > marker.x + NESTED_EM * em) lists.pop();
  const open = lists.at(-1);
  const counts = (list: ListBlock): boolean => !marker.ordered || marker.number === list.items.length + 1;
  if (open && Math.abs(open.markerX - marker.x) <= NESTED_EM * em && open.block.ordered === marker.ordered && counts(open.block)) return "continue";
  const fresh = !marker.ordered || marker.number === 1;
  if (!fresh) return undefined;
  if (open && marker.x > open.markerX + NESTED_EM * em && open.block.items.length > 0) return "nest";
  return "start";
}

/** Lays out one region (a column or band), appending its blocks to `out`. */
function layoutRegion(items: LayoutItem[], style: DocumentStyle, out: PlacedBlock[]): void {
  const region = regionOf(items, style);
  const { lines, markers } = region;
  const tables = new Map<number, TableSpan>();
  for (const table of findTables(lines, style.bodySize, (i) => !markers[i])) tables.set(table.first, table);
  // open lists, outermost first; any other block closes them
  let lists: OpenList[] = [];
  let i = 0;
  while (i < lines.length) {
    const table = tables.get(i);
    if (table) {
      const bold = table.rows.map((row) => row.every((cell) => cell.every((item) => item.bold)));
      const header = bold[0] === true && bold.some((b) => !b);
      out.push({
        block: {
          kind: "table",
          rows: table.rows.map((row, r) => ({
            cells: row.map((cell) => ({ blocks: [{ kind: "paragraph", runs: normalizeRuns(runsOfItems(cell)) }] })),
            ...(header && r === 0 ? { header: true } : {}),
          })),
        },
        top: lineTop(lines[table.first]!),
        x0: minOf(lines.slice(table.first, table.last + 1).map((line) => line.x0)),
        x1: maxOf(lines.slice(table.first, table.last + 1).map((line) => line.x1)),
      });
      lists = [];
      i = table.last + 1;
      continue;
    }
    let end = i + 1;
    while (end < lines.length && !tables.has(end) && !startsParagraph(region, i, end)) end++;
    const paragraph = lines.slice(i, end);
    const place = { top: lineTop(lines[i]!), x0: minOf(paragraph.map((line) => line.x0)), x1: maxOf(paragraph.map((line) => line.x1)) };
    const marker = markers[i];
    const runs = joinLines(paragraph);
    const item = marker ? listPlacement(lists, marker, style.bodySize) : undefined;
    if (marker && item) {
      const entry: ListItem = { blocks: [{ kind: "paragraph", runs: normalizeRuns(dropPrefix(runs, marker.length)) }] };
      if (item === "continue") {
        lists.at(-1)!.block.items.push(entry);
      } else if (item === "nest") {
        const nested: ListBlock = { kind: "list", ordered: marker.ordered, items: [entry] };
        lists.at(-1)!.block.items.at(-1)!.blocks.push(nested);
        lists.push({ block: nested, markerX: marker.x });
      } else {
        const block: ListBlock = { kind: "list", ordered: marker.ordered, items: [entry] };
        out.push({ block, ...place });
        lists = [{ block, markerX: marker.x }];
      }
      i = end;
      continue;
    }
    lists = [];
    const text = runsText(runs);
    const level = headingLevel(paragraph, text, style);
    const align = level === undefined ? alignment(paragraph, region, style.bodySize) : undefined;
    const block: Block =
      level === undefined
        ? { kind: "paragraph", runs, ...(align ? { align } : {}) }
        : { kind: "heading", level: level as 1 | 2 | 3 | 4 | 5 | 6, runs: headingRuns(runs) };
    if (text !== "") out.push({ block, ...place });
    i = end;
  }
}

/** A bordered table's cells laid out like any text, each cell's blocks in its own reading order. */
function ruledTableBlock(table: RuledTable, style: DocumentStyle): PlacedBlock {
  const rows = table.rows.map((row) => ({
    cells: row.map((cell) => {
      const placed: PlacedBlock[] = [];
      if (cell.items.length > 0) layoutRegion(cell.items, style, placed);
      const blocks: Block[] = placed.map((p) => (p.block.kind === "heading" ? { kind: "paragraph", runs: p.block.runs } : p.block));
      return { blocks: blocks.length > 0 ? blocks : [{ kind: "paragraph", runs: [] } as Block], ...(cell.colSpan > 1 ? { colSpan: cell.colSpan } : {}) };
    }),
  }));
  // a bold first row over plain ones is the header
  const bold = table.rows.map((row) => row.every((cell) => cell.items.every((item) => item.bold)) && row.some((cell) => cell.items.length > 0));
  const header = bold[0] === true && bold.some((b) => !b);
  return {
    block: { kind: "table", rows: rows.map((row, r) => (header && r === 0 ? { ...row, header: true } : row)) },
    top: table.top,
    x0: table.x0,
    x1: table.x1,
  };
}

/** Puts each extra block before the first block (in reading order) that starts below its top beside it. */
export function placeBetween(blocks: readonly PlacedBlock[], extra: readonly PlacedBlock[]): PlacedBlock[] {
  const out: PlacedBlock[] = [];
  const pending = extra.toSorted((a, b) => b.top - a.top);
  for (const placed of blocks) {
    for (let i = 0; i < pending.length; i++) {
      const next = pending[i]!;
      if (placed.x0 < next.x1 && placed.x1 > next.x0 && placed.top <= next.top) {
        out.push(next);
        pending.splice(i--, 1);
      }
    }
    out.push(placed);
  }
  out.push(...pending);
  return out;
}

/**
 * One page's items as blocks in reading order. `rules` are the page's straight strokes (from the
 * operator list): where they draw a grid, that grid is a table.
 */
export function layoutPage(items: readonly LayoutItem[], style: DocumentStyle, rules: readonly Rule[] = []): PlacedBlock[] {
  const { tables, rest } = ruledTables(rules, items);
  const out: PlacedBlock[] = [];
  for (const region of readingRegions(rest, style.bodySize)) layoutRegion(region, style, out);
  return placeBetween(out, tables.map((table) => ruledTableBlock(table, style)));
}
