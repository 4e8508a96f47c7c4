// Tables drawn with borders (issue 15): Word and LibreOffice draw a table's borders as straight
// horizontal and vertical strokes. Where such rules cross into a grid of at least two rows and two
// columns with text inside, the grid is the table: each cell takes the text whose middle lies in it,
// however its lines wrap (which the text-only detection in pdf-tables.ts cannot follow). A cell
// without a border to its right neighbour spans into it. Pure: plain rules and items in.
import type { LayoutItem } from "./pdf-lines.ts";

/** A straight axis-aligned stroke on the page, in the items' frame (points, y up). */
export interface Rule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface RuledCell {
  items: LayoutItem[];
  colSpan: number;
}

export interface RuledTable {
  top: number;
  bottom: number;
  x0: number;
  x1: number;
  /** rows top to bottom, cells left to right */
  rows: RuledCell[][];
}

/** Rules this close (in points) are one line; a double border is one border. */
const SNAP_PT = 2.5;
/** Shorter strokes are glyph parts, underlines of a word or ticks, not borders. */
const MIN_RULE_PT = 8;
/** Rules on a page beyond this many are a drawing, not tables (and the grid stays small). */
const MAX_RULES = 4000;
/** A grid with more cells than this is a drawing or a form, not a table to rebuild. */
const MAX_CELLS = 5000;

interface Line {
  /** y of a horizontal line, x of a vertical one */
  at: number;
  from: number;
  to: number;
}

/** Merges strokes on (nearly) the same line whose extents touch or overlap. */
function mergeLines(lines: Line[]): Line[] {
  const sorted = lines.toSorted((a, b) => a.at - b.at || a.from - b.from);
  const out: Line[] = [];
  for (const line of sorted) {
    const same = out.findLast((other) => Math.abs(other.at - line.at) <= SNAP_PT && line.from <= other.to + SNAP_PT);
    if (same) {
      same.to = Math.max(same.to, line.to);
      same.from = Math.min(same.from, line.from);
    } else {
      out.push({ ...line });
    }
  }
  return out.filter((line) => line.to - line.from >= MIN_RULE_PT);
}

const crosses = (h: Line, v: Line): boolean => v.at >= h.from - SNAP_PT && v.at <= h.to + SNAP_PT && h.at >= v.from - SNAP_PT && h.at <= v.to + SNAP_PT;

/** Distinct positions, nearby ones merged. */
function positions(values: number[]): number[] {
  const out: number[] = [];
  for (const value of values.toSorted((a, b) => a - b)) if (out.length === 0 || value - out.at(-1)! > SNAP_PT) out.push(value);
  return out;
}

