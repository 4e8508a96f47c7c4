// TXT in: what the text is, sniffed from its content (README.md, "TXT input"): JSON when it starts
// with { or [ and parses, HTML when it starts like a page or a table, XML when it starts with < and
// parses, a delimited table when , ; tab or | splits its first lines evenly into 2+ columns, else lines.
import { CodecFailure } from "../common/codec-failure.ts";
import { sniffDelimiter } from "./read-csv.ts";
import { readJson } from "./read-json.ts";
import { readXml } from "./read-xml.ts";
import type { CsvDelimiter, DataValue } from "./data-model.ts";

export type TxtSniff =
  | { as: "json"; value: DataValue }
  | { as: "xml"; value: DataValue }
  | { as: "html" }
  | { as: "csv"; delimiter: CsvDelimiter }
  | { as: "lines" };

const HTML_START = /^<(!doctype\s+html|html|head|body|table)[\s>]/i;

/** Parses as JSON or XML, or undefined when it does not (a refusal for depth or entities is kept). */
function attempt(parse: () => DataValue): DataValue | undefined {
  try {
    return parse();
  } catch (error) {
    if (error instanceof CodecFailure && error.code !== "damaged") throw error;
    return undefined;
  }
}

export function sniffText(text: string): TxtSniff {
  const start = text.trimStart();
  const first = start[0];
  if (first === "{" || first === "[") {
    const value = attempt(() => readJson(text));
    if (value !== undefined) return { as: "json", value };
  }
  if (first === "<") {
    if (HTML_START.test(start)) return { as: "html" };
    const value = attempt(() => readXml(start));
    if (value !== undefined) return { as: "xml", value };
  }
  const delimiter = sniffDelimiter(text);
  if (delimiter !== undefined) return { as: "csv", delimiter };
  return { as: "lines" };
}

export function textLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}
