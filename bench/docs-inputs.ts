// The document benchmark's inputs: a ~100-page text PDF and a ~50-page DOCX, both written by
// LibreOffice from the tests' report (reportHtml with N filler paragraphs: headings, lists, a
// table, a picture, Cyrillic and Greek, then plain paragraphs). Made once into DOCS_WORK, kept.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { officeFromHtml, reportHtml } from "#tests/support/office-fixtures.ts";

export const DOCS_WORK = join(tmpdir(), "docs-bench");
/** filler paragraphs for ~100 pages of PDF (LibreOffice sets about 19.6 of them per A4/Letter page) */
export const PDF_PARAGRAPHS = 1960;
/** filler paragraphs for ~50 pages of DOCX */
export const DOCX_PARAGRAPHS = 980;
export const PDFINFO = "/usr/bin/pdfinfo";

/** The page count pdfinfo reads (-1 when it cannot). */
export function pdfPages(file: string): number {
  try {
    const match = /^Pages:\s+(\d+)/m.exec(execFileSync(PDFINFO, [file], { encoding: "utf8" }));
    return match ? Number(match[1]) : -1;
  } catch {
    return -1;
  }
}

export interface DocInputs {
  pdf: string;
  docx: string;
}

export function docInputs(): DocInputs {
  mkdirSync(DOCS_WORK, { recursive: true });
  const make = (paragraphs: number, format: "pdf" | "docx") => {
    const name = `report-${paragraphs}p`;
    const file = join(DOCS_WORK, `${name}.${format}`);
    return existsSync(file) ? file : officeFromHtml(reportHtml({ paragraphs }), format, DOCS_WORK, name);
  };
  return { pdf: make(PDF_PARAGRAPHS, "pdf"), docx: make(DOCX_PARAGRAPHS, "docx") };
}
