// The data converter's neutral model (issue 15, xml-converter): every reader gives a DataDoc, every
// writer takes the tree or the table view of one (convert-data.ts). The mapping is in README.md.

export type DataFormat = "xml" | "json" | "csv" | "html" | "txt";
export const DATA_FORMATS: readonly DataFormat[] = ["xml", "json", "csv", "html", "txt"];

/** A JSON value; XML is read into one too ("@name" attributes, "#text" text, arrays for repeats). */
export type DataValue = string | number | boolean | null | DataValue[] | DataObject;
export interface DataObject {
  [key: string]: DataValue;
}

/** A CSV cell that is a number (`keepTypes`): JSON output writes its text as it is, never through a double. */
export class JsonNumber {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** What JSON output takes: a DataValue, or a CSV's tree with typed cells (numbers as JsonNumber). */
export type JsonValue = DataValue | JsonNumber | JsonValue[] | { [key: string]: JsonValue };

/** A flat table: column names and rows of strings (rows may be shorter than the columns). */
export interface DataTable {
  columns: string[];
  rows: string[][];
}

/** What a reader found: a tree (JSON, XML), a table (CSV, an HTML table) or plain lines of text. */
export type DataDoc =
  | { kind: "tree"; value: DataValue }
  | { kind: "table"; table: DataTable; hasHeader: boolean }
  | { kind: "lines"; lines: string[] };

export type CsvDelimiter = "," | ";" | "\t" | "|";
export const CSV_DELIMITERS: readonly CsvDelimiter[] = [",", ";", "\t", "|"];

export interface DataOptions {
  /** the CSV input's delimiter ("auto": sniffed), and the CSV output's ("auto": the input's, else ",") */
  delimiter: CsvDelimiter | "auto";
  /** the CSV's first row names the columns (input), and the output CSV starts with a header row */
  header: boolean;
  /** CSV output: quote every field, or only those that need it */
  quote: "minimal" | "all";
  /** indented JSON, XML and HTML; compact is one line (JSON, XML) */
  pretty: boolean;
  /** CSV (or a delimited TXT) → JSON: cells that are numbers or true/false become JSON numbers and booleans (cell-types.ts) */
  keepTypes: boolean;
}

export const DEFAULT_DATA_OPTIONS: DataOptions = { delimiter: "auto", header: true, quote: "minimal", pretty: true, keepTypes: true };

/** A few rows of a table or the first lines of a text, shown before and after converting. */
export type DataPreview =
  /** totalRows: the input's rows, or -1 when only its start was read */
  | { kind: "table"; columns: string[]; rows: string[][]; totalRows: number }
  | { kind: "text"; lines: string[] };

/** What the input was found to be (the preview's caption; the page shows the sniffed delimiter). */
export interface DataFacts {
  /** for TXT input, what its content was sniffed as */
  readAs: DataFormat | "lines";
  /** CSV (or delimited TXT) input: the delimiter used */
  delimiter?: CsvDelimiter;
  /** HTML input: how many tables it has (the first one with rows is converted) */
  tables?: number;
}

export interface DataProgress {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

// Limits: beyond these no real data file goes, and hostile ones (10^5 levels) would overflow our
// recursion or the parsers'.
/** deepest nesting of JSON arrays/objects or XML elements we convert */
export const MAX_DEPTH = 1000;
/** rows and columns of the previews */
export const PREVIEW_ROWS = 20;
export const PREVIEW_COLUMNS = 50;
/** the longest cell text a preview shows */
export const PREVIEW_CELL_CHARS = 200;
/** most columns a table may have (the union of keys of hostile JSON could be millions) */
export const MAX_COLUMNS = 10_000;
/**
 * most empty cells a table may be padded with (short rows, colspan/rowspan, sparse records): real
 * cells are bounded by the file's size, but a few bytes can ask for billions of padding cells (a
 * 10,000-column header over a million one-letter lines, 1000-wide spans)
 */
export const MAX_PADDING_CELLS = 20_000_000;
