// The smallest layer of PDF layout analysis (issue 15): positioned text items grouped into lines,
// a line's styled runs, and font styles from font names. Pure: works on plain items, so the tests
// build them by hand and read-pdf.ts builds them from pdf.js's text content.
import type { TextRun } from "./model.ts";

/** One piece of text as the PDF draws it, in page points with y pointing up (PDF user space). */
export interface LayoutItem {
  text: string;
  /** the baseline's start */
  x: number;
  y: number;
  /** the advance width in points */
  width: number;
  /** the font size in points */
  size: number;
  /** an id or name of the font (a change of font can end a paragraph) */
  font: string;
  bold: boolean;
  italic: boolean;
  /** a fixed-pitch (typewriter) font: aligned code is not a table */
  mono?: boolean;
  /** right-to-left text (Hebrew, Arabic): its line reads from right to left */
  rtl?: boolean;
  /** the target of a link over this text */
  href?: string;
}

export interface Line {
  /** the line's items in reading order (left to right, or right to left in a right-to-left line) */
  items: LayoutItem[];
  /** the baseline of its main text */
  y: number;
  x0: number;
  x1: number;
  /** the font size of most of its characters */
  size: number;
  /** every visible character is bold */
  bold: boolean;
  /** every visible character is in a typewriter font (code: its line breaks are kept) */
  mono: boolean;
  text: string;
}

/** Items whose baselines differ by less than this share a line (in ems: superscripts stay in their line). */
const SAME_LINE_EM = 0.45;
/** A gap wider than this between two items is a word space (in ems). */
export const SPACE_GAP_EM = 0.15;

// TeX's Computer Modern names its styles in letters: CMBX bold extended, CMTI italic, CMSL slanted,
// CMTT typewriter; URW's fonts (Ghostscript, DocBook) say Medi/Demi for bold, ReguItal, NimbusMonL
const BOLD_NAME = /bold|black|heavy|[-,](?:bd|blk|medi|demi)|^cmbx|^cmb\d/i;
const ITALIC_NAME = /italic|oblique|inclined|slanted|(?:regu|medi|demi|book|light)ital|[-,](?:it|obl)$|^cmti|^cmsl|^cmbxti|^cmitt/i;
const MONO_NAME = /mono|courier|consol|typewriter|^cmtt|^cmsltt|^cmitt|nimbusmon|lettergothic|menlo|inconsolata|sourcecodepro|firacode/i;

/** Bold, italic and fixed pitch from a PDF font name ("ABCDEF+DejaVuSerif-BoldItalic"): its subset tag is ignored. */
export function fontStyle(name: string): { bold: boolean; italic: boolean; mono: boolean } {
  const base = name.replace(/^[A-Z]{6}\+/, "");
  return { bold: BOLD_NAME.test(base), italic: ITALIC_NAME.test(base), mono: MONO_NAME.test(base) };
}

/** The smallest and largest of many numbers (spreading a page's worth into Math.min can overflow the stack). */
export function minOf(values: Iterable<number>): number {
  let min = Number.POSITIVE_INFINITY;
  for (const value of values) if (value < min) min = value;
  return min;
}

export function maxOf(values: Iterable<number>): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const value of values) if (value > max) max = value;
  return max;
}

/** Whether UTF-16 code unit `c` is one that JavaScript's `\s` matches. */
const isSpaceCode = (c: number): boolean =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

/**
 * `text.replace(/\s+/g, "").length` without making the string: the layout asks it of every item
 * several times, and the copies cost a PDF → TXT of 100 pages about 50 ms (decision 061).
 */
export function visibleLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (!isSpaceCode(text.charCodeAt(i))) count++;
  return count;
}

/** The font size carried by most of the visible characters of `items`. */
export function dominantSize(items: readonly LayoutItem[]): number {
  const weight = new Map<number, number>();
  for (const item of items) {
    const size = Math.round(item.size * 2) / 2;
    weight.set(size, (weight.get(size) ?? 0) + visibleLength(item.text));
  }
  let best = items[0]?.size ?? 0;
  let bestWeight = -1;
  for (const [size, w] of weight) {
    if (w > bestWeight) [best, bestWeight] = [size, w];
  }
  return best;
}

const itemEnd = (item: LayoutItem): number => item.x + item.width;

