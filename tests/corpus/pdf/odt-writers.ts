// Writer documents for the PDF corpus, as flat ODT (one XML file) that LibreOffice exports to PDF:
// research-paper layouts (a full-width title and abstract over two justified columns, a full-width
// caption between two-column sections, footnotes), three columns and a table inside a column. The text is generated: numbered
// sentences, so a reader that mixes the columns up loses the order of distinct words.
const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
].join(" ");

const TOPICS = ["sampling", "entropy", "caching", "latency", "parsers", "glyphs", "kerning", "ligatures", "streams", "objects", "trailers", "fonts", "columns", "gutters"];
const VERBS = ["measures", "explains", "compares", "reduces", "extends", "predicts", "bounds", "records"];
const NOUNS = ["throughput", "memory", "accuracy", "coverage", "variance", "overhead", "quality", "robustness"];

/** Sentence `n` of a section: distinct numbered words so that their order can be checked. */
export function sentence(section: string, n: number): string {
  const topic = TOPICS[n % TOPICS.length]!;
  const verb = VERBS[(n * 3) % VERBS.length]!;
  const noun = NOUNS[(n * 5) % NOUNS.length]!;
  return `${section} item ${n} ${verb} the ${noun} of ${topic} under load number ${n * 7 + 3}.`;
}

export function paragraph(section: string, from: number, count: number): string {
  return Array.from({ length: count }, (_, i) => sentence(section, from + i)).join(" ");
}

const esc = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const P = (text: string, style = "Body"): string => `<text:p text:style-name="${style}">${esc(text)}</text:p>`;
const H = (text: string, level = 2): string => `<text:h text:style-name="Heading${level}" text:outline-level="${level}">${esc(text)}</text:h>`;
const footnote = (n: number, text: string): string =>
  `<text:note text:id="ftn${n}" text:note-class="footnote"><text:note-citation>${n}</text:note-citation><text:note-body>${P(text, "Note")}</text:note-body></text:note>`;
const section = (name: string, columns: number, body: string): string => `<text:section text:style-name="Cols${columns}" text:name="${name}">${body}</text:section>`;

function table(rows: string[][]): string {
  const width = rows[0]!.length;
  const cells = rows.map((row) => `<table:table-row>${row.map((cell) => `<table:table-cell table:style-name="Cell" office:value-type="string">${P(cell, "Cell")}</table:table-cell>`).join("")}</table:table-row>`);
  return `<table:table table:name="T${rows.length}x${width}" table:style-name="Table"><table:table-column table:number-columns-repeated="${width}"/>${cells.join("")}</table:table>`;
}

const STYLES = `<office:styles>
<style:style style:name="Standard" style:family="paragraph"><style:text-properties fo:font-size="10pt" style:font-name="Liberation Serif" fo:font-family="'Liberation Serif'"/></style:style>
<style:style style:name="Body" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="justify" fo:margin-bottom="0.15cm" fo:text-indent="0.4cm"/></style:style>
<style:style style:name="Plain" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:margin-bottom="0.15cm"/></style:style>
<style:style style:name="Title" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="center" fo:margin-bottom="0.3cm"/><style:text-properties fo:font-size="18pt" fo:font-weight="bold"/></style:style>
<style:style style:name="Authors" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="center" fo:margin-bottom="0.3cm"/><style:text-properties fo:font-size="11pt"/></style:style>
<style:style style:name="Abstract" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="justify" fo:margin-left="1.5cm" fo:margin-right="1.5cm" fo:margin-bottom="0.4cm"/><style:text-properties fo:font-size="9pt" fo:font-style="italic"/></style:style>
<style:style style:name="Caption" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:text-align="center" fo:margin-top="0.3cm" fo:margin-bottom="0.3cm"/><style:text-properties fo:font-size="9pt"/></style:style>
<style:style style:name="Note" style:family="paragraph" style:parent-style-name="Standard"><style:text-properties fo:font-size="8pt"/></style:style>
<style:style style:name="Cell" style:family="paragraph" style:parent-style-name="Standard"><style:text-properties fo:font-size="9pt"/></style:style>
<style:style style:name="Heading2" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:margin-top="0.3cm" fo:margin-bottom="0.15cm"/><style:text-properties fo:font-size="12pt" fo:font-weight="bold"/></style:style>
</office:styles>`;

