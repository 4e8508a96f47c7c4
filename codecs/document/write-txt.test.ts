import { afterAll, describe, expect, it } from "vitest";
import { HAVE_LIBREOFFICE, officeText, rampPng, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Block, DocModel, ListBlock, TextRun } from "./model.ts";
import { readTxt } from "./read-txt.ts";
import { writeDocx } from "./write-docx.ts";
import { writeTxt } from "./write-txt.ts";

const dir = scratch("write-txt");
afterAll(() => dir.cleanup());

const text = (value: string, style: Omit<TextRun, "text"> = {}): TextRun => ({ text: value, ...style });
const para = (value: string): Block => ({ kind: "paragraph", runs: [text(value)] });
const items = (ordered: boolean, ...entries: Block[][]): ListBlock => ({ kind: "list", ordered, items: entries.map((blocks) => ({ blocks })) });
const cell = (value: string, spans: { colSpan?: number; rowSpan?: number } = {}) => ({ blocks: [para(value)], ...spans });

const MODEL: DocModel = {
  title: "Quarterly Report",
  notes: [],
  blocks: [
    { kind: "heading", level: 1, runs: [text("Quarterly Report")] },
    { kind: "paragraph", runs: [text("This is the "), text("first", { bold: true }), text(" paragraph,\nwith a line break.")] },
    items(false, [para("Apples")], [para("Oranges"), items(true, [para("Navel")], [para("Blood"), para("a second paragraph")])]),
    items(true, [para("Count")], [para("Ship")]),
    {
      kind: "table",
      rows: [
        { header: true, cells: [cell("Name"), cell("Count"), cell("Place")] },
        { cells: [cell("Alpha"), cell("12"), cell("Harbour dock", { rowSpan: 2 })] },
        { cells: [cell("Beta"), cell("34")] },
        { cells: [cell("Total of both rows", { colSpan: 2 }), cell("46")] },
      ],
    },
    { kind: "image", data: rampPng(), mime: "image/png", width: 120, height: 80, alt: "ramp" },
    { kind: "image", data: rampPng(), mime: "image/png", width: 120, height: 80 },
    { kind: "page-break" },
    para("Привет мир. Καλημέρα κόσμε."),
  ],
};

const EXPECTED = `Quarterly Report

This is the first paragraph,
with a line break.

• Apples
• Oranges
  a. Navel
  b. Blood
     a second paragraph

1. Count
2. Ship

Name  | Count      | Place
------+------------+-------------
Alpha | 12         | Harbour dock
Beta  | 34         |
Total of both rows | 46

[Image: ramp]

[Image]
\f
Привет мир. Καλημέρα κόσμε.
`;

describe("writeTxt", () => {
  it("writes paragraphs, nested lists, an aligned table, pictures and a page break", () => {
    expect(writeTxt(MODEL)).toBe(EXPECTED);
  });

  it("reads back with readTxt: same paragraphs on each side of the page break", () => {
    const back = readTxt(new TextEncoder().encode(writeTxt(MODEL))).blocks;
    const breakAt = back.findIndex((block) => block.kind === "page-break");
    expect(back.filter((block) => block.kind === "page-break")).toHaveLength(1);
    expect(back[breakAt + 1]).toEqual(para("Привет мир. Καλημέρα κόσμε."));
    expect(back[1]).toEqual(para("This is the first paragraph,\nwith a line break."));
  });

  it.skipIf(!HAVE_LIBREOFFICE)("has the words LibreOffice reads from the DOCX of the same model, in order", async () => {
    const office = officeText(dir.write("same.docx", await writeDocx(MODEL)));
    expect(wordsInOrder(words(office), words(writeTxt(MODEL)))).toBeGreaterThanOrEqual(0.99);
  });

  it("lines up columns of wide CJK characters and combining accents as a monospaced editor shows them", () => {
    const table: Block = { kind: "table", rows: [{ cells: [cell("名前"), cell("x")] }, { cells: [cell("abcd"), cell("y")] }, { cells: [cell("e\u0301te\u0301"), cell("z")] }] };
    expect(writeTxt({ blocks: [table] })).toBe("名前 | x\nabcd | y\ne\u0301te\u0301  | z\n");
  });

  it("refuses tables nested 100 000 deep quickly", () => {
    let deep: Block = para("bottom");
    for (let i = 0; i < 100_000; i++) deep = { kind: "table", rows: [{ cells: [{ blocks: [deep] }] }] };
    expect(() => writeTxt({ blocks: [deep] })).toThrow(expect.objectContaining({ code: "too-much-work" }));
  });
});
