// The data corpus (docs/decisions/035-data-real-world.md): XML, feeds, CSV and JSON that other
// programs wrote. Kept here: libxml2's own error files and JSONTestSuite's parsing files (MIT), and
// hand-written feeds (RSS 0.91 with its DTD, RSS 1.0/RDF, RSS 2.0 with namespaces and CDATA, Atom).
// Made at run time: XML and feeds in every encoding a declaration or BOM names (iconv), lying
// declarations, malformed XML refused on xmllint's line, CSV from Excel-like writers (CRLF inside
// quotes, BOMs, semicolons, tabs, UTF-16, Windows-1252), GeoJSON, JSON Lines and 20-digit ids.
// Judged by judge.py: xmllint + minidom for XML, Python's json and csv for tables, xmllint for our XML.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CorpusCase, CorpusCategory, CorpusFormat } from "../corpus-case.ts";
import { casesFromManifest, OUTPUT_EXT } from "../manifest.ts";

const FOLDER = dirname(fileURLToPath(import.meta.url));
const PYTHON = "/usr/bin/python3";
const ICONV = "/usr/bin/iconv";
const XMLLINT = "/usr/bin/xmllint";

/** Manifest files judged by the strings their JSON must hold (xmllint reads them otherwise). */
const CONTAINS: Readonly<Record<string, string[]>> = {
  "rss091-netscape-dtd.rss": ["Café News & Views", "Daily\u00a0notes © 2024 — the café", "Opening «soon»", "crème brûlée"],
  "rss20-html-entities-no-dtd.xml": ["Blog\u00a0— notes", "… é ’", "Café & bar"],
};

/** A sample text in each script, and the encodings that write it. */
const SCRIPTS: { language: string; text: string; encodings: string[] }[] = [
  { language: "Chinese", text: "中文测试：北京欢迎你，数据转换", encodings: ["GB18030", "GBK", "GB2312"] },
  { language: "Traditional Chinese", text: "繁體中文測試：臺北資料轉換", encodings: ["BIG5"] },
  { language: "Japanese", text: "日本語のテキスト、東京でデータ変換", encodings: ["SHIFT_JIS", "EUC-JP", "CP932"] },
  { language: "Korean", text: "한국어 텍스트, 서울 데이터 변환", encodings: ["EUC-KR"] },
  { language: "Cyrillic", text: "Привет, мир! Москва, ёжик", encodings: ["WINDOWS-1251", "KOI8-R", "ISO-8859-5"] },
  { language: "Western", text: "Café, naïve, Zürich, façade, Ångström", encodings: ["ISO-8859-1", "WINDOWS-1252"] },
  { language: "Western with euro", text: "Prix : 10 € œuvre Ÿ", encodings: ["ISO-8859-15"] },
  { language: "Windows quotes", text: "“Smart quotes” — 10 € café …", encodings: ["WINDOWS-1252"] },
  { language: "Greek", text: "Καλημέρα κόσμε, Αθήνα", encodings: ["ISO-8859-7", "WINDOWS-1253"] },
  { language: "Polish", text: "Zażółć gęślą jaźń", encodings: ["ISO-8859-2", "WINDOWS-1250"] },
  { language: "Turkish", text: "İstanbul’da şiş kebap, Ğğ", encodings: ["WINDOWS-1254"] },
];
const UNICODE_TEXT = "Grüße 中文 日本語 한국어 Привет Ελληνικά 😀";

function run(command: string, args: string[], input?: Uint8Array | string): Buffer {
  return execFileSync(command, args, { input, maxBuffer: 64 << 20, stdio: ["pipe", "pipe", "pipe"] });
}

const iconv = (text: string, to: string) => new Uint8Array(run(ICONV, ["-f", "UTF-8", "-t", to], text));

const xmlSample = (declared: string | null, text: string) =>
  `${declared === null ? "" : `<?xml version="1.0" encoding="${declared}"?>\n`}<catalog lang="x" title="${text}">\n  <item id="1"><name>${text}</name><note>first</note></item>\n  <item id="2"><name>${[...text].toReversed().join("")}</name></item>\n</catalog>\n`;

