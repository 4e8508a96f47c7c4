import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ANTIWORD, CATDOC, HAVE_ANTIWORD, HAVE_CATDOC, HAVE_IMAGEMAGICK, HAVE_POPPLER, IMAGEMAGICK, PDFTOTEXT } from "#tests/support/reference-tools.ts";
import { HAVE_LIBREOFFICE, SOFFICE, officeFromHtml, officeText, rampPng, reportHtml, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { editFib, loopingChain, repeatedPieces, splitIntoPieces } from "#tests/support/doc-surgery.ts";
import { scratch } from "#tests/support/scratch.ts";
import { runsText, type Block, type DocModel, type Table } from "./model.ts";
import { readDoc } from "./read-doc.ts";

const dir = scratch("read-doc");
afterAll(() => dir.cleanup());

/** A block's text as the word checks count it: tables cell by cell, lists item by item. */
function blockText(block: Block): string {
  switch (block.kind) {
    case "paragraph":
    case "heading":
      return runsText(block.runs);
    case "list":
      return block.items.map((item) => item.blocks.map(blockText).join("\n")).join("\n");
    case "table":
      return block.rows.map((row) => row.cells.map((cell) => cell.blocks.map(blockText).join("\n")).join("\t")).join("\n");
    default:
      return "";
  }
}

/** Every paragraph's and heading's text, inside lists and table cells too. */
function paragraphTexts(block: Block): string[] {
  switch (block.kind) {
    case "paragraph":
    case "heading":
      return [runsText(block.runs)];
    case "list":
      return block.items.flatMap((item) => item.blocks.flatMap(paragraphTexts));
    case "table":
      return block.rows.flatMap((row) => row.cells.flatMap((cell) => cell.blocks.flatMap(paragraphTexts)));
    default:
      return [];
  }
}

/** A text file's bytes (saved under a .doc name by the tests). */
const named = (text: string): Uint8Array => new TextEncoder().encode(text);

const modelText = (model: DocModel): string => model.blocks.map(blockText).join("\n");

function antiword(file: string): string {
  return execFileSync(ANTIWORD, ["-w", "0", file], { encoding: "utf8", env: { ...process.env, LANG: "C.UTF-8" } });
}

/** LibreOffice's conversion of the .doc `file` with `filter`, into its own folder; returns the path. */
function officeConvert(file: string, extension: string, filter: string): string {
  const out = dir.path(`converted-${extension}`);
  // its own profile, so it runs beside office-fixtures' LibreOffice
  execFileSync(SOFFICE, [`-env:UserInstallation=file://${dir.path("lo-profile")}`, "--headless", "--convert-to", `${extension}:${filter}`, "--outdir", out, file], { stdio: "ignore", timeout: 120_000 });
  return join(out, basename(file).replace(/\.doc$/, `.${extension}`));
}

const officeXhtml = (file: string): string => readFileSync(officeConvert(file, "html", "XHTML Writer File:UTF8"), "utf8");

function catdoc(file: string): string {
  return execFileSync(CATDOC, ["-w", "-d", "utf-8", file], { encoding: "utf8" });
}

describe.skipIf(!HAVE_LIBREOFFICE)("readDoc on LibreOffice's Word 97 files", () => {
  const small = officeFromHtml(reportHtml(), "doc", dir.dir, "report");
  const long = officeFromHtml(reportHtml({ paragraphs: 200 }), "doc", dir.dir, "long");
  const smallModel = readDoc(dir.read("report.doc"));
  const longModel = readDoc(dir.read("long.doc"));

  it.skipIf(!HAVE_ANTIWORD)("keeps at least 99 % of antiword's words, in order", () => {
    for (const [file, model] of [[small, smallModel], [long, longModel]] as const) {
      const reference = words(antiword(file).replace(/\[pic\]/g, " "));
      expect(reference.length).toBeGreaterThan(30);
      expect(wordsInOrder(reference, words(modelText(model)))).toBeGreaterThanOrEqual(0.99);
    }
  });

  it.skipIf(!HAVE_CATDOC)("keeps at least 99 % of catdoc's words, in order", () => {
    for (const [file, model] of [[small, smallModel], [long, longModel]] as const) {
      const reference = words(catdoc(file));
      expect(reference.length).toBeGreaterThan(30);
      expect(wordsInOrder(reference, words(modelText(model)))).toBeGreaterThanOrEqual(0.99);
    }
  });

  it("makes one block of each paragraph LibreOffice reads back", () => {
    // LibreOffice's own text export: one line a paragraph (table cells and list items included)
    const lines = officeText(long)
      .replace(/^\uFEFF/, "")
      .split("\n")
      // list items come with their bullet or number, which the model keeps as the list's kind
      .map((line) => line.trim().replace(/^(•|\d+\.)\s+/, ""))
      .filter((line) => line !== "");
    const fillers = longModel.blocks.filter((block) => block.kind === "paragraph" && runsText(block.runs).startsWith("Filler paragraph"));
    expect(fillers).toHaveLength(200);
    expect(lines.filter((line) => line.startsWith("Filler paragraph"))).toEqual(fillers.map(blockText));
    const texts = new Set(longModel.blocks.flatMap(paragraphTexts).map((text) => text.trim()));
    expect(lines.filter((line) => !texts.has(line))).toEqual([]);
  });

  it("reads the headings, bold and italic words, lists and the title", () => {
    expect(smallModel.title).toBe("Quarterly Report");
    const headings = smallModel.blocks.filter((block) => block.kind === "heading").map((block) => [block.level, runsText(block.runs)]);
    expect(headings).toEqual([[1, "Quarterly Report"], [2, "Details"], [2, "Languages"]]);
    const first = smallModel.blocks.find((block) => block.kind === "paragraph" && runsText(block.runs).startsWith("This is the"));
    expect(first?.kind === "paragraph" && first.runs.filter((run) => run.bold).map((run) => run.text)).toEqual(["first"]);
    expect(first?.kind === "paragraph" && first.runs.filter((run) => run.italic).map((run) => run.text)).toEqual(["italic"]);
    const lists = smallModel.blocks.filter((block) => block.kind === "list");
    expect(lists.map((list) => [list.ordered, blockText(list)])).toEqual([
      [false, "Apples from the north orchard\nOranges from the south grove"],
      [true, "Count the crates\nShip the crates"],
    ]);
  });

  it("makes the table a Table block with its cells", () => {
    const table = smallModel.blocks.find((block): block is Table => block.kind === "table");
    expect(table?.rows.map((row) => row.cells.map((cell) => cell.blocks.map(blockText).join(" ")))).toEqual([
      ["Name", "Count"],
      ["Alpha", "12"],
      ["Beta", "34"],
    ]);
  });

  it("gives merged cells their colSpan and rowSpan, as LibreOffice's XHTML of the .doc does", () => {
    const html = `<html><body><table border="1"><tr><td colspan="2">Wide head</td><td rowspan="2">Tall</td></tr><tr><td>A1</td><td>B1</td></tr><tr><td>A2</td><td>B2</td><td>C2</td></tr></table></body></html>`;
    const file = officeFromHtml(html, "doc", dir.dir, "merged");
    const table = readDoc(dir.read("merged.doc")).blocks.find((block): block is Table => block.kind === "table");
    const ours = table?.rows.map((row) => row.cells.map((cell) => [cell.blocks.map(blockText).join(" "), cell.colSpan ?? 1, cell.rowSpan ?? 1]));
    // LibreOffice's rows: each <td> with its text and spans
    const xhtml = /<table[\s\S]*?<\/table>/.exec(officeXhtml(file))![0];
    const theirs = [...xhtml.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
      [...row[1]!.matchAll(/<td([^>]*)>([\s\S]*?)<\/td>/g)].map((cell) => [
        cell[2]!.replace(/<[^>]+>/g, "").trim(),
        Number(/colspan="(\d+)"/.exec(cell[1]!)?.[1] ?? 1),
        Number(/rowspan="(\d+)"/.exec(cell[1]!)?.[1] ?? 1),
      ]),
    );
    expect(theirs).toEqual([
      [["Wide head", 2, 1], ["Tall", 1, 2]],
      [["A1", 1, 1], ["B1", 1, 1]],
      [["A2", 1, 1], ["B2", 1, 1], ["C2", 1, 1]],
    ]);
    expect(ours).toEqual(theirs);
  });

  it("reads Cyrillic and Greek from the UTF-16 text", () => {
    expect(modelText(smallModel)).toContain("Привет мир, это проверка. Καλημέρα κόσμε, αυτό είναι δοκιμή.");
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("keeps the PNG picture, pixel for pixel (ImageMagick compares), at its size on the page", () => {
    const images = smallModel.blocks.filter((block) => block.kind === "image");
    expect(images.map((image) => [image.mime, image.width, image.height, image.displayWidthPt, image.displayHeightPt])).toEqual([["image/png", 120, 80, 90, 60]]);
    const ours = dir.write("picture.png", images[0]!.data);
    const source = dir.write("ramp.png", rampPng());
    // AE: the count of differing pixels, on stderr; exit 0 when the images are the same
    const result = spawnSync(IMAGEMAGICK.replace("convert", "compare"), ["-metric", "AE", ours, source, "null:"], { encoding: "utf8" });
    expect(result.stderr.trim()).toBe("0");
    expect(smallModel.notes.join(" ")).not.toMatch(/picture/);
    // no Word control character (picture, cell mark, field marks...) is left in the text
    expect([...modelText(smallModel)].filter((c) => c < " " && c !== "\n" && c !== "\t")).toEqual([]);
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("keeps a JPEG picture made by ImageMagick", () => {
    const jpeg = dir.path("photo.jpg");
    execFileSync(IMAGEMAGICK, ["-size", "64x48", "gradient:red-blue", "-quality", "90", jpeg]);
    const html = `<html><body><p>Before the photo.</p><p><img src="data:image/jpeg;base64,${Buffer.from(dir.read("photo.jpg")).toString("base64")}" width="64" height="48"></p></body></html>`;
    officeFromHtml(html, "doc", dir.dir, "photo");
    const image = readDoc(dir.read("photo.doc")).blocks.find((block) => block.kind === "image");
    expect(image && [image.mime, image.width, image.height]).toEqual(["image/jpeg", 64, 48]);
    const extracted = dir.write("extracted.jpg", image!.data);
    expect(execFileSync(IMAGEMAGICK.replace("convert", "identify"), ["-format", "%m %w %h", extracted], { encoding: "utf8" })).toBe("JPEG 64 48");
  });

  it.skipIf(!HAVE_POPPLER)("takes the page size from the first section (as LibreOffice's PDF of the same source)", () => {
    const pdf = officeFromHtml(reportHtml(), "pdf", dir.dir, "report-page");
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(execFileSync("/usr/bin/pdfinfo", [pdf], { encoding: "utf8" }));
    expect(smallModel.page?.widthPt).toBeCloseTo(Number(size![1]), 0);
    expect(smallModel.page?.heightPt).toBeCloseTo(Number(size![2]), 0);
    const [top, right, bottom, left] = smallModel.page!.marginsPt;
    expect(Math.min(top, right, bottom, left)).toBeGreaterThan(0);
  });

  it.skipIf(!HAVE_POPPLER)("starts a new page where LibreOffice does, and puts an endnote at the end with its mark", () => {
    const html = `<html><body><p>Page one text.</p><p style="page-break-before: always">Page two text.</p>
<p>End<a class="sdendnoteanc" name="sdendnote1anc" href="#sdendnote1sym"><sup>i</sup></a> here.</p>
<div id="sdendnote1"><p class="sdendnote"><a class="sdendnotesym" name="sdendnote1sym" href="#sdendnote1anc">i</a>Endnote words.</p></div></body></html>`;
    const file = officeFromHtml(html, "doc", dir.dir, "breaks");
    const model = readDoc(dir.read("breaks.doc"));
    expect(model.blocks.map((block) => (block.kind === "page-break" ? "<break>" : blockText(block)))).toEqual([
      "Page one text.",
      "<break>",
      "Page two text.",
      "Endi here.",
      "i Endnote words.",
    ]);
    // LibreOffice's PDF of the .doc: the second paragraph starts page 2
    const pdf = officeConvert(file, "pdf", "writer_pdf_Export");
    const page = (n: number): string => execFileSync(PDFTOTEXT, ["-f", String(n), "-l", String(n), pdf, "-"], { encoding: "utf8" });
    expect(page(1)).toContain("Page one text.");
    expect(page(1)).not.toContain("Page two text.");
    expect(page(2)).toContain("Page two text.");
  });

  it("places the text of a text box at the end, as LibreOffice reads it", () => {
    const html = `<html><body><p>Main text before.</p><div style="position:absolute; left:100px; top:200px; width:200px; border:1px solid black"><p>Boxed words inside.</p></div><p>Main text after.</p></body></html>`;
    const file = officeFromHtml(html, "doc", dir.dir, "text-box");
    const model = readDoc(dir.read("text-box.doc"));
    expect(model.blocks.map(blockText)).toEqual(["Main text before.", "Main text after.", "Boxed words inside."]);
    expect(model.notes.join(" ")).toMatch(/text boxes/);
    expect(officeXhtml(file)).toContain("Boxed words inside.");
  });

  it("keeps a link's target and a line break, and puts a footnote at the end with its mark", () => {
    const html = `<html><body><p>Visit <a href="https://example.com/x">the example site</a> today.</p><p>Line one<br>line two</p>
<p>Body<a class="sdfootnoteanc" name="sdfootnote1anc" href="#sdfootnote1sym"><sup>1</sup></a> text here.</p><p>After the note.</p>
<div id="sdfootnote1"><p class="sdfootnote"><a class="sdfootnotesym" name="sdfootnote1sym" href="#sdfootnote1anc">1</a>Footnote words here.</p></div></body></html>`;
    const file = officeFromHtml(html, "doc", dir.dir, "fields");
    const model = readDoc(dir.read("fields.doc"));
    const link = model.blocks[0]!.kind === "paragraph" ? model.blocks[0]!.runs.find((run) => run.href !== undefined) : undefined;
    expect(link).toEqual({ text: "the example site", href: "https://example.com/x" });
    expect(blockText(model.blocks[1]!)).toBe("Line one\nline two");
    expect(model.blocks.map(blockText).map((text) => text.trim())).toEqual(["Visit the example site today.", "Line one\nline two", "Body1 text here.", "After the note.", "1 Footnote words here."]);
    expect(model.notes.join(" ")).toMatch(/Footnotes/);
    // LibreOffice reads the same words, the footnote's number in the body too
    expect(wordsInOrder(words(officeText(file)), words(modelText(model)))).toBe(1);
  });
});

describe.skipIf(!HAVE_LIBREOFFICE)("readDoc on edited files", () => {
  officeFromHtml(reportHtml({ paragraphs: 200 }), "doc", dir.dir, "edit-base");
  const base = dir.read("edit-base.doc");

  it.skipIf(!HAVE_ANTIWORD)("reads a file of three pieces, one of them 8-bit (cp1252 with Word's exceptions), as LibreOffice does", () => {
    const eight = "Caf\u00e9 \u0093quoted\u0094 \u0085 \u0080 na\u00efve ";
    const file = dir.write("pieces.doc", splitIntoPieces(base, 2000, Uint8Array.from(eight, (c) => c.charCodeAt(0))));
    const model = readDoc(dir.read("pieces.doc"));
    expect(modelText(model)).toContain("Café “quoted” … € naïve ");
    const line = officeText(file).split("\n").find((text) => text.includes("Café"));
    expect(line).toBeDefined();
    expect(model.blocks.map(blockText)).toContain(line!.trim());
    // antiword places the 8-bit piece 48 characters later than its CPs say (LibreOffice and we
    // agree on where): a few words of difference
    expect(wordsInOrder(words(antiword(file)), words(modelText(model)))).toBeGreaterThanOrEqual(0.99);
    expect(antiword(file)).toContain("Café “quoted” … € naïve");
  });

  it("applies a fast-saved piece's property changes (a Prc making it bold), as LibreOffice does", () => {
    const text = "Fast saved bold words ";
    const sprmCFBoldOn = Uint8Array.of(0x35, 0x08, 0x01);
    const file = dir.write("fast-saved.doc", splitIntoPieces(base, 2000, Uint8Array.from(text, (c) => c.charCodeAt(0)), sprmCFBoldOn));
    const paragraph = readDoc(dir.read("fast-saved.doc")).blocks.find((block) => block.kind === "paragraph" && runsText(block.runs).includes(text));
    expect(paragraph?.kind === "paragraph" && paragraph.runs.filter((run) => run.bold).map((run) => run.text)).toEqual([text]);
    // LibreOffice's XHTML of the same file: the words in a span whose class is bold
    const html = officeXhtml(file);
    const span = new RegExp(`<span class="(\\w+)">${text}</span>`).exec(html);
    expect(span).not.toBeNull();
    expect(html).toMatch(new RegExp(`\\.${span![1]} \\{[^}]*font-weight:bold`));
  });

  it.skipIf(!HAVE_ANTIWORD)("refuses a password-protected file (antiword refuses it too)", () => {
    const file = dir.write("encrypted.doc", editFib(base, (fib) => fib.setUint16(10, fib.getUint16(10, true) | 0x0100, true)));
    expect(() => antiword(file)).toThrow();
    expect(() => readDoc(dir.read("encrypted.doc"))).toThrow(expect.objectContaining({ code: "unsupported", message: expect.stringMatching(/password-protected/) }));
  });

  it("says that a file from a Word older than Word 6 but in Word 97's container is in an older Word format", () => {
    const bytes = editFib(base, (fib) => fib.setUint16(2, 0x60, true));
    expect(() => readDoc(bytes)).toThrow(expect.objectContaining({ code: "unsupported", message: expect.stringMatching(/older Word format/) }));
  });

  it("reads 20 000 nested field starts without a stack overflow or a hang", () => {
    const model = readDoc(splitIntoPieces(base, 100, new Uint8Array(20_000).fill(0x13)));
    expect(model.blocks.length).toBeGreaterThan(0);
  });

  it("refuses 100 000 pieces that all point at the same text", () => {
    expect(() => readDoc(repeatedPieces(base, 100_000))).toThrow(expect.objectContaining({ code: "damaged", message: expect.stringMatching(/more text than the file holds/) }));
  });

  it("still gives the text when the paragraph property pages are broken, and says so", () => {
    // point the FIB's PlcBtePapx far outside the table stream
    const bytes = editFib(base, (fib) => fib.setUint32(154 + 13 * 8, 0x7fffff00, true));
    const model = readDoc(bytes);
    expect(wordsInOrder(words(modelText(readDoc(base))), words(modelText(model)))).toBe(1);
    expect(model.notes.join(" ")).toMatch(/formatting is damaged/);
  });

  it("calls cut-short files, a PNG named .doc and other containers damaged", () => {
    for (const length of [0, 100, 600, base.length >> 1, base.length - 1000]) {
      expect(() => readDoc(base.subarray(0, length)), `cut at ${length}`).toThrow(expect.objectContaining({ code: "damaged" }));
    }
    expect(() => readDoc(loopingChain(base))).toThrow(expect.objectContaining({ code: "damaged" }));
    expect(() => readDoc(named("PK\u0003\u0004 rest of a zip"))).toThrow(/\.docx/);
    expect(() => readDoc(named("{\\rtf1\\ansi Hello}"))).toThrow(/RTF/);
    expect(() => readDoc(named("<html><body>Hello</body></html>"))).toThrow(/web page/);
    expect(() => readDoc(rampPng())).toThrow(expect.objectContaining({ code: "damaged", message: expect.stringMatching(/not a Word 97–2003 document/) }));
  });

  it("never throws anything but a DocumentError on damaged bytes", () => {
    // a fixed pseudo-random sequence: the same flips on every run
    let seed = 20261124;
    const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let round = 0; round < 150; round++) {
      const bytes = base.slice();
      for (let flip = 0; flip < 6; flip++) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
      try {
        readDoc(bytes);
      } catch (error) {
        expect(error, `round ${round}`).toMatchObject({ code: expect.stringMatching(/^(damaged|unsupported)$/) });
      }
    }
  });
});

describe.skipIf(!HAVE_LIBREOFFICE)("readDoc on LibreOffice's Word 97 with tracked changes, notes and numbered lists", () => {
  const fodt = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.text">
<office:automatic-styles><text:list-style style:name="L1"><text:list-level-style-number text:level="1" style:num-format="a" style:num-suffix=")"/><text:list-level-style-number text:level="2" style:num-format="i" style:num-suffix="." /></text:list-style></office:automatic-styles>
<office:body><office:text>
<text:tracked-changes><text:changed-region text:id="d"><text:deletion><office:change-info><dc:creator>B</dc:creator><dc:date>2024-01-01T00:00:00</dc:date></office:change-info><text:p>struckword </text:p></text:deletion></text:changed-region></text:tracked-changes>
<text:p>Kept <text:change text:change-id="d"/>words with a note<text:note text:id="f1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>The note body.</text:p></text:note-body></text:note> here.</text:p>
<text:list text:style-name="L1"><text:list-item><text:p>first</text:p></text:list-item><text:list-item><text:p>second</text:p><text:list><text:list-item><text:p>inner</text:p></text:list-item></text:list></text:list-item></text:list>
</office:text></office:body></office:document>`;
  const source = join(dir.dir, "changes.fodt");
  writeFileSync(source, fodt);
  execFileSync(SOFFICE, [`-env:UserInstallation=file://${dir.path("lo-profile")}`, "--headless", "--convert-to", "doc:MS Word 97", "--outdir", dir.dir, source], { stdio: "ignore", timeout: 120_000 });

  it("drops the deletion, raises the note's mark, puts the note at the end with it, and numbers as Word does", () => {
    const model = readDoc(dir.read("changes.doc"));
    const first = model.blocks[0]!;
    expect(first.kind === "paragraph" && first.runs).toEqual([{ text: "Kept words with a note" }, { text: "1", superscript: true }, { text: " here." }]);
    const list = model.blocks[1]!;
    expect(list.kind === "list" && list.items.map((item) => item.marker)).toEqual(["a)", "b)"]);
    const inner = list.kind === "list" ? list.items[1]!.blocks[1] : undefined;
    expect(inner?.kind === "list" && inner.items[0]!.marker).toBe("i.");
    expect(blockText(model.blocks.at(-1)!)).toBe("1 The note body.");
  });
});
