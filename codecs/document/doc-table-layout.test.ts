import { describe, expect, it } from "vitest";
import type { Table } from "./model.ts";
import { applyRowLayouts } from "./doc-table-layout.ts";

// Word 97's own way of merging (flags on equal-width cells) has no LibreOffice fixture (LibreOffice
// writes merged cells as wider cells, covered by read-doc.test.ts), so it is checked on its own here.

const cell = (text: string): Table["rows"][number]["cells"][number] => ({ blocks: text === "" ? [] : [{ kind: "paragraph", runs: [{ text }] }] });
const shape = (table: Table): [string, number, number][][] =>
  table.rows.map((row) => row.cells.map((c) => [c.blocks.map((b) => (b.kind === "paragraph" ? b.runs[0]!.text : "")).join(""), c.colSpan ?? 1, c.rowSpan ?? 1]));

describe("applyRowLayouts", () => {
  it("joins cells flagged as merged into the one before, and into the one above", () => {
    const table: Table = {
      kind: "table",
      rows: [
        { cells: [cell("Joined"), cell(""), cell("Top")] },
        { cells: [cell("A"), cell("B"), cell("")] },
      ],
    };
    const edges = [0, 1000, 2000, 3000];
    applyRowLayouts(table, [
      { edges, horzMerge: [1, 2, 0], vertMerge: [0, 0, 3] },
      { edges, horzMerge: [0, 0, 0], vertMerge: [0, 0, 1] },
    ]);
    expect(shape(table)).toEqual([
      [["Joined", 2, 1], ["Top", 1, 2]],
      [["A", 1, 1], ["B", 1, 1]],
    ]);
  });

  it("leaves a row alone when its layout does not match its cells", () => {
    const table: Table = { kind: "table", rows: [{ cells: [cell("One"), cell("Two")] }] };
    applyRowLayouts(table, [{ edges: [0, 1000], horzMerge: [0], vertMerge: [0] }]);
    expect(shape(table)).toEqual([[["One", 1, 1], ["Two", 1, 1]]]);
  });
});
