// The data converter's one entry (issue 15): bytes of XML, JSON, CSV, HTML or TXT in, UTF-8 bytes of
// any of them out, with a preview; and the preview of an input before converting. Progress is the
// share of the input's bytes decoded and parsed, then of its records written.
import { DocumentError } from "../document/document-error.ts";
import { typedCell } from "./cell-types.ts";
import { throwIfAborted, tooManyCells } from "./data-error.ts";
import {
  MAX_PADDING_CELLS,
  PREVIEW_CELL_CHARS,
  PREVIEW_COLUMNS,
  PREVIEW_ROWS,
  type CsvDelimiter,
  type DataDoc,
  type DataFacts,
  type DataFormat,
  type DataOptions,
  type DataPreview,
  type DataProgress,
  type DataTable,
  type DataValue,
  type JsonValue,
} from "./data-model.ts";
import { findRecords, rowsTable, tableToTree, treeToTable, VALUE_COLUMN } from "./flatten.ts";
import { readCsv } from "./read-csv.ts";
import { readHtml } from "./read-html.ts";
import { readJson } from "./read-json.ts";
import { sniffText, textLines } from "./read-txt.ts";
import { readXml } from "./read-xml.ts";
import { decodeText, sniffUnicode, TextSink } from "./text-codec.ts";
import { writeCsv } from "./write-csv.ts";
import { writeHtml } from "./write-html.ts";
import { writeJson } from "./write-json.ts";
import { writeLines, writeTextOutline, writeTextTable } from "./write-txt.ts";
import { writeXml } from "./write-xml.ts";

export interface DataResult {
  bytes: Uint8Array;
  preview: DataPreview;
  facts: DataFacts;
}

/** bytes of a CSV decoded for its preview (the rest is not needed to show 20 rows); a caller may pass only this many + 1 */
export const PREVIEW_CSV_BYTES = 1 << 20;
/** the share of the progress bar for decoding and parsing; writing has the rest */
const READ_SHARE = 0.6;

interface Read {
  doc: DataDoc;
  facts: DataFacts;
}

/** maxRows and cut: a preview's first rows, from a text cut short (a quote it leaves open is no error) */
function readDoc(text: string, from: DataFormat, options: DataOptions, progress: DataProgress & { maxRows?: number; cut?: boolean; to?: DataFormat }): Read {
  const onParse = progress.onProgress;
  switch (from) {
    case "json":
      return { doc: { kind: "tree", value: readJson(text, { exactNumbers: progress.to !== "json" }) }, facts: { readAs: "json" } };
    case "xml":
      return { doc: { kind: "tree", value: readXml(text, onParse, progress.signal) }, facts: { readAs: "xml" } };
    case "csv": {
      const { table, delimiter } = readCsv(text, { delimiter: options.delimiter, header: options.header, maxRows: progress.maxRows, cut: progress.cut, onProgress: onParse, signal: progress.signal });
      return { doc: { kind: "table", table, hasHeader: options.header }, facts: { readAs: "csv", delimiter } };
    }
    case "html": {
      const { tables, lines } = readHtml(text, onParse, progress.signal);
      const first = tables.find((t) => t.table.rows.length > 0 || t.hasHeader);
      if (!first) return { doc: { kind: "lines", lines }, facts: { readAs: "html", tables: 0 } };
      return { doc: { kind: "table", table: first.table, hasHeader: first.hasHeader }, facts: { readAs: "html", tables: tables.length } };
    }
    case "txt": {
      const sniffed = sniffText(text);
      if (sniffed.as === "json" || sniffed.as === "xml") return { doc: { kind: "tree", value: sniffed.value }, facts: { readAs: sniffed.as } };
      if (sniffed.as === "lines") return { doc: { kind: "lines", lines: textLines(text) }, facts: { readAs: "lines" } };
      const read = readDoc(text, sniffed.as, sniffed.as === "csv" ? { ...options, delimiter: options.delimiter === "auto" ? sniffed.delimiter : options.delimiter } : options, progress);
      return { doc: read.doc, facts: { ...read.facts, readAs: sniffed.as } };
    }
  }
}

const TEXT_COLUMN = "text";

function asTree(doc: DataDoc): DataValue {
  if (doc.kind === "tree") return doc.value;
  if (doc.kind === "table") return tableToTree(doc.table, doc.hasHeader);
  return doc.lines;
}

/**
 * The tree JSON output writes, and whether it holds typed cells: a CSV's (or a delimited TXT's)
 * numbers and booleans with `keepTypes`. HTML tables stay text: their cells are what a page shows
 * ("1,200", "$5"), not values an export wrote.
 */
function jsonTree(doc: DataDoc, facts: DataFacts, options: DataOptions): { value: JsonValue; typed: boolean } {
  if (doc.kind === "table" && facts.readAs === "csv" && options.keepTypes) return { value: tableToTree(doc.table, doc.hasHeader, typedCell), typed: true };
  return { value: asTree(doc), typed: false };
}

/** The table view of a doc, refused when its writers would pad short rows with more than MAX_PADDING_CELLS empty cells. */
function asTable(doc: DataDoc): { table: DataTable; hasHeader: boolean } {
  if (doc.kind === "table") {
    const { rows, columns } = doc.table;
    let filled = 0;
    for (const row of rows) filled += Math.min(row.length, columns.length);
    if (rows.length * columns.length - filled > MAX_PADDING_CELLS) throw tooManyCells(rows.length, columns.length);
    return { table: doc.table, hasHeader: doc.hasHeader };
  }
  if (doc.kind === "lines") return { table: { columns: [TEXT_COLUMN], rows: doc.lines.map((line) => [line]) }, hasHeader: true };
  const plain = rowsTable(doc.value);
  return plain ? asTable({ kind: "table", table: plain, hasHeader: false }) : { table: treeToTable(doc.value), hasHeader: true };
}

