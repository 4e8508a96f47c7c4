import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_POPPLER, HAVE_XMLLINT, XMLLINT } from "#tests/support/reference-tools.ts";
import { HAVE_LIBREOFFICE, SOFFICE, officeText, rampPng, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Block, DocModel, ListBlock, TextRun } from "./model.ts";
import { writeDocx } from "./write-docx.ts";

const dir = scratch("write-docx");
afterAll(() => dir.cleanup());

const text = (value: string, style: Omit<TextRun, "text"> = {}): TextRun => ({ text: value, ...style });
const para = (...runs: TextRun[]): Block => ({ kind: "paragraph", runs });
const list = (ordered: boolean, items: (string | [string, ListBlock])[]): ListBlock => ({
  kind: "list",
  ordered,
  items: items.map((item) => (typeof item === "string" ? { blocks: [para(text(item))] } : { blocks: [para(text(item[0])), item[1]] })),
});
const cell = (value: string, spans: { colSpan?: number; rowSpan?: number } = {}) => ({ blocks: [para(text(value))], ...spans });

/** The report of tests/support/office-fixtures.ts as a model, with nested lists, merged cells, a link and a page break. */
function reportModel(): DocModel {
  return {
    title: "Quarterly Report",
    author: "Ada Lovelace",
    language: "en-GB",
    notes: [],
    blocks: [
      { kind: "heading", level: 1, runs: [text("Quarterly Report")] },
      para(text("This is the "), text("first", { bold: true }), text(" paragraph with "), text("italic", { italic: true }), text(" words and a "), text("closing", { underline: true }), text(" sentence.")),
      { kind: "paragraph", align: "center", runs: [text("Centred line one\nline two after a break, see "), text("the example site", { href: "https://example.com/" })] },
      { kind: "heading", level: 2, runs: [text("Details")] },
      list(false, ["Apples from the north orchard", ["Oranges from the south grove", list(false, ["Navel oranges", "Blood oranges"])]]),
      list(true, ["Count the crates", ["Ship the crates", list(true, ["Load the lorry", "Drive to the harbour"])]]),
      {
        kind: "table",
        rows: [
          { header: true, cells: [cell("Name"), cell("Count"), cell("Place")] },
          { cells: [cell("Alpha"), cell("12"), cell("Dock", { rowSpan: 2 })] },
          { cells: [cell("Beta"), cell("34")] },
          { cells: [cell("Total of both", { colSpan: 2 }), cell("46")] },
        ],
      },
      { kind: "image", data: rampPng(), mime: "image/png", width: 120, height: 80, alt: "ramp" },
      { kind: "heading", level: 2, runs: [text("Languages")] },
      para(text("Привет мир, это проверка. Καλημέρα κόσμε, αυτό είναι δοκιμή.")),
      { kind: "page-break" },
      para(text("Second page closing words.")),
    ],
  };
}

/** The words of the report in reading order, as a reader of the DOCX should find them. */
const REPORT_WORDS = words(
  "Quarterly Report This is the first paragraph with italic words and a closing sentence. Centred line one line two after a break, see the example site " +
    "Details Apples from the north orchard Oranges from the south grove Navel oranges Blood oranges Count the crates Ship the crates Load the lorry Drive to the harbour " +
    "Name Count Place Alpha 12 Dock Beta 34 Total of both 46 Languages Привет мир, это проверка. Καλημέρα κόσμε, αυτό είναι δοκιμή. Second page closing words.",
);

const PROFILE = join(tmpdir(), `lo-profile-${process.pid}`);

