// A model table as a Word table: equal columns across the room it has, thin borders, merged cells
// (docx writes the w:vMerge continuations of a rowSpan itself), leading header rows repeated on each
// page and shown bold.
import { BorderStyle, Paragraph, Table, TableCell, TableRow, WidthType, type IBorderOptions } from "docx";
import type { Table as ModelTable, TableCell as ModelCell } from "./model.ts";

/** Word's widest table has 63 columns; a span past that is a damaged or hostile count. */
export const MAX_TABLE_COLUMNS = 63;

const BORDER: IBorderOptions = { style: BorderStyle.SINGLE, size: 4, color: "808080" };
const BORDERS = { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, insideHorizontal: BORDER, insideVertical: BORDER };
/** Word's default left and right cell margins together (0.08 in each), in points. */
const CELL_PADDING_PT = 11.5;

/** Converts a cell's blocks, given the width its content has and whether it is a header cell. */
export type CellContent = (cell: ModelCell, widthPt: number, header: boolean) => (Paragraph | Table)[];

interface PlacedCell {
  cell: ModelCell;
  colSpan: number;
  rowSpan: number;
}

/**
 * Where each cell sits: spans clamped to the table (a rowSpan past the last row, a colSpan past
 * MAX_TABLE_COLUMNS), and the number of grid columns.
 */
function layout(table: ModelTable): { rows: PlacedCell[][]; padding: number[]; columns: number } {
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
      placed.push({ cell, colSpan, rowSpan });
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

export function docxTable(table: ModelTable, widthPt: number, content: CellContent): Table {
  const { rows, padding, columns } = layout(table);
  const columnTwips = Math.max(1, Math.floor((widthPt * 20) / columns));
  const columnPt = columnTwips / 20;
  // Word repeats only the first rows of a table as its header
  let leadingHeader = true;
  const docxRows = rows.map((placed, r) => {
    const header = table.rows[r]!.header === true;
    leadingHeader = leadingHeader && header;
    const cells = placed.map(({ cell, colSpan, rowSpan }) => {
      const children = content(cell, Math.max(1, columnPt * colSpan - CELL_PADDING_PT), header);
      // a Word cell must end with a paragraph
      if (!(children.at(-1) instanceof Paragraph)) children.push(new Paragraph({}));
      return new TableCell({
        children,
        columnSpan: colSpan > 1 ? colSpan : undefined,
        rowSpan: rowSpan > 1 ? rowSpan : undefined,
        width: { size: columnTwips * colSpan, type: WidthType.DXA },
      });
    });
    // short rows are filled out, so every row spans the grid
    for (let i = 0; i < padding[r]!; i++) {
      cells.push(new TableCell({ children: [new Paragraph({})], width: { size: columnTwips, type: WidthType.DXA } }));
    }
    return new TableRow({ children: cells, tableHeader: leadingHeader ? true : undefined });
  });
  return new Table({
    rows: docxRows,
    width: { size: columnTwips * columns, type: WidthType.DXA },
    columnWidths: Array.from({ length: columns }, () => columnTwips),
    borders: BORDERS,
  });
}