const rssSample = (declared: string, text: string) =>
  `<?xml version="1.0" encoding="${declared}"?>\n<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>\n<title>${text}</title>\n<link>http://example.org/</link>\n<description><![CDATA[<p>${text}</p>]]></description>\n<item><title>${text}</title><dc:creator>${text}</dc:creator><guid>1</guid></item>\n<item><title>2</title><guid>2</guid></item>\n</channel>\n</rss>\n`;

/** xmllint's verdict on a file: the line of its first error, or undefined when it accepts it. */
function xmllintLine(path: string): number | undefined {
  const check = spawnSync(XMLLINT, ["--noout", "--nonet", path], { encoding: "utf8" });
  if (check.status === 0) return undefined;
  return Number(/:(\d+):/.exec(check.stderr)?.[1] ?? "0");
}

interface Maker {
  dir: string;
  cases: CorpusCase[];
}

function add(maker: Maker, category: CorpusCategory, name: string, file: string, bytes: Uint8Array | string, options: { refused?: RegExp; data?: Record<string, unknown>; browser?: boolean } = {}): string {
  const path = join(maker.dir, file);
  writeFileSync(path, bytes);
  maker.cases.push({
    category,
    name,
    input: path,
    outputExt: OUTPUT_EXT[category],
    expect: options.refused ? { refused: true, reason: options.refused } : { converts: true },
    browser: options.browser,
    data: options.data,
  });
  return path;
}

