import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { rampPng, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { HAVE_IMAGEMAGICK, HAVE_POPPLER, HAVE_QPDF, IMAGEMAGICK, PDFFONTS, PDFTOTEXT } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { runsText, type Block, type DocModel, type TextRun } from "./model.ts";
import { nodePdfFallbackFonts, nodePdfFonts } from "./pdf-fonts-node.ts";
import type { FallbackFontFile } from "./pdf-script-fonts.ts";
import { writePdf } from "./write-pdf.ts";

const dir = scratch("write-pdf");
afterAll(() => dir.cleanup());

const QPDF = "/usr/bin/qpdf";
const PDFINFO = "/usr/bin/pdfinfo";
const PDFIMAGES = "/usr/bin/pdfimages";
const PDFTOPPM = "/usr/bin/pdftoppm";
const FILLERS = 60;

const para = (...runs: TextRun[]): Block => ({ kind: "paragraph", runs });
const plain = (text: string): Block => para({ text });
const heading = (level: 1 | 2 | 3, text: string): Block => ({ kind: "heading", level, runs: [{ text }] });

/** The report of tests/support/office-fixtures.ts, built by hand as a reader would give it. */
function reportModel(): DocModel {
  const blocks: Block[] = [
    { kind: "heading", level: 1, runs: [{ text: "Quarterly Report" }] },
    para({ text: "This is the " }, { text: "first", bold: true }, { text: " paragraph with " }, { text: "italic", italic: true }, { text: " words, " }, { text: "both", bold: true, italic: true }, { text: ", an " }, { text: "underlined", underline: true }, { text: " one and a " }, { text: "link", href: "https://example.com/report" }, { text: " to close." }),
    { kind: "heading", level: 2, runs: [{ text: "Details" }] },
    {
      kind: "list",
      ordered: false,
      items: [
        { blocks: [plain("Apples from the north orchard"), { kind: "list", ordered: true, items: [{ blocks: [plain("Count the crates")] }, { blocks: [plain("Ship the crates")] }] }] },
        { blocks: [plain("Oranges from the south grove")] },
      ],
    },
    {
      kind: "table",
      rows: [
        { header: true, cells: [{ blocks: [plain("Name")] }, { blocks: [plain("Count")] }] },
        { cells: [{ blocks: [plain("Alpha")] }, { blocks: [plain("12")] }] },
        { cells: [{ blocks: [plain("Beta")] }, { blocks: [plain("34")] }] },
      ],
    },
    { kind: "image", data: rampPng(), mime: "image/png", width: 120, height: 80, alt: "ramp" },
    { kind: "page-break" },
    { kind: "heading", level: 2, runs: [{ text: "Languages" }] },
    plain("Привет мир, это проверка. Καλημέρα κόσμε, αυτό είναι δοκιμή."),
    ...Array.from({ length: FILLERS }, (_, i) => plain(`Filler paragraph ${i + 1} keeps the reader busy with plain words about ledgers, harbours and lanterns number ${i + 1}.`)),
  ];
  return { title: "Quarterly Report", author: "Ada Lovelace", language: "en", blocks, notes: [] };
}

/** The words a PDF of `blocks` must show, in reading order. */
function modelWords(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.kind) {
      case "paragraph":
      case "heading":
        return words(runsText(block.runs));
      case "list":
        return block.items.flatMap((item) => modelWords(item.blocks));
      case "table":
        return block.rows.flatMap((row) => row.cells.flatMap((cell) => modelWords(cell.blocks)));
      default:
        return [];
    }
  });
}

const run = (command: string, args: string[]): string => execFileSync(command, args, { encoding: "utf8" });
const pageText = (file: string, page: number): string => run(PDFTOTEXT, ["-f", String(page), "-l", String(page), file, "-"]);
const pageCount = (file: string): number => Number(/^Pages:\s+(\d+)/m.exec(run(PDFINFO, [file]))?.[1]);

