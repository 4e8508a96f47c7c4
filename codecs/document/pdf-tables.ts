// Tables from text alone (issue 15): consecutive lines whose text sits in the same columns, with
// gaps wider than word spaces between them, two or more rows of two or more cells. Conservative on
// purpose (a false table is worse than none): every row has the same number of cells, each column
// lines up (left, right or centred), no column overlaps the next, and cells hold short text. A line
// just above or below such a table whose gaps pdf.js merged into one item ("Name Count") joins it
// when its word spaces fall in the table's gutters.
import { maxOf, minOf, type LayoutItem, type Line } from "./pdf-lines.ts";

/** A gap this wide between items separates table cells (in ems). */
const CELL_GAP_EM = 0.75;
/** Cells of one column line up within this (in ems). */
const ALIGN_EM = 0.5;
/** Rows further apart than this are not one table (in ems). */
const MAX_ROW_PITCH_EM = 3;
/** A cell with more characters than this is running text, not a table cell. */
const MAX_CELL_CHARS = 80;
/** The cells' mean length stays under this (two columns of prose are not a table). */
const MAX_MEAN_CELL_CHARS = 40;
/** A merged line's word space may sit this far outside a gutter and still split there (in ems). */
const SPLIT_SLACK_EM = 1;

export interface TableSpan {
  /** the index of its first and last line in the region's lines */
  first: number;
  last: number;
  /** each row's cells, each cell's items left to right */
  rows: LayoutItem[][][];
}

const itemEnd = (item: LayoutItem): number => item.x + item.width;
const cellStart = (cell: LayoutItem[]): number => cell[0]!.x;
const cellEnd = (cell: LayoutItem[]): number => maxOf(cell.map(itemEnd));
const cellText = (cell: LayoutItem[]): string => cell.map((item) => item.text).join(" ").trim();

/** A line's items split where the gap between two is wider than a word space can be. */
export function lineCells(line: Line): LayoutItem[][] {
  const cells: LayoutItem[][] = [];
  let previous: LayoutItem | undefined;
  for (const item of line.items) {
    if (!previous || item.x - itemEnd(previous) >= CELL_GAP_EM * line.size) cells.push([]);
    cells.at(-1)!.push(item);
    previous = item;
  }
  return cells;
}

function columnsAlign(a: LayoutItem[][], b: LayoutItem[][], em: number): boolean {
  const tolerance = ALIGN_EM * em;
  return a.every((cell, j) => {
    const other = b[j]!;
    const starts = Math.abs(cellStart(cell) - cellStart(other));
    const ends = Math.abs(cellEnd(cell) - cellEnd(other));
    const centres = Math.abs((cellStart(cell) + cellEnd(cell)) / 2 - (cellStart(other) + cellEnd(other)) / 2);
    return Math.min(starts, ends, centres) <= tolerance;
  });
}

/** Whether the rows' columns stay apart: each column ends before the next one starts, in every row. */
function columnsSeparate(rows: LayoutItem[][][]): boolean {
  const columns = rows[0]!.length;
  for (let j = 0; j + 1 < columns; j++) {
    const end = maxOf(rows.map((row) => cellEnd(row[j]!)));
    const start = minOf(rows.map((row) => cellStart(row[j + 1]!)));
    if (end >= start) return false;
  }
  return true;
}

/** Short cells, and not all in a typewriter font (aligned code is not a table). */
function shortCells(rows: LayoutItem[][][]): boolean {
  if (rows.every((row) => row.every((cell) => cell.every((item) => item.mono)))) return false;
  const lengths = rows.flatMap((row) => row.map((cell) => cellText(cell).length));
  return maxOf(lengths) <= MAX_CELL_CHARS && lengths.reduce((a, b) => a + b, 0) / lengths.length <= MAX_MEAN_CELL_CHARS;
}

/** Splits one item at character `index` (a space), estimating positions from its width. */
function splitItem(item: LayoutItem, index: number): [LayoutItem, LayoutItem] {
  const perChar = item.width / Math.max(1, item.text.length);
  const head = { ...item, text: item.text.slice(0, index).trimEnd(), width: perChar * index };
  const tail = { ...item, text: item.text.slice(index + 1).trimStart(), x: item.x + perChar * (index + 1), width: perChar * (item.text.length - index - 1) };
  return [head, tail];
}