function encodings(maker: Maker): void {
  for (const { language, text, encodings: names } of SCRIPTS) {
    for (const encoding of names) {
      const slug = encoding.toLowerCase();
      add(maker, "xml-to-json", `${language} XML in ${encoding} (iconv)`, `catalog-${slug}-${language.replace(/\W/g, "")}.xml`, iconv(xmlSample(encoding, text), encoding));
    }
    const first = names[0]!;
    add(maker, "feed-to-json", `${language} RSS 2.0 in ${first} (iconv)`, `feed-${first.toLowerCase()}-${language.replace(/\W/g, "")}.rss`, iconv(rssSample(first, text), first));
  }
  // UTF-16 and UTF-32, each byte order, with and without a BOM (declared "UTF-16"/"UTF-32" when there is one)
  for (const width of ["16", "32"]) {
    for (const order of ["LE", "BE"]) {
      for (const bom of [true, false]) {
        const label = `UTF-${width}${order}`;
        const declared = bom ? `UTF-${width}` : label;
        const bytes = iconv(`${bom ? "\uFEFF" : ""}${xmlSample(declared, UNICODE_TEXT)}`, label);
        add(maker, "xml-to-json", `XML in ${label}${bom ? " with BOM" : " without BOM"}`, `catalog-utf${width}${order.toLowerCase()}${bom ? "-bom" : ""}.xml`, bytes);
      }
    }
  }
  add(maker, "xml-to-json", "XML in UTF-16 without a declaration (BOM only)", "catalog-utf16-nodecl.xml", iconv(`\uFEFF${xmlSample(null, UNICODE_TEXT)}`, "UTF-16LE"));
  add(maker, "xml-to-json", "XML in UTF-8 with BOM", "catalog-utf8-bom.xml", `\uFEFF${xmlSample("UTF-8", UNICODE_TEXT)}`);
  add(maker, "xml-to-json", "XML without a declaration (UTF-8)", "catalog-nodecl.xml", xmlSample(null, UNICODE_TEXT));
  add(maker, "feed-to-json", "Atom in UTF-16LE with BOM", "atom-utf16.atom", iconv(`\uFEFF<?xml version="1.0" encoding="UTF-16"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>${UNICODE_TEXT}</title><entry><title>${UNICODE_TEXT}</title><id>urn:x</id></entry></feed>\n`, "UTF-16LE"));

  // declarations that lie: feed readers read the bytes as what they are
  const lie = (name: string, file: string, category: CorpusCategory, bytes: Uint8Array | string, texts: string[]) => add(maker, category, name, file, bytes, { data: { contains: texts } });
  lie("declared ISO-8859-1, bytes UTF-8", "lie-latin1-utf8.xml", "xml-to-json", xmlSample("ISO-8859-1", "Café Zürich 中文"), ["Café Zürich 中文"]);
  lie("feed declared US-ASCII, bytes UTF-8", "lie-ascii-utf8.rss", "feed-to-json", rssSample("US-ASCII", "naïve — “quoted”"), ["naïve — “quoted”"]);
  lie("feed declared windows-1252, bytes UTF-8", "lie-1252-utf8.rss", "feed-to-json", rssSample("windows-1252", "Grüße €"), ["Grüße €"]);
  lie("feed declared UTF-8, bytes Windows-1252", "lie-utf8-1252.rss", "feed-to-json", iconv(rssSample("UTF-8", "Café “quoted” €"), "WINDOWS-1252"), ["Café “quoted” €"]);
  lie("feed without declaration, bytes Windows-1252", "nodecl-1252.rss", "feed-to-json", iconv(rssSample("UTF-8", "déjà vu").replace(/^<\?xml[^>]*>\n/, ""), "WINDOWS-1252"), ["déjà vu"]);
  lie("UTF-16 BOM, declaration says UTF-8", "bom-wins.xml", "xml-to-json", iconv(`\uFEFF${xmlSample("UTF-8", "BOM gewinnt")}`, "UTF-16LE"), ["BOM gewinnt"]);
  // what feed readers read although xmllint does not
  lie("feed with bare & in URLs and text, a control character, unknown entities", "sloppy.rss", "feed-to-json", '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Tom & Jerry\u000b news</title><link>http://example.org/?a=1&b=2</link><item><title>Q&A &ndash; &unknown;</title><enclosure url="http://example.org/x.mp3?a=1&b=2" type="audio/mpeg" length="1"/></item></channel></rss>\n', ["Tom & Jerry news", "http://example.org/?a=1&b=2", "Q&A – &unknown;", "x.mp3?a=1&b=2"]);
  lie("feed with a PHP warning after </rss>", "trailing-junk.rss", "feed-to-json", `${rssSample("UTF-8", "Inhalt")}<br />\n<b>Warning</b>: Cannot modify header information\n`, ["Inhalt"]);
  lie("Atom with &nbsp; and &hellip; and no DTD", "atom-entities.atom", "feed-to-json", '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>Weiter&nbsp;lesen&hellip;</title><entry><title>A&amp;B</title><id>urn:1</id></entry></feed>\n', ["Weiter\u00a0lesen…", "A&B"]);
  const cut = rssSample("UTF-8", "abgeschnitten");
  const truncated = add(maker, "feed-to-json", "truncated feed (cut inside an item)", "truncated.rss", cut.slice(0, cut.indexOf("<dc:creator>") + 5));
  maker.cases.at(-1)!.expect = { refused: true, reason: new RegExp(`at line ${xmllintLine(truncated) ?? "\\d+"}, column \\d+`) };
  lie("feed with blank lines before its declaration", "leading-blank.rss", "feed-to-json", `\n\n${rssSample("UTF-8", "späte Deklaration")}`, ["späte Deklaration"]);
}

/** Malformed XML: refused on the line xmllint names. */
const MALFORMED: [string, string][] = [
  ["mismatched tags", "<a>\n  <b>text</c>\n</a>\n"],
  ["unclosed element", "<catalog>\n  <item>1</item>\n  <item>2\n</catalog>\n"],
  ["two root elements", "<a>1</a>\n<b>2</b>\n"],
  ["attribute without quotes", '<a>\n<b id=1>x</b>\n</a>\n'],
  ["attribute without value", "<a>\n<b checked>x</b>\n</a>\n"],
  ["< in an attribute value", '<a>\n<b title="1 < 2">x</b>\n</a>\n'],
  ["duplicate attribute", '<a>\n\n<b id="1" id="2"/>\n</a>\n'],
  ["control character", "<a>\n<b>bell \u0007</b>\n</a>\n"],
  ["undeclared entity", "<a>\n<b>&nbsp;</b>\n</a>\n"],
  ["bare ampersand", "<a>\n<b>Tom & Jerry</b>\n</a>\n"],
  ["text after the root", "<a/>\ntrailing text\n"],
  ["double hyphen in a comment", "<a>\n<!-- a -- b -->\n</a>\n"],
  ["invalid element name", "<a>\n<1b/>\n</a>\n"],
  ["declaration not at the start", '<a/>\n<?xml version="1.0"?>\n'],
  ["unclosed CDATA", "<a>\n<![CDATA[ never closed\n</a>\n"],
  ["truncated file", '<?xml version="1.0"?>\n<catalog>\n  <item id="1">\n    <name>cut'],
  ["entity loop", '<!DOCTYPE a [\n<!ENTITY x "&y;">\n<!ENTITY y "&x;">\n]>\n<a>&x;</a>\n'],
  ["character reference to NUL", "<a>\n&#0;\n</a>\n"],
];

