import { execFileSync } from "node:child_process";
import { degrees, PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_LIBREOFFICE, officeFromHtml, rampPng, reportHtml, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { HAVE_POPPLER, HAVE_QPDF, PDFTOTEXT } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { decodePng } from "../png/index.ts";
import type { Block, ImageBlock, ListBlock, Table } from "./model.ts";
import { runsText } from "./model.ts";
import { nodePdfjs } from "./pdfjs-node.ts";
import { MAX_PAGE_TEXT_ITEMS, MAX_PDF_PAGES, readPdfModel, readPdfText } from "./read-pdf.ts";
import { writeTxt } from "./write-txt.ts";

const dir = scratch("read-pdf");
afterAll(() => dir.cleanup());

const pdftotext = (file: string, layout = false): string => execFileSync(PDFTOTEXT, [...(layout ? ["-layout"] : []), "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
const pdfPages = (file: string): number => Number(/Pages:\s+(\d+)/.exec(execFileSync("/usr/bin/pdfinfo", [file], { encoding: "utf8" }))![1]);

/** Every block, lists' and tables' inner blocks included, depth first. */
function allBlocks(blocks: readonly Block[]): Block[] {
  return blocks.flatMap((block): Block[] => {
    if (block.kind === "list") return [block, ...allBlocks(block.items.flatMap((item) => item.blocks))];
    if (block.kind === "table") return [block, ...allBlocks(block.rows.flatMap((row) => row.cells.flatMap((cell) => cell.blocks)))];
    return [block];
  });
}

describe.skipIf(!HAVE_LIBREOFFICE || !HAVE_POPPLER)("readPdfText and readPdfModel on LibreOffice's PDFs", () => {
  let report = "";
  let long = "";
  beforeAll(() => {
    report = officeFromHtml(reportHtml(), "pdf", dir.dir, "report");
    long = officeFromHtml(reportHtml({ paragraphs: 150 }), "pdf", dir.dir, "long");
  }, 240_000);

  it("keeps pdftotext's words in order, one paragraph apart, and one form feed between pages", async () => {
    const platform = await nodePdfjs();
    for (const file of [report, long]) {
      const ours = await readPdfText(platform, dir.read(file.split("/").at(-1)!));
      expect(wordsInOrder(words(pdftotext(file)), words(ours))).toBeGreaterThanOrEqual(0.99);
      expect(wordsInOrder(words(pdftotext(file, true)), words(ours))).toBeGreaterThanOrEqual(0.99);
      expect(ours.split("\f")).toHaveLength(pdfPages(file));
    }
    const text = await readPdfText(platform, dir.read("long.pdf"));
    expect(pdfPages(long)).toBeGreaterThan(2);
    // each filler paragraph (wrapped over two lines by LibreOffice) is one paragraph of its own
    const paragraphs = text.split(/\n\n|\f/).map((paragraph) => paragraph.trim());
    for (const n of [1, 57, 150]) {
      expect(paragraphs).toContain(`Filler paragraph ${n} keeps the reader busy with plain words about ledgers, harbours and lanterns number ${n}.`);
    }
    expect(paragraphs.slice(0, 3)).toEqual(["Quarterly Report", "This is the first paragraph with italic words and a closing sentence.", "Details"]);
  });

  it("keeps pdftotext's words in order in the model of a long document too, its paragraphs whole across page ends", async () => {
    const model = await readPdfModel(await nodePdfjs(), dir.read("long.pdf"));
    expect(wordsInOrder(words(pdftotext(long)), words(writeTxt(model)))).toBeGreaterThanOrEqual(0.99);
    const paragraphs = model.blocks.flatMap((block) => (block.kind === "paragraph" ? [runsText(block.runs)] : []));
    for (let n = 1; n <= 150; n++) {
      expect(paragraphs).toContain(`Filler paragraph ${n} keeps the reader busy with plain words about ledgers, harbours and lanterns number ${n}.`);
    }
    expect(model.blocks.some((block) => block.kind === "page-break")).toBe(false);
  });

  it("reports progress page by page and stops when aborted", async () => {
    const platform = await nodePdfjs();
    const seen: number[] = [];
    await readPdfText(platform, dir.read("long.pdf"), { onProgress: (f) => seen.push(f) });
    expect(seen).toHaveLength(pdfPages(long));
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f, i) => i === 0 || f > seen[i - 1]!)).toBe(true);
    const controller = new AbortController();
    const reading = readPdfText(platform, dir.read("long.pdf"), { signal: controller.signal, onProgress: () => controller.abort() });
    await expect(reading).rejects.toMatchObject({ name: "AbortError" });
  });

  it("reads the report's headings, styles, lists, table, picture and Cyrillic and Greek text into the model", async () => {
    const model = await readPdfModel(await nodePdfjs(), dir.read("report.pdf"));
    expect(model.title).toBe("Quarterly Report");
    expect(model.language).toMatch(/^en/);
    expect(model.page?.widthPt).toBeCloseTo(595.3, 0);
    expect(model.page?.heightPt).toBeCloseTo(841.9, 0);
    const blocks = allBlocks(model.blocks);
    expect(model.blocks[0]).toMatchObject({ kind: "heading", level: 1 });
    expect(model.blocks[0]?.kind === "heading" && runsText(model.blocks[0].runs)).toBe("Quarterly Report");
    const headings = blocks.flatMap((block) => (block.kind === "heading" ? [`${block.level}:${runsText(block.runs)}`] : []));
    expect(headings).toEqual(["1:Quarterly Report", "2:Details", "2:Languages"]);
    const runs = blocks.flatMap((block) => (block.kind === "paragraph" ? block.runs : []));
    expect(runs).toContainEqual({ text: "first", bold: true });
    expect(runs).toContainEqual({ text: "italic", italic: true });
    const lists = model.blocks.filter((block): block is ListBlock => block.kind === "list");
    expect(lists.map((list) => [list.ordered, list.items.map((item) => item.blocks.map((b) => (b.kind === "paragraph" ? runsText(b.runs) : "")).join())])).toEqual([
      [false, ["Apples from the north orchard", "Oranges from the south grove"]],
      [true, ["Count the crates", "Ship the crates"]],
    ]);
    const table = model.blocks.find((block): block is Table => block.kind === "table");
    expect(table?.rows.map((row) => row.cells.map((cell) => cell.blocks.map((b) => (b.kind === "paragraph" ? runsText(b.runs) : "")).join()))).toEqual([
      ["Name", "Count"],
      ["Alpha", "12"],
      ["Beta", "34"],
    ]);
    expect(table?.rows[0]?.header).toBe(true);
    expect(runs.map((run) => run.text).join(" ")).toContain("Привет мир, это проверка. Καλημέρα κόσμε, αυτό είναι δοκιμή.");
    expect(model.notes.join(" ")).toMatch(/Fonts, colours and exact positions are not kept/);
  });

  it("keeps the 120×80 picture with its pixels, after the table and before the Languages heading", async () => {
    const model = await readPdfModel(await nodePdfjs(), dir.read("report.pdf"));
    const index = model.blocks.findIndex((block) => block.kind === "image");
    const image = model.blocks[index] as ImageBlock;
    expect(model.blocks[index - 1]?.kind).toBe("table");
    expect(model.blocks[index + 1]).toMatchObject({ kind: "heading", runs: [{ text: "Languages" }] });
    expect([image.mime, image.width, image.height]).toEqual(["image/png", 120, 80]);
    // LibreOffice shows it at 120×80 CSS pixels: 90×60 points
    expect(image.displayWidthPt).toBeCloseTo(90, 0);
    expect(image.displayHeightPt).toBeCloseTo(60, 0);
    // LibreOffice stored it as JPEG: poppler's decode of that JPEG is the judge, the source ramp a looser one
    execFileSync("/usr/bin/pdfimages", ["-png", report, dir.path("poppler")]);
    const ours = decodePng(image.data);
    const poppler = decodePng(dir.read("poppler-000.png"));
    const ramp = decodePng(rampPng());
    expect([poppler.width, poppler.height]).toEqual([120, 80]);
    for (const [x, y] of [[0, 0], [119, 0], [60, 40], [0, 79], [119, 79], [30, 70]] as const) {
      const i = (y * 120 + x) * 4;
      for (let c = 0; c < 3; c++) {
        expect(Math.abs(ours.data[i + c]! - poppler.data[i + c]!)).toBeLessThanOrEqual(3);
        expect(Math.abs(ours.data[i + c]! - ramp.data[i + c]!)).toBeLessThanOrEqual(16);
      }
      expect(ours.data[i + 3]).toBe(255);
    }
  });
});