const AUTOMATIC = `<office:automatic-styles>
<style:style style:name="Cols1" style:family="section"><style:section-properties><style:columns fo:column-count="1"/></style:section-properties></style:style>
<style:style style:name="Cols2" style:family="section"><style:section-properties><style:columns fo:column-count="2" fo:column-gap="0.6cm"/></style:section-properties></style:style>
<style:style style:name="Cols3" style:family="section"><style:section-properties><style:columns fo:column-count="3" fo:column-gap="0.5cm"/></style:section-properties></style:style>
<style:style style:name="Table" style:family="table"><style:table-properties style:width="7cm" table:align="left"/></style:style>
<style:style style:name="Cell" style:family="table-cell"><style:table-cell-properties fo:padding="0.05cm" fo:border="0.5pt solid #000000"/></style:style>
<style:page-layout style:name="A4"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="2cm" fo:margin-bottom="2cm" fo:margin-left="2cm" fo:margin-right="2cm"/></style:page-layout>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="A4"/></office:master-styles>`;

function document(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.text">
${STYLES}
${AUTOMATIC}
<office:body><office:text>${body}</office:text></office:body>
</office:document>`;
}

/** A research paper's first page: full-width title, authors and abstract, then two justified columns with headings and footnotes, a full-width caption, two more columns. */
export function twoColumnPaper(): string {
  const head = P("Reading Order in Two Column Papers", "Title") + P("A. Author and B. Writer, Example University", "Authors") + P(`Abstract. ${paragraph("abstract", 1, 5)}`, "Abstract");
  const columnsA =
    H("1 Introduction") +
    `<text:p text:style-name="Body">${esc(paragraph("intro", 1, 6))}${footnote(1, "A footnote about the introduction and its sources.")} ${esc(paragraph("intro", 7, 5))}</text:p>` +
    P(paragraph("intro", 12, 7)) +
    H("2 Method") +
    P(paragraph("method", 1, 9)) +
    `<text:p text:style-name="Body">${esc(paragraph("method", 10, 6))}${footnote(2, "The second footnote explains the method.")}</text:p>`;
  const caption = P("Figure 1. A full width caption between the column sections describes the results of the experiment.", "Caption");
  const columnsB = H("3 Results") + P(paragraph("results", 1, 10)) + H("4 Conclusion") + P(paragraph("conclusion", 1, 8));
  return document(section("Head", 1, head) + section("BodyA", 2, columnsA) + section("Caption", 1, caption) + section("BodyB", 2, columnsB));
}

/** A newsletter page in three columns under a full-width heading. */
export function threeColumns(): string {
  const body = [1, 2, 3, 4, 5, 6].map((n) => H(`Story ${n}`) + P(paragraph(`story${n}`, 1, 5)) + P(paragraph(`story${n}`, 6, 4))).join("");
  return document(P("The Three Column Newsletter", "Title") + section("News", 3, body));
}

/** Two columns, the left one holding a small bordered table among its paragraphs. */
export function columnsWithTable(): string {
  const rows = [
    ["Name", "Value", "Unit"],
    ["alpha", "12", "ms"],
    ["beta", "340", "kB"],
    ["gamma", "7", "runs"],
  ];
  const body = H("1 Setup") + P(paragraph("setup", 1, 6)) + table(rows) + P(paragraph("setup", 7, 8)) + H("2 Findings") + P(paragraph("findings", 1, 12)) + P(paragraph("findings", 13, 10));
  return document(P("Columns With a Table", "Title") + section("Body", 2, body));
}

/** One column with a table and footnotes: the plain case. */
export function singleColumnReport(): string {
  const rows = [
    ["Quarter", "Revenue", "Costs", "Margin"],
    ["Q1", "1200", "800", "400"],
    ["Q2", "1350", "900", "450"],
    ["Q3", "1500", "950", "550"],
  ];
  const body =
    P("Quarterly Report", "Title") +
    H("Summary") +
    `<text:p text:style-name="Plain">${esc(paragraph("summary", 1, 6))}${footnote(1, "Figures are unaudited.")}</text:p>` +
    table(rows) +
    H("Outlook") +
    P(paragraph("outlook", 1, 8), "Plain");
  return document(body);
}
