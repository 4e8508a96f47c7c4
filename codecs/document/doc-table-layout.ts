import type { Table, TableCell } from "./model.ts";
import type { RowCells } from "./doc-sprms.ts";

// Merged cells from the rows' cell layouts (sprmTDefTable): a cell as wide as several cells of
// other rows spans their columns (the table's grid is every cell edge of every row), cells flagged
// as merged into the one before join it, and cells flagged as merged into the one above are taken
// out of their row and counted in the first one's rowSpan, as HTML and DOCX tables say it.

const HORZ_FIRST = 1;
const VERT_FIRST = 3;
const VERT_CONTINUE = 1;

/** Sets colSpan and rowSpan on `table`'s cells from `layouts` (one per row, undefined when unknown). */
export function applyRowLayouts(table: Table, layouts: readonly (RowCells | undefined)[]): void {
  // a layout is used only when it describes as many cells as the row has
  const usable = table.rows.map((row, i) => {
    const layout = layouts[i];
    return layout && layout.edges.length === row.cells.length + 1 ? layout : undefined;
  });
  const grid = [...new Set(usable.flatMap((layout) => layout?.edges ?? []))].toSorted((a, b) => a - b);
  const column = new Map(grid.map((edge, i) => [edge, i]));
  /** per grid column: the cell that started a vertical merge there */
  const above = new Map<number, TableCell>();

  table.rows.forEach((row, r) => {
    const layout = usable[r];
    if (!layout) {
      above.clear();
      return;
    }
    const kept: TableCell[] = [];
    let merging: TableCell | undefined;
    row.cells.forEach((cell, i) => {
      const left = column.get(layout.edges[i]!)!;
      const right = column.get(layout.edges[i + 1]!)!;
      const span = Math.max(1, right - left);
      const horz = layout.horzMerge[i]!;
      const vert = layout.vertMerge[i]!;
      if (horz > HORZ_FIRST && merging) {
        merging.colSpan = (merging.colSpan ?? 1) + span;
        merging.blocks.push(...cell.blocks);
        return;
      }
      merging = horz === HORZ_FIRST ? cell : undefined;
      const owner = above.get(left);
      if (vert === VERT_CONTINUE && owner) {
        owner.rowSpan = (owner.rowSpan ?? 1) + 1;
        owner.blocks.push(...cell.blocks);
        return;
      }
      if (vert === VERT_FIRST) above.set(left, cell);
      else above.delete(left);
      if (span > 1) cell.colSpan = span;
      kept.push(cell);
    });
    row.cells = kept;
  });
}
