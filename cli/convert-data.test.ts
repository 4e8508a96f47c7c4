// `npm run convert` on the data converter as a user runs it (a real Node process per call, like
// convert.test.ts): inputs written by hand, outputs read by jq, xmllint and Python's csv module.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { buildCliFirst, convert } from "#tests/support/cli/run-cli.ts";
import { HAVE_JQ, HAVE_XMLLINT, JQ, PYTHON, XMLLINT } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { inputKind } from "./input-kind.ts";

const work = scratch("convert-data-cli");
afterAll(() => work.cleanup());
const text = (name: string, content: string) => work.write(name, new TextEncoder().encode(content));
const read = (name: string) => readFileSync(work.path(name), "utf8");

buildCliFirst();

const pythonCsv = (csv: string, delimiter: string): string[][] =>
  JSON.parse(execFileSync(PYTHON, ["-c", `import csv, io, json, sys\nprint(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline=''), delimiter=${JSON.stringify(delimiter)}))))`], { input: csv, encoding: "utf8" })) as string[][];

const CSV = 'sku;name;price.amount;price.currency\r\nA1;"Mug; blue";4.50;EUR\r\nB2;"Say ""hi""";12;USD\r\n';

const bytes = (s: string) => new TextEncoder().encode(s);

describe("the kind of a text input", () => {
  it("comes from its extension when it has one of ours, else from its first characters", () => {
    expect(inputKind(bytes("a,b\n1,2\n"), "x.csv")).toBe("csv");
    expect(inputKind(bytes("a\tb\n"), "x.TSV")).toBe("csv");
    expect(inputKind(bytes("<p>hi</p>"), "x.htm")).toBe("html");
    expect(inputKind(bytes(' \n{"a":1}'), "data")).toBe("json");
    expect(inputKind(bytes("<!DOCTYPE html><p>"), "page")).toBe("html");
    expect(inputKind(bytes("<?xml version='1.0'?><a/>"), "feed")).toBe("xml");
    expect(inputKind(bytes("just words"), "notes")).toBe("txt");
    expect(inputKind(new Uint8Array([0xff, 0xfe, 0x7b, 0, 0x7d, 0]), "u16")).toBe("json");
    expect(inputKind(new Uint8Array([1, 0, 2, 3]), "x.csv")).toBeNull();
    // UTF-16 and UTF-32 with or without a BOM are text
    const utf16le = new Uint8Array(Buffer.from("<?xml version='1.0'?><a/>", "utf16le"));
    expect(inputKind(utf16le, "feed")).toBe("xml");
    expect(inputKind(utf16le, "notes.txt")).toBe("txt");
    expect(inputKind(new Uint8Array(Buffer.from("<a/>", "utf16le").swap16()), "doc")).toBe("xml");
    expect(inputKind(new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x7b, 0, 0, 0, 0x7d]), "u32")).toBe("json");
    expect(inputKind(new Uint8Array([0x3c, 0, 0, 0, 0x61, 0, 0, 0, 0x2f, 0, 0, 0, 0x3e, 0, 0, 0]), "u32.xml")).toBe("xml");
    // binary with NULs where UTF-16 would have them is still binary
    expect(inputKind(new Uint8Array([1, 0, 2, 0, 3, 0]), "x.csv")).toBeNull();
    expect(inputKind(new Uint8Array([0x41, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]), "x.json")).toBeNull();
    // NUL bytes that only pad the end do not make a file binary
    expect(inputKind(new Uint8Array([0x3c, 0x64, 0x2f, 0x3e, 0, 0]), "pad.xml")).toBe("xml");
  });
});