async function written(name: string, model: DocModel): Promise<string> {
  return dir.write(name, await writePdf(model, await nodePdfFonts()));
}

describe.skipIf(!HAVE_POPPLER || !HAVE_QPDF)("writePdf: the report", async () => {
  const progress: number[] = [];
  const model = reportModel();
  const file = dir.write("report.pdf", await writePdf(model, await nodePdfFonts(), { onProgress: (f) => progress.push(f) }));

  it("is a PDF qpdf finds nothing wrong with", () => {
    // qpdf exits 0 only when there are neither errors nor warnings
    expect(run(QPDF, ["--check", file])).toContain("No syntax or stream encoding errors");
  });

  it("embeds every font as a subset", () => {
    const rows = run(PDFFONTS, [file]).trim().split("\n").slice(2);
    expect(rows.length).toBeGreaterThanOrEqual(3); // regular, bold, italic (bold italic too when used)
    for (const row of rows) {
      expect(row).toMatch(/^[A-Z]{6}\+Roboto-/);
      expect(row).toMatch(/\byes\s+yes\s+yes\b/); // emb, sub, uni
    }
  });

  it("shows the model's words in order, Cyrillic and Greek included", () => {
    const text = run(PDFTOTEXT, [file, "-"]);
    expect(wordsInOrder(modelWords(model.blocks), words(text))).toBeGreaterThanOrEqual(0.99);
    expect(text).toContain("Привет мир, это проверка.");
    expect(text).toContain("Καλημέρα κόσμε, αυτό είναι δοκιμή.");
  });

  it("breaks the page where the model says, and has the pages its text needs", () => {
    expect(pageText(file, 1)).toContain("Quarterly Report");
    expect(pageText(file, 1)).not.toContain("Languages");
    expect(pageText(file, 2).trimStart().startsWith("Languages")).toBe(true);
    // after the break: a heading, a line of Cyrillic and Greek and 60 two-line fillers, about
    // 1,900 pt of text where an A4 page holds 728 pt between its margins: four more pages
    expect(pageCount(file)).toBe(5);
    expect(pageText(file, 5)).toContain("number 60.");
  });

  it("keeps the title, author and size in the document information", () => {
    const info = run(PDFINFO, [file]);
    expect(info).toMatch(/^Title:\s+Quarterly Report$/m);
    expect(info).toMatch(/^Author:\s+Ada Lovelace$/m);
    expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
  });

  it("embeds the 120×80 picture", () => {
    const rows = run(PDFIMAGES, ["-list", file]).trim().split("\n").slice(2);
    expect(rows.some((row) => /^\s*1\s+\d+\s+image\s+120\s+80\s+rgb\b/.test(row))).toBe(true);
  });

  it("links the run with an address, and says the language", () => {
    const qdf = dir.path("report-qdf.pdf");
    execFileSync(QPDF, ["--qdf", "--object-streams=disable", file, qdf]);
    const source = readFileSync(qdf, "latin1");
    expect(source).toContain("/URI (https://example.com/report)");
    expect(source).toMatch(/\/Lang \(en\)/);
  });

  it("has the headings as bookmarks, those kept with their paragraph too", () => {
    const outlines = (JSON.parse(run(QPDF, ["--json", "--json-key=outlines", file])) as { outlines: Array<{ title: string; kids: Array<{ title: string }> }> }).outlines;
    expect(outlines.map((entry) => [entry.title, entry.kids.map((kid) => kid.title)])).toEqual([["Quarterly Report", ["Details", "Languages"]]]);
  });

  it("draws the heading in ink and leaves the top margin blank", () => {
    // page 1 in grey at 72 dpi: one pixel a point
    execFileSync(PDFTOPPM, ["-gray", "-r", "72", "-f", "1", "-l", "1", file, dir.path("page")]);
    const { width, pixels } = readPgm(dir.read("page-1.pgm"));
    const mean = (top: number, bottom: number, left: number, right: number): number => {
      let sum = 0;
      for (let y = top; y < bottom; y++) for (let x = left; x < right; x++) sum += pixels[y * width + x]!;
      return sum / ((bottom - top) * (right - left));
    };
    expect(mean(0, 50, 0, width)).toBe(255); // the top margin
    expect(mean(0, 800, 0, 50)).toBe(255); // the left margin
    // "Quarterly Report" at 22 pt where pdftotext -bbox puts it (x 57–219, y 71–96)
    expect(mean(71, 96, 57, 219)).toBeLessThan(215);
    expect(mean(71, 96, 230, 500)).toBe(255); // and nothing to its right
  });

  it("reports progress up to 1, never going back", () => {
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toBe(1);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThan(progress[i - 1]!);
  });
});

