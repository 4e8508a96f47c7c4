// CSV in: papaparse, in chunks (progress and Cancel between them), rows as arrays of strings. The
// delimiter is sniffed from the first lines unless given or named by Excel's "sep=;" line; a broken
// quote is reported with its line.
import Papa from "papaparse";
import { DocumentError } from "../document/document-error.ts";
import { lineColumn, parseError, throwIfAborted } from "./data-error.ts";
import { CSV_DELIMITERS, type CsvDelimiter, type DataTable } from "./data-model.ts";

/** characters papaparse parses per step */
const CSV_STEP = 1 << 20;
/** characters looked at to sniff the delimiter */
const SNIFF_CHARS = 64 << 10;

/** The delimiter papaparse finds in the first lines (among , ; tab |), or undefined if none splits them evenly. */
export function sniffDelimiter(text: string): CsvDelimiter | undefined {
  const sample = Papa.parse<string[]>(text.slice(0, SNIFF_CHARS), { preview: 10, skipEmptyLines: true, delimitersToGuess: [...CSV_DELIMITERS] });
  const found = sample.meta.delimiter as CsvDelimiter;
  if (sample.errors.some((e) => e.code === "UndetectableDelimiter")) return undefined;
  return CSV_DELIMITERS.includes(found) ? found : undefined;
}

/** papaparse reads strings in chunks too, but its types only allow `chunk` for files and workers */
type ChunkedParse = (text: string, config: Papa.ParseConfig<string[]> & { chunkSize: number; chunk: (result: Papa.ParseResult<string[]>) => void }) => void;
const parseChunked = Papa.parse as unknown as ChunkedParse;

export interface CsvRead {
  table: DataTable;
  delimiter: CsvDelimiter;
}

/** Generated column names of a table read without a header row: "1", "2"... */
export function numberedColumns(count: number): string[] {
  return Array.from({ length: count }, (_, i) => String(i + 1));
}

/** Column names made unique for JSON keys: a second "name" becomes "name_2". */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let unique = name;
    for (let n = 2; seen.has(unique); n++) unique = `${name}_${n}`;
    seen.add(unique);
    return unique;
  });
}

export interface CsvReadOptions {
  delimiter: CsvDelimiter | "auto";
  header: boolean;
  /** stop after this many data rows (the preview) */
  maxRows?: number;
  /** the text is the start of a longer file: a quoted field it leaves open is not an error */
  cut?: boolean;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Excel's hint line "sep=;" before the header: the delimiter it names, and where the data starts. */
function excelSeparator(text: string): { delimiter: CsvDelimiter; start: number } | undefined {
  const match = /^sep=([,;\t|])\r?\n/.exec(text);
  return match ? { delimiter: match[1] as CsvDelimiter, start: match[0].length } : undefined;
}

export function readCsv(whole: string, options: CsvReadOptions): CsvRead {
  const hint = excelSeparator(whole);
  const text = hint ? whole.slice(hint.start) : whole;
  const delimiter = options.delimiter === "auto" ? (hint?.delimiter ?? sniffDelimiter(text) ?? ",") : options.delimiter;
  const rows: string[][] = [];
  let chunkStart = 0;
  let firstError: { message: string; index: number } | undefined;
  const preview = options.maxRows === undefined ? 0 : options.maxRows + (options.header ? 1 : 0);
  try {
    parseChunked(text, {
      delimiter,
      skipEmptyLines: true,
      preview,
      chunkSize: CSV_STEP,
      chunk: (result) => {
        throwIfAborted(options.signal);
        // papaparse's error positions are within the chunk (which starts where the last one ended),
        // one past the field's opening quote
        const quoteError = result.errors.find((e) => e.type === "Quotes" && !(options.cut && e.code === "MissingQuotes"));
        if (quoteError && !firstError) firstError = { message: quoteError.message, index: chunkStart + Math.max(0, (quoteError.index ?? 1) - 1) };
        for (const row of result.data) rows.push(row);
        chunkStart = result.meta.cursor;
        options.onProgress?.(text.length === 0 ? 1 : Math.min(1, chunkStart / text.length));
      },
    });
  } catch (error) {
    if (error instanceof DOMException) throw error;
    throw error instanceof DocumentError ? error : parseError("CSV", error instanceof Error ? error.message : String(error));
  }
  if (firstError) {
    const where = lineColumn(text, firstError.index);
    throw parseError("CSV", firstError.message, { line: where.line + (hint ? 1 : 0), column: where.column });
  }
  let width = 0;
  for (const row of rows) if (row.length > width) width = row.length;
  if (options.header && rows.length > 0) {
    const head = rows.shift()!;
    const named = head.map((name, i) => (name.trim() === "" ? `column${i + 1}` : name));
    for (let i = named.length; i < width; i++) named.push(`column${i + 1}`);
    return { table: { columns: uniqueNames(named), rows }, delimiter };
  }
  return { table: { columns: numberedColumns(width), rows }, delimiter };
}