/** A line cut into the table's columns at word spaces inside its gutters, if every gutter has one. */
function splitIntoColumns(line: Line, rows: LayoutItem[][][], em: number): LayoutItem[][] | undefined {
  const columns = rows[0]!.length;
  const slack = SPLIT_SLACK_EM * em;
  let pieces: LayoutItem[] = [...line.items];
  const cells: LayoutItem[][] = [];
  for (let j = 1; j < columns; j++) {
    const x0 = maxOf(rows.map((row) => cellEnd(row[j - 1]!))) - slack;
    const x1 = minOf(rows.map((row) => cellStart(row[j]!))) + slack;
    const centre = (x0 + x1) / 2;
    // candidates: a boundary between two items, or a space inside one
    let best: { at: number; index: number; char: number; distance: number } | undefined;
    pieces.forEach((item, index) => {
      if (index > 0) {
        const at = (itemEnd(pieces[index - 1]!) + item.x) / 2;
        if (at >= x0 && at <= x1 && (!best || Math.abs(at - centre) < best.distance)) best = { at, index, char: -1, distance: Math.abs(at - centre) };
      }
      const perChar = item.width / Math.max(1, item.text.length);
      for (let c = 1; c < item.text.length - 1; c++) {
        if (item.text[c] !== " ") continue;
        const at = item.x + perChar * (c + 0.5);
        if (at >= x0 && at <= x1 && (!best || Math.abs(at - centre) < best.distance)) best = { at, index, char: c, distance: Math.abs(at - centre) };
      }
    });
    if (!best) return undefined;
    if (best.char < 0) {
      cells.push(pieces.slice(0, best.index));
      pieces = pieces.slice(best.index);
    } else {
      const [head, tail] = splitItem(pieces[best.index]!, best.char);
      cells.push([...pieces.slice(0, best.index), head]);
      pieces = [tail, ...pieces.slice(best.index + 1)];
    }
  }
  cells.push(pieces);
  return cells.every((cell) => cell.length > 0 && cellText(cell) !== "") ? cells : undefined;
}

/**
 * The tables among a region's lines (top to bottom). `candidate(i)` says whether line i may be a row
 * (the caller rules out list items, whose marker and text are apart like two cells).
 */
export function findTables(lines: readonly Line[], em: number, candidate: (index: number) => boolean): TableSpan[] {
  const cells = lines.map((line, i) => (candidate(i) ? lineCells(line) : []));
  const tables: TableSpan[] = [];
  let i = 0;
  while (i < lines.length) {
    const first = cells[i]!;
    if (first.length < 2) {
      i++;
      continue;
    }
    const rows = [first];
    let j = i + 1;
    while (
      j < lines.length &&
      cells[j]!.length === first.length &&
      lines[j - 1]!.y - lines[j]!.y <= MAX_ROW_PITCH_EM * lines[j]!.size &&
      columnsAlign(first, cells[j]!, em) &&
      columnsSeparate([...rows, cells[j]!])
    ) {
      rows.push(cells[j]!);
      j++;
    }
    if (rows.length < 2 || !shortCells(rows)) {
      i++;
      continue;
    }
    let start = i;
    const previousEnd = tables.at(-1)?.last ?? -1;
    if (i - 1 > previousEnd && candidate(i - 1) && lines[i - 1]!.y - lines[i]!.y <= MAX_ROW_PITCH_EM * lines[i]!.size) {
      const header = splitIntoColumns(lines[i - 1]!, rows, em);
      if (header && columnsSeparate([header, ...rows]) && shortCells([header])) {
        rows.unshift(header);
        start = i - 1;
      }
    }
    if (j < lines.length && candidate(j) && cells[j]!.length < first.length && lines[j - 1]!.y - lines[j]!.y <= MAX_ROW_PITCH_EM * lines[j]!.size) {
      const footer = splitIntoColumns(lines[j]!, rows, em);
      if (footer && columnsSeparate([...rows, footer]) && shortCells([footer])) {
        rows.push(footer);
        j++;
      }
    }
    tables.push({ first: start, last: j - 1, rows });
    i = j;
  }
  return tables;
}