/** A binary PGM (P5, 8-bit) as pdftoppm -gray writes it. */
function readPgm(bytes: Uint8Array): { width: number; height: number; pixels: Uint8Array } {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(new TextDecoder("latin1").decode(bytes.subarray(0, 40)));
  if (!header) throw new Error("not a P5 PGM");
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: bytes.subarray(header[0].length, header[0].length + width * height) };
}

describe.skipIf(!HAVE_POPPLER || !HAVE_QPDF)("writePdf: layout", () => {
  it("uses the model's page size and margins", async () => {
    const file = await written("letter.pdf", { page: { widthPt: 612, heightPt: 792, marginsPt: [100, 72, 72, 144] }, blocks: [plain("Margins matter here")], notes: [] });
    expect(run(PDFINFO, [file])).toMatch(/^Page size:\s+612 x 792 pts \(letter\)$/m);
    // the first word's box: left edge on the left margin, top just under the top margin
    const box = /<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>Margins<\/word>/.exec(run(PDFTOTEXT, ["-bbox", file, "-"]));
    expect(box).not.toBeNull();
    expect(Number(box![1])).toBeCloseTo(144, 0);
    expect(Number(box![2])).toBeGreaterThanOrEqual(100);
    expect(Number(box![2])).toBeLessThan(106);
  });

  it("makes one page per page break, blank pages for breaks in a row", async () => {
    const file = await written("breaks.pdf", { blocks: [plain("One"), { kind: "page-break" }, plain("Two"), { kind: "page-break" }, { kind: "page-break" }, plain("Four")], notes: [] });
    expect(pageCount(file)).toBe(4);
    expect(words(pageText(file, 1))).toEqual(["one"]);
    expect(words(pageText(file, 2))).toEqual(["two"]);
    expect(words(pageText(file, 3))).toEqual([]);
    expect(words(pageText(file, 4))).toEqual(["four"]);
  });

  it("breaks the page inside a list item, and not inside a table cell (its header row would carry the break to every page)", async () => {
    const inList = await written("break-in-list.pdf", { blocks: [{ kind: "list", ordered: false, items: [{ blocks: [plain("Before"), { kind: "page-break" }, plain("After")] }] }], notes: [] });
    expect(pageCount(inList)).toBe(2);
    expect(words(pageText(inList, 2))).toEqual(["after"]);
    const cell = { blocks: [plain("Before"), { kind: "page-break" as const }, plain("After")] };
    const inCell = await written("break-in-cell.pdf", { blocks: [{ kind: "table", rows: [{ header: true, cells: [cell] }, { cells: [cell] }] }], notes: [] });
    expect(pageCount(inCell)).toBe(1);
    expect(words(pageText(inCell, 1))).toEqual(["before", "after", "before", "after"]);
  });

  it("repeats a long table's header row on every page and keeps every cell", async () => {
    const rows = [
      { header: true, cells: [{ blocks: [plain("Ledger")] }, { blocks: [plain("Amount")] }] },
      ...Array.from({ length: 120 }, (_, i) => ({ cells: [{ blocks: [plain(`entry${i + 1}`)] }, { blocks: [plain(`${(i + 1) * 7}`)] }] })),
    ];
    const model: DocModel = { blocks: [{ kind: "table", rows }], notes: [] };
    const file = await written("long-table.pdf", model);
    const pages = pageCount(file);
    expect(pages).toBeGreaterThanOrEqual(3);
    for (let page = 1; page <= pages; page++) expect(words(pageText(file, page)).slice(0, 2)).toEqual(["ledger", "amount"]);
    const text = run(PDFTOTEXT, [file, "-"]);
    const body = modelWords(model.blocks).filter((word) => word !== "ledger" && word !== "amount");
    expect(wordsInOrder(body, words(text))).toBe(1);
  });

  it("lays out column and row spans on the grid", async () => {
    const table: Block = {
      kind: "table",
      rows: [
        { header: true, cells: [{ blocks: [plain("Wide header")], colSpan: 3 }] },
        { cells: [{ blocks: [plain("Tall")], rowSpan: 2 }, { blocks: [plain("b1")] }, { blocks: [plain("c1")] }] },
        { cells: [{ blocks: [plain("b2")] }, { blocks: [plain("c2")] }] },
      ],
    };
    const file = await written("spans.pdf", { blocks: [table], notes: [] });
    const boxes = [...run(PDFTOTEXT, ["-bbox", file, "-"]).matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]+)<\/word>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), word: m[3]! }));
    const at = (word: string) => boxes.find((box) => box.word === word)!;
    // b2 and c2 sit under b1 and c1 (the rowSpan holds the first column), not under Tall
    expect(at("b2").x).toBeCloseTo(at("b1").x, 0);
    expect(at("c2").x).toBeCloseTo(at("c1").x, 0);
    expect(at("b2").y).toBeGreaterThan(at("b1").y);
    expect(at("Tall").x).toBeLessThan(at("b1").x);
    expect(run(QPDF, ["--check", file])).toContain("No syntax or stream encoding errors");
  });

  it("keeps every character of a 20,000-character word and of a 100,000-character paragraph", async () => {
    const word = "x".repeat(20_000);
    const paragraph = Array.from({ length: 12_500 }, (_, i) => `w${i}`).join(" ");
    const file = await written("long.pdf", { blocks: [plain(word), plain(paragraph)], notes: [] });
    const text = run(PDFTOTEXT, [file, "-"]);
    expect(text.match(/x/g)?.length).toBe(20_000);
    expect(wordsInOrder(words(paragraph), words(text))).toBe(1);
    expect(run(QPDF, ["--check", file])).toContain("No syntax or stream encoding errors");
  });

  it("makes the headings the PDF's bookmarks, nested by level", async () => {
    const file = await written("outline.pdf", { blocks: [heading(1, "Alpha"), heading(2, "Alpha one"), heading(3, "Deep"), heading(2, "Alpha two"), heading(1, "Beta"), heading(3, "Beta deep")], notes: [] });
    interface Entry {
      title: string;
      kids: Entry[];
    }
    const outlines = (JSON.parse(run(QPDF, ["--json", "--json-key=outlines", file])) as { outlines: Entry[] }).outlines;
    const tree = (entries: Entry[]): unknown[] => entries.map((entry) => (entry.kids.length === 0 ? entry.title : [entry.title, tree(entry.kids)]));
    expect(tree(outlines)).toEqual([
      ["Alpha", [["Alpha one", ["Deep"]], "Alpha two"]],
      ["Beta", ["Beta deep"]],
    ]);
  });

  it("never ends a page with a heading when a short paragraph follows it", async () => {
    const blocks: Block[] = [];
    for (let i = 1; i <= 80; i++) {
      blocks.push(heading(2, `Heading ${i}`));
      blocks.push(plain(`Text of section ${i}. ${"More words follow here. ".repeat((i % 7) * 3 + 1)}`));
    }
    const file = await written("keep-with-next.pdf", { blocks, notes: [] });
    const pages = pageCount(file);
    expect(pages).toBeGreaterThan(5);
    for (let page = 1; page <= pages; page++) {
      const lines = pageText(file, page).split("\n").filter((line) => line.trim() !== "");
      expect(lines.at(-1), `the last line of page ${page}`).not.toMatch(/^Heading \d+$/);
    }
    const text = run(PDFTOTEXT, [file, "-"]);
    expect(wordsInOrder(modelWords(blocks), words(text))).toBe(1);
  });

  it("sets headings 1 to 6 from large to body size, in the bold face", async () => {
    const levels = [1, 2, 3, 4, 5, 6] as const;
    const file = await written("headings.pdf", { blocks: [...levels.map((level): Block => ({ kind: "heading", level, runs: [{ text: `Level${level}` }] })), plain("Body")], notes: [] });
    const bbox = run(PDFTOTEXT, ["-bbox", file, "-"]);
    const height = (word: string): number => {
      const m = new RegExp(`yMin="([\\d.]+)" xMax="[\\d.]+" yMax="([\\d.]+)">${word}</word>`).exec(bbox)!;
      return Number(m[2]) - Number(m[1]);
    };
    const heights = levels.map((level) => height(`Level${level}`));
    for (let i = 1; i < heights.length; i++) expect(heights[i]!).toBeLessThanOrEqual(heights[i - 1]!);
    expect(heights[0]!).toBeGreaterThan(1.8 * height("Body"));
    expect(heights[5]!).toBeCloseTo(height("Body"), 1);
    // headings use the bold face (Roboto Medium), the body the regular one
    expect(run(PDFFONTS, [file])).toMatch(/\+Roboto-Medium\b[\s\S]*\+Roboto-Regular\b|\+Roboto-Regular\b[\s\S]*\+Roboto-Medium\b/);
  });

  it("aligns paragraphs and breaks lines where a run says", async () => {
    const file = await written("align.pdf", {
      blocks: [
        { kind: "paragraph", align: "center", runs: [{ text: "Centred" }] },
        { kind: "paragraph", align: "right", runs: [{ text: "Righted" }] },
        { kind: "paragraph", runs: [{ text: "First line\nsecond line\n        indented\n\ttabbed" }] },
      ],
      notes: [],
    });
    const bbox = run(PDFTOTEXT, ["-bbox", file, "-"]);
    const box = (word: string): { left: number; right: number; top: number } => {
      const m = new RegExp(`<word xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)"[^>]*>${word}</word>`).exec(bbox)!;
      return { left: Number(m[1]), top: Number(m[2]), right: Number(m[3]) };
    };
    const centred = box("Centred");
    expect((centred.left + centred.right) / 2).toBeCloseTo(595.28 / 2, 0);
    expect(box("Righted").right).toBeCloseTo(595.28 - 56.69, 0);
    expect(box("second").top).toBeGreaterThan(box("First").top + 10);
    expect(box("second").left).toBeCloseTo(56.69, 0);
    // leading spaces and a tab (four spaces) indent their line
    expect(box("indented").left).toBeGreaterThan(56.69 + 15);
    expect(box("tabbed").left).toBeGreaterThan(56.69 + 8);
    expect(box("tabbed").left).toBeLessThan(box("indented").left);
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("embeds a JPEG as it is (ImageMagick's, not re-encoded)", async () => {
    const jpeg = new Uint8Array(execFileSync(IMAGEMAGICK, ["-size", "64x48", "gradient:red-blue", "jpeg:-"]));
    const file = await written("jpeg.pdf", { blocks: [{ kind: "image", data: jpeg, mime: "image/jpeg", width: 64, height: 48 }], notes: [] });
    const rows = run(PDFIMAGES, ["-list", file]).trim().split("\n").slice(2);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^\s*1\s+0\s+image\s+64\s+48\s+rgb\s+3\s+8\s+jpeg\b/);
    execFileSync(PDFIMAGES, ["-j", file, dir.path("extracted")]);
    expect(dir.read("extracted-000.jpg")).toEqual(jpeg);
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("embeds ImageMagick's PNG and JPEG variants with their pixels (interlaced, palette, 16-bit grey with alpha, CMYK, progressive)", async () => {
    const variants: Array<[name: string, args: string[], mime: "image/png" | "image/jpeg", listed: RegExp]> = [
      ["interlaced.png", ["gradient:red-blue", "-interlace", "PNG", "png24:-"], "image/png", /\bimage\s+40\s+30\s+rgb\s+3\s+8\b/],
      ["palette.png", ["gradient:red-blue", "-colors", "8", "png8:-"], "image/png", /\bimage\s+40\s+30\s+index\s+1\s+8\b/],
      ["grey-alpha-16.png", ["gradient:black-white", "-alpha", "on", "-channel", "A", "-evaluate", "set", "50%", "-depth", "16", "png:-"], "image/png", /\bsmask\s+40\s+30\s+gray\b/],
      ["cmyk.jpg", ["gradient:red-blue", "-colorspace", "CMYK", "jpeg:-"], "image/jpeg", /\bimage\s+40\s+30\s+cmyk\s+4\s+8\s+jpeg\b/],
      ["progressive.jpg", ["gradient:red-blue", "-interlace", "JPEG", "jpeg:-"], "image/jpeg", /\bimage\s+40\s+30\s+rgb\s+3\s+8\s+jpeg\b/],
    ];
    for (const [name, args, mime, listed] of variants) {
      const data = new Uint8Array(execFileSync(IMAGEMAGICK, ["-size", "40x30", ...args]));
      const file = await written(`${name}.pdf`, { blocks: [{ kind: "image", data, mime, width: 40, height: 30 }], notes: [] });
      expect(run(PDFIMAGES, ["-list", file]), name).toMatch(listed);
      if (name === "interlaced.png" || name === "palette.png") {
        // the pixels pdfimages takes out are the ones ImageMagick put in
        execFileSync(PDFIMAGES, ["-png", file, dir.path(name)]);
        const extracted = execFileSync(IMAGEMAGICK, [dir.path(`${name}-000.png`), "-depth", "8", "rgb:-"]);
        expect(extracted.equals(execFileSync(IMAGEMAGICK, ["-size", "40x30", ...args.slice(0, -1), "-depth", "8", "rgb:-"])), name).toBe(true);
      }
    }
  });

  it("fits a picture wider than the page into the text width, keeping its shape", async () => {
    const file = await written("wide-image.pdf", { blocks: [{ kind: "image", data: rampPng(1200, 300), mime: "image/png", width: 1200, height: 300, displayWidthPt: 900 }], notes: [] });
    execFileSync(PDFTOPPM, ["-gray", "-r", "72", "-f", "1", "-l", "1", file, dir.path("wide")]);
    const { width, height, pixels } = readPgm(dir.read("wide-1.pgm"));
    // the ramp's rows are never white: find the painted box
    let left = width;
    let right = 0;
    let top = height;
    let bottom = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (pixels[y * width + x]! < 250) {
          left = Math.min(left, x);
          right = Math.max(right, x);
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
        }
      }
    }
    const textWidth = 595.28 - 2 * 56.69;
    expect(right - left + 1).toBeGreaterThan(textWidth - 3);
    expect(right - left + 1).toBeLessThan(textWidth + 3);
    expect((right - left + 1) / (bottom - top + 1)).toBeCloseTo(4, 0);
  });
});

