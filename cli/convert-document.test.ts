// `npm run convert` on the PDF converter as a user runs it (a real Node process per call): inputs
// written by LibreOffice and qpdf, outputs judged by pdftotext, pdfinfo, LibreOffice and ImageMagick.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { buildCliFirst, convert } from "#tests/support/cli/run-cli.ts";
import { magickIdentify } from "#tests/support/imagemagick.ts";
import { HAVE_LIBREOFFICE, htmlWords, officeFromHtml, officeText, reportHtml, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { HAVE_IMAGEMAGICK, HAVE_POPPLER, HAVE_QPDF, PDFTOTEXT } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { inputKind } from "./input-kind.ts";

const work = scratch("convert-document-cli");
afterAll(() => work.cleanup());

buildCliFirst();

const pdfPages = (file: string) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);

describe("the kind of a document input", () => {
  it("comes from its first bytes", () => {
    expect(inputKind(new TextEncoder().encode("%PDF-1.7\n"), "x.txt")).toBe("pdf");
    expect(inputKind(Uint8Array.from([0x50, 0x4b, 3, 4, 20, 0]), "x.doc")).toBe("docx");
    expect(inputKind(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "x.docx")).toBe("doc");
  });
});

// each test runs the CLI two or three times and LibreOffice to read a result: a minute when the
// machine is busy with other suites
describe.skipIf(!HAVE_LIBREOFFICE || !HAVE_POPPLER || !HAVE_QPDF || !HAVE_IMAGEMAGICK)("npm run convert: PDF, DOCX, DOC and TXT", { timeout: 90_000 }, () => {
  const docx = officeFromHtml(reportHtml(), "docx", work.dir, "report");
  const doc = officeFromHtml(reportHtml(), "doc", work.dir, "report");
  const pdf = officeFromHtml(reportHtml({ paragraphs: 60 }), "pdf", work.dir, "long");

  it("DOCX and DOC to a text PDF with every word", () => {
    for (const input of [docx, doc]) {
      const out = work.path(`${input.endsWith(".doc") ? "doc" : "docx"}.pdf`);
      const run = convert(input, out);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain("note: ");
      expect(wordsInOrder(htmlWords(reportHtml()), words(execFileSync(PDFTOTEXT, [out, "-"], { encoding: "utf8" })))).toBeGreaterThanOrEqual(0.99);
    }
  });

  it("PDF to TXT and DOCX, and TXT to DOCX", () => {
    expect(convert(pdf, work.path("long.txt")).status).toBe(0);
    const reference = words(execFileSync(PDFTOTEXT, [pdf, "-"], { encoding: "utf8" }));
    expect(wordsInOrder(reference, words(readFileSync(work.path("long.txt"), "utf8")))).toBeGreaterThanOrEqual(0.99);
    expect(convert(pdf, work.path("long.docx")).status).toBe(0);
    expect(wordsInOrder(reference, words(officeText(work.path("long.docx"))))).toBeGreaterThanOrEqual(0.99);
    writeFileSync(work.path("notes.txt"), "First line of the notes\n\nSecond paragraph, café.\n");
    expect(convert(work.path("notes.txt"), work.path("notes.docx")).status).toBe(0);
    expect(officeText(work.path("notes.docx"))).toContain("Second paragraph, café.");
  });

  it("PDF pages to PNG files beside the output name, one page to the name itself", () => {
    const pages = pdfPages(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const run = convert(pdf, work.path("shot.png"), "--pages", "1-2", "--dpi", "72");
    expect(run.status, run.stderr).toBe(0);
    expect(magickIdentify(work.path("shot-page-001.png"))).toContain("PNG 595x842");
    expect(existsSync(work.path("shot-page-002.png"))).toBe(true);
    expect(existsSync(work.path("shot-page-003.png"))).toBe(false);
    expect(convert(pdf, work.path("one.jpg"), "--pages", "2", "--jpeg-quality", "70").status).toBe(0);
    expect(magickIdentify(work.path("one.jpg"))).toContain("JPEG 1240x1754");
  });

  it("opens an encrypted PDF with --password and says what is wrong without it", () => {
    const locked = work.path("locked.pdf");
    execFileSync("/usr/bin/qpdf", ["--encrypt", "open-sesame", "owner", "256", "--", pdf, locked]);
    const refused = convert(locked, work.path("locked.txt"));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/protected with a password/);
    expect(convert(locked, work.path("locked.txt"), "--password", "open-sesame").status).toBe(0);
    expect(readFileSync(work.path("locked.txt"), "utf8")).toContain("Quarterly Report");
  });

  it("names what a kind converts to", () => {
    const run = convert(docx, work.path("x.json"));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/A DOCX file converts to \.pdf, \.docx, \.txt, \.png, \.jpg or \.jpeg, not to "\.json"/);
  });
});
