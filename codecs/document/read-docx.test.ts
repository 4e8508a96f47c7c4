import { execFileSync } from "node:child_process";
import * as CFB from "cfb";
import { AlignmentType, Document, ExternalHyperlink, FootnoteReferenceRun, HeadingLevel, ImageRun, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun } from "docx";
import { afterAll, describe, expect, it } from "vitest";
import { deflatedEntry, handmadeZip, zerosDeflate } from "#tests/support/handmade-zip.ts";
import { HAVE_LIBREOFFICE, htmlWords, officeFromHtml, officeText, rampPng, reportHtml, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { HAVE_IMAGEMAGICK, IMAGEMAGICK } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { Block, DocModel, Heading, ImageBlock, ListBlock, Paragraph as ModelParagraph, Table as ModelTable } from "./model.ts";
import { runsText } from "./model.ts";
import { readDocx } from "./read-docx.ts";

const work = scratch("read-docx");
afterAll(() => work.cleanup());

/** Every block, lists' and tables' contents included, in reading order. */
function allBlocks(blocks: readonly Block[]): Block[] {
  return blocks.flatMap((block) => {
    if (block.kind === "list") return [block, ...block.items.flatMap((item) => allBlocks(item.blocks))];
    if (block.kind === "table") return [block, ...block.rows.flatMap((row) => row.cells.flatMap((cell) => allBlocks(cell.blocks)))];
    return [block];
  });
}

const textOf = (model: DocModel): string =>
  allBlocks(model.blocks)
    .map((block) => (block.kind === "paragraph" || block.kind === "heading" ? runsText(block.runs) : ""))
    .join("\n");

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const W = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`;

const body = (inner: string): string => `<?xml version="1.0"?><w:document ${W}><w:body>${inner}</w:body></w:document>`;

/** A minimal DOCX around `documentXml`, zipped by hand. */
const minimalDocx = (documentXml: string): Uint8Array =>
  handmadeZip([deflatedEntry("[Content_Types].xml", CONTENT_TYPES), deflatedEntry("_rels/.rels", RELS), deflatedEntry("word/document.xml", documentXml)]);

describe.skipIf(!HAVE_LIBREOFFICE)("readDocx on LibreOffice's DOCX", () => {
  const html = reportHtml({ paragraphs: 30 });
  const path = officeFromHtml(html, "docx", work.dir);
  const bytes = work.read("fixture.docx");

  it("keeps the report's headings, runs, lists, table, picture and scripts", async () => {
    const progress: number[] = [];
    const model = await readDocx(bytes, { onProgress: (f) => progress.push(f) });
    const blocks = allBlocks(model.blocks);
    expect(model.blocks[0]).toEqual({ kind: "heading", level: 1, runs: [{ text: "Quarterly Report" }] });
    const runs = blocks.flatMap((block) => (block.kind === "paragraph" || block.kind === "heading" ? block.runs : []));
    expect(runs).toContainEqual({ text: "first", bold: true });
    expect(runs).toContainEqual({ text: "italic", italic: true });
    const lists = model.blocks.filter((block): block is ListBlock => block.kind === "list");
    expect(lists.map((list) => [list.ordered, list.items.length])).toEqual([[false, 2], [true, 2]]);
    expect(lists[1]!.items.map((item) => runsText((item.blocks[0] as ModelParagraph).runs))).toEqual(["Count the crates", "Ship the crates"]);
    const table = model.blocks.find((block): block is ModelTable => block.kind === "table")!;
    expect(table.rows.map((row) => row.cells.length)).toEqual([2, 2, 2]);
    expect(table.rows.map((row) => row.header ?? false)).toEqual([true, false, false]);
    expect(table.rows[1]!.cells.map((cell) => runsText((cell.blocks[0] as ModelParagraph).runs))).toEqual(["Alpha", "12"]);
    const image = model.blocks.find((block): block is ImageBlock => block.kind === "image")!;
    expect(image).toMatchObject({ mime: "image/png", width: 120, height: 80 });
    // shown at the size LibreOffice wrote in wp:extent (EMU, 12700 a point): the HTML's 120×80 CSS px
    const extent = /<wp:extent cx="(\d+)" cy="(\d+)"/.exec(execFileSync("unzip", ["-p", path, "word/document.xml"], { encoding: "utf8" }))!;
    expect(image.displayWidthPt).toBeCloseTo(Number(extent[1]) / 12_700, 5);
    expect(image.displayHeightPt).toBeCloseTo(Number(extent[2]) / 12_700, 5);
    expect(image.displayWidthPt).toBeCloseTo(90, 0);
    expect(textOf(model)).toContain("Привет мир, это проверка. Καλημέρα κόσμε, αυτό είναι δοκιμή.");
    expect(blocks.filter((block): block is Heading => block.kind === "heading").map((h) => h.level)).toEqual([1, 2, 2]);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual(progress.toSorted((a, b) => a - b));
  });

  it("has ≥ 99 % of the source's words, and of LibreOffice's own reading, in order", async () => {
    const model = await readDocx(bytes);
    const ours = words(textOf(model));
    expect(wordsInOrder(htmlWords(html), ours)).toBeGreaterThanOrEqual(0.99);
    expect(wordsInOrder(words(officeText(path)), ours)).toBeGreaterThanOrEqual(0.99);
  });

  it("takes the title, language and page from the parts", async () => {
    const model = await readDocx(bytes);
    const documentXml = execFileSync("unzip", ["-p", path, "word/document.xml"], { encoding: "utf8" });
    const size = /<w:pgSz w:w="(\d+)" w:h="(\d+)"/.exec(documentXml)!;
    expect(model.title).toBe("Quarterly Report");
    expect(model.language).toMatch(/^en\b/);
    expect(model.page?.widthPt).toBeCloseTo(Number(size[1]) / 20, 5);
    expect(model.page?.heightPt).toBeCloseTo(Number(size[2]) / 20, 5);
    expect(model.notes[0]).toMatch(/Fonts, sizes, colours/);
  });

  it("keeps LibreOffice's page breaks (CSS page-break-before becomes w:br type=page)", async () => {
    const broken = html.replace("<h2>Languages</h2>", '<h2 style="page-break-before: always">Languages</h2>');
    const model = await readDocx(work.read(officeFromHtml(broken, "docx", work.dir, "breaks").slice(work.dir.length + 1)));
    const at = model.blocks.findIndex((block) => block.kind === "heading" && runsText(block.runs) === "Languages");
    expect(model.blocks[at - 1]).toEqual({ kind: "page-break" });
    expect(model.blocks.filter((block) => block.kind === "page-break")).toHaveLength(1);
  });

  it("calls a cut-short copy damaged, and an old .doc not a DOCX", async () => {
    for (const cut of [bytes.length - 100, Math.floor(bytes.length / 2), 200]) {
      await expect(readDocx(bytes.subarray(0, cut))).rejects.toMatchObject({ code: "damaged" });
    }
    officeFromHtml(html, "doc", work.dir);
    await expect(readDocx(work.read("fixture.doc"))).rejects.toMatchObject({ code: "damaged", message: expect.stringMatching(/\.doc/) });
  });
});

/** A DOCX written by the docx package (a second writer), with what LibreOffice's HTML import cannot make. */
async function docxPackageFile(): Promise<Uint8Array> {
  const doc = new Document({
    title: "Harbour Notes",
    creator: "Ann Writer",
    sections: [
      {
        properties: { page: { size: { width: 12240, height: 15840 }, margin: { top: 1440, right: 1080, bottom: 1440, left: 1800 } } },
        children: [
          new Paragraph({ text: "Harbour Notes", heading: HeadingLevel.TITLE }),
          new Paragraph({ text: "Tides", heading: HeadingLevel.HEADING_3 }),
          new Paragraph({ children: [new TextRun("before the break"), new PageBreak(), new TextRun({ text: "after it", underline: {} })] }),
          new Paragraph({ text: "outer", bullet: { level: 0 } }),
          new Paragraph({ text: "inner", bullet: { level: 1 } }),
          new Paragraph({ children: [new ExternalHyperlink({ link: "https://example.com/tides", children: [new TextRun("tide tables")] })] }),
          new Table({
            rows: [
              new TableRow({ tableHeader: true, children: [new TableCell({ children: [new Paragraph("Port")] }), new TableCell({ children: [new Paragraph("Depth")] })] }),
              new TableRow({ children: [new TableCell({ children: [new Paragraph("Dover")], columnSpan: 2 })] }),
            ],
          }),
          new Paragraph({ children: [new ImageRun({ type: "png", data: rampPng(30, 20), transformation: { width: 30, height: 20 } })] }),
          new Paragraph({ text: "centred", alignment: AlignmentType.CENTER }),
          new Paragraph({ text: "flush right", alignment: AlignmentType.RIGHT }),
          new Paragraph({ text: "justified", alignment: AlignmentType.JUSTIFIED }),
          new Paragraph({ text: "plain", alignment: AlignmentType.LEFT }),
          new Paragraph({ text: "", alignment: AlignmentType.CENTER, bullet: { level: 0 } }),
          new Paragraph({ text: "new page", pageBreakBefore: true }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

describe("readDocx on a DOCX written by the docx package", () => {
  it("keeps the title, author, Letter page, page breaks, alignment, nested list, link, header row and span", async () => {
    const model = await readDocx(await docxPackageFile());
    expect(model).toMatchObject({ title: "Harbour Notes", author: "Ann Writer", page: { widthPt: 612, heightPt: 792, marginsPt: [72, 54, 72, 90] } });
    const kinds = model.blocks.map((block) => block.kind);
    expect(kinds).toEqual(["heading", "heading", "paragraph", "page-break", "paragraph", "list", "paragraph", "table", "image", "paragraph", "paragraph", "paragraph", "paragraph", "page-break", "paragraph"]);
    expect(model.blocks.slice(9, 13)).toEqual([
      { kind: "paragraph", runs: [{ text: "centred" }], align: "center" },
      { kind: "paragraph", runs: [{ text: "flush right" }], align: "right" },
      { kind: "paragraph", runs: [{ text: "justified" }], align: "justify" },
      { kind: "paragraph", runs: [{ text: "plain" }] },
    ]);
    expect(model.blocks[1]).toMatchObject({ level: 3 });
    expect(model.blocks[4]).toEqual({ kind: "paragraph", runs: [{ text: "after it", underline: true }] });
    const list = model.blocks[5] as ListBlock;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]!.blocks[1]).toMatchObject({ kind: "list", items: [{ blocks: [{ kind: "paragraph", runs: [{ text: "inner" }] }] }] });
    expect(model.blocks[6]).toEqual({ kind: "paragraph", runs: [{ text: "tide tables", href: "https://example.com/tides" }] });
    const table = model.blocks[7] as ModelTable;
    expect(table.rows[0]!.header).toBe(true);
    expect(table.rows[1]!.cells[0]!.colSpan).toBe(2);
    // the docx package writes 30×20 CSS px as an extent of 22.5×15 pt
    expect(model.blocks[8]).toMatchObject({ kind: "image", width: 30, height: 20, displayWidthPt: 22.5, displayHeightPt: 15 });
  });

  it("keeps footnotes at the end with their marks, the reference raised in the text, without mammoth's back-links", async () => {
    const doc = new Document({
      footnotes: { 1: { children: [new Paragraph("The note text.")] } },
      sections: [{ children: [new Paragraph({ children: [new TextRun("Body"), new FootnoteReferenceRun(1), new TextRun(" more.")] })] }],
    });
    const model = await readDocx(new Uint8Array(await Packer.toBuffer(doc)));
    expect(model.blocks).toEqual([
      { kind: "paragraph", runs: [{ text: "Body" }, { text: "1", superscript: true }, { text: " more." }] },
      { kind: "list", ordered: true, items: [{ blocks: [{ kind: "paragraph", runs: [{ text: "The note text." }] }], marker: "1" }] },
    ]);
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("drops a GIF picture with a note", async () => {
    execFileSync(IMAGEMAGICK, ["-size", "8x8", "xc:green", work.path("green.gif")]);
    const doc = new Document({
      sections: [{ children: [new Paragraph({ children: [new TextRun("picture: "), new ImageRun({ type: "gif", data: work.read("green.gif"), transformation: { width: 8, height: 8 } })] })] }],
    });
    const model = await readDocx(new Uint8Array(await Packer.toBuffer(doc)));
    expect(model.blocks).toEqual([{ kind: "paragraph", runs: [{ text: "picture:" }] }]);
    expect(model.notes).toContain("1 picture was left out (1 GIF): only embedded PNG and JPEG pictures are kept.");
  });
});

describe("readDocx on hostile and foreign files", () => {
  it("refuses a DOCX whose document.xml unpacks to more than a gigabyte", async () => {
    const size = 1.1 * 1024 * 1024 * 1024;
    const bomb = handmadeZip([
      deflatedEntry("[Content_Types].xml", CONTENT_TYPES),
      deflatedEntry("_rels/.rels", RELS),
      { name: "word/document.xml", data: zerosDeflate(size), method: 8, crc32: 0, declaredSize: size },
    ]);
    await expect(readDocx(bomb)).rejects.toMatchObject({ code: "too-large" });
    // the same bomb with a header that claims 4 MB: stopped by the capped inflate
    const liar = handmadeZip([deflatedEntry("_rels/.rels", RELS), { name: "word/document.xml", data: zerosDeflate(size), method: 8, crc32: 0, declaredSize: 4 * 1024 * 1024 }]);
    await expect(readDocx(liar)).rejects.toMatchObject({ code: "too-large" });
  });

  it("reads a minimal hand-zipped DOCX, and refuses 100 000 nested elements or a DTD", async () => {
    expect((await readDocx(minimalDocx(body("<w:p><w:r><w:t>Hello there</w:t></w:r></w:p>")))).blocks).toEqual([{ kind: "paragraph", runs: [{ text: "Hello there" }] }]);
    const tracked = await readDocx(minimalDocx(body(`<w:p><w:ins w:id="1" w:author="A"><w:r><w:t>kept </w:t></w:r></w:ins><w:del w:id="2" w:author="A"><w:r><w:delText>gone</w:delText></w:r></w:del></w:p>`)));
    expect(tracked.blocks).toEqual([{ kind: "paragraph", runs: [{ text: "kept" }] }]);
    expect(tracked.notes).toContain("Tracked changes are shown as accepted.");
    // numbered levels, so the part does not pack well enough to trip the zip guard's ratio limit first
    const levels = Array.from({ length: 100_000 }, (_, i) => `<w:sdt w:n="${(i * 7919) % 100_003}"><w:sdtContent>`).join("");
    const deep = body(levels + "<w:p/>" + "</w:sdtContent></w:sdt>".repeat(100_000));
    await expect(readDocx(minimalDocx(deep))).rejects.toMatchObject({ code: "too-much-work" });
    const laughs = `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>` + body("<w:p><w:r><w:t>&b;</w:t></w:r></w:p>").slice(21);
    await expect(readDocx(minimalDocx(laughs))).rejects.toMatchObject({ code: "damaged", message: expect.stringMatching(/DTD/) });
  });

  it("refuses a DOCX with more XML than the converter reads", async () => {
    // numbered words, so the part does not pack well enough to trip the zip guard's ratio limit first
    const numbered = Array.from({ length: 250_000 }, (_, i) => `w${(i * 7919) % 250_007}`).join(" ");
    const docx = minimalDocx(body(`<w:p><w:r><w:t>${numbered}</w:t></w:r></w:p>`));
    expect((await readDocx(docx)).blocks).toHaveLength(1);
    await expect(readDocx(docx, { maxXmlBytes: 1024 * 1024 })).rejects.toMatchObject({ code: "too-large", message: expect.stringMatching(/[2-9] MB, more than the 1 MB/) });
  });

  it("scans the main part by its content even when its name is not .xml", async () => {
    const rels = RELS.replace("word/document.xml", "word/main.bin");
    const levels = Array.from({ length: 100_000 }, (_, i) => `<w:sdt w:n="${(i * 7919) % 100_003}"><w:sdtContent>`).join("");
    const deep = body(levels + "<w:p/>" + "</w:sdtContent></w:sdt>".repeat(100_000));
    const docx = (xml: string): Uint8Array => handmadeZip([deflatedEntry("[Content_Types].xml", CONTENT_TYPES), deflatedEntry("_rels/.rels", rels), deflatedEntry("word/main.bin", xml)]);
    expect((await readDocx(docx(body("<w:p><w:r><w:t>renamed</w:t></w:r></w:p>")))).blocks).toEqual([{ kind: "paragraph", runs: [{ text: "renamed" }] }]);
    await expect(readDocx(docx(deep))).rejects.toMatchObject({ code: "too-much-work" });
  });

  it("says a password-protected DOCX (an OLE file with EncryptionInfo) cannot be converted", async () => {
    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, "/EncryptionInfo", new Uint8Array(64));
    CFB.utils.cfb_add(container, "/EncryptedPackage", new Uint8Array(4096));
    const bytes = new Uint8Array(CFB.write(container, { type: "array" }) as ArrayLike<number>);
    await expect(readDocx(bytes)).rejects.toMatchObject({ code: "unsupported", message: expect.stringMatching(/password-protected Word documents cannot be converted/i) });
  });

  it("calls a non-zip, an empty file and a zip without a document damaged", async () => {
    await expect(readDocx(new TextEncoder().encode("just some text, not a document"))).rejects.toMatchObject({ code: "damaged" });
    await expect(readDocx(new Uint8Array(0))).rejects.toMatchObject({ code: "damaged" });
    await expect(readDocx(handmadeZip([deflatedEntry("hello.txt", "hi")]))).rejects.toMatchObject({ code: "damaged", message: expect.stringMatching(/no Word document/) });
  });
});

const t = (text: string): string => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const numbered = (numId: number, ilvl: number, text: string): string => `<w:p><w:pPr><w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr></w:pPr>${t(text)}</w:p>`;
const change = (tag: string, inner: string): string => `<w:${tag} w:id="1" w:author="A" w:date="2024-01-01T00:00:00Z">${inner}</w:${tag}>`;

describe("readDocx on what Word writes around text (fields, tracked changes, numbering, notes)", () => {
  const RELS_WITH_PARTS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="n" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/><Relationship Id="f" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/></Relationships>`;

  it("keeps field results, drops deletions and moved-away text, numbers lists as Word does and marks notes", async () => {
    const documentXml = body(
      [
        `<w:p>${t("Dear ")}<w:fldSimple w:instr=" MERGEFIELD Name "><w:r><w:t>Alfred</w:t></w:r></w:fldSimple>${t(",")}</w:p>`,
        `<w:p>${t("Kept ")}${change("ins", t("added "))}${change("del", `<w:r><w:delText>removed </w:delText></w:r>`)}${change("moveFrom", t("gone "))}${t("end")}<w:r><w:footnoteReference w:id="1"/></w:r></w:p>`,
        numbered(1, 0, "first"),
        numbered(1, 1, "sub"),
        numbered(1, 0, "second"),
        `<w:p>${t("between")}</w:p>`,
        numbered(1, 0, "third"),
      ].join(""),
    );
    const numbering = `<?xml version="1.0"?><w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/><w:lvlText w:val="%1)"/></w:lvl><w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`;
    const footnotes = `<?xml version="1.0"?><w:footnotes ${W}><w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r>${t(" The note.")}</w:p></w:footnote></w:footnotes>`;
    const bytes = handmadeZip([
      deflatedEntry("[Content_Types].xml", CONTENT_TYPES),
      deflatedEntry("_rels/.rels", RELS),
      deflatedEntry("word/_rels/document.xml.rels", RELS_WITH_PARTS),
      deflatedEntry("word/document.xml", documentXml),
      deflatedEntry("word/numbering.xml", numbering),
      deflatedEntry("word/footnotes.xml", footnotes),
    ]);
    const model = await readDocx(bytes);
    expect(runsText((model.blocks[0] as ModelParagraph).runs)).toBe("Dear Alfred,");
    expect((model.blocks[1] as ModelParagraph).runs).toEqual([{ text: "Kept added end" }, { text: "1", superscript: true }]);
    const list = model.blocks[2] as ListBlock;
    expect(list.items.map((item) => item.marker)).toEqual(["A)", "B)"]);
    expect((list.items[0]!.blocks[1] as ListBlock).items[0]!.marker).toBe("A.1");
    expect((model.blocks[4] as ListBlock).items[0]!.marker).toBe("C)");
    const notes = model.blocks.at(-1) as ListBlock;
    expect(notes.items[0]).toMatchObject({ marker: "1", blocks: [{ kind: "paragraph", runs: [{ text: "The note." }] }] });
  });
});
