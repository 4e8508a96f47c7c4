import { describe, expect, it } from "vitest";
import { htmlWords, rampPng, reportHtml, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { DocumentError } from "./document-error.ts";
import { paragraphMarker, htmlToModel } from "./html-to-model.ts";
import type { Block, ImageBlock, ListBlock, Table } from "./model.ts";
import { runsText } from "./model.ts";

const dataUri = (mime: string, bytes: Uint8Array): string => `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;

/** Every word of the blocks, in reading order. */
function blockText(blocks: readonly Block[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case "paragraph":
        case "heading":
          return runsText(block.runs);
        case "list":
          return block.items.map((item) => blockText(item.blocks)).join("\n");
        case "table":
          return block.rows.map((row) => row.cells.map((cell) => blockText(cell.blocks)).join("\t")).join("\n");
        default:
          return "";
      }
    })
    .join("\n");
}

describe("htmlToModel", () => {
  it("keeps every word of the report in order, with its structure", () => {
    const notes: string[] = [];
    const blocks = htmlToModel(reportHtml({ paragraphs: 20 }), { notes });
    expect(wordsInOrder(htmlWords(reportHtml({ paragraphs: 20 })), words(blockText(blocks)))).toBe(1);
    expect(blocks[0]).toEqual({ kind: "heading", level: 1, runs: [{ text: "Quarterly Report" }] });
    expect(blocks[1]).toEqual({
      kind: "paragraph",
      runs: [{ text: "This is the " }, { text: "first", bold: true }, { text: " paragraph with " }, { text: "italic", italic: true }, { text: " words and a closing sentence." }],
    });
    const image = blocks.find((block): block is ImageBlock => block.kind === "image")!;
    expect(image).toMatchObject({ mime: "image/png", width: 120, height: 80, displayWidthPt: 90, displayHeightPt: 60, alt: "ramp" });
    expect(image.data).toEqual(rampPng());
    expect(notes).toEqual([]);
  });

  it("collapses whitespace like a browser and keeps line breaks", () => {
    const blocks = htmlToModel("<p>\n  one   <b> two </b>\tthree <br>\n four  <br></p>  loose   text  ");
    expect(blocks).toEqual([
      { kind: "paragraph", runs: [{ text: "one " }, { text: "two ", bold: true }, { text: "three\nfour" }] },
      { kind: "paragraph", runs: [{ text: "loose text" }] },
    ]);
  });

  it("reads nested lists, links and underlines, and drops unsafe links", () => {
    const blocks = htmlToModel(
      `<ol><li>first<ul><li><u>inner</u></li></ul></li><li><a href="https://example.com/a">site</a> <a href="javascript:alert(1)">bad</a></li></ol>`,
    );
    const list = blocks[0] as ListBlock;
    expect(list.ordered).toBe(true);
    expect(list.items).toHaveLength(2);
    expect(list.items[0]!.blocks[1]).toEqual({ kind: "list", ordered: false, items: [{ blocks: [{ kind: "paragraph", runs: [{ text: "inner", underline: true }] }] }] });
    expect(list.items[1]!.blocks[0]).toEqual({ kind: "paragraph", runs: [{ text: "site", href: "https://example.com/a" }, { text: " bad" }] });
  });

  it("reads tables with spans and leading header rows (th, thead or Table Heading paragraphs)", () => {
    const table = htmlToModel(
      `<table><thead><tr><th>A</th><th colspan="2">B</th></tr></thead><tbody><tr><td rowspan="2">1</td><td>2</td><td>3</td></tr><tr><th>x</th><td>y</td></tr></tbody></table>`,
    )[0] as Table;
    expect(table.rows.map((row) => row.header ?? false)).toEqual([true, false, false]);
    expect(table.rows[0]!.cells[1]).toMatchObject({ colSpan: 2 });
    expect(table.rows[1]!.cells[0]).toMatchObject({ rowSpan: 2, blocks: [{ kind: "paragraph", runs: [{ text: "1" }] }] });
    const styled = htmlToModel(`<table><tr><td><p class="table-heading">N</p></td><td><p class="table-heading">C</p></td></tr><tr><td><p>a</p></td><td><p>1</p></td></tr></table>`)[0] as Table;
    expect(styled.rows.map((row) => row.header ?? false)).toEqual([true, false]);
  });

  it("keeps a picture inside a paragraph between its two halves, and page-break markers", () => {
    const blocks = htmlToModel(`<p>before <img src="${dataUri("image/png", rampPng(4, 3))}"> after</p><hr class="page-break"><hr><p>next</p>`);
    expect(blocks.map((block) => block.kind)).toEqual(["paragraph", "image", "paragraph", "page-break", "paragraph"]);
    expect(blocks[2]).toEqual({ kind: "paragraph", runs: [{ text: "after" }] });
  });

  it("turns paragraph markers into align and page breaks (top level only), and keeps them out of the text", () => {
    const blocks = htmlToModel(`<p>${paragraphMarker("center")}middle</p><ul><li>${paragraphMarker("right")}item</li></ul><p>${paragraphMarker("justify")}</p><p>left</p><p>${paragraphMarker("page-break-before")}${paragraphMarker("center")}top</p><table><tr><td>${paragraphMarker("page-break-before")}cell</td></tr></table>`);
    expect(blocks).toEqual([
      { kind: "paragraph", runs: [{ text: "middle" }], align: "center" },
      { kind: "list", ordered: false, items: [{ blocks: [{ kind: "paragraph", runs: [{ text: "item" }], align: "right" }] }] },
      { kind: "paragraph", runs: [{ text: "left" }] },
      { kind: "page-break" },
      { kind: "paragraph", runs: [{ text: "top" }], align: "center" },
      { kind: "table", rows: [{ cells: [{ blocks: [{ kind: "paragraph", runs: [{ text: "cell" }] }] }] }] },
    ]);
  });

  it("drops GIF, SVG, EMF and linked pictures with one note naming them", () => {
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]);
    const emf = new Uint8Array(64);
    emf.set([1, 0, 0, 0]);
    emf.set([0x20, 0x45, 0x4d, 0x46], 40);
    const notes: string[] = [];
    const blocks = htmlToModel(
      `<p><img src="${dataUri("image/gif", gif)}"><img src="${dataUri("image/gif", gif)}"><img src="data:image/svg+xml,%3Csvg%20xmlns%3D%22x%22%2F%3E"><img src="${dataUri("image/x-emf", emf)}"><img src="https://example.com/a.png">text</p>`,
      { notes },
    );
    expect(blocks).toEqual([{ kind: "paragraph", runs: [{ text: "text" }] }]);
    expect(notes).toEqual(["5 pictures were left out (2 GIF, 1 SVG, 1 EMF, 1 linked): only embedded PNG and JPEG pictures are kept."]);
  });

  it("refuses 100 000 nested elements with a clear message, and reads long flat input", () => {
    const deep = "<div>".repeat(100_000) + "x" + "</div>".repeat(100_000);
    expect(() => htmlToModel(deep)).toThrow(DocumentError);
    expect(() => htmlToModel("<ul><li>".repeat(50_000))).toThrow(/levels deep/);
    const flat = "<p>word <b>bold</b></p>".repeat(50_000);
    expect(htmlToModel(flat)).toHaveLength(50_000);
  });
});
