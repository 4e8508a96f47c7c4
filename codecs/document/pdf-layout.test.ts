import { describe, expect, it } from "vitest";
import type { Block, ListBlock, Table } from "./model.ts";
import { runsText } from "./model.ts";
import { documentStyle, fontStyle, layoutPage, type LayoutItem } from "./pdf-layout.ts";
import { writeTxt } from "./write-txt.ts";

// Hand-made text items: roughly 0.5 em per character, as in a proportional font.
function item(text: string, x: number, y: number, options: Partial<LayoutItem> = {}): LayoutItem {
  const size = options.size ?? 10;
  return { text, x, y, width: text.length * size * 0.5, size, font: "body", bold: false, italic: false, ...options };
}

function layout(items: LayoutItem[]): Block[] {
  return layoutPage(items, documentStyle([items])).map((placed) => placed.block);
}

const blocksText = (blocks: Block[]): string => writeTxt({ blocks }).trimEnd();
const textOf = (items: LayoutItem[]): string => blocksText(layout(items));

describe("fontStyle", () => {
  it("reads bold and italic from font names, ignoring the subset tag", () => {
    expect(fontStyle("BAAAAA+DejaVuSerif-Bold")).toMatchObject({ bold: true, italic: false });
    expect(fontStyle("Helvetica-BoldOblique")).toMatchObject({ bold: true, italic: true });
    expect(fontStyle("ABCDEF+Arial,BoldItalic")).toMatchObject({ bold: true, italic: true });
    expect(fontStyle("SourceSansPro-Semibold")).toMatchObject({ bold: true, italic: false });
    expect(fontStyle("Roboto-Black")).toMatchObject({ bold: true, italic: false });
    expect(fontStyle("Times-Italic")).toMatchObject({ bold: false, italic: true });
    expect(fontStyle("CAAAAA+DejaVuSerif")).toEqual({ bold: false, italic: false, mono: false });
    // TeX's Computer Modern: bold extended, text italic, typewriter
    expect(fontStyle("ECEDAZ+CMBX12")).toEqual({ bold: true, italic: false, mono: false });
    expect(fontStyle("XYZABC+CMTI10")).toEqual({ bold: false, italic: true, mono: false });
    expect(fontStyle("HASPPL+CMTT12")).toEqual({ bold: false, italic: false, mono: true });
    expect(fontStyle("CourierNewPSMT")).toMatchObject({ mono: true });
    // URW's clones of Times and Courier (Ghostscript, DocBook)
    expect(fontStyle("SEBOZB+NimbusRomNo9L-Medi")).toEqual({ bold: true, italic: false, mono: false });
    expect(fontStyle("VEQMBL+NimbusRomNo9L-ReguItal")).toEqual({ bold: false, italic: true, mono: false });
    expect(fontStyle("JNNPWA+NimbusMonL-Regu")).toEqual({ bold: false, italic: false, mono: true });
    expect(fontStyle("Medium-Sans")).toEqual({ bold: false, italic: false, mono: false });
    // "BOLDXX" is only a subset tag
    expect(fontStyle("BOLDXX+Georgia")).toMatchObject({ bold: false, italic: false });
  });
});