function makeLine(items: LayoutItem[]): Line {
  const rtl = items.reduce((sum, item) => sum + (item.rtl ? 1 : -1) * visibleLength(item.text), 0) > 0;
  items.sort(rtl ? (a, b) => b.x - a.x : (a, b) => a.x - b.x);
  let main = items[0]!;
  for (const item of items) if (visibleLength(item.text) > visibleLength(main.text)) main = item;
  const line: Line = {
    items,
    y: main.y,
    x0: minOf(items.map((item) => item.x)),
    x1: maxOf(items.map(itemEnd)),
    size: dominantSize(items),
    bold: items.every((item) => item.bold || visibleLength(item.text) === 0),
    mono: items.every((item) => item.mono === true || visibleLength(item.text) === 0),
    text: "",
  };
  line.text = runsOfItems(items)
    .map((run) => run.text)
    .join("");
  return line;
}

/** Groups items into lines, top to bottom (items with no visible text are dropped). */
export function groupLines(items: readonly LayoutItem[]): Line[] {
  const sorted = items.filter((item) => visibleLength(item.text) > 0).toSorted((a, b) => b.y - a.y || a.x - b.x);
  const lines: Line[] = [];
  let current: LayoutItem[] = [];
  let top = 0;
  let size = 0;
  for (const item of sorted) {
    if (current.length > 0 && top - item.y <= SAME_LINE_EM * Math.max(size, item.size)) {
      current.push(item);
      size = Math.max(size, item.size);
      continue;
    }
    if (current.length > 0) lines.push(makeLine(current));
    current = [item];
    top = item.y;
    size = item.size;
  }
  if (current.length > 0) lines.push(makeLine(current));
  return lines;
}

/** The styled runs of items on one line, in reading order, with a space where the gap is a word space. */
export function runsOfItems(items: readonly LayoutItem[]): TextRun[] {
  const runs: TextRun[] = [];
  let previous: LayoutItem | undefined;
  for (const item of items) {
    let text = item.text;
    const last = runs.at(-1);
    if (previous && last) {
      // in a right-to-left line the next item sits to the left of the previous one
      const gap = Math.max(item.x - itemEnd(previous), previous.x - itemEnd(item));
      if (gap > SPACE_GAP_EM * Math.min(item.size, previous.size) && !/\s$/.test(last.text) && !/^\s/.test(text)) last.text += " ";
    }
    previous = item;
    if (last && Boolean(last.bold) === item.bold && Boolean(last.italic) === item.italic && last.href === item.href) {
      last.text += text;
      continue;
    }
    // a space between differently styled runs belongs to the run before it
    if (last && /^\s/.test(text) && !/\s$/.test(last.text)) {
      last.text += " ";
      text = text.trimStart();
    }
    runs.push(styled(text, item.bold, item.italic, item.href));
  }
  return runs;
}

export function styled(text: string, bold: boolean, italic: boolean, href?: string): TextRun {
  const run: TextRun = { text };
  if (bold) run.bold = true;
  if (italic) run.italic = true;
  if (href) run.href = href;
  return run;
}

const plain = (run: TextRun): boolean => !run.bold && !run.italic && !run.href;
const sameStyle = (a: TextRun, b: TextRun): boolean => Boolean(a.bold) === Boolean(b.bold) && Boolean(a.italic) === Boolean(b.italic) && a.href === b.href;

/** Merges neighbouring runs of the same style and collapses runs of spaces. */
export function normalizeRuns(runs: readonly TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (const run of runs) {
    const text = run.text.replace(/[ \t]+/g, " ");
    const last = out.at(-1);
    if (last && sameStyle(last, run)) {
      last.text = (last.text + text).replace(/ {2,}/g, " ");
    } else if (text !== "") {
      out.push({ ...run, text });
    }
  }
  // a space at the edge of a bold, italic or linked run moves to the plain run beside it
  for (let i = 0; i + 1 < out.length; i++) {
    const [a, b] = [out[i]!, out[i + 1]!];
    if (!plain(a) && plain(b) && a.text.endsWith(" ")) [a.text, b.text] = [a.text.trimEnd(), " " + b.text.trimStart()];
    if (plain(a) && !plain(b) && b.text.startsWith(" ")) [a.text, b.text] = [a.text.trimEnd() + " ", b.text.trimStart()];
  }
  if (out.length > 0) {
    out[0]!.text = out[0]!.text.trimStart();
    out.at(-1)!.text = out.at(-1)!.text.trimEnd();
  }
  return out.filter((run) => run.text !== "");
}