/** LibreOffice's conversion of `file` to `filter` (e.g. "pdf", "html"), written next to it. */
function officeConvert(file: string, filter: string, extension: string): string {
  const out = join(dir.dir, "converted");
  mkdirSync(out, { recursive: true });
  execFileSync(SOFFICE, [`-env:UserInstallation=file://${PROFILE}`, "--headless", "--convert-to", filter, "--outdir", out, file], { stdio: "ignore", timeout: 120_000 });
  return join(out, file.replace(/^.*\//, "").replace(/\.[^.]+$/, `.${extension}`));
}

describe("writeDocx", async () => {
  const progress: number[] = [];
  const bytes = await writeDocx(reportModel(), { onProgress: (f) => progress.push(f) });
  const docxPath = dir.write("report.docx", bytes);
  const files = unzipSync(bytes);
  const xml = (name: string): string => strFromU8(files[name]!);

  it("writes Word's parts: headings in Heading styles, numbered paragraphs, a table, a picture and a page break", () => {
    const body = xml("word/document.xml");
    expect(body).toContain('<w:pStyle w:val="Heading1"/>');
    expect(body).toContain('<w:pStyle w:val="Heading2"/>');
    expect(body.match(/<w:numPr>/g)).toHaveLength(8);
    expect(body).toContain("<w:tbl>");
    expect(body).toContain("<w:tblHeader/>");
    expect(body).toContain('<w:gridSpan w:val="2"/>');
    expect(body).toContain('<w:vMerge w:val="restart"/>');
    expect(body).toContain('<w:br w:type="page"/>');
    expect(body).toContain("<w:b/>");
    expect(body).toContain("<w:i/>");
    expect(body).toContain('<w:u w:val="single"/>');
    expect(body).toContain('<w:jc w:val="center"/>');
    // the picture: a drawing whose relationship points at a PNG in word/media
    const embed = /<w:drawing>[\s\S]*?r:embed="([^"]+)"/.exec(body)?.[1];
    const rels = xml("word/_rels/document.xml.rels");
    const target = new RegExp(`Id="${embed}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ?? new RegExp(`Target="([^"]+)"[^>]*Id="${embed}"`).exec(rels)?.[1];
    expect(target).toMatch(/^media\/.+\.png$/);
    expect(files[`word/${target}`]).toEqual(rampPng());
    // 120 × 80 pixels at 96 dpi: 90 × 60 pt, 12700 EMU a point
    expect(body).toContain('<wp:extent cx="1143000" cy="762000"/>');
    expect(rels).toMatch(/Target="https:\/\/example\.com\/"[^>]*TargetMode="External"|TargetMode="External"[^>]*Target="https:\/\/example\.com\/"/);
  });

  it.skipIf(!HAVE_XMLLINT)("holds only well-formed XML parts (xmllint), media typed in [Content_Types].xml", () => {
    for (const [name, data] of Object.entries(files)) {
      if (!/\.(xml|rels)$/.test(name)) continue;
      const path = dir.write(`part-${name.replace(/[^\w.]/g, "_")}`, data);
      expect(() => execFileSync(XMLLINT, ["--noout", path], { stdio: "pipe" }), name).not.toThrow();
    }
    expect(xml("[Content_Types].xml")).toContain('<Default ContentType="image/png" Extension="png"/>');
  });

  it("defines bullets and numbers as Word numbering, nine levels each", () => {
    const numbering = xml("word/numbering.xml");
    expect(numbering).toContain('<w:numFmt w:val="bullet"/>');
    expect(numbering).toContain('<w:numFmt w:val="decimal"/>');
    expect(numbering).toContain('<w:numFmt w:val="lowerLetter"/>');
  });

  it("puts title, author and language in the core properties, A4 and 2 cm margins in the section", () => {
    const core = xml("docProps/core.xml");
    expect(core).toContain("<dc:title>Quarterly Report</dc:title>");
    expect(core).toContain("<dc:creator>Ada Lovelace</dc:creator>");
    expect(core).toContain("<dc:language>en-GB</dc:language>");
    expect(xml("word/styles.xml")).toContain('<w:lang w:val="en-GB"/>');
    expect(xml("word/document.xml")).toMatch(/<w:pgSz w:w="11906" w:h="16838"[^>]*\/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134"/);
  });

  it("reports progress up to 1", () => {
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((f, i) => f >= (progress[i - 1] ?? 0))).toBe(true);
  });

  it.skipIf(!HAVE_LIBREOFFICE)("reads back in LibreOffice with every word in order", () => {
    const back = officeText(docxPath);
    expect(wordsInOrder(REPORT_WORDS, words(back))).toBeGreaterThanOrEqual(0.99);
    for (const item of ["Navel oranges", "Drive to the harbour", "Total of both", "Привет мир", "Καλημέρα κόσμε"]) expect(back).toContain(item);
  });

  it.skipIf(!HAVE_LIBREOFFICE)("is seen by LibreOffice as headings, real lists and a table", () => {
    const html = readFileSync(officeConvert(docxPath, "html:XHTML Writer File:UTF8", "html"), "utf8");
    expect(html).toMatch(/<h1[^>]*>[\s\S]*?Quarterly Report/);
    expect(html).toMatch(/<h2[^>]*>[\s\S]*?Details/);
    expect(html).toMatch(/<ul[^>]*>[\s\S]*?Apples from the north orchard/);
    expect(html).toMatch(/<ol[^>]*>[\s\S]*?Count the crates/);
    expect(html).toMatch(/<table[^>]*>[\s\S]*?Alpha/);
    expect(html).toMatch(/rowspan="2"/);
    expect(html).toMatch(/colspan="2"/);
  });

  it.skipIf(!HAVE_LIBREOFFICE || !HAVE_POPPLER)("lays out on two A4 pages in LibreOffice, one page break", () => {
    const pdf = officeConvert(docxPath, "pdf:writer_pdf_Export", "pdf");
    const info = execFileSync("/usr/bin/pdfinfo", [pdf], { encoding: "utf8" });
    expect(/^Pages:\s+(\d+)/m.exec(info)?.[1]).toBe("2");
    expect(info).toMatch(/Page size:\s+595\.\d* x 841\.\d* pts/);
    const second = execFileSync("/usr/bin/pdftotext", ["-f", "2", "-l", "2", pdf, "-"], { encoding: "utf8" });
    expect(second).toContain("Second page closing words.");
  });
});

