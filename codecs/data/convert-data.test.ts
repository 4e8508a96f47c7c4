// The data converter on hand-written fixtures, its outputs judged by tools that are not ours:
// jq (JSON), xmllint and Python's ElementTree (XML), Python's csv module and csvkit (CSV),
// xmllint's HTML parser (HTML). Round trips XML → JSON → XML and CSV → JSON → CSV give the same data.
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { DocumentError } from "../document/document-error.ts";
import { HAVE_CSVKIT, HAVE_JQ, HAVE_XMLLINT, CSVJSON, JQ, PYTHON, XMLLINT } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { convertData, previewData } from "./convert-data.ts";
import { DEFAULT_DATA_OPTIONS, type DataFormat, type DataOptions } from "./data-model.ts";

const work = scratch("data-convert");
afterAll(() => work.cleanup());
const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function run(text: string | Uint8Array, from: DataFormat, to: DataFormat, options: Partial<DataOptions> = {}): Promise<string> {
  const result = await convertData(typeof text === "string" ? encode(text) : text, from, to, { ...DEFAULT_DATA_OPTIONS, ...options });
  return decode(result.bytes);
}

/** The refusal convertData gives, as DocumentError code and message. */
async function refusal(text: string, from: DataFormat, to: DataFormat): Promise<{ code: string; message: string }> {
  try {
    await run(text, from, to);
  } catch (error) {
    if (error instanceof DocumentError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("converted without complaint");
}

const jq = (json: string, filter: string): unknown => JSON.parse(execFileSync(JQ, ["-c", filter], { input: json, encoding: "utf8" }));
const xmllint = (xml: string, ...args: string[]) => execFileSync(XMLLINT, [...args, "-"], { input: xml, encoding: "utf8" });
const python = (script: string, input: string): unknown => JSON.parse(execFileSync(PYTHON, ["-c", script], { input, encoding: "utf8" }));

/** Python's csv module: the rows of a CSV text. */
const pythonCsv = (csv: string, delimiter = ",") =>
  python(`import csv, io, json, sys\nprint(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline=''), delimiter=${JSON.stringify(delimiter)}))))`, csv) as string[][];

/** Python's ElementTree: an XML document as [tag, attributes, text, children], whitespace-only text dropped. */
const pythonTree = (xml: string) =>
  python(
    `import json, sys, xml.etree.ElementTree as ET
def walk(e): return [e.tag, e.attrib, (e.text or '').strip(), [walk(c) for c in e]]
print(json.dumps(walk(ET.fromstring(sys.stdin.buffer.read()))))`,
    xml,
  );

const CATALOG = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a catalogue with namespaces, attributes, repeats, entities and CDATA -->
<catalog xmlns="urn:books" xmlns:dc="http://purl.org/dc/elements/1.1/" version="2">
  <book id="b1" lang="en">
    <dc:title>XML &amp; JSON</dc:title>
    <author>Ann Lee</author>
    <author>Bo Chan</author>
    <price currency="EUR">19.90</price>
    <isbn>007</isbn>
  </book>
  <book id="b2">
    <dc:title><![CDATA[<Data> in practice]]></dc:title>
    <author>Émile Zola</author>
    <price currency="USD">5</price>
    <note/>
  </book>
</catalog>
`;

describe("XML and JSON", () => {
  it.skipIf(!HAVE_JQ || !HAVE_XMLLINT)("XML → JSON: attributes as @name, repeats as arrays, prefixes and xmlns kept, values as strings (read by jq)", async () => {
    expect(() => xmllint(CATALOG, "--noout")).not.toThrow();
    const json = await run(CATALOG, "xml", "json");
    expect(jq(json, "[.catalog[\"@xmlns\"], .catalog[\"@xmlns:dc\"], .catalog[\"@version\"]]")).toEqual(["urn:books", "http://purl.org/dc/elements/1.1/", "2"]);
    expect(jq(json, "[.catalog.book[0][\"@id\"], .catalog.book[0][\"dc:title\"], .catalog.book[0].author[1], .catalog.book[0].isbn]")).toEqual(["b1", "XML & JSON", "Bo Chan", "007"]);
    expect(jq(json, ".catalog.book[0].price")).toEqual({ "@currency": "EUR", "#text": "19.90" });
    expect(jq(json, "[.catalog.book[1][\"dc:title\"], .catalog.book[1].author, .catalog.book[1].note]")).toEqual(["<Data> in practice", "Émile Zola", ""]);
    expect(jq(json, ".catalog.book | length")).toBe(2);
  });

  it.skipIf(!HAVE_XMLLINT)("XML → JSON → XML gives back the same elements, attributes and text (compared by Python's ElementTree)", async () => {
    const json = await run(CATALOG, "xml", "json", { pretty: false });
    for (const pretty of [true, false]) {
      const back = await run(json, "json", "xml", { pretty });
      expect(() => xmllint(back, "--noout")).not.toThrow();
      expect(pythonTree(back)).toEqual(pythonTree(CATALOG));
    }
  });

  it("a DOCTYPE that declares entities gives the same tree", async () => {
    const withEntity = CATALOG.replace("<catalog", '<!DOCTYPE catalog [<!ENTITY unused "x">]>\n<catalog');
    expect(withEntity).toContain("<!ENTITY");
    expect(await run(withEntity, "xml", "json")).toBe(await run(CATALOG, "xml", "json"));
  });

  it.skipIf(!HAVE_XMLLINT)("JSON → XML: one key is the root, else <root>; arrays repeat; odd keys become valid names", async () => {
    const xml = await run(JSON.stringify([{ "first name": "Ann", "2nd": 1, ok: true, none: null, tags: ["a", "b"], grid: [[1, 2]] }]), "json", "xml");
    expect(() => xmllint(xml, "--noout")).not.toThrow();
    expect(pythonTree(xml)).toEqual([
      "root", {}, "",
      [["item", {}, "", [["first_name", {}, "Ann", []], ["_2nd", {}, "1", []], ["ok", {}, "true", []], ["none", {}, "", []], ["tags", {}, "a", []], ["tags", {}, "b", []], ["grid", {}, "", [["item", {}, "1", []], ["item", {}, "2", []]]]]]],
    ]);
    const single = await run(JSON.stringify({ note: { "@to": "Bo & \"Cy\"", "#text": "<hi>\u0001" } }), "json", "xml", { pretty: false });
    expect(pythonTree(single)).toEqual(["note", { to: 'Bo & "Cy"' }, "<hi>", []]);
  });
});

const PEOPLE_CSV = 'name,address.city,address.zip,tags.0,tags.1,note\r\nAnn,Paris,75001,a,b,"said ""hi"""\r\nBo,"Lyon, FR",69001,c,,"two\r\nlines"\r\nCy,,,,,\r\n';

describe("CSV and JSON", () => {
  it.skipIf(!HAVE_JQ)("CSV → JSON nests dotted columns into objects and arrays (read by jq)", async () => {
    const json = await run(PEOPLE_CSV, "csv", "json");
    expect(jq(json, ".[0]")).toEqual({ name: "Ann", address: { city: "Paris", zip: 75001 }, tags: ["a", "b"], note: 'said "hi"' });
    expect(jq(json, "[.[1].note, .[1].address.city]")).toEqual(["two\r\nlines", "Lyon, FR"]);
    expect(jq(json, "length")).toBe(3);
  });

  it("CSV → JSON → CSV gives the same bytes, and Python's csv reads the same rows", async () => {
    const json = await run(PEOPLE_CSV, "csv", "json", { pretty: false });
    const back = await run(json, "json", "csv");
    expect(back).toBe(PEOPLE_CSV);
    expect(pythonCsv(back)).toEqual(pythonCsv(PEOPLE_CSV));
  });

  it.skipIf(!HAVE_CSVKIT)("JSON → CSV: header from the union of keys, nested values flattened (read by csvkit and Python)", async () => {
    const records = [{ id: 1, user: { name: "Ann", langs: ["fr", "en"] } }, { id: 2, extra: true, user: { name: "Bo; \"B\"" } }, { id: 3, user: null }];
    const csv = await run(JSON.stringify({ data: { records } }), "json", "csv");
    expect(pythonCsv(csv)).toEqual([
      ["id", "user.name", "user.langs.0", "user.langs.1", "extra", "user"],
      ["1", "Ann", "fr", "en", "", ""],
      ["2", 'Bo; "B"', "", "", "true", ""],
      ["3", "", "", "", "", ""],
    ]);
    const viaCsvkit = JSON.parse(execFileSync(CSVJSON, ["--no-inference"], { input: csv, encoding: "utf8" })) as Record<string, string>[];
    expect(viaCsvkit[1]).toMatchObject({ id: "2", "user.name": 'Bo; "B"', extra: "true" });
  });

  it("options: delimiter, no header row, every field quoted", async () => {
    const csv = await run("a,b\n1,x y\n", "csv", "csv", { delimiter: ";", quote: "all" });
    // the input is read with ";" too: one column per line
    expect(pythonCsv(csv, ";")).toEqual([["a,b"], ["1,x y"]]);
    const quoted = await run('[{"a":"1","b":"x y"}]', "json", "csv", { quote: "all", delimiter: "\t", header: false });
    expect(quoted).toBe('"1"\t"x y"\r\n');
    expect(await run("1,2\n3,4\n", "csv", "json", { header: false, pretty: false, keepTypes: false })).toBe('[["1","2"],["3","4"]]');
    // and back: arrays of values are rows without a header
    expect(await run('[["1","2"],["3",4,null]]', "json", "csv")).toBe("1,2,\r\n3,4,\r\n");
  });

  it.each([
    [",", "a,b,c\n1,2,3\n4,5,6\n"],
    [";", "a;b;c\n1;2,5;3\n4;5;6\n"],
    ["\t", "a\tb\tc\n1\t2\t3\n4\t5\t6\n"],
    ["|", "a|b|c\n1|2|3\n4|5|6\n"],
  ])("sniffs the delimiter %j, and writes it back", async (delimiter, csv) => {
    const { facts, preview } = previewData(encode(csv), "csv", DEFAULT_DATA_OPTIONS);
    expect(facts.delimiter).toBe(delimiter);
    expect(preview).toMatchObject({ kind: "table", columns: ["a", "b", "c"], totalRows: 2 });
    expect(pythonCsv(await run(csv, "csv", "csv"), delimiter)).toEqual(pythonCsv(csv, delimiter));
  });
});

describe("HTML tables", () => {
  const PAGE = `<!doctype html><html><head><title>t</title><style>td{}</style></head><body>
<p>Intro</p>
<table>
  <caption>Sales</caption>
  <thead><tr><th colspan="2">Region</th><th>Q1</th></tr><tr><th>Country</th><th>City</th><th>Total</th></tr></thead>
  <tbody>
    <tr><td rowspan="2">France</td><td>Paris</td><td>1&nbsp;200</td></tr>
    <tr><td>Lyon<br>Centre</td><td>800</td></tr>
    <tr><td>Spain</td><td>Madrid &amp; co</td><td><b>950</b></td></tr>
  </tbody>
</table>
<table><tr><td>second</td></tr></table>
</body></html>`;

  it("HTML → CSV: the first table, its last header row, spans filled with \"\" (read by Python's csv)", async () => {
    expect(pythonCsv(await run(PAGE, "html", "csv"))).toEqual([
      ["Country", "City", "Total"],
      ["France", "Paris", "1\u00a0200"],
      ["", "Lyon\nCentre", "800"],
      ["Spain", "Madrid & co", "950"],
    ]);
    expect(previewData(encode(PAGE), "html", DEFAULT_DATA_OPTIONS).facts).toEqual({ readAs: "html", tables: 2 });
  });

  it.skipIf(!HAVE_JQ)("HTML → JSON: the table's rows as objects (read by jq)", async () => {
    expect(jq(await run(PAGE, "html", "json"), ".[2]")).toEqual({ Country: "Spain", City: "Madrid & co", Total: "950" });
  });

  it.skipIf(!HAVE_XMLLINT)("CSV → HTML: a page with one table that xmllint's HTML parser reads", async () => {
    const html = await run(PEOPLE_CSV, "csv", "html");
    expect(xmllint(html, "--html", "--xpath", "count(//thead//th)").trim()).toBe("6");
    expect(xmllint(html, "--html", "--xpath", "count(//tbody/tr)").trim()).toBe("3");
    expect(xmllint(html, "--html", "--xpath", "string(//tbody/tr[1]/td[6])").trim()).toBe('said "hi"');
    // and back: the same rows
    expect(pythonCsv(await run(html, "html", "csv"))).toEqual(pythonCsv(PEOPLE_CSV).map((row) => row.map((cell) => cell.replace(/\r\n/g, "\n"))));
  });
});

// Spreadsheet exports: numbers, ids with leading zeros, booleans as Excel and pandas write them, text.
const TYPED_CSV = [
  "id,zip,price,ratio,big,exp,neg,flag,done,code,name,blank,padded,nan,hex,comma",
  "1,00123,19.90,0.1000,12345678901234567890,1.5E+3,-0.5,TRUE,false,007,Ann,, 12,NaN,0x1F,\"1,5\"",
  "2,75001,0,-0,98765432109876543210,2e-7,-12,True,FALSE,0,Bo,x,12 ,Infinity,1e,+1",
  "",
].join("\n");

/** A CSV of `count` rows with nested columns, quotes, line breaks and U+2028 but no number or boolean. */
const untypedCsv = (count: number) => ["name,address.city,tags.0,tags.1,\"q\"\"\"", ...Array.from({ length: count }, (_, i) => `n${i},"Lyon, FR",a,"x\ny",\u00e9\u2028`)].join("\n");

/** Python's json with every number as its source text: what the file says, digit for digit. */
const pythonLiterals = (json: string) => python("import json, sys\nprint(json.dumps(json.loads(sys.stdin.read(), parse_int=lambda t: ['int', t], parse_float=lambda t: ['float', t])))", json);

describe("CSV → JSON keeps numbers and booleans (keepTypes, on by default)", () => {
  it("numbers, negatives, exponents and big integers are JSON numbers with the cell's digits; leading zeros and other text stay strings", async () => {
    const json = await run(TYPED_CSV, "csv", "json");
    const records = JSON.parse(json) as Record<string, unknown>[];
    expect(records[0]).toEqual({ id: 1, zip: "00123", price: 19.9, ratio: 0.1, big: expect.any(Number), exp: 1500, neg: -0.5, flag: true, done: false, code: "007", name: "Ann", blank: "", padded: " 12", nan: "NaN", hex: "0x1F", comma: "1,5" });
    expect(records[1]).toEqual({ id: 2, zip: 75001, price: 0, ratio: -0, big: expect.any(Number), exp: 2e-7, neg: -12, flag: true, done: false, code: 0, name: "Bo", blank: "x", padded: "12 ", nan: "Infinity", hex: "1e", comma: "+1" });
    // the digits as written: no double in between
    expect(json).toContain('"price": 19.90,');
    expect(json).toContain('"ratio": 0.1000,');
    expect(json).toContain('"big": 12345678901234567890,');
    expect(json).toContain('"exp": 1.5E+3,');
    expect(pythonLiterals(json)).toEqual([
      expect.objectContaining({ id: ["int", "1"], big: ["int", "12345678901234567890"], ratio: ["float", "0.1000"], exp: ["float", "1.5E+3"], zip: "00123" }),
      expect.objectContaining({ big: ["int", "98765432109876543210"], ratio: ["int", "-0"], exp: ["float", "2e-7"] }),
    ]);
  });

  it("off: every cell is a string, as before", async () => {
    const records = JSON.parse(await run(TYPED_CSV, "csv", "json", { keepTypes: false })) as Record<string, unknown>[];
    expect(records[0]).toMatchObject({ id: "1", price: "19.90", big: "12345678901234567890", flag: "TRUE", done: "false", code: "007" });
    for (const record of records) for (const value of Object.values(record)) expect(typeof value).toBe("string");
  });

  it("rows without a header, nested dotted columns and a delimited TXT are typed too", async () => {
    expect(await run("1,true,007\n-2.50,x,\n", "csv", "json", { header: false, pretty: false })).toBe('[[1,true,"007"],[-2.50,"x",""]]');
    expect(await run("id,price.amount,price.currency,tags.0\n7,4.50,EUR,FALSE\n", "csv", "json", { pretty: false })).toBe('[{"id":7,"price":{"amount":4.50,"currency":"EUR"},"tags":[false]}]');
    expect(await run("a\tb\n1\ttrue\n2\t0042\n", "txt", "json", { pretty: false })).toBe('[{"a":1,"b":true},{"a":2,"b":"0042"}]');
  });

  it("a column named __proto__ is a key like the others", async () => {
    expect(await run("__proto__,a\n1,2\n", "csv", "json", { pretty: false })).toBe('[{"__proto__":1,"a":2}]');
    expect(await run("__proto__.x,a\n1,2\n", "csv", "json", { pretty: false, keepTypes: false })).toBe('[{"__proto__":{"x":"1"},"a":"2"}]');
  });

  it("HTML tables, XML and the other outputs are not typed", async () => {
    expect(await run("<table><tr><th>n</th></tr><tr><td>12</td></tr></table>", "html", "json", { pretty: false })).toBe('[{"n":"12"}]');
    for (const to of ["xml", "csv", "html", "txt"] as const) expect(await run(TYPED_CSV, "csv", to)).toBe(await run(TYPED_CSV, "csv", to, { keepTypes: false }));
  });

  it("writes the same bytes as JSON.stringify where no cell is typed: pretty or compact, few or many records", async () => {
    for (const count of [1, 300]) {
      for (const pretty of [true, false]) expect(await run(untypedCsv(count), "csv", "json", { pretty })).toBe(await run(untypedCsv(count), "csv", "json", { pretty, keepTypes: false }));
    }
    expect(await run("a,b\n", "csv", "json")).toBe("[]\n");
  });
});

const as = (text: string) => previewData(encode(text), "txt", DEFAULT_DATA_OPTIONS).facts.readAs;

describe("TXT", () => {
  it("any → TXT: a table as aligned columns, a tree as an outline", async () => {
    const table = await run("name,city\nAnn,Paris\nBartholomew,Rome\n", "csv", "txt");
    expect(table).toBe("name         city\n-----------  -----\nAnn          Paris\nBartholomew  Rome\n");
    const outline = await run('{"shop":{"name":"A","items":[{"sku":"1"},{"sku":"2"}]}}', "json", "txt");
    expect(outline).toBe("shop\n  name: A\n  items\n    sku: 1\n  items\n    sku: 2\n");
  });

  it("TXT input is sniffed: JSON, XML, HTML, a delimited table, else lines", async () => {
    expect(as(' [{"a":1}]')).toBe("json");
    expect(as("<a><b>1</b></a>")).toBe("xml");
    expect(as("<!DOCTYPE html><table><tr><td>1</td></tr></table>")).toBe("html");
    expect(as("a\tb\n1\t2\n3\t4\n")).toBe("csv");
    expect(as("Dear Ann\nThanks for the data.\n")).toBe("lines");
    expect(await run("Dear Ann\nThanks\n", "txt", "json", { pretty: false })).toBe('["Dear Ann","Thanks"]');
  });
});

describe("encodings", () => {
  const text = "name,city\nÉlodie,Zürich\n";
  it.each([
    ["UTF-8", encode(text)],
    ["UTF-8 with BOM", new Uint8Array([0xef, 0xbb, 0xbf, ...encode(text)])],
    ["UTF-16 LE with BOM", new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, "utf16le"))])],
    ["UTF-16 BE with BOM", new Uint8Array([0xfe, 0xff, ...new Uint8Array(Buffer.from(text, "utf16le").swap16())])],
  ])("reads %s", async (_, bytes) => {
    expect(await run(bytes, "csv", "json", { pretty: false })).toBe('[{"name":"Élodie","city":"Zürich"}]');
  });

  it("reads a CSV that is not UTF-8 as Windows-1252; refuses such JSON with the place", async () => {
    expect(await run(new Uint8Array([0x61, 0x0a, 0xc9, 0x74, 0x80]), "csv", "json", { pretty: false })).toBe('[{"a":"Ét€"}]');
    await expect(run(new Uint8Array([0x5b, 0x0a, 0x22, 0xff, 0x22, 0x5d]), "json", "csv")).rejects.toThrow('The file is not valid UTF-8 text (line 2, column 2, right after """). Save it as UTF-8 and try again.');
  });
});

describe("files other programs wrote", () => {
  it("Excel's sep= line names the delimiter", async () => {
    expect(await run("sep=;\r\na;b\r\n1,5;2\r\n", "csv", "json", { pretty: false })).toBe('[{"a":"1,5","b":2}]');
  });

  it("JSON Lines are the records; 20-digit ids keep their digits in CSV", async () => {
    expect(await run('{"id":12345678901234567890,"n":1.5}\n{"id":2,"n":1e400}\n', "json", "csv")).toBe("id,n\r\n12345678901234567890,1.5\r\n2,1e400\r\n");
  });

  it("GeoJSON: one row per feature, coordinates as JSON text, bbox aside", async () => {
    const geojson = { type: "FeatureCollection", bbox: [0, 0, 1, 1], features: [
      { type: "Feature", properties: { name: "A" }, geometry: { type: "Point", coordinates: [1, 2] } },
      { type: "Feature", properties: { name: "B" }, geometry: { type: "LineString", coordinates: [[1, 2], [3, 4]] } },
    ] };
    expect(await run(JSON.stringify(geojson), "json", "csv")).toBe('type,properties.name,geometry.type,geometry.coordinates\r\nFeature,A,Point,"[1,2]"\r\nFeature,B,LineString,"[[1,2],[3,4]]"\r\n');
  });
});

describe("errors with line and column", () => {
  it("JSON", async () => {
    expect(await refusal('{\n  "a": 1,\n  "b" 2\n}', "json", "csv")).toEqual({ code: "damaged", message: "Invalid JSON at line 3, column 7: Expected ':' after property name." });
    expect((await refusal('[{"a":1}', "json", "csv")).message).toMatch(/^Invalid JSON at line 1, column 9: /);
    // V8 gives no position for these: our scanner finds it
    expect((await refusal('{"a": tru}', "json", "csv")).message).toBe("Invalid JSON at line 1, column 7: Unexpected token '}'.");
    expect((await refusal(`{"a": 1,\n "b": [1, 2,, 3], "c": "${"x".repeat(100)}"}`, "json", "csv")).message).toBe("Invalid JSON at line 2, column 13: Unexpected token ','.");
    expect((await refusal('{"a": [1, 2,]}', "json", "csv")).message).toBe("Invalid JSON at line 1, column 13: Unexpected token ']'.");
  });

  it("XML", async () => {
    expect(await refusal("<a>\n  <b>text</c>\n</a>", "xml", "json")).toEqual({ code: "damaged", message: "Invalid XML at line 2, column 10: </c> does not match the open element <b>." });
  });

  it("CSV: an unterminated quote", async () => {
    expect((await refusal('a,b\n1,2\n3,"four\n', "csv", "json")).message).toBe("Invalid CSV at line 3, column 3: Quoted field unterminated.");
  });
});

describe("hostile input: a clear message, no crash", () => {
  it("billion laughs", async () => {
    const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join("\n");
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 "lol">\n${entities}\n]>\n<lolz>&lol9;</lolz>`;
    const { code, message } = await refusal(xml, "xml", "json");
    expect(code).toBe("too-much-work");
    expect(message).toMatch(/^The XML's entities expand to more than 1,000,000 characters \(line 14, column 7\).*billion laughs/);
  });

  it("an external entity is not loaded: its reference gives nothing", async () => {
    expect(await run('<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>', "xml", "json", { pretty: false })).toBe('{"a":""}');
  });

  it("internal entities are expanded, those built from others too", async () => {
    expect(await run('<!DOCTYPE a [<!ENTITY co "A &amp; B"><!ENTITY full "&co; Ltd">]><a>&full; &amp; sons</a>', "xml", "json", { pretty: false })).toBe('{"a":"A & B Ltd & sons"}');
  });

  it.each([
    ["JSON", "json" as const, "[".repeat(100_000) + "]".repeat(100_000)],
    ["JSON objects", "json" as const, '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000)],
    ["XML", "xml" as const, "<a>".repeat(100_000) + "</a>".repeat(100_000)],
  ])("%s 10^5 levels deep", async (_, from, text) => {
    expect(await refusal(text, from, "csv")).toEqual({ code: "too-much-work", message: `The ${from.toUpperCase()} nests deeper than 1000 levels; no real data file does, so it was not converted.` });
  });

  it("tables that a few bytes blow up to billions of cells", async () => {
    // 10,000 columns over 100,000 one-letter rows: 10^9 cells to write
    const wide = `${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(",")}\n${"a\n".repeat(100_000)}`;
    expect(await refusal(wide, "csv", "csv")).toEqual({ code: "too-much-work", message: "The table would have 100,000 rows × 10,000 columns, with over 20,000,000 empty cells to fill in; it was not converted." });
    // records each adding a key, then many with the last one: every row padded to 10,000 cells
    const keys = Array.from({ length: 10_000 }, (_, i) => `{"k${i}":1}`);
    const sparse = `[${[...keys, ...Array.from({ length: 20_000 }, () => '{"k9999":1}')].join(",")}]`;
    expect((await refusal(sparse, "json", "csv")).code).toBe("too-much-work");
    // colspan and rowspan at their maximum, repeated
    const spans = `<table>${'<tr><td colspan="1000" rowspan="1000">x</td></tr>'.repeat(300)}</table>`;
    expect((await refusal(spans, "html", "csv")).message).toMatch(/over 20,000,000 empty cells/);
  });

  it("1000 levels convert", async () => {
    const json = "[".repeat(1000) + "1" + "]".repeat(1000);
    expect(JSON.parse(await run(json, "json", "json", { pretty: false }))).toEqual(JSON.parse(json));
    expect(() => xmllint(`${"<a>".repeat(999)}x${"</a>".repeat(999)}`, "--noout", "--huge")).not.toThrow();
    await expect(run(`${"<a>".repeat(999)}x${"</a>".repeat(999)}`, "xml", "txt")).resolves.toContain("a: x");
  });
});

