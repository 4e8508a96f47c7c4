// XML, JSON, CSV, HTML and TXT in every direction (issue 15): the data page's codec, run by Node.
// The input's kind comes from its content and name (cli/text-kind.ts), the target from the output's extension.
import { convertData } from "#codecs/data/convert-data.ts";
import type { DataFormat } from "#codecs/data/data-model.ts";
import { writeOutput } from "../convert-io.ts";
import type { ConversionHandler } from "../handler.ts";

const NAMES: Readonly<Record<DataFormat, string>> = { xml: "XML", json: "JSON", csv: "CSV", html: "HTML", txt: "TXT" };
const DELIMITER_NAMES: Readonly<Record<string, string>> = { ",": "comma", ";": "semicolon", "\t": "tab", "|": "pipe" };

export const convert: ConversionHandler = async ({ bytes, kind, args }) => {
  const from = kind as DataFormat;
  const to = args.output.toLowerCase().split(".").pop() as DataFormat;
  const result = await convertData(bytes, from, to, args.data);
  writeOutput(args.output, result.bytes);
  const { facts, preview } = result;
  const read = from === "txt" && facts.readAs !== "txt" ? ` (read as ${facts.readAs === "lines" ? "lines of text" : NAMES[facts.readAs]})` : "";
  const delimiter = facts.delimiter ? `, ${DELIMITER_NAMES[facts.delimiter]}-separated` : "";
  const rows = preview.kind === "table" && preview.totalRows >= 0 ? `, ${preview.totalRows} row${preview.totalRows === 1 ? "" : "s"}` : "";
  const tables = facts.tables !== undefined && facts.tables > 1 ? `, the first of ${facts.tables} tables` : "";
  return `${args.output}: ${NAMES[to]} from ${NAMES[from]}${read}${delimiter}${tables}${rows}, ${result.bytes.length} bytes`;
};