describe("XML, JSON, CSV, HTML and TXT in every direction", () => {
  it.skipIf(!HAVE_JQ || !HAVE_XMLLINT)("CSV → JSON (--all-strings) → XML → CSV keeps the data; jq and xmllint read the middle steps", () => {
    const csv = text("items.csv", CSV);
    const toJson = convert(csv, work.path("items.json"), "--all-strings");
    expect(toJson.status).toBe(0);
    expect(toJson.stdout.trim()).toMatch(/items\.json: JSON from CSV, semicolon-separated, \d+ bytes$/);
    expect(JSON.parse(execFileSync(JQ, ["-c", ".[0]"], { input: read("items.json"), encoding: "utf8" }))).toEqual({ sku: "A1", name: "Mug; blue", price: { amount: "4.50", currency: "EUR" } });
    expect(convert(work.path("items.json"), work.path("items.xml")).status).toBe(0);
    expect(execFileSync(XMLLINT, ["--xpath", "string(/root/item[2]/price/currency)", work.path("items.xml")], { encoding: "utf8" }).trim()).toBe("USD");
    expect(convert(work.path("items.xml"), work.path("back.csv"), "--delimiter", "semicolon").status).toBe(0);
    expect(read("back.csv")).toBe(CSV);
  });

  it("CSV → JSON writes numbers as JSON numbers with the cell's digits, unless --all-strings", () => {
    const csv = text("typed.csv", "id,price,code,ok\n1,4.50,007,TRUE\n");
    expect(convert(csv, work.path("typed.json"), "--compact").status).toBe(0);
    expect(read("typed.json")).toBe('[{"id":1,"price":4.50,"code":"007","ok":true}]');
    expect(convert(csv, work.path("text.json"), "--compact", "--all-strings").status).toBe(0);
    expect(read("text.json")).toBe('[{"id":"1","price":"4.50","code":"007","ok":"TRUE"}]');
  });

  it("--quote all, --delimiter tab, --no-header", () => {
    const csv = text("plain.csv", "a,b\n1,2\n");
    expect(convert(csv, work.path("tabbed.csv"), "--quote", "all", "--delimiter", "tab").status).toBe(0);
    // the input is read with tabs too: each line is one field
    expect(pythonCsv(read("tabbed.csv"), "\t")).toEqual([["a,b"], ["1,2"]]);
    expect(convert(csv, work.path("rows.json"), "--no-header", "--compact").status).toBe(0);
    expect(read("rows.json")).toBe('[["a","b"],[1,2]]');
  });

  it("HTML table → CSV, and a TXT that holds JSON → aligned text", () => {
    const html = text("t.html", "<table><tr><th>k</th><th>v</th></tr><tr><td>x</td><td>1</td></tr></table>");
    expect(convert(html, work.path("t.csv")).status).toBe(0);
    expect(pythonCsv(read("t.csv"), ",")).toEqual([["k", "v"], ["x", "1"]]);
    const txt = text("data.txt", '[{"name":"Ann","age":31},{"name":"Bartholomew","age":7}]');
    const run = convert(txt, work.path("out.txt"));
    expect(run.stdout).toMatch(/TXT from TXT \(read as JSON\)/);
    expect(read("out.txt")).toBe("-\n  name: Ann\n  age: 31\n-\n  name: Bartholomew\n  age: 7\n");
  });

  it("refusals are one line: a malformed file with its line and column, a bad option, a deep file", () => {
    const bad = convert(text("bad.xml", "<a>\n  <b></a>"), work.path("bad.json"));
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe("convert: Invalid XML at line 2, column 6: </a> does not match the open element <b>.");
    const option = convert(text("ok.csv", "a\n1\n"), work.path("ok.json"), "--delimiter", "x");
    expect(option.stderr.trim()).toBe("convert: --delimiter takes auto, comma, semicolon, tab or pipe (got \"x\"). (--help for usage)");
    const deep = convert(text("deep.json", "[".repeat(100_000) + "]".repeat(100_000)), work.path("deep.csv"));
    expect(deep.status).toBe(1);
    expect(deep.stderr.trim()).toMatch(/^convert: The JSON nests deeper than 1000 levels/);
  });
});
