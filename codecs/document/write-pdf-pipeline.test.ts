// The PDF writer after the real readers: LibreOffice's DOCX of the report (an independent encoder)
// through readDocx, and a plain text file through readTxt, each to a PDF that poppler reads back.
import { execFileSync } from "node:child_process";
import { basename } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_LIBREOFFICE, htmlWords, officeFromHtml, reportHtml, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { HAVE_POPPLER, HAVE_QPDF, PDFTOTEXT } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { nodePdfFallbackFonts, nodePdfFonts } from "./pdf-fonts-node.ts";
import { readDocx } from "./read-docx.ts";
import { readTxt } from "./read-txt.ts";
import { writePdf } from "./write-pdf.ts";

const dir = scratch("write-pdf-pipeline");
afterAll(() => dir.cleanup());

const text = (file: string): string => execFileSync(PDFTOTEXT, [file, "-"], { encoding: "utf8" });
const pages = (file: string): number => Number(/^Pages:\s+(\d+)/m.exec(execFileSync("/usr/bin/pdfinfo", [file], { encoding: "utf8" }))?.[1]);

describe.skipIf(!HAVE_POPPLER || !HAVE_QPDF)("writePdf after the readers", () => {
  it.skipIf(!HAVE_LIBREOFFICE)("turns LibreOffice's DOCX of the report into a PDF with its words in order, picture included", async () => {
    const html = reportHtml({ paragraphs: 60 });
    const model = await readDocx(dir.read(basename(officeFromHtml(html, "docx", dir.dir, "report"))));
    const file = dir.write("report.pdf", await writePdf(model, await nodePdfFonts(), { fallbackFonts: nodePdfFallbackFonts }));
    execFileSync("/usr/bin/qpdf", ["--check", file], { stdio: "ignore" });
    expect(wordsInOrder(htmlWords(html), words(text(file)))).toBeGreaterThanOrEqual(0.99);
    expect(execFileSync("/usr/bin/pdfimages", ["-list", file], { encoding: "utf8" })).toMatch(/\bimage\s+120\s+80\b/);
    expect(pages(file)).toBeGreaterThanOrEqual(2);
  });

  it("turns a text file into a PDF: paragraphs, line breaks, indentation and a form feed's page break", async () => {
    const source = "Title line\n\nFirst paragraph, one line\nand its second line.\n\n    indented code();\n\fAfter the form feed: Привет, Καλημέρα.\n";
    const model = readTxt(new TextEncoder().encode(source));
    const file = dir.write("text.pdf", await writePdf(model, await nodePdfFonts()));
    execFileSync("/usr/bin/qpdf", ["--check", file], { stdio: "ignore" });
    expect(pages(file)).toBe(2);
    expect(wordsInOrder(words(source), words(text(file)))).toBe(1);
    expect(execFileSync(PDFTOTEXT, ["-f", "2", "-l", "2", file, "-"], { encoding: "utf8" }).trim()).toBe("After the form feed: Привет, Καλημέρα.");
  });
});