describe.skipIf(!HAVE_LIBREOFFICE)("readPdfText on LibreOffice's two-column section", () => {
  it("reads column 1, then column 2, then the full-width paragraph below, one paragraph each", async () => {
    const paragraphs = Array.from({ length: 14 }, (_, i) => `Paragraph ${i + 1} of the columns talks about rivers, mountains and the small towns between them, number ${i + 1}.`);
    // <multicol> is the HTML that LibreOffice Writer imports as a section in two columns
    const html = `<!DOCTYPE html><html><body><h1>Two Columns</h1><multicol cols="2">${paragraphs.map((p) => `<p>${p}</p>`).join("")}</multicol><p>After the columns comes a full-width closing paragraph.</p></body></html>`;
    const file = officeFromHtml(html, "pdf", dir.dir, "multicol");
    const text = await readPdfText(await nodePdfjs(), dir.read("multicol.pdf"));
    expect(text.trim().split("\n\n")).toEqual(["Two Columns", ...paragraphs, "After the columns comes a full-width closing paragraph."]);
    // poppler reads these columns line by line across the page, so only its words (not their order) are the judge
    if (HAVE_POPPLER) expect(words(text).toSorted()).toEqual(words(pdftotext(file)).toSorted());
  }, 120_000);
});

/** A table row's cells as HTML: header cells, or a name and right-aligned numbers. */
const htmlCells = (row: string[], header: boolean): string => row.map((c, j) => (header ? `<th>${c}</th>` : `<td${j > 0 ? ' align="right"' : ""}>${c}</td>`)).join("");

