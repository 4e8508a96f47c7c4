// The model readPdfModel makes is one a writer can use: written to DOCX here with the `docx`
// package directly (the real DOCX writer is another module; this is only a check), then read back
// by LibreOffice (its text) and by mammoth (its structure as HTML), two readers that are not ours.
import { execFileSync } from "node:child_process";
import { Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from "docx";
import mammoth from "mammoth";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_LIBREOFFICE, officeFromHtml, officeText, reportHtml, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { HAVE_POPPLER, PDFTOTEXT } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Block, TextRun as ModelRun } from "./model.ts";
import { nodePdfjs } from "./pdfjs-node.ts";
import { readPdfModel } from "./read-pdf.ts";

const dir = scratch("read-pdf-docx");
afterAll(() => dir.cleanup());

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6] as const;

const runs = (list: readonly ModelRun[]): TextRun[] => list.map((run) => new TextRun({ text: run.text, bold: run.bold, italics: run.italic }));

function docxBlocks(blocks: readonly Block[], level = 0): (Paragraph | Table)[] {
  return blocks.flatMap((block): (Paragraph | Table)[] => {
    switch (block.kind) {
      case "heading":
        return [new Paragraph({ heading: HEADINGS[block.level - 1], children: runs(block.runs) })];
      case "paragraph":
        return [new Paragraph({ children: runs(block.runs) })];
      case "list":
        return block.items.flatMap((item, n) =>
          item.blocks.flatMap((inner) =>
            inner.kind === "paragraph"
              ? [new Paragraph({ ...(block.ordered ? {} : { bullet: { level } }), children: [...(block.ordered ? [new TextRun(`${n + 1}. `)] : []), ...runs(inner.runs)] })]
              : docxBlocks([inner], level + 1),
          ),
        );
      case "table":
        return [new Table({ rows: block.rows.map((row) => new TableRow({ children: row.cells.map((cell) => new TableCell({ children: docxBlocks(cell.blocks) as Paragraph[] })) })) })];
      case "image":
        return [new Paragraph({ children: [new ImageRun({ type: "png", data: block.data, transformation: { width: block.width, height: block.height } })] })];
      case "page-break":
        return [];
    }
  });
}

describe.skipIf(!HAVE_LIBREOFFICE || !HAVE_POPPLER)("a DOCX written from readPdfModel's model", () => {
  it("keeps the PDF's words in order for LibreOffice and its headings, bold, italic, list, table and picture for mammoth", async () => {
    const pdf = officeFromHtml(reportHtml({ paragraphs: 30 }), "pdf", dir.dir, "report");
    const model = await readPdfModel(await nodePdfjs(), dir.read("report.pdf"));
    const bytes = await Packer.toBuffer(new Document({ title: model.title, sections: [{ children: docxBlocks(model.blocks) }] }));
    const docx = dir.write("report.docx", bytes);
    const reference = words(execFileSync(PDFTOTEXT, ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" }));
    // the paragraph cut by page 1's end is whole again, and no body line was taken for a footer
    expect(wordsInOrder(reference, words(officeText(docx)))).toBeGreaterThanOrEqual(0.99);
    const html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
    expect(html).toContain("<h1>Quarterly Report</h1>");
    expect(html).toContain("<h2>Details</h2>");
    expect(html).toContain("<strong>first</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toMatch(/<ul><li>Apples from the north orchard<\/li><li>Oranges from the south grove<\/li><\/ul>/);
    expect(html).toMatch(/<table>.*Name.*Count.*Alpha.*12.*Beta.*34.*<\/table>/s);
    expect(html).toMatch(/<img src="data:image\/png;base64,/);
    expect(html).toContain("Привет мир, это проверка. Καλημέρα κόσμε, αυτό είναι δοκιμή.");
  }, 240_000);
});