const DEJAVU_SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

describe.skipIf(!HAVE_POPPLER || !existsSync(DEJAVU_SANS))("writePdf: a fallback font", () => {
  const model: DocModel = {
    blocks: [para({ text: "Georgian: თბილისი, Armenian: Երևան, " }, { text: "Pinyin: nǐ hǎo", bold: true }, { text: ", and Roboto's own Ελληνικά." })],
    notes: [],
  };

  it("draws the characters Roboto lacks with the fallback (DejaVu Sans), embedded as a subset", async () => {
    const file = dir.write("fallback.pdf", await writePdf(model, await nodePdfFonts(), { fallbackFonts: [new Uint8Array(readFileSync(DEJAVU_SANS))] }));
    const fonts = run(PDFFONTS, [file]);
    expect(fonts).toMatch(/^[A-Z]{6}\+DejaVuSans\s.*\byes\s+yes\s+yes\b/m);
    expect(fonts).toMatch(/^[A-Z]{6}\+Roboto-Regular\s/m);
    expect(run(PDFTOTEXT, [file, "-"])).toContain("Georgian: თბილისი, Armenian: Երևան, Pinyin: nǐ hǎo, and Roboto's own Ελληνικά.");
  });
});

describe.skipIf(!HAVE_POPPLER)("writePdf: the shipped fallback fonts", () => {
  const arrows: DocModel = { blocks: [plain("Go → there, come ← back, □ a box and ◦ a ring.")], notes: [] };

  it("draws arrows and shapes Roboto lacks with the Noto fallbacks, loaded only when needed", async () => {
    const asked: string[][] = [];
    const loader = async (files: readonly FallbackFontFile[]): Promise<Uint8Array[]> => {
      asked.push([...files]);
      return nodePdfFallbackFonts(files);
    };
    await writePdf({ blocks: [plain("Plain text")], notes: [] }, await nodePdfFonts(), { fallbackFonts: loader });
    expect(asked).toEqual([]);
    const file = dir.write("arrows.pdf", await writePdf(arrows, await nodePdfFonts(), { fallbackFonts: loader }));
    // the math font first; the symbols font for the ring the math font lacks
    expect(asked.flat()).toContain("noto-sans-math/regular");
    expect(asked.flat().every((name) => !/sc|jp|kr|arabic|emoji/.test(name))).toBe(true);
    expect(run(PDFFONTS, [file])).toMatch(/^[A-Z]{6}\+NotoSansMath-Regular\s.*\byes\s+yes\s+yes\b/m);
    expect(run(PDFTOTEXT, [file, "-"])).toContain("Go → there, come ← back, □ a box and ◦ a ring.");
  });

  it("without them, draws U+FFFD for what Roboto lacks and says so in a note", async () => {
    const model: DocModel = { blocks: [plain("Go → there and see 中文.")], notes: [] };
    const file = dir.write("no-fallback.pdf", await writePdf(model, await nodePdfFonts()));
    expect(run(PDFTOTEXT, [file, "-"])).toContain("Go \ufffd there and see \ufffd\ufffd.");
    expect(model.notes).toEqual(["3 characters that no font here can draw (“→” (U+2192), “中” (U+4E2D), “文” (U+6587)) appear as “\ufffd” in the PDF."]);
  });
});

