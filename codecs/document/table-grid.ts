// Where a model table's cells sit on its grid of columns, for the writers (DOCX, TXT): the model
// gives cells as HTML does, leaving out the places a rowSpan or colSpan from elsewhere covers.
import type { Table as ModelTable, TableCell as ModelCell } from "./model.ts";

/** Word's widest table has 63 columns; a span past that is a damaged or hostile count. */
export const MAX_TABLE_COLUMNS = 63;

export interface PlacedCell {
  cell: ModelCell;
  /** the grid column of its left edge */
  column: number;
  colSpan: number;
  rowSpan: number;
}

/**
 * Where each cell sits: spans clamped to the table (a rowSpan past the last row, a colSpan past
 * MAX_TABLE_COLUMNS), and the number of grid columns.
 */
export function layoutTable(table: ModelTable): TableGrid {
  const rowCount = table.rows.length;
  // rows still covered by a rowSpan from above, per column
  let covered: number[] = [];
  const rows: PlacedCell[][] = [];
  const coveredByRow: number[][] = [];
  const ends: number[] = [];
  let columns = 1;
  for (let r = 0; r < rowCount; r++) {
    const placed: PlacedCell[] = [];
    let column = 0;
    const next = covered.map((left) => Math.max(0, left - 1));
    for (const cell of table.rows[r]!.cells) {
      while ((covered[column] ?? 0) > 0) column++;
      if (column >= MAX_TABLE_COLUMNS) break;
      const colSpan = clamp(cell.colSpan, MAX_TABLE_COLUMNS - column);
      const rowSpan = clamp(cell.rowSpan, rowCount - r);
      for (let c = column; c < column + colSpan; c++) next[c] = Math.max(next[c] ?? 0, rowSpan - 1);
      placed.push({ cell, column, colSpan, rowSpan });
      column += colSpan;
    }
    rows.push(placed);
    coveredByRow.push(covered);
    ends.push(column);
    columns = Math.max(columns, column, covered.length);
    covered = next;
  }
  // the free grid positions right of each row's last cell
  const padding = ends.map((end, r) => {
    let free = 0;
    for (let c = end; c < columns; c++) if ((coveredByRow[r]![c] ?? 0) === 0) free++;
    return free;
  });
  return { rows, padding, columns: Math.min(columns, MAX_TABLE_COLUMNS) };
}

function clamp(span: number | undefined, most: number): number {
  return span !== undefined && Number.isFinite(span) ? Math.max(1, Math.min(Math.floor(span), most)) : 1;
}

export interface TableGrid {
  /** each row's cells, left to right */
  rows: PlacedCell[][];
  /** the free places right of each row's last cell (short rows) */
  padding: number[];
  columns: number;
}
