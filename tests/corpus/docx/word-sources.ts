// Word documents that other programs write, made at run time for the DOCX and DOC corpora
// (docs/decisions/033-word-real-world.md), and their judge. LibreOffice writes DOCX and DOC from
// FODT and HTML sources written here (fields, tracked changes, list formats, notes, tables, headers,
// text boxes); pandoc writes DOCX from Markdown (lists, notes, tracked changes); a few DOCX are
// zipped by hand from XML written here (fldSimple, complex and nested fields, w:ins/w:del/moves,
// content controls, smart tags, w:dir/w:bdo, mc:AlternateContent). The judge is LibreOffice's own
// TXT export of the same file (or of its accepted twin, where the file has tracked deletions that
// LibreOffice's export shows), against our TXT or pdftotext of our PDF, word by word in order.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { zipSync } from "fflate";
import type { CorpusCase, CorpusCategory } from "../corpus-case.ts";
import { words, wordsInOrder } from "#tests/support/office-fixtures.ts";

const SOFFICE = "/usr/bin/soffice";
const PANDOC = "/usr/bin/pandoc";
const PDFTOTEXT = "/usr/bin/pdftotext";

/** The share of the reference's words our output must keep in order. */
export const MIN_WORDS_IN_ORDER = 0.98;

/** One LibreOffice profile for the whole run (its first start is the slow one); calls never overlap (execFileSync). */
const PROFILE = join(tmpdir(), `lo-word-corpus-${process.pid}`);