describe.skipIf(!HAVE_LIBREOFFICE)("tables in readPdfModel", () => {
  it("rebuilds LibreOffice's four-column table with right-aligned numbers, its bold header row included", async () => {
    const rows = [
      ["Region", "Units", "Revenue", "Growth"],
      ["North", "1,204", "18,300.50", "4.2%"],
      ["South", "87", "1,020.00", "-1.5%"],
      ["East Coast", "15,660", "240,118.75", "12.0%"],
      ["West", "9", "99.99", "0.0%"],
    ];
    const table = `<table border="1" cellpadding="4" width="80%">${rows.map((row, r) => `<tr>${htmlCells(row, r === 0)}</tr>`).join("")}</table>`;
    const after = "After the table, a paragraph of ordinary prose that runs on for a while so that it wraps onto a second line in the PDF.";
    officeFromHtml(`<!DOCTYPE html><html><body><p>Before the table.</p>${table}<p>${after}</p></body></html>`, "pdf", dir.dir, "table");
    const model = await readPdfModel(await nodePdfjs(), dir.read("table.pdf"));
    expect(model.blocks.map((block) => block.kind)).toEqual(["paragraph", "table", "paragraph"]);
    const found = model.blocks[1] as Table;
    expect(found.rows.map((row) => row.cells.map((cell) => writeTxt({ blocks: cell.blocks }).trim()))).toEqual(rows);
    expect(found.rows.map((row) => row.header === true)).toEqual([true, false, false, false, false]);
    expect(model.blocks[2]).toEqual({ kind: "paragraph", runs: [{ text: after }] });
  }, 120_000);
});