describe("layoutPage", () => {
  it("reads a two-column page column by column, the title above both first", () => {
    const items = [item("Two Column Title", 50, 800, { size: 20 })];
    for (let row = 0; row < 12; row++) {
      items.push(item(`left line ${row} has quite a few words in it`, 50, 760 - row * 12));
      items.push(item(`right line ${row} has quite a few words too`, 320, 760 - row * 12));
    }
    const text = textOf(items);
    const order = [...text.matchAll(/(left|right) line (\d+)/g)].map((m) => `${m[1]}${m[2]}`);
    expect(order).toEqual([...Array.from({ length: 12 }, (_, i) => `left${i}`), ...Array.from({ length: 12 }, (_, i) => `right${i}`)]);
    expect(text.startsWith("Two Column Title")).toBe(true);
  });

  it("reads columns only 0.6 em apart (LaTeX's 10 pt gutter in 10 pt text) column by column", () => {
    const items: LayoutItem[] = [];
    for (let row = 0; row < 10; row++) {
      // 48 characters: 240 pt wide, the right column starting 7 pt after the left one ends
      items.push(item(`left line ${row} of the first column runs on and on`.padEnd(48, "."), 50, 760 - row * 12));
      items.push(item(`right line ${row} of the second column runs on too`.padEnd(48, "."), 297, 760 - row * 12));
    }
    const order = [...textOf(items).matchAll(/(left|right) line (\d+)/g)].map((m) => `${m[1]}${m[2]}`);
    expect(order).toEqual([...Array.from({ length: 10 }, (_, i) => `left${i}`), ...Array.from({ length: 10 }, (_, i) => `right${i}`)]);
  });

  it("reads three justified columns, whose stretched lines pdf.js gives word by word, column by column", () => {
    const items = [item("Three Column Newsletter", 150, 800, { size: 18 })];
    const columns = [50, 265, 480];
    for (let row = 0; row < 12; row++) {
      columns.forEach((x, c) => {
        if (row % 3 === 1) {
          // a justified line with few words: each word its own item, a word space stretched to about an em
          const parts = [`c${c}r${row}`, "under", "load", "number", "17."];
          parts.forEach((word, w) => items.push(item(word, x + w * 32, 760 - row * 12)));
        } else {
          items.push(item(`c${c}r${row} reduces the overhead of the entropy`, x, 760 - row * 12));
        }
      });
    }
    const order = [...textOf(items).matchAll(/c(\d)r(\d+)/g)].map((m) => m[0]);
    expect(order).toEqual([0, 1, 2].flatMap((c) => Array.from({ length: 12 }, (_, row) => `c${c}r${row}`)));
  });

  it("reads a footnote set small under the left column after both columns, as pdftotext", () => {
    const items: LayoutItem[] = [];
    for (let row = 0; row < 10; row++) {
      items.push(item(`left line ${row} of the first column runs on`, 50, 760 - row * 12));
      if (row < 8) items.push(item(`right line ${row} of the second column runs`, 320, 760 - row * 12));
    }
    items.push(item("1 The footnote under the columns", 50, 560, { size: 8 }));
    const order = [...textOf(items).matchAll(/(left|right) line (\d+)|footnote/g)].map((m) => (m[1] ? `${m[1]}${m[2]}` : m[0]));
    expect(order.at(-1)).toBe("footnote");
    expect(order.indexOf("right0")).toBe(10);
  });

  it("joins a paragraph's lines, puts hyphenated words back together only before a lower-case letter", () => {
    const items = [
      item("This sentence has an exam-", 50, 700),
      item("ple of a split word and Jean-", 50, 688),
      item("Paul who keeps his hyphen.", 50, 676),
    ];
    expect(textOf(items)).toBe("This sentence has an example of a split word and Jean- Paul who keeps his hyphen.");
  });

  it("joins Chinese and Japanese lines without a space", () => {
    expect(textOf([item("これは日本語の文章で、", 50, 700), item("行をまたいで続きます。", 50, 688)])).toBe("これは日本語の文章で、行をまたいで続きます。");
  });

  it("separates paragraphs by a vertical gap and by a first-line indent", () => {
    const lines = ["First paragraph line one goes on", "and ends here on line two.", "Second paragraph after a gap", "continues below it here.", "Third paragraph is indented", "and wraps to the margin."];
    const items = [item(lines[0]!, 50, 700), item(lines[1]!, 50, 688), item(lines[2]!, 50, 664), item(lines[3]!, 50, 652), item(lines[4]!, 70, 640), item(lines[5]!, 50, 628)];
    const blocks = layout(items);
    expect(blocks.map((block) => (block.kind === "paragraph" ? runsText(block.runs) : block.kind))).toEqual([
      `${lines[0]} ${lines[1]}`,
      `${lines[2]} ${lines[3]}`,
      `${lines[4]} ${lines[5]}`,
    ]);
  });

  it("keeps the line breaks of code in a typewriter font and ends its paragraph where the body font returns", () => {
    const items = [
      item("Some text before the code.", 50, 720),
      item("int main() {", 50, 706, { mono: true }),
      item("return 0;", 62, 694, { mono: true }),
      item("}", 50, 682, { mono: true }),
      item("and text after it.", 50, 670),
    ];
    expect(textOf(items)).toBe("Some text before the code.\n\nint main() {\nreturn 0;\n}\n\nand text after it.");
  });

  it("marks centred and flush-right paragraphs, and leaves ordinary ones alone", () => {
    const body = "A full line of body text that spans the whole width of the column here.";
    const items = [
      item("Centred line", 50 + (body.length * 5 - 60) / 2, 720),
      item(body, 50, 700),
      item("12 March 2025", 50 + body.length * 5 - 65, 680),
      item("Short last words.", 50, 660),
    ];
    expect(layout(items).map((block) => (block.kind === "paragraph" ? (block.align ?? "left") : block.kind))).toEqual(["center", "left", "right", "left"]);
  });

  it("finds headings by size (levels by size rank) and bold and italic runs", () => {
    const items = [
      item("Main Title", 50, 780, { size: 24, bold: true }),
      item("Section", 50, 740, { size: 16, bold: true }),
      item("Body with a ", 50, 715),
      item("bold", 110, 715, { bold: true }),
      item(" and an ", 130, 715),
      item("italic", 170, 715, { italic: true }),
      item(" word.", 200, 715),
      item("Another Section", 50, 680, { size: 16, bold: true }),
      item("More body text follows here.", 50, 655),
    ];
    const blocks = layout(items);
    // the heading style is bold already: its runs do not say so again
    expect(blocks[0]).toEqual({ kind: "heading", level: 1, runs: [{ text: "Main Title" }] });
    expect(blocks[1]).toMatchObject({ kind: "heading", level: 2 });
    expect(blocks[2]).toEqual({
      kind: "paragraph",
      runs: [{ text: "Body with a " }, { text: "bold", bold: true }, { text: " and an " }, { text: "italic", italic: true }, { text: " word." }],
    });
    expect(blocks[3]).toMatchObject({ kind: "heading", level: 2, runs: [{ text: "Another Section" }] });
  });

  it("makes bulleted and numbered lines lists, with a nested list by indentation", () => {
    const items = [
      item("Intro line.", 50, 700),
      item("•", 60, 680),
      item("First bullet", 72, 680),
      item("•", 60, 666),
      item("Second bullet", 72, 666),
      item("–", 80, 652),
      item("Nested dash", 92, 652),
      item("1. Step one", 60, 630),
      item("2) Step two", 60, 616),
      item("3. Step three", 60, 602),
      item("a) Letter one", 60, 588),
      item("b) Letter two", 60, 574),
      item("A plain paragraph between.", 50, 550),
      item("7. Seven alone is no list: the model has no start number", 60, 530),
    ];
    const blocks = layout(items);
    expect(blocks.map((block) => block.kind)).toEqual(["paragraph", "list", "list", "list", "paragraph", "paragraph"]);
    const bullets = blocks[1] as ListBlock;
    expect(bullets.ordered).toBe(false);
    expect(bullets.items.map((entry) => blocksText([entry.blocks[0]!]))).toEqual(["First bullet", "Second bullet"]);
    const nested = bullets.items[1]!.blocks[1] as ListBlock;
    expect(nested).toMatchObject({ kind: "list", ordered: false });
    expect(blocksText([nested.items[0]!.blocks[0]!])).toBe("Nested dash");
    const steps = blocks[2] as ListBlock;
    expect(steps.ordered).toBe(true);
    expect(steps.items).toHaveLength(3);
    expect(blocksText([steps])).toBe("1. Step one\n2. Step two\n3. Step three");
    expect(blocksText([blocks[3]!])).toBe("1. Letter one\n2. Letter two");
    expect(blocksText([blocks[5]!])).toBe("7. Seven alone is no list: the model has no start number");
  });

  it("finds a table of aligned columns, its merged header split at the gutters", () => {
    const items = [
      item("Fruit Price Stock", 50, 700, { bold: true, width: 150 }),
      item("Apple", 50, 686),
      item("1.20", 100, 686),
      item("300", 150, 686),
      item("Banana", 50, 672),
      item("0.80", 100, 672),
      item("42", 150, 672),
      item("Kiwi", 50, 658),
      item("2.10", 100, 658),
      item("7", 150, 658),
    ];
    const blocks = layout(items);
    expect(blocks).toHaveLength(1);
    const table = blocks[0] as Table;
    expect(table.kind).toBe("table");
    expect(table.rows[0]!.header).toBe(true);
    expect(table.rows.map((row) => row.cells.map((cell) => blocksText(cell.blocks)))).toEqual([
      ["Fruit", "Price", "Stock"],
      ["Apple", "1.20", "300"],
      ["Banana", "0.80", "42"],
      ["Kiwi", "2.10", "7"],
    ]);
  });

  it("does not make tables of prose, of one row, of typewriter code or of bullets", () => {
    const prose = [
      item("Justified  text   with   wide", 50, 700),
      item("gaps between words that do not", 50, 688),
      item("line  up  in   columns at all.", 50, 676),
    ];
    expect(layout(prose).map((block) => block.kind)).toEqual(["paragraph"]);
    const oneRow = [item("Name", 50, 700), item("Value", 150, 700), item("Then a plain paragraph follows here.", 50, 680)];
    expect(layout(oneRow).some((block) => block.kind === "table")).toBe(false);
    const code = [item("Value ::=", 50, 700, { mono: true }), item("SEQUENCE {", 150, 700, { mono: true }), item("value1", 60, 688, { mono: true }), item("INTEGER,", 150, 688, { mono: true })];
    expect(layout(code).some((block) => block.kind === "table")).toBe(false);
    const bullets = [item("•", 60, 680), item("One", 80, 680), item("•", 60, 666), item("Two", 80, 666)];
    expect(layout(bullets).map((block) => block.kind)).toEqual(["list"]);
  });

  it("reads a right-to-left line from right to left", () => {
    const items = [item("עולם", 200, 700, { rtl: true }), item("שלום", 240, 700, { rtl: true }), item("טוב", 170, 700, { rtl: true })];
    expect(textOf(items)).toBe("שלום עולם טוב");
  });

  it("keeps superscripts in their line and lays out 20 000 scattered items without trouble", () => {
    expect(textOf([item("E = mc", 50, 700), item("2", 80, 703, { size: 6 }), item(" holds.", 83, 700)])).toBe("E = mc2 holds.");
    const scattered: LayoutItem[] = [];
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 20_000; i++) scattered.push(item(`w${i}`, next() * 500, next() * 800));
    const text = textOf(scattered);
    expect(text.match(/w\d+/g)).toHaveLength(20_000);
  });
});