function soffice(args: string[], cwd: string): void {
  mkdirSync(PROFILE, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  execFileSync(SOFFICE, [`-env:UserInstallation=file://${PROFILE}`, "--headless", ...args], { cwd, stdio: "ignore", timeout: 600_000 });
}

/** LibreOffice's `format` ("docx", "doc") rendition of `source`, written beside it. */
export function officeConvert(source: string, format: "docx" | "doc" | "odt", dir: string): string {
  const filter = format === "docx" ? "docx:MS Word 2007 XML" : format === "doc" ? "doc:MS Word 97" : "odt";
  soffice(["--convert-to", filter, "--outdir", dir, source], dir);
  const out = join(dir, basename(source).replace(/\.[^.]+$/, `.${format}`));
  if (!existsSync(out)) throw new Error(`LibreOffice wrote no ${format} from ${basename(source)}`);
  return out;
}

/** LibreOffice's TXT export of a document (UTF-8), cached beside it. */
export function officeText(file: string, dir: string): string {
  const out = join(dir, "lo-text");
  mkdirSync(out, { recursive: true });
  const txt = join(out, basename(file).replace(/\.[^.]+$/, ".txt"));
  if (!existsSync(txt)) soffice(["--convert-to", "txt:Text (encoded):UTF8", "--outdir", out, file], dir);
  return readFileSync(txt, "utf8");
}

const FODT_HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.text">`;

/** List styles with Word's usual formats: "1.", "a)", "iii.", "(A)", templates "1.2.3" and a start value. */
const LIST_STYLES = `<office:automatic-styles>
<text:list-style style:name="Lalpha"><text:list-level-style-number text:level="1" style:num-format="a" style:num-suffix=")"/><text:list-level-style-number text:level="2" style:num-format="i" style:num-suffix="."/></text:list-style>
<text:list-style style:name="Lroman"><text:list-level-style-number text:level="1" style:num-format="I" style:num-suffix="." text:start-value="4"/></text:list-style>
<text:list-style style:name="Lparen"><text:list-level-style-number text:level="1" style:num-format="A" style:num-prefix="(" style:num-suffix=")"/></text:list-style>
<text:list-style style:name="Lmulti"><text:list-level-style-number text:level="1" style:num-format="1" style:num-suffix="."/><text:list-level-style-number text:level="2" style:num-format="1" style:num-suffix="." text:display-levels="2"/><text:list-level-style-number text:level="3" style:num-format="1" style:num-suffix="" text:display-levels="3"/></text:list-style>
<style:style style:name="Frame" style:family="graphic"/>
</office:automatic-styles>`;

const OUTLINE = `<office:styles><text:outline-style style:name="Outline"><text:outline-level-style text:level="1" style:num-format="1" style:num-suffix=" "/><text:outline-level-style text:level="2" style:num-format="1" text:display-levels="2" style:num-suffix=" "/></text:outline-style></office:styles>`;

const MASTER = `<office:master-styles><style:master-page style:name="Standard"><style:header><text:p>Running header words</text:p></style:header><style:footer><text:p>Footer page <text:page-number text:select-page="current">1</text:page-number></text:p></style:footer></style:master-page></office:master-styles>`;

const item = (text: string): string => `<text:list-item><text:p>${text}</text:p></text:list-item>`;

/** FODT bodies: each a class of Word content, as LibreOffice writes it out to DOCX and DOC. */
export const FODT_SOURCES: Record<string, { body: string; accepted?: string; headers?: boolean }> = {
  fields: {
    body: `<text:p>Page <text:page-number text:select-page="current">1</text:page-number> of <text:page-count>1</text:page-count> pages in this field test.</text:p>
<text:p>The fixed date is <text:date text:date-value="2024-03-05T00:00:00" text:fixed="true">5 March 2024</text:date> in the letter.</text:p>
<text:p>Written by <text:author-name text:fixed="true">Jane Writer</text:author-name> and titled <text:title>Field Test</text:title> here.</text:p>
<text:p>Visit <text:a xlink:type="simple" xlink:href="https://example.org/path">the example site</text:a> for the details.</text:p>
<text:p>Dear <text:database-display text:table-name="addresses" text:table-type="table" text:column-name="FirstName">&lt;FirstName&gt;</text:database-display> valued customer of ours.</text:p>
<text:h text:outline-level="1"><text:bookmark-start text:name="target"/>Target heading words<text:bookmark-end text:name="target"/></text:h>
<text:p>See <text:bookmark-ref text:reference-format="text" text:ref-name="target">Target heading words</text:bookmark-ref> above for more.</text:p>
<text:p>Chapter <text:chapter text:display="name" text:outline-level="1">Target heading words</text:chapter> is named in a field.</text:p>`,
  },
  "tracked-changes": {
    body: `<text:tracked-changes>
<text:changed-region text:id="c1"><text:insertion><office:change-info><dc:creator>Ann</dc:creator><dc:date>2024-01-01T10:00:00</dc:date></office:change-info></text:insertion></text:changed-region>
<text:changed-region text:id="c2"><text:deletion><office:change-info><dc:creator>Bob</dc:creator><dc:date>2024-01-02T10:00:00</dc:date></office:change-info><text:p>struckword vanishedtext </text:p></text:deletion></text:changed-region>
<text:changed-region text:id="c3"><text:deletion><office:change-info><dc:creator>Bob</dc:creator><dc:date>2024-01-02T10:00:00</dc:date></office:change-info><text:p>erasedpara goneforever</text:p><text:p/></text:deletion></text:changed-region>
</text:tracked-changes>
<text:p>The kept opening words <text:change-start text:change-id="c1"/>with an inserted phrase<text:change-end text:change-id="c1"/> of the contract.</text:p>
<text:p>Second paragraph <text:change text:change-id="c2"/>keeps its remaining words.</text:p>
<text:p>Third paragraph before the deleted one.</text:p>
<text:change text:change-id="c3"/><text:p>Last paragraph stays in place.</text:p>`,
    accepted: `<text:p>The kept opening words with an inserted phrase of the contract.</text:p>
<text:p>Second paragraph keeps its remaining words.</text:p>
<text:p>Third paragraph before the deleted one.</text:p>
<text:p>Last paragraph stays in place.</text:p>`,
  },
  lists: {
    body: `<text:h text:outline-level="1">Scope of the work</text:h>
<text:p>Plain words before the lists start here.</text:p>
<text:list text:style-name="Lalpha">${item("alpha item one")}${item("alpha item two")}<text:list-item><text:list>${item("roman sub one")}${item("roman sub two")}</text:list></text:list-item>${item("alpha item three")}</text:list>
<text:p>Words between two lists.</text:p>
<text:list text:style-name="Lroman">${item("roman starts at four")}${item("roman five")}</text:list>
<text:list text:style-name="Lparen">${item("paren letter one")}${item("paren letter two")}</text:list>
<text:list text:style-name="Lmulti">${item("multi one")}<text:list-item><text:list>${item("multi one one")}<text:list-item><text:list>${item("multi deep one")}${item("multi deep two")}</text:list></text:list-item>${item("multi one two")}</text:list></text:list-item>${item("multi two")}</text:list>
<text:h text:outline-level="2">Numbered sub heading</text:h>
<text:list text:style-name="Lmulti" text:continue-numbering="true">${item("continued three")}</text:list>
<text:list text:style-name="Lalpha" text:continue-numbering="false">${item("fresh alpha restart")}</text:list>`,
  },
  notes: {
    body: `<text:p>Body words with a footnote<text:note text:id="f1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>First footnote body words.</text:p></text:note-body></text:note> and more words after it.</text:p>
<text:p>Another paragraph with a second note<text:note text:id="f2" text:note-class="footnote"><text:note-citation>2</text:note-citation><text:note-body><text:p>Second footnote body text.</text:p></text:note-body></text:note> here.</text:p>
<text:p>An endnote follows<text:note text:id="e1" text:note-class="endnote"><text:note-citation>i</text:note-citation><text:note-body><text:p>Endnote body words at the end.</text:p></text:note-body></text:note> this sentence.</text:p>`,
  },
  "table-header-textbox": {
    headers: true,
    body: `<text:p>Before the table some words.</text:p>
<table:table table:name="T1"><table:table-column table:number-columns-repeated="3"/>
<table:table-row><table:table-cell><text:p>Name</text:p></table:table-cell><table:table-cell><text:p>Count</text:p></table:table-cell><table:table-cell><text:p>Place</text:p></table:table-cell></table:table-row>
<table:table-row><table:table-cell><text:p>Alpha</text:p></table:table-cell><table:table-cell><text:p>12</text:p></table:table-cell><table:table-cell><text:p>Harbour</text:p></table:table-cell></table:table-row>
<table:table-row><table:table-cell table:number-columns-spanned="2"><text:p>Merged cell words</text:p></table:table-cell><table:covered-table-cell/><table:table-cell><text:p>Lantern</text:p></table:table-cell></table:table-row>
</table:table>
<text:p>After the table<draw:frame draw:style-name="Frame" text:anchor-type="as-char" svg:width="5cm" svg:height="2cm"><draw:text-box><text:p>Inside the text box words</text:p></draw:text-box></draw:frame> closing words.</text:p>`,
  },
};

export function fodt(body: string, headers = false): string {
  return `${FODT_HEAD}${OUTLINE}${LIST_STYLES}${headers ? MASTER : ""}<office:body><office:text>${body}</office:text></office:body></office:document>`;
}

/** pandoc Markdown sources: lists with a continued numbering, nested letters, notes, tracked changes. */
export const MARKDOWN_SOURCES: Record<string, { text: string; accepted?: string }> = {
  "pandoc-lists-notes": {
    text: `# Introduction

Opening paragraph with a note[^1] and a [link](https://example.org/) inside.

1. First step of the plan
2. Second step of the plan
    a. Sub step alpha
    b. Sub step beta
3. Third step of the plan

Interlude paragraph between the lists.

7. Seventh item starts late
8. Eighth item follows

- bullet apple
- bullet orange
    - nested bullet pear

| Name | Value |
|------|-------|
| Alpha | 12 |
| Beta | 34 |

[^1]: The footnote text written by pandoc.
`,
  },
  "pandoc-tracked": {
    text: `Start of the text with [newly added words]{.insertion author="Ann" date="2024-01-01T00:00:00Z"} and [strikeword removedtext]{.deletion author="Bob" date="2024-01-01T00:00:00Z"} in the middle.

Second paragraph plain words stay.
`,
    accepted: `Start of the text with newly added words and in the middle.

Second paragraph plain words stay.
`,
  },
};

/** A small HTML report, as LibreOffice imports web pages. */
export const HTML_REPORT = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Quarterly Report</title></head><body>
<h1>Quarterly Report</h1><p>This is the <b>first</b> paragraph with <i>italic</i> words.</p>
<h2>Details</h2><ul><li>Apples from the north orchard</li><li>Oranges from the south grove</li></ul>
<ol><li>Count the crates</li><li>Ship the crates</li></ol>
<table border="1"><tr><th>Name</th><th>Count</th></tr><tr><td>Alpha</td><td>12</td></tr></table>
<p>Привет мир, это проверка. Καλημέρα κόσμε.</p></body></html>`;

const W_NS = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" mc:Ignorable="w14"`;
const run = (text: string): string => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const fld = (type: string): string => `<w:r><w:fldChar w:fldCharType="${type}"/></w:r>`;
const instr = (text: string): string => `<w:r><w:instrText xml:space="preserve">${text}</w:instrText></w:r>`;
const change = (tag: string, inner: string): string => `<w:${tag} w:id="${tag.length}" w:author="Ann" w:date="2024-01-01T00:00:00Z">${inner}</w:${tag}>`;
const deleted = (text: string): string => change("del", `<w:r><w:delText xml:space="preserve">${text}</w:delText></w:r>`);
const p = (...parts: string[]): string => `<w:p>${parts.join("")}</w:p>`;

/** Hand-made DOCX bodies and the text Word shows for them (deletions and moved-away text dropped). */
export const HANDMADE_DOCX: Record<string, { body: string; text: string; absent: string[]; notes?: string; numbering?: string; docAbsent?: string[] }> = {
  "fields-simple-and-complex": {
    body: [
      p(run("Merge letter for "), `<w:fldSimple w:instr=" MERGEFIELD FirstName "><w:r><w:t>Alfred</w:t></w:r></w:fldSimple>`, run(" printed on "), `<w:fldSimple w:instr=" DATE \\@ &quot;d MMMM yyyy&quot; "><w:r><w:t>5 March 2024</w:t></w:r></w:fldSimple>`),
      p(run("Complex field shows "), fld("begin"), instr(" DOCPROPERTY Company "), fld("separate"), run("Bravo Holdings"), fld("end"), run(" as the company.")),
      p(run("Nested field gives "), fld("begin"), instr(" IF "), fld("begin"), instr(" PAGE "), fld("separate"), run("1"), fld("end"), instr(' = 1 "Charlie first" "other" '), fld("separate"), run("Charlie first"), fld("end"), run(" page text.")),
      p(run("Simple link "), `<w:fldSimple w:instr=" HYPERLINK &quot;https://example.org/&quot; "><w:r><w:t>Delta site</w:t></w:r></w:fldSimple>`, run(" and a field across paragraphs "), fld("begin"), instr(" MERGEFIELD Block "), fld("separate"), run("Echo start")),
      p(run("Foxtrot continues"), fld("end"), run(" Golf after.")),
      p(run("Table of contents below")),
      p(fld("begin"), instr(" TOC \\o &quot;1-3&quot; \\h "), fld("separate"), `<w:hyperlink w:anchor="_Toc1">${run("Hotel chapter")}</w:hyperlink>`),
      p(run("India chapter"), fld("end")),
      p(`<w:fldSimple w:instr=" MERGEFIELD Whole "><w:r><w:t>Juliet whole paragraph inside a simple field</w:t></w:r></w:fldSimple>`),
    ].join(""),
    // Word and LibreOffice show a DATE field as of today
    text: `Merge letter for Alfred printed on ${new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" })}\nComplex field shows Bravo Holdings as the company.\nNested field gives Charlie first page text.\nSimple link Delta site and a field across paragraphs Echo start\nFoxtrot continues Golf after.\nTable of contents below\nHotel chapter\nIndia chapter\nJuliet whole paragraph inside a simple field`,
    absent: ["MERGEFIELD", "DOCPROPERTY", "HYPERLINK", "TOC"],
  },
  "tracked-changes-word": {
    body: [
      p(run("Kept opening "), change("ins", run("Kilo inserted ")), deleted("Lima deleted "), run("closing words.")),
      p(change("moveFrom", run("Mike moved away ")), run("Middle text "), change("moveTo", run("November moved here ")), run("end.")),
      p(run("Inserted then deleted "), change("ins", deleted("Oscar transient")), run(" stays out.")),
      `<w:p><w:pPr><w:rPr>${change("del", "")}</w:rPr></w:pPr>${run("Papa joined ")}</w:p>`,
      p(run("Quebec to the next paragraph.")),
      `<w:p><w:pPr><w:rPr>${change("ins", "")}</w:rPr></w:pPr>${change("ins", run("Romeo whole new paragraph"))}</w:p>`,
      p(deleted("Sierra whole paragraph deleted")),
      `<w:tbl><w:tr><w:tc>${p(run("Tango cell"))}</w:tc></w:tr><w:tr><w:trPr>${change("del", "")}</w:trPr><w:tc>${p(deleted("Uniform deleted row"))}</w:tc></w:tr></w:tbl>`,
      p(run("Victor final "), change("del", `<w:r><w:delInstrText>PAGE</w:delInstrText></w:r>`), run("words.")),
    ].join(""),
    text: "Kept opening Kilo inserted closing words.\nMiddle text November moved here end.\nInserted then deleted stays out.\nPapa joined Quebec to the next paragraph.\nRomeo whole new paragraph\n\nTango cell\nVictor final words.",
    absent: ["Lima", "Mike", "Oscar", "Sierra", "Uniform"],
    // LibreOffice's DOC export keeps an insertion that was then deleted as inserted text
    docAbsent: ["Lima", "Mike", "Sierra", "Uniform"],
  },
  "wrappers-and-alternate-content": {
    body: [
      `<w:sdt><w:sdtPr><w:alias w:val="Block"/></w:sdtPr><w:sdtContent>${p(run("Alpha block content control"))}</w:sdtContent></w:sdt>`,
      p(run("Bravo "), `<w:sdt><w:sdtPr/><w:sdtContent>${run("Charlie inline control")}</w:sdtContent></w:sdt>`, `<w:smartTag w:uri="urn:x" w:element="place">${run(" Delta smart tag")}</w:smartTag>`, `<w:customXml w:element="c">${run(" Echo custom")}</w:customXml>`),
      p(run("Foxtrot "), `<w:dir w:val="ltr">${run("Golf direction")}</w:dir>`, `<w:bdo w:val="ltr">${run(" Hotel override")}</w:bdo>`),
      p(run("India "), `<mc:AlternateContent><mc:Choice Requires="w14">${run("Juliet choice only")}</mc:Choice></mc:AlternateContent>`),
      p(run("Kilo "), `<mc:AlternateContent><mc:Choice Requires="w14">${run("Lima choice")}</mc:Choice><mc:Fallback>${run("Lima fallback")}</mc:Fallback></mc:AlternateContent>`),
      p(run("Mike "), `<w:hyperlink r:id="rIdLink">${run("November hyperlink")}</w:hyperlink>`, run(" Oscar "), `<w:hyperlink w:anchor="somewhere">${run("Papa anchor")}</w:hyperlink>`),
      p(`<w:customXml w:element="outer"><w:smartTag w:uri="u" w:element="x"><w:sdt><w:sdtContent>${run("Quebec deeply wrapped")}</w:sdtContent></w:sdt></w:smartTag></w:customXml>`),
      p(run("Romeo "), `<w:ruby><w:rubyPr/><w:rt>${run("reading")}</w:rt><w:rubyBase>${run("Sierra")}</w:rubyBase></w:ruby>`, run(" ruby base.")),
    ].join(""),
    text: "Alpha block content control\nBravo Charlie inline control Delta smart tag Echo custom\nFoxtrot Golf direction Hotel override\nIndia Juliet choice only\nKilo Lima\nMike November hyperlink Oscar Papa anchor\nQuebec deeply wrapped\nRomeo Sierra ruby base.",
    absent: [],
  },
  "numbering-and-notes": {
    numbering: `<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl><w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2."/></w:lvl><w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%3)"/></w:lvl></w:abstractNum>
<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="3"/><w:numFmt w:val="upperRoman"/><w:lvlText w:val="Part %1:"/></w:lvl></w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
<w:num w:numId="3"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="10"/></w:lvlOverride></w:num>`,
    body: [
      p(run("Numbered text follows with a note"), `<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="1"/></w:r>`, run(" here.")),
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${run("Whiskey first")}</w:p>`,
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr></w:pPr>${run("Whiskey sub")}</w:p>`,
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="2"/><w:numId w:val="1"/></w:numPr></w:pPr>${run("Whiskey deep")}</w:p>`,
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${run("Whiskey second")}</w:p>`,
      p(run("Xray between lists")),
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${run("Whiskey third continues")}</w:p>`,
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr></w:pPr>${run("Yankee roman")}</w:p>`,
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr></w:pPr>${run("Zulu restarted at ten")}</w:p>`,
      p(run("An endnote too"), `<w:r><w:endnoteReference w:id="1"/></w:r>`, run(" ends it.")),
    ].join(""),
    notes: "First footnote words|Endnote words here",
    text: "Numbered text follows with a note1 here.\n1. Whiskey first\n1.1. Whiskey sub\na) Whiskey deep\n2. Whiskey second\nXray between lists\n3. Whiskey third continues\nPart III: Yankee roman\n10. Zulu restarted at ten\nAn endnote tooi ends it.\nFirst footnote words\nEndnote words here",
    absent: [],
  },
};

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/><Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/><Override PartName="/word/endnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.endnotes+xml"/></Types>`;
const PACKAGE_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOCUMENT_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdLink" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.org/" TargetMode="External"/><Relationship Id="rIdNum" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/><Relationship Id="rIdFoot" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/><Relationship Id="rIdEnd" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/endnotes" Target="endnotes.xml"/></Relationships>`;

function notesPart(kind: "footnote" | "endnote", text: string | undefined): string {
  const separators = `<w:${kind} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:${kind}><w:${kind} w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:${kind}>`;
  const note = text ? `<w:${kind} w:id="1"><w:p><w:r><w:${kind}Ref/></w:r>${run(` ${text}`)}</w:p></w:${kind}>` : "";
  return `<?xml version="1.0" encoding="UTF-8"?><w:${kind}s ${W_NS}>${separators}${note}</w:${kind}s>`;
}

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A DOCX zipped from `body` (and numbering and notes when given). */
export function handmadeDocx(source: (typeof HANDMADE_DOCX)[string]): Uint8Array {
  const [footnote, endnote] = (source.notes ?? "").split("|");
  return zipSync({
    "[Content_Types].xml": encode(CONTENT_TYPES),
    "_rels/.rels": encode(PACKAGE_RELS),
    "word/_rels/document.xml.rels": encode(DOCUMENT_RELS),
    "word/document.xml": encode(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W_NS}><w:body>${source.body}<w:sectPr/></w:body></w:document>`),
    "word/numbering.xml": encode(`<?xml version="1.0" encoding="UTF-8"?><w:numbering ${W_NS}>${source.numbering ?? ""}</w:numbering>`),
    "word/footnotes.xml": encode(notesPart("footnote", footnote || undefined)),
    "word/endnotes.xml": encode(notesPart("endnote", endnote || undefined)),
  });
}

/** What the judge needs to know about a case's input. */
export interface WordCaseData extends Record<string, unknown> {
  /** the file whose LibreOffice TXT is the reference (default: the input itself) */
  reference?: string;
  /** the reference text itself, for hand-made files */
  referenceText?: string;
  /** words that must not be in the output (deleted text, field instructions) */
  absent?: string[];
}

export function wordCase(category: CorpusCategory, name: string, input: string, data: WordCaseData = {}, browser = false): CorpusCase {
  return { category, name, input, outputExt: category.endsWith("pdf") ? "pdf" : "txt", expect: { converts: true }, data, browser };
}

/** The sources written into `dir` and converted by `format`'s writers: [name, input, data]. */
export function generatedWordFiles(dir: string, format: "docx" | "doc"): [string, string, WordCaseData][] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string, WordCaseData][] = [];
  for (const [name, source] of Object.entries(FODT_SOURCES)) {
    const path = join(dir, `${name}.fodt`);
    writeFileSync(path, fodt(source.body, source.headers));
    const data: WordCaseData = {};
    if (source.accepted) {
      const accepted = join(dir, `${name}-accepted.fodt`);
      writeFileSync(accepted, fodt(source.accepted));
      data.reference = accepted;
      data.absent = ["struckword", "vanishedtext", "erasedpara", "goneforever"];
    }
    files.push([`LibreOffice ${format.toUpperCase()} from FODT: ${name}`, officeConvert(path, format, dir), data]);
  }
  const html = join(dir, "report.html");
  writeFileSync(html, HTML_REPORT);
  soffice(["--infilter=HTML (StarWriter)", "--convert-to", format === "docx" ? "docx:MS Word 2007 XML" : "doc:MS Word 97", "--outdir", dir, html], dir);
  files.push([`LibreOffice ${format.toUpperCase()} from HTML: report`, join(dir, `report.${format}`), {}]);
  for (const [name, source] of Object.entries(MARKDOWN_SOURCES)) {
    const md = join(dir, `${name}.md`);
    writeFileSync(md, source.text);
    const docx = join(dir, `${name}.docx`);
    execFileSync(PANDOC, [md, "-o", docx]);
    const data: WordCaseData = {};
    if (source.accepted) {
      const acceptedMd = join(dir, `${name}-accepted.md`);
      writeFileSync(acceptedMd, source.accepted);
      const acceptedDocx = join(dir, `${name}-accepted.docx`);
      execFileSync(PANDOC, [acceptedMd, "-o", acceptedDocx]);
      data.reference = acceptedDocx;
      data.absent = ["strikeword", "removedtext"];
    }
    // DOC: LibreOffice saves pandoc's DOCX as Word 97 (tracked changes and all)
    files.push([`pandoc DOCX${format === "doc" ? " saved as DOC by LibreOffice" : ""}: ${name}`, format === "docx" ? docx : officeConvert(docx, "doc", dir), data]);
  }
  for (const [name, source] of Object.entries(HANDMADE_DOCX)) {
    const docx = join(dir, `${name}.docx`);
    writeFileSync(docx, handmadeDocx(source));
    if (format === "docx") files.push([`hand-made DOCX: ${name}`, docx, { referenceText: source.text, absent: source.absent }]);
    // saved as Word 97 by LibreOffice: judged against LibreOffice's reading of that DOC (its DATE
    // field shows today, a nested field its own way), except where changes are tracked: its TXT
    // shows deletions, so the hand-written text is the reference
    else {
      const doc = officeConvert(docx, "doc", join(dir, "from-docx"));
      const data: WordCaseData = source.docAbsent ? { referenceText: source.text, absent: source.docAbsent } : { absent: source.absent };
      files.push([`hand-made DOCX saved as DOC by LibreOffice: ${name}`, doc, data]);
    }
  }
  return files;
}

/** Our output's text: the TXT itself, or pdftotext of the PDF. */
function outputText(path: string): string {
  // -layout keeps a table's rows on their lines (the default order reads a column at a time)
  if (path.endsWith(".pdf")) return execFileSync(PDFTOTEXT, ["-layout", "-enc", "UTF-8", path, "-"], { maxBuffer: 64 * 1024 * 1024 }).toString("utf8");
  return readFileSync(path, "utf8");
}

export async function judgeWord(corpusCase: CorpusCase, outputPath: string, workDir: string): Promise<string | null> {
  if (!("converts" in corpusCase.expect)) return "converted a file that should have been refused";
  const data = (corpusCase.data ?? {}) as WordCaseData;
  const referenceText = typeof data.referenceText === "string" ? data.referenceText : officeText(typeof data.reference === "string" ? data.reference : corpusCase.input, workDir);
  const ours = outputText(outputPath);
  const expected = words(referenceText);
  const got = words(ours);
  if (expected.length === 0) return null;
  const kept = wordsInOrder(expected, got);
  if (kept < MIN_WORDS_IN_ORDER) {
    const missing = expected.filter((word) => !got.includes(word)).slice(0, 8);
    return `${Math.floor(kept * 1000) / 10} % of LibreOffice's words in order (at least ${MIN_WORDS_IN_ORDER * 100} %)${missing.length > 0 ? `; missing: ${missing.join(" ")}` : ""}`;
  }
  const present = (data.absent ?? []).filter((word) => got.includes(word.toLowerCase()));
  if (present.length > 0) return `shows text Word does not show (deleted or field code): ${present.join(", ")}`;
  return null;
}