describe.skipIf(!HAVE_LIBREOFFICE)("bordered tables in readPdfModel", () => {
  it("follows LibreOffice's borders through cells whose text wraps over several lines", async () => {
    const meaning = "A book in which the accounts of a business are kept, line after line, for many years.";
    const table = `<table border="1" width="60%"><tr><th>Term</th><th>Meaning</th></tr><tr><td>Ledger</td><td>${meaning}</td></tr><tr><td>Harbour</td><td>A place on the coast where ships may moor in shelter.</td></tr></table>`;
    officeFromHtml(`<!DOCTYPE html><html><body><p>Words first.</p>${table}<p>Words after.</p></body></html>`, "pdf", dir.dir, "wrapped");
    const model = await readPdfModel(await nodePdfjs(), dir.read("wrapped.pdf"));
    expect(model.blocks.map((block) => block.kind)).toEqual(["paragraph", "table", "paragraph"]);
    const found = model.blocks[1] as Table;
    expect(found.rows.map((row) => row.cells.map((cell) => writeTxt({ blocks: cell.blocks }).trim()))).toEqual([
      ["Term", "Meaning"],
      ["Ledger", meaning],
      ["Harbour", "A place on the coast where ships may moor in shelter."],
    ]);
    expect(found.rows[0]!.header).toBe(true);
  }, 120_000);
});

describe.skipIf(!HAVE_LIBREOFFICE)("links in readPdfModel", () => {
  it("keeps LibreOffice's web links on exactly their words", async () => {
    const html = `<!DOCTYPE html><html><body><p>Read the <a href="https://example.com/guide">friendly guide</a> before you start, then <a href="https://example.org/">the site</a>.</p></body></html>`;
    officeFromHtml(html, "pdf", dir.dir, "links");
    const model = await readPdfModel(await nodePdfjs(), dir.read("links.pdf"));
    expect(model.blocks).toEqual([
      {
        kind: "paragraph",
        runs: [
          { text: "Read the " },
          { text: "friendly guide", href: "https://example.com/guide" },
          { text: " before you start, then " },
          { text: "the site", href: "https://example.org/" },
          { text: "." },
        ],
      },
    ]);
  }, 120_000);
});

/** A two-column page drawn line by line with pdf-lib: a title across both columns, then 20 lines in each. */
async function twoColumnPdf(): Promise<{ bytes: Uint8Array; left: string[]; right: string[] }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  page.drawText("Columns Side By Side", { x: 50, y: 780, size: 20, font: bold });
  const left = Array.from({ length: 20 }, (_, i) => `alpha column row ${i} walks north past the mill`);
  const right = Array.from({ length: 20 }, (_, i) => `omega column row ${i} sails south past the pier`);
  // drawn row by row across both columns, so the file's own order is not the reading order
  for (let i = 0; i < 20; i++) {
    page.drawText(left[i]!, { x: 50, y: 740 - i * 14, size: 11, font });
    page.drawText(right[i]!, { x: 310, y: 740 - i * 14, size: 11, font });
  }
  page.drawText("The last line of the left column breaks a long exam-", { x: 50, y: 740 - 20 * 14, size: 9, font });
  page.drawText("ple across two lines.", { x: 50, y: 740 - 21 * 14, size: 9, font });
  return { bytes: await doc.save(), left, right };
}

describe("readPdfText on a two-column page made with pdf-lib", () => {
  it("reads the left column before the right one and joins the hyphenated word", async () => {
    const { bytes, left, right } = await twoColumnPdf();
    dir.write("columns.pdf", bytes);
    const text = await readPdfText(await nodePdfjs(), bytes);
    expect(text.startsWith("Columns Side By Side\n\n")).toBe(true);
    const expected = words(["Columns Side By Side", ...left, "The last line of the left column breaks a long example across two lines.", ...right].join(" "));
    expect(wordsInOrder(expected, words(text))).toBe(1);
    expect(text).toContain("a long example across two lines.");
    if (HAVE_POPPLER) expect(wordsInOrder(words(pdftotext(dir.path("columns.pdf"))), words(text))).toBeGreaterThanOrEqual(0.99);
  });
});

