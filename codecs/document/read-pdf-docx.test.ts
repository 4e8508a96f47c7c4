// PDF → DOCX end to end: readPdfModel's model written by writeDocx, then read back by LibreOffice
// (its text) and by mammoth (its structure as HTML), two readers that are not ours.
import { execFileSync } from "node:child_process";
import mammoth from "mammoth";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_LIBREOFFICE, officeFromHtml, officeText, reportHtml, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { HAVE_POPPLER, PDFTOTEXT } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { nodePdfjs } from "./pdfjs-node.ts";
import { readPdfModel } from "./read-pdf.ts";
import { writeDocx } from "./write-docx.ts";

const dir = scratch("read-pdf-docx");
afterAll(() => dir.cleanup());

describe.skipIf(!HAVE_LIBREOFFICE || !HAVE_POPPLER)("a DOCX written by writeDocx from readPdfModel's model", () => {
  it("keeps the PDF's words in order for LibreOffice and its headings, bold, italic, list, table and picture for mammoth", async () => {
    const pdf = officeFromHtml(reportHtml({ paragraphs: 30 }), "pdf", dir.dir, "report");
    const model = await readPdfModel(await nodePdfjs(), dir.read("report.pdf"));
    const bytes = await writeDocx(model);
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
