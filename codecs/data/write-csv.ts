// CSV out (RFC 4180): CRLF line ends; a field is quoted when it holds the delimiter, a quote or a
// line end ("minimal"), or always ("all"); quotes inside are doubled. Short rows are padded; a row of
// one empty field is written as "" (an empty line would be skipped).
import type { CsvDelimiter, DataTable } from "./data-model.ts";
import type { TextSink } from "./text-codec.ts";

const TICK_EVERY = 4096;

export interface CsvWriteOptions {
  delimiter: CsvDelimiter;
  header: boolean;
  quote: "minimal" | "all";
}

export function writeCsv(table: DataTable, sink: TextSink, options: CsvWriteOptions, tick?: (fraction: number) => void): void {
  const { delimiter } = options;
  const all = options.quote === "all";
  const field = (text: string): string => {
    const quoted = all || text.includes(delimiter) || text.includes('"') || text.includes("\n") || text.includes("\r");
    if (!quoted) return text;
    return `"${text.includes('"') ? text.replaceAll('"', '""') : text}"`;
  };
  const width = table.columns.length;
  const line = (cells: readonly string[]): string => {
    let out = "";
    for (let i = 0; i < width; i++) {
      if (i > 0) out += delimiter;
      out += field(cells[i] ?? "");
    }
    // a row of one empty field would be an empty line, which readers skip: quote it, as Python's csv does
    return width === 1 && out === "" ? `""\r\n` : `${out}\r\n`;
  };
  if (options.header) sink.write(line(table.columns));
  const { rows } = table;
  for (let r = 0; r < rows.length; r++) {
    sink.write(line(rows[r]!));
    if (tick && r % TICK_EVERY === 0) tick(r / rows.length);
  }
}