/** Groups the crossing horizontal and vertical lines into separate grids. */
function grids(horizontal: Line[], vertical: Line[]): { h: Line[]; v: Line[] }[] {
  const parent = Array.from({ length: horizontal.length + vertical.length }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  horizontal.forEach((h, i) =>
    vertical.forEach((v, j) => {
      if (crosses(h, v)) parent[find(i)] = find(horizontal.length + j);
    }),
  );
  const groups = new Map<number, { h: Line[]; v: Line[] }>();
  const group = (i: number): { h: Line[]; v: Line[] } => {
    const root = find(i);
    let found = groups.get(root);
    if (!found) groups.set(root, (found = { h: [], v: [] }));
    return found;
  };
  horizontal.forEach((h, i) => group(i).h.push(h));
  vertical.forEach((v, j) => group(horizontal.length + j).v.push(v));
  return [...groups.values()];
}

/** Cuts an item at the space nearest `x` (positions estimated from its width), if it has one near. */
function cutAt(item: LayoutItem, x: number): [LayoutItem, LayoutItem] | undefined {
  const perChar = item.width / Math.max(1, item.text.length);
  let best = -1;
  for (let c = 0; c < item.text.length; c++) {
    if (item.text[c] !== " ") continue;
    if (best < 0 || Math.abs(item.x + perChar * (c + 0.5) - x) < Math.abs(item.x + perChar * (best + 0.5) - x)) best = c;
  }
  if (best < 0 || Math.abs(item.x + perChar * (best + 0.5) - x) > 2 * item.size) return undefined;
  return [
    { ...item, text: item.text.slice(0, best), width: perChar * best },
    { ...item, text: item.text.slice(best + 1), x: item.x + perChar * (best + 1), width: perChar * (item.text.length - best - 1) },
  ];
}

/** A grid of rules as a table of the items inside it, or undefined when it is not one. */
function tableOf(grid: { h: Line[]; v: Line[] }, items: LayoutItem[], taken: Set<LayoutItem>): RuledTable | undefined {
  const ys = positions(grid.h.map((line) => line.at)).toReversed();
  const xs = positions(grid.v.map((line) => line.at));
  if (ys.length < 3 || xs.length < 3 || (ys.length - 1) * (xs.length - 1) > MAX_CELLS) return undefined;
  const [top, bottom, left, right] = [ys[0]!, ys.at(-1)!, xs[0]!, xs.at(-1)!];
  // a border exists between two cells where a line runs through the middle of their shared edge
  const hasVertical = (x: number, y: number): boolean => grid.v.some((v) => Math.abs(v.at - x) <= SNAP_PT && v.from <= y && v.to >= y);
  const inside: LayoutItem[] = [];
  for (const item of items) {
    const mid = item.y + item.size * 0.3;
    if (taken.has(item) || mid > top || mid < bottom || item.x + item.width / 2 < left || item.x + item.width / 2 > right) continue;
    // pdf.js may join the words of neighbouring cells into one item: cut it at each border it crosses
    let pieces = [item];
    for (const x of xs.slice(1, -1)) {
      pieces = pieces.flatMap((piece) => {
        if (piece.x >= x - 1 || piece.x + piece.width <= x + 1 || !hasVertical(x, mid)) return [piece];
        return cutAt(piece, x) ?? [piece];
      });
    }
    inside.push(...pieces);
  }
  const rows: RuledCell[][] = [];
  let filled = 0;
  for (let r = 0; r + 1 < ys.length; r++) {
    const mid = (ys[r]! + ys[r + 1]!) / 2;
    const row: RuledCell[] = [];
    for (let c = 0; c + 1 < xs.length; c++) {
      // no border to the left: this column belongs to the cell before it
      if (c > 0 && !hasVertical(xs[c]!, mid) && row.length > 0) row.at(-1)!.colSpan++;
      else row.push({ items: [], colSpan: 1 });
    }
    const starts: number[] = [];
    let column = 0;
    for (const cell of row) {
      starts.push(xs[column]!);
      column += cell.colSpan;
    }
    for (const item of inside) {
      const y = item.y + item.size * 0.3;
      if (y > ys[r]! || y < ys[r + 1]!) continue;
      const x = item.x + item.width / 2;
      const index = starts.findLastIndex((start) => x >= start);
      if (index >= 0) row[index]!.items.push(item);
    }
    filled += row.filter((cell) => cell.items.length > 0).length;
    rows.push(row);
  }
  // a frame around one block of text, or a grid of empty boxes, is not a table
  if (filled < 2 || rows.every((row) => row.length < 2)) return undefined;
  for (const item of items) {
    const mid = item.y + item.size * 0.3;
    if (mid <= top && mid >= bottom && item.x + item.width / 2 >= left && item.x + item.width / 2 <= right) taken.add(item);
  }
  return { top, bottom, x0: left, x1: right, rows };
}

/** The bordered tables on a page, and the items outside them. */
export function ruledTables(rules: readonly Rule[], items: readonly LayoutItem[]): { tables: RuledTable[]; rest: LayoutItem[] } {
  if (rules.length === 0 || rules.length > MAX_RULES) return { tables: [], rest: [...items] };
  const horizontal: Line[] = [];
  const vertical: Line[] = [];
  for (const rule of rules) {
    const [w, h] = [Math.abs(rule.x1 - rule.x0), Math.abs(rule.y1 - rule.y0)];
    if (h <= SNAP_PT && w >= MIN_RULE_PT / 2) horizontal.push({ at: (rule.y0 + rule.y1) / 2, from: Math.min(rule.x0, rule.x1), to: Math.max(rule.x0, rule.x1) });
    else if (w <= SNAP_PT && h >= MIN_RULE_PT / 2) vertical.push({ at: (rule.x0 + rule.x1) / 2, from: Math.min(rule.y0, rule.y1), to: Math.max(rule.y0, rule.y1) });
  }
  const taken = new Set<LayoutItem>();
  const tables: RuledTable[] = [];
  for (const grid of grids(mergeLines(horizontal), mergeLines(vertical))) {
    const table = tableOf(grid, [...items], taken);
    if (table) tables.push(table);
  }
  return { tables, rest: items.filter((item) => !taken.has(item)) };
}