describe("progress and cancel", () => {
  const big = `id,name\n${Array.from({ length: 50_000 }, (_, i) => `${i},name ${i}`).join("\n")}\n`;

  it("reports progress rising to 1", async () => {
    const seen: number[] = [];
    await convertData(encode(big), "csv", "json", DEFAULT_DATA_OPTIONS, { onProgress: (f) => seen.push(f) });
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.every((f, i) => i === 0 || f >= seen[i - 1]!)).toBe(true);
    expect(seen.at(-1)).toBe(1);
  });

  it("reports the XML tree being built, step by step", async () => {
    const xml = `<r>${"<row><a>1</a><b>two</b></row>".repeat(120_000)}</r>`;
    const seen: number[] = [];
    await convertData(encode(xml), "xml", "csv", DEFAULT_DATA_OPTIONS, { onProgress: (f) => seen.push(f) });
    // parsing is the second quarter-and-a-bit (0.3 to 0.6): several steps land inside it
    expect(seen.filter((f) => f > 0.3 && f < 0.6).length).toBeGreaterThanOrEqual(2);
    expect(seen.every((f, i) => i === 0 || f >= seen[i - 1]!)).toBe(true);
  });

  it("stops with an AbortError when cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(convertData(encode(big), "csv", "json", DEFAULT_DATA_OPTIONS, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("previews", () => {
  it("the first 20 rows of a CSV, from its first megabyte only", () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => `${i},${"x".repeat(20)}`).join("\n");
    const { preview } = previewData(encode(`n,text\n${rows}\n`), "csv", DEFAULT_DATA_OPTIONS);
    expect(preview).toMatchObject({ kind: "table", columns: ["n", "text"], totalRows: -1 });
    expect(preview.kind === "table" && preview.rows.length).toBe(20);
  });

  it("a big CSV whose first megabyte ends inside a quoted field and a character", () => {
    const field = `"${"é".repeat(400_000)}\r\nstill the same field, ""quoted"""`;
    const { preview } = previewData(encode(`n,text\r\n1,${field}\r\n2,${field}\r\n`), "csv", DEFAULT_DATA_OPTIONS);
    expect(preview).toMatchObject({ kind: "table", columns: ["n", "text"], totalRows: -1 });
    expect(preview.kind === "table" && preview.rows[0]![1]).toMatch(/^éé/);
  });

  it("a JSON's records as a table, and the output's first lines after converting", async () => {
    const { preview } = previewData(encode('{"list":[{"a":1,"b":{"c":2}},{"a":3}]}'), "json", DEFAULT_DATA_OPTIONS);
    expect(preview).toEqual({ kind: "table", columns: ["a", "b.c"], rows: [["1", "2"], ["3", ""]], totalRows: 2 });
    const result = await convertData(encode("a\n1\n"), "csv", "xml", DEFAULT_DATA_OPTIONS);
    expect(result.preview).toEqual({ kind: "text", lines: ['<?xml version="1.0" encoding="UTF-8"?>', "<root>", "  <item>", "    <a>1</a>", "  </item>", "</root>"] });
  });
});