function malformed(maker: Maker): void {
  MALFORMED.forEach(([name, text], i) => {
    const path = add(maker, "xml-to-json", `malformed: ${name}`, `malformed-${i + 1}.xml`, text);
    const line = xmllintLine(path);
    maker.cases.at(-1)!.expect = { refused: true, reason: new RegExp(`at line ${line ?? "\\d+"}, column \\d+`) };
  });
  // bytes that are not UTF-8 where UTF-8 is declared (not a feed: refused as xmllint does)
  const bad = add(maker, "xml-to-json", "malformed: Latin-1 bytes in a UTF-8 file", "malformed-bytes.xml", iconv(xmlSample("UTF-8", "Café"), "ISO-8859-1"));
  maker.cases.at(-1)!.expect = { refused: true, reason: new RegExp(`at line ${xmllintLine(bad) ?? "\\d+"}, column \\d+.*not valid UTF-8`) };
  add(maker, "xml-to-json", "billion laughs", "billion-laughs.xml", `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`).join("\n")}\n]>\n<lolz>&lol9;</lolz>\n`, { refused: /billion laughs/ });
  add(maker, "xml-to-json", "entity with markup and a benign &amp;", "entities-markup.xml", '<!DOCTYPE doc [\n<!ENTITY company "A &amp; B">\n<!ENTITY sig "<b>Regards</b>, &company;">\n]>\n<doc><letter>&sig;</letter><from>&company;</from></doc>\n');
}

const CSV_FILES: [string, string, Uint8Array | string, string?][] = [
  ["Excel CRLF with line breaks inside quotes", "excel-crlf.csv", 'id,comment,amount\r\n1,"line one\r\nline two",3.50\r\n2,"say ""hi"", then go",4\r\n3,,5\r\n'],
  ["LF file with CRLF inside quotes", "lf-with-crlf-inside.csv", 'id,text\n1,"a\r\nb"\n2,"c\nd"\n'],
  ["UTF-8 BOM and semicolons (European Excel)", "bom-semicolon.csv", "\uFEFFName;Stadt;Betrag\r\nJörg;Köln;1,50\r\nÅsa;Malmö;2,75\r\n"],
  ["tab-separated", "tabs.tsv", "a\tb\tc\n1\t\"x\ty\"\t3\n4\t5\t6\n", "\t"],
  ["pipe-separated", "pipes.csv", "a|b\n1|2\n3|4\n"],
  ["duplicate and blank header names", "dup-headers.csv", "name,name,,x\n1,2,3,4\n5,6,7,8\n"],
  ["ragged rows", "ragged.csv", "a,b\n1,2,3\n4\n"],
  ["Windows-1252 (Excel's 'CSV')", "cp1252.csv", iconv("name,city\nÉlodie,Zürich\nJosé,São Paulo “SP”\n", "WINDOWS-1252")],
  ["UTF-16LE tab-separated with BOM (Excel's 'Unicode text')", "excel-unicode.csv", iconv("\uFEFFname\tcity\n中文\t北京\nÅsa\tMalmö\n", "UTF-16LE"), "\t"],
  ["dotted headers", "dotted.csv", "id,address.city,address.zip,tags.0,tags.1\n1,Paris,75001,a,b\n"],
  ["quoted empty strings and spaces", "spaces.csv", 'a,b,c\n"", ,"  x  "\n'],
  [
    "spreadsheet export: numbers, ids with leading zeros, booleans",
    "typed.csv",
    "id,zip,price,ratio,big,exp,flag,done,code,text\r\n1,00123,19.90,0.1000,12345678901234567890,1.5E+3,TRUE,false,007,NaN\r\n-2,75001,0,-0.5,98765432109876543210,2e-7,True,FALSE,+1,\"1,5\"\r\n",
  ],
];

function tables(maker: Maker): void {
  for (const [name, file, bytes, delimiter] of CSV_FILES) add(maker, "csv-to-json", name, file, bytes, { data: delimiter ? { delimiter } : {} });
  const features = Array.from({ length: 12 }, (_, i) => ({
    type: "Feature",
    id: i,
    properties: { name: `Zone ${i}`, population: { y2020: 1000 + i, y2024: 1100 + i }, tags: ["a", "b"] },
    geometry: i % 3 === 0 ? { type: "Point", coordinates: [i, i + 0.5] } : { type: "Polygon", coordinates: [Array.from({ length: 4000 }, (_unused, k) => [k * 0.001, i + k * 0.002])] },
  }));
  const geojson = JSON.stringify({ type: "FeatureCollection", bbox: [0, 0, 12, 20], features });
  const json: [string, string, Uint8Array | string][] = [
    ["GeoJSON FeatureCollection (polygons of 4000 points, bbox)", "features.geojson.json", geojson],
    ["JSON Lines (an export of records)", "records.jsonl.json", '{"id":1,"name":"Ann","tags":["x"]}\n{"id":2,"name":"Bob","tags":["y","z"]}\n{"id":3,"name":"Cé"}\n'],
    ["20-digit ids and huge exponents", "big-ids.json", '[{"id":12345678901234567890,"score":1e400,"small":1e-400,"n":1.5},{"id":98765432109876543210,"score":2,"small":0,"n":-0.25}]'],
    ["UTF-16LE JSON with BOM", "utf16.json", new Uint8Array(Buffer.from('\uFEFF[{"name":"中文","n":1}]', "utf16le"))],
    ["nested arrays of objects", "orders.json", JSON.stringify({ orders: [{ id: 1, lines: [{ sku: "A", qty: 2 }, { sku: "B", qty: 1 }] }, { id: 2, lines: [{ sku: "C", qty: 5 }] }] })],
  ];
  for (const [name, file, bytes] of json) {
    add(maker, "json-to-csv", name, file, bytes);
    add(maker, "json-to-xml", name, file, bytes);
  }
}

function fromManifest(): CorpusCase[] {
  return casesFromManifest(FOLDER).flatMap((c) => {
    const contains = CONTAINS[c.name];
    const withData = { ...c, data: { ...c.data, ...(contains ? { contains } : {}) } };
    // each JSON file is measured to CSV and to XML
    if (c.category === "json-to-csv") return [withData, { ...withData, category: "json-to-xml" as const, outputExt: "xml" }];
    return [withData];
  });
}

const corpus: CorpusFormat = {
  cases(workDir) {
    const maker: Maker = { dir: join(workDir, "data"), cases: [] };
    mkdirSync(maker.dir, { recursive: true });
    encodings(maker);
    malformed(maker);
    tables(maker);
    return Promise.resolve([...fromManifest(), ...maker.cases]);
  },

  judge(corpusCase, outputPath) {
    const data = corpusCase.data ?? {};
    const contains = data.contains as string[] | undefined;
    const args =
      corpusCase.category === "csv-to-json"
        ? ["csv-json", corpusCase.input, outputPath, ...(typeof data.delimiter === "string" ? [data.delimiter] : [])]
        : corpusCase.category === "json-to-csv"
          ? ["json-csv", corpusCase.input, outputPath]
          : corpusCase.category === "json-to-xml"
            ? ["json-xml", corpusCase.input, outputPath]
            : contains
              ? ["contains", corpusCase.input, outputPath, ...contains]
              : ["xml", corpusCase.input, outputPath];
    const verdict = run(PYTHON, [join(FOLDER, "judge.py"), ...args]).toString("utf8").trim();
    return Promise.resolve(verdict === "ok" ? null : verdict);
  },
};

export default corpus;