describe.skipIf(!HAVE_POPPLER)("writePdf: calls at the same time", () => {
  it("keeps each call's fonts and pictures apart (pdfmake's tables are shared)", async () => {
    const fonts = await nodePdfFonts();
    const models = ["alpha", "beta", "gamma"].map((name, i): DocModel => ({
      blocks: [plain(`Document ${name}`), { kind: "image", data: rampPng(10 + i, 10), mime: "image/png", width: 10 + i, height: 10 }],
      notes: [],
    }));
    const pdfs = await Promise.all(models.map((model) => writePdf(model, fonts)));
    pdfs.forEach((pdf, i) => {
      const file = dir.write(`together-${i}.pdf`, pdf);
      expect(run(PDFTOTEXT, [file, "-"]).trim()).toBe(`Document ${["alpha", "beta", "gamma"][i]}`);
      expect(run(PDFIMAGES, ["-list", file])).toMatch(new RegExp(`\\bimage\\s+${10 + i}\\s+10\\b`));
    });
    // nothing of theirs is left in pdfmake's file and font tables
    const pdfmake = ((await import("pdfmake/build/pdfmake.js")) as unknown as { default: { virtualfs: { storage: object }; fonts: object } }).default;
    expect(Object.keys(pdfmake.virtualfs.storage)).toEqual([]);
    expect(Object.keys(pdfmake.fonts).filter((name) => name.startsWith("docpdf"))).toEqual([]);
  });
});