const bodyOf = async (model: DocModel): Promise<string> => strFromU8(unzipSync(await writeDocx(model))["word/document.xml"]!);

describe("writeDocx on odd models", () => {
  it("scales a wide picture down to the text width and keeps its proportions", async () => {
    const body = await bodyOf({ notes: [], blocks: [{ kind: "image", data: rampPng(2000, 100), mime: "image/png", width: 2000, height: 100 }] });
    const [cx, cy] = /<wp:extent cx="(\d+)" cy="(\d+)"\/>/.exec(body)!.slice(1).map(Number) as [number, number];
    // A4 less 2 cm margins: 481.9 pt of text width, 12700 EMU a point
    expect(cx).toBeLessThanOrEqual(481.9 * 12700);
    expect(cx).toBeGreaterThan(475 * 12700);
    expect(cx / cy).toBeCloseTo(20, 0);
  });

  it("uses the model's page and the picture's shown size", async () => {
    const body = await bodyOf({
      notes: [],
      page: { widthPt: 612, heightPt: 792, marginsPt: [72, 72, 72, 72] },
      blocks: [{ kind: "image", data: rampPng(), mime: "image/png", width: 120, height: 80, displayWidthPt: 240 }],
    });
    expect(body).toMatch(/<w:pgSz w:w="12240" w:h="15840"[^>]*\/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/);
    expect(body).toContain(`<wp:extent cx="${240 * 12700}" cy="${160 * 12700}"/>`);
  });

  it("drops characters XML cannot hold and keeps unsafe links as plain text", async () => {
    const body = await bodyOf({ notes: [], blocks: [para(text("bell\u0007 and nul\u0000 gone"), text(" click", { href: "javascript:alert(1)" }))] });
    expect(body).toContain("bell and nul gone");
    expect(body).not.toContain("w:hyperlink");
  });

  it.skipIf(!HAVE_LIBREOFFICE)("keeps every word of tables in list items, lists and pictures in cells and nested tables", async () => {
    const model: DocModel = {
      notes: [],
      blocks: [
        list(true, [["Item with a table", list(false, ["inner bullet"])]]),
        {
          kind: "list",
          ordered: false,
          items: [{ blocks: [{ kind: "table", rows: [{ cells: [cell("tableinlist")] }] }, para(text("after the table"))] }],
        },
        {
          kind: "table",
          rows: [
            {
              header: true,
              cells: [
                { blocks: [list(false, ["cellbullet one", "cellbullet two"])] },
                { blocks: [{ kind: "image", data: rampPng(800, 100), mime: "image/png", width: 800, height: 100, alt: "wide" }, para(text("under the picture"))] },
              ],
            },
            { cells: [{ blocks: [{ kind: "table", rows: [{ cells: [cell("nested alpha"), cell("nested beta")] }] }] }, cell("plain cell")] },
          ],
        },
      ],
    };
    const path = dir.write("nested.docx", await writeDocx(model));
    const back = words(officeText(path));
    const expected = words("Item with a table inner bullet tableinlist after the table cellbullet one cellbullet two under the picture nested alpha nested beta plain cell");
    expect(wordsInOrder(expected, back)).toBe(1);
  });

  it("starts the next paragraph with a page break, and keeps breaks in a row and at the end", async () => {
    const body = await bodyOf({ notes: [], blocks: [para(text("one")), { kind: "page-break" }, para(text("two")), { kind: "page-break" }, { kind: "page-break" }, para(text("three")), { kind: "page-break" }] });
    expect(body).toMatch(/<w:p><w:r><w:br w:type="page"\/><\/w:r><w:r><w:t xml:space="preserve">two<\/w:t>/);
    expect(body.match(/<w:br w:type="page"\/>/g)).toHaveLength(4);
  });

  it("writes an empty document and refuses lists nested 100 000 deep quickly", async () => {
    expect(await bodyOf({ notes: [], blocks: [] })).toContain("<w:p/>");
    let deep: ListBlock = { kind: "list", ordered: false, items: [{ blocks: [para(text("bottom"))] }] };
    for (let i = 0; i < 100_000; i++) deep = { kind: "list", ordered: false, items: [{ blocks: [para(text("x")), deep] }] };
    await expect(writeDocx({ notes: [], blocks: [deep] })).rejects.toMatchObject({ code: "too-much-work" });
  });
});
