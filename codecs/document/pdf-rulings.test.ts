import { describe, expect, it } from "vitest";
import type { LayoutItem } from "./pdf-lines.ts";
import { ruledTables, type Rule } from "./pdf-rulings.ts";

const item = (text: string, x: number, y: number): LayoutItem => ({ text, x, y, width: text.length * 5, size: 10, font: "f", bold: false, italic: false });

/** The borders of a grid: horizontal lines at `ys`, vertical lines at `xs`, each spanning the grid. */
function grid(xs: number[], ys: number[]): Rule[] {
  const [left, right, top, bottom] = [xs[0]!, xs.at(-1)!, ys[0]!, ys.at(-1)!];
  return [...ys.map((y) => ({ x0: left, y0: y, x1: right, y1: y })), ...xs.map((x) => ({ x0: x, y0: bottom, x1: x, y1: top }))];
}

const cellTexts = (items: LayoutItem[]): string => items.map((i) => i.text).join(" ");

describe("ruledTables", () => {
  it("puts wrapped text into the cells its borders draw, and leaves the text outside alone", () => {
    const items = [
      item("Before.", 50, 720),
      item("Term", 55, 690),
      item("Meaning", 155, 690),
      item("A book in which", 155, 670),
      item("Ledger", 55, 664),
      item("accounts are kept.", 155, 658),
      item("After.", 50, 600),
    ];
    const { tables, rest } = ruledTables(grid([50, 150, 300], [700, 680, 640]), items);
    expect(rest.map((i) => i.text)).toEqual(["Before.", "After."]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows.map((row) => row.map((cell) => cellTexts(cell.items)))).toEqual([
      ["Term", "Meaning"],
      ["Ledger", "A book in which accounts are kept."],
    ]);
  });

  it("cuts an item pdf.js joined across a border, and spans a cell with no border inside", () => {
    const rules = [
      ...grid([50, 150, 250], [700, 680, 660]).filter((rule) => !(rule.x0 === 150 && rule.x1 === 150)),
      // the middle border only in the lower row
      { x0: 150, y0: 660, x1: 150, y1: 680 },
    ];
    // "Left Right" is one item whose space (at 128 + 4.5 × 5) sits on the lower row's middle border
    const items = [item("A heading across both", 60, 686), item("Left Right", 128, 666)];
    const { tables } = ruledTables(rules, items);
    expect(tables[0]!.rows.map((row) => row.map((cell) => [cellTexts(cell.items), cell.colSpan]))).toEqual([
      [["A heading across both", 2]],
      [
        ["Left", 1],
        ["Right", 1],
      ],
    ]);
  });

  it("ignores a frame around one paragraph, a lone rule and a grid of empty boxes", () => {
    const text = [item("Framed words.", 60, 690)];
    expect(ruledTables(grid([50, 300], [700, 650]), text).tables).toEqual([]);
    expect(ruledTables([{ x0: 50, y0: 640, x1: 300, y1: 640 }], text).tables).toEqual([]);
    expect(ruledTables(grid([50, 100, 150], [600, 580, 560]), text).tables).toEqual([]);
  });
});