describe.skipIf(!HAVE_IMAGEMAGICK)("writePdf: broken pictures", () => {
  it("calls a PNG with a sound header and broken pixel data damaged (alpha: pdfkit would never settle; RGB: it would copy it)", async () => {
    for (const format of ["png32:-", "png24:-"]) {
      const png = new Uint8Array(execFileSync(IMAGEMAGICK, ["-size", "40x30", "gradient:red-blue", "-alpha", format === "png32:-" ? "on" : "off", format]));
      const idat = Buffer.from(png).indexOf("IDAT");
      for (let i = idat + 6; i < idat + 40; i++) png[i]! ^= 0x5a;
      await expect(writePdf({ blocks: [{ kind: "image", data: png, mime: "image/png", width: 40, height: 30 }], notes: [] }, await nodePdfFonts())).rejects.toMatchObject({ code: "damaged" });
    }
  });
});

describe("writePdf: refusals", () => {
  it("stops at absurd nesting with a message, not a stack overflow", async () => {
    let block: Block = plain("deep");
    for (let i = 0; i < 100_000; i++) block = { kind: "list", ordered: false, items: [{ blocks: [block] }] };
    await expect(writePdf({ blocks: [block], notes: [] }, await nodePdfFonts())).rejects.toMatchObject({ code: "too-much-work" });
  });

  it("refuses a table too wide for a page and a huge count of text", async () => {
    const wide: Block = { kind: "table", rows: [{ cells: Array.from({ length: 500 }, () => ({ blocks: [plain("x")] })) }] };
    await expect(writePdf({ blocks: [wide], notes: [] }, await nodePdfFonts())).rejects.toMatchObject({ code: "too-much-work" });
    const huge: Block[] = Array.from({ length: 3_000 }, () => plain("word ".repeat(1_000)));
    await expect(writePdf({ blocks: huge, notes: [] }, await nodePdfFonts())).rejects.toMatchObject({ code: "too-much-work" });
  });

  it("calls a picture that is not what it says damaged, and a bomb of pixels too large", async () => {
    const fonts = await nodePdfFonts();
    const notPng: Block = { kind: "image", data: new Uint8Array(64), mime: "image/png", width: 10, height: 10 };
    await expect(writePdf({ blocks: [notPng], notes: [] }, fonts)).rejects.toMatchObject({ code: "damaged" });
    const bomb = rampPng(4, 4);
    new DataView(bomb.buffer, bomb.byteOffset).setUint32(16, 100_000);
    new DataView(bomb.buffer, bomb.byteOffset).setUint32(20, 100_000);
    await expect(writePdf({ blocks: [{ kind: "image", data: bomb, mime: "image/png", width: 4, height: 4 }], notes: [] }, fonts)).rejects.toMatchObject({ code: "too-large" });
    // under the limit one by one, over it together
    const big = rampPng(4, 4);
    new DataView(big.buffer, big.byteOffset).setUint32(16, 6_000);
    new DataView(big.buffer, big.byteOffset).setUint32(20, 6_000);
    const many: Block[] = Array.from({ length: 5 }, () => ({ kind: "image", data: big, mime: "image/png", width: 6_000, height: 6_000 }));
    await expect(writePdf({ blocks: many, notes: [] }, fonts)).rejects.toThrow(/pictures have over 150 million pixels together/);
  });
});