// ImageMagick would be the natural maker of a "scan", but Debian's security policy forbids its PDF
// coder, so LibreOffice writes a page holding nothing but a picture.
describe("readPdfText on a turned page", () => {
  it("reads text drawn at 90° on a page with /Rotate 90 line by line, as a viewer shows it", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    page.setRotation(degrees(90));
    const lines = Array.from({ length: 8 }, (_, i) => `Landscape line ${i} reads along the long edge of the sheet`);
    lines.forEach((text, i) => page.drawText(text, { x: 80 + i * 16, y: 60, size: 12, font, rotate: degrees(90) }));
    const bytes = await doc.save();
    dir.write("turned.pdf", bytes);
    const text = await readPdfText(await nodePdfjs(), bytes);
    expect(text.trim()).toBe(lines.join(" "));
    if (HAVE_POPPLER) expect(wordsInOrder(words(pdftotext(dir.path("turned.pdf"))), words(text))).toBe(1);
  });
});

describe.skipIf(!HAVE_LIBREOFFICE)("a scanned PDF (pages that are pictures)", () => {
  it("says there is no text, for TXT and for the model", async () => {
    const picture = Buffer.from(rampPng(300, 400)).toString("base64");
    const scan = officeFromHtml(`<!DOCTYPE html><html><body><p><img src="data:image/png;base64,${picture}" width="300" height="400"></p></body></html>`, "pdf", dir.dir, "scan");
    if (HAVE_POPPLER) expect(pdftotext(scan).trim()).toBe("");
    const platform = await nodePdfjs();
    await expect(readPdfText(platform, dir.read("scan.pdf"))).rejects.toMatchObject({ code: "no-text", message: expect.stringMatching(/scan.*JPG or PNG/) });
    await expect(readPdfModel(platform, dir.read("scan.pdf"))).rejects.toMatchObject({ code: "no-text" });
  }, 120_000);
});

describe.skipIf(!HAVE_QPDF)("an encrypted PDF", () => {
  it("needs its password", async () => {
    const { bytes } = await twoColumnPdf();
    dir.write("open.pdf", bytes);
    execFileSync("/usr/bin/qpdf", ["--encrypt", "s3cret", "owner", "256", "--", dir.path("open.pdf"), dir.path("locked.pdf")]);
    const platform = await nodePdfjs();
    await expect(readPdfText(platform, dir.read("locked.pdf"))).rejects.toMatchObject({ code: "password-required" });
    await expect(readPdfModel(platform, dir.read("locked.pdf"), { password: "wrong" })).rejects.toMatchObject({ code: "wrong-password" });
    expect(await readPdfText(platform, dir.read("locked.pdf"), { password: "s3cret" })).toContain("alpha column row 0");
    const model = await readPdfModel(platform, dir.read("locked.pdf"), { password: "s3cret" });
    expect(writeTxt(model)).toContain("alpha column row 0 walks north past the mill");
  });
});

describe("hostile or broken input", () => {
  it("calls a file that is not a PDF damaged", async () => {
    await expect(readPdfText(await nodePdfjs(), new TextEncoder().encode("%PDF-1.4 this is not really a PDF"))).rejects.toMatchObject({ code: "damaged" });
  });

  it("refuses a page with more pieces of text than the limit", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([620, 500]);
    // specks of text 3 ems apart, so pdf.js keeps each one a piece of its own
    const columns = 200;
    for (let i = 0; i <= MAX_PAGE_TEXT_ITEMS; i++) page.drawText("x", { x: 5 + (i % columns) * 3, y: 5 + Math.floor(i / columns) * 3, size: 1, font });
    await expect(readPdfText(await nodePdfjs(), await doc.save())).rejects.toMatchObject({ code: "too-much-work", message: expect.stringContaining("on page 1") });
  }, 60_000);

  it("refuses more pages than the limit before reading any", async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i <= MAX_PDF_PAGES; i++) doc.addPage([200, 200]);
    const bytes = await doc.save();
    let pagesRead = 0;
    await expect(readPdfText(await nodePdfjs(), bytes, { onProgress: () => pagesRead++ })).rejects.toMatchObject({
      code: "too-much-work",
      message: expect.stringContaining(`${MAX_PDF_PAGES + 1} pages`),
    });
    expect(pagesRead).toBe(0);
  });
});
