// A model table as a Word table: equal columns across the room it has, thin borders, merged cells
// (docx writes the w:vMerge continuations of a rowSpan itself), leading header rows repeated on each
// page and shown bold.
import { BorderStyle, Paragraph, Table, TableCell, TableRow, WidthType, type IBorderOptions } from "docx";
import type { Table as ModelTable, TableCell as ModelCell } from "./model.ts";
import { layoutTable } from "./table-grid.ts";

const BORDER: IBorderOptions = { style: BorderStyle.SINGLE, size: 4, color: "808080" };
const BORDERS = { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, insideHorizontal: BORDER, insideVertical: BORDER };
/** Word's default left and right cell margins together (0.08 in each), in points. */
const CELL_PADDING_PT = 11.5;

/** Converts a cell's blocks, given the width its content has and whether it is a header cell. */
export type CellContent = (cell: ModelCell, widthPt: number, header: boolean) => (Paragraph | Table)[];

/** `indentTwips`: how far the table starts from the margin (lined up with a list item's text). */
export function docxTable(table: ModelTable, widthPt: number, content: CellContent, indentTwips = 0): Table {
  const { rows, padding, columns } = layoutTable(table);
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
    indent: indentTwips > 0 ? { size: indentTwips, type: WidthType.DXA } : undefined,
  });
}
