// HTML in: htmlparser2's streaming tokenizer (no DOM, runs in a worker, no recursion), collecting
// the tables. A cell spanning columns or rows gets its text in its first slot and "" in the others.
// A table's header is its last <thead> row, else its first row when every cell is a <th>.
// No table: the page's text, one line per block (p, div, li, headings, br...).
import { Parser } from "htmlparser2";
import { throwIfAborted, tooManyCells } from "./data-error.ts";
import { uniqueNames } from "./read-csv.ts";
import { MAX_PADDING_CELLS, type DataTable } from "./data-model.ts";

/** characters fed to the tokenizer per step */
const HTML_STEP = 1 << 20;
/** largest colspan or rowspan honoured (HTML itself caps colspan at 1000 and rowspan at 65534) */
const MAX_SPAN = 1000;

const BLOCKS = new Set(["p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "footer", "pre", "blockquote", "dt", "dd", "caption", "table", "ul", "ol", "hr"]);
const SKIPPED = new Set(["script", "style", "template", "noscript", "head"]);

interface OpenTable {
  /** how many tables opened before this one */
  order: number;
  rows: string[][];
  headerRows: number[];
  inHead: boolean;
  row: string[] | null;
  rowAllTh: boolean;
  cell: string[] | null;
  cellSpan: number;
  cellRowSpan: number;
  /** rows still covered by a rowspan, per column */
  spans: number[];
  /** empty cells made for spans so far (a few bytes of colspan/rowspan can ask for billions) */
  padding: number;
}

export interface HtmlRead {
  tables: { table: DataTable; hasHeader: boolean }[];
  /** the text, one line per block, when the page has no table */
  lines: string[];
}

const squash = (text: string) => text.replace(/[ \t\r\n\f]+/g, " ").trim();

function span(value: string | undefined): number {
  const n = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_SPAN) : 1;
}

/** Counts the empty cells spans make, and refuses a table past MAX_PADDING_CELLS before it is built. */
function count(table: OpenTable, cells: number): void {
  table.padding += cells;
  if (table.padding > MAX_PADDING_CELLS) throw tooManyCells(table.rows.length + 1, table.row?.length ?? 0);
}

function fillSpans(table: OpenTable, row: string[]): void {
  while ((table.spans[row.length] ?? 0) > 0) {
    table.spans[row.length]! -= 1;
    row.push("");
    count(table, 1);
  }
}

function finishTable(table: OpenTable): { table: DataTable; hasHeader: boolean; order: number } {
  const headerIndex = table.headerRows.length > 0 ? table.headerRows.at(-1)! : -1;
  let width = 0;
  for (const row of table.rows) width = Math.max(width, row.length);
  if (headerIndex === -1) return { table: { columns: Array.from({ length: width }, (_, i) => String(i + 1)), rows: table.rows }, hasHeader: false, order: table.order };
  const head = table.rows[headerIndex]!;
  const columns = uniqueNames(Array.from({ length: width }, (_, i) => (head[i] ?? "") || `column${i + 1}`));
  const rows = table.rows.filter((_, i) => !table.headerRows.includes(i));
  return { table: { columns, rows }, hasHeader: true, order: table.order };
}

export function readHtml(text: string, onProgress?: (fraction: number) => void, signal?: AbortSignal): HtmlRead {
  const tables: { table: DataTable; hasHeader: boolean; order: number }[] = [];
  let opened = 0;
  const open: OpenTable[] = [];
  const lines: string[] = [];
  let line: string[] = [];
  let skipping = 0;
  const endLine = () => {
    const done = squash(line.join(""));
    if (done !== "") lines.push(done);
    line = [];
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (SKIPPED.has(name)) skipping += 1;
        if (BLOCKS.has(name)) endLine();
        const table = open.at(-1);
        if (name === "table") open.push({ order: opened++, rows: [], headerRows: [], inHead: false, row: null, rowAllTh: true, cell: null, cellSpan: 1, cellRowSpan: 1, spans: [], padding: 0 });
        else if (!table) return;
        else if (name === "thead") table.inHead = true;
        else if (name === "tr") {
          table.row = [];
          table.rowAllTh = true;
        } else if ((name === "td" || name === "th") && table.row) {
          fillSpans(table, table.row);
          table.cell = [];
          table.cellSpan = span(attributes.colspan);
          table.cellRowSpan = span(attributes.rowspan);
          if (name === "td") table.rowAllTh = false;
        } else if (name === "br" && table.cell) table.cell.push("\n");
      },
      ontext(data) {
        if (skipping > 0) return;
        line.push(data);
        open.at(-1)?.cell?.push(data);
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        if (BLOCKS.has(name)) endLine();
        const table = open.at(-1);
        if (!table) return;
        if (name === "table") {
          open.pop();
          tables.push(finishTable(table));
        } else if (name === "thead") table.inHead = false;
        else if ((name === "td" || name === "th") && table.row && table.cell) {
          const column = table.row.length;
          count(table, table.cellSpan - 1);
          const cellText = table.cell.join("").split("\n").map(squash).join("\n");
          for (let i = 0; i < table.cellSpan; i++) {
            table.row.push(i === 0 ? cellText : "");
            if (table.cellRowSpan > 1) table.spans[column + i] = table.cellRowSpan - 1;
          }
          table.cell = null;
        } else if (name === "tr" && table.row) {
          // columns still covered by a rowspan from above, after this row's last cell
          const last = table.spans.findLastIndex((n) => n > 0);
          while (table.row.length <= last) {
            if ((table.spans[table.row.length] ?? 0) > 0) table.spans[table.row.length]! -= 1;
            table.row.push("");
            count(table, 1);
          }
          if (table.row.length > 0) {
            if (table.inHead || (table.rowAllTh && table.rows.length === 0)) table.headerRows.push(table.rows.length);
            table.rows.push(table.row);
          }
          table.row = null;
        }
      },
    },
    { decodeEntities: true },
  );
  for (let at = 0; at < text.length; at += HTML_STEP) {
    throwIfAborted(signal);
    parser.write(text.slice(at, at + HTML_STEP));
    onProgress?.(Math.min(1, (at + HTML_STEP) / text.length));
  }
  parser.end();
  endLine();
  // an inner table closes before its outer one: back into the order the tables open in
  return { tables: tables.toSorted((a, b) => a.order - b.order).map(({ table, hasHeader }) => ({ table, hasHeader })), lines };
}