function clip(text: string): string {
  return text.length > PREVIEW_CELL_CHARS ? `${text.slice(0, PREVIEW_CELL_CHARS)}…` : text;
}

function tablePreview(table: DataTable, totalRows: number): DataPreview {
  const columns = table.columns.slice(0, PREVIEW_COLUMNS).map(clip);
  const rows = table.rows.slice(0, PREVIEW_ROWS).map((row) => columns.map((_, i) => clip(row[i] ?? "")));
  return { kind: "table", columns, rows, totalRows };
}

/** The first lines of a text, each clipped. */
function textPreview(text: string): DataPreview {
  return { kind: "text", lines: textLines(text.slice(0, 64 << 10)).slice(0, PREVIEW_ROWS).map(clip) };
}

/** The preview of what was read: a table's first rows, a tree's first records as a table, or the first lines. */
function docPreview(doc: DataDoc): DataPreview {
  if (doc.kind === "table") return tablePreview(doc.table, doc.table.rows.length);
  if (doc.kind === "lines") return tablePreview({ columns: [TEXT_COLUMN], rows: doc.lines.slice(0, PREVIEW_ROWS).map((l) => [l]) }, doc.lines.length);
  const records = findRecords(doc.value);
  const head = records.slice(0, PREVIEW_ROWS);
  const first = rowsTable(head) ?? treeToTable(head);
  if (first.columns.length === 1 && first.columns[0] === VALUE_COLUMN && records.length === 1) {
    return textPreview(JSON.stringify(doc.value, null, 2));
  }
  return tablePreview(first, records.length);
}

/** The CSV output's delimiter: the one chosen, else the input's, else a comma. */
const outputDelimiter = (options: DataOptions, facts: DataFacts): CsvDelimiter => (options.delimiter !== "auto" ? options.delimiter : (facts.delimiter ?? ","));

export async function convertData(input: Uint8Array, from: DataFormat, to: DataFormat, options: DataOptions, progress: DataProgress = {}): Promise<DataResult> {
  const { onProgress, signal } = progress;
  const total = Math.max(1, input.length);
  // decoding is half of reading, parsing the other half (when the parser reports; else it jumps)
  const { text } = decodeText(input, { format: from, onBytes: (done) => onProgress?.((READ_SHARE / 2) * (done / total)), signal });
  const parseProgress = (fraction: number) => onProgress?.(READ_SHARE / 2 + (READ_SHARE / 2) * fraction);
  const { doc, facts } = readDoc(text, from, options, { onProgress: parseProgress, signal, to });
  throwIfAborted(signal);
  onProgress?.(READ_SHARE);
  const tick = (fraction: number) => {
    throwIfAborted(signal);
    onProgress?.(READ_SHARE + (1 - READ_SHARE) * Math.min(1, fraction));
  };
  const sink = new TextSink();
  let preview: DataPreview | undefined;
  switch (to) {
    case "json": {
      const { value, typed } = jsonTree(doc, facts, options);
      writeJson(value, sink, { pretty: options.pretty, typed }, tick);
      break;
    }
    case "xml":
      writeXml(asTree(doc), sink, options.pretty, tick);
      break;
    case "csv": {
      const { table, hasHeader } = asTable(doc);
      writeCsv(table, sink, { delimiter: outputDelimiter(options, facts), header: hasHeader && options.header, quote: options.quote }, tick);
      preview = tablePreview(table, table.rows.length);
      break;
    }
    case "html": {
      const { table, hasHeader } = asTable(doc);
      writeHtml(table, sink, { header: hasHeader, pretty: options.pretty, title: "Converted data" }, tick);
      preview = tablePreview(table, table.rows.length);
      break;
    }
    case "txt":
      if (doc.kind === "lines") writeLines(doc.lines, sink);
      else if (doc.kind === "tree") writeTextOutline(doc.value, sink);
      else writeTextTable(asTable(doc).table, sink, doc.hasHeader, tick);
      break;
    default:
      throw new DocumentError(`Cannot write "${String(to)}": the data converter writes XML, JSON, CSV, HTML and TXT.`, "unsupported");
  }
  const bytes = sink.finish();
  onProgress?.(1);
  if (!preview) preview = textPreview(new TextDecoder().decode(bytes.subarray(0, 64 << 10)));
  return { bytes, preview, facts };
}

/** A CSV's first megabyte, cut where no character is split: after its last LF byte (UTF-8 and legacy encodings), or at a whole UTF-16/32 unit. */
function previewHead(input: Uint8Array): Uint8Array {
  const part = input.subarray(0, PREVIEW_CSV_BYTES);
  const unicode = sniffUnicode(input)?.encoding ?? "utf-8";
  if (unicode === "utf-8") {
    const lineEnd = part.lastIndexOf(0x0a);
    return lineEnd > 0 ? part.subarray(0, lineEnd + 1) : part;
  }
  const unit = unicode.startsWith("utf-32") ? 4 : 2;
  return part.subarray(0, part.length - (part.length % unit));
}

/** The preview of an input before converting (a CSV's first rows are read from its first megabyte only). */
export function previewData(input: Uint8Array, from: DataFormat, options: DataOptions): { preview: DataPreview; facts: DataFacts } {
  const head = from === "csv" && input.length > PREVIEW_CSV_BYTES;
  const { text } = decodeText(head ? previewHead(input) : input, { format: from });
  const { doc, facts } = readDoc(head ? text.slice(0, text.lastIndexOf("\n") + 1) : text, from, options, { maxRows: PREVIEW_ROWS, cut: head });
  const preview = docPreview(doc);
  return { preview: head && preview.kind === "table" ? { ...preview, totalRows: -1 } : preview, facts };
}
