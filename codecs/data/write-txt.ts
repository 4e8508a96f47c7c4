// TXT out: a table as aligned columns (two spaces apart, a line of dashes under the header), a tree
// as an indented outline ("key: value", nested keys two spaces in), lines as they are.
import { cellText } from "./flatten.ts";
import type { DataTable, DataValue } from "./data-model.ts";
import type { TextSink } from "./text-codec.ts";

const TICK_EVERY = 4096;
/** columns are padded to their longest cell, up to this many characters (longer cells stick out) */
const MAX_COLUMN_WIDTH = 60;

const oneLine = (text: string): string => (text.includes("\n") || text.includes("\r") ? text.replace(/\r\n|\r|\n/g, " ") : text);

export function writeTextTable(table: DataTable, sink: TextSink, header: boolean, tick?: (fraction: number) => void): void {
  const width = table.columns.length;
  const widths = Array.from({ length: width }, () => 0);
  const measure = (cells: readonly string[]) => {
    for (let i = 0; i < width; i++) {
      const length = Math.min(MAX_COLUMN_WIDTH, oneLine(cells[i] ?? "").length);
      if (length > widths[i]!) widths[i] = length;
    }
  };
  if (header) measure(table.columns);
  for (const row of table.rows) measure(row);
  const line = (cells: readonly string[]): string => {
    let out = "";
    for (let i = 0; i < width; i++) {
      const text = oneLine(cells[i] ?? "");
      out += i === width - 1 ? text : text.padEnd(widths[i]!) + "  ";
    }
    return `${out.trimEnd()}\n`;
  };
  if (header) {
    sink.write(line(table.columns));
    sink.write(`${widths.map((w) => "-".repeat(Math.max(1, w))).join("  ")}\n`);
  }
  const { rows } = table;
  for (let r = 0; r < rows.length; r++) {
    sink.write(line(rows[r]!));
    if (tick && r % TICK_EVERY === 0) tick(r / rows.length);
  }
}

/** The outline of a tree: "key: value" lines, containers as "key" with their content indented; array items repeat their key ("-" at the top or in an array). */
export function writeTextOutline(value: DataValue, sink: TextSink): void {
  const entry = (label: string, node: DataValue, level: number): void => {
    const pad = "  ".repeat(level);
    if (Array.isArray(node)) {
      if (node.length === 0) sink.write(`${pad}${label}: []\n`);
      for (const item of node) entry(label, item, level);
      return;
    }
    if (node !== null && typeof node === "object") {
      sink.write(`${pad}${label}\n`);
      for (const key in node) entry(key, node[key]!, level + 1);
      return;
    }
    const text = cellText(node);
    sink.write(`${pad}${label}: ${text.includes("\n") ? text.replaceAll("\n", `\n${pad}  `) : text}\n`);
  };
  if (Array.isArray(value)) for (const item of value) entry("-", Array.isArray(item) ? { "-": item } : item, 0);
  else if (value !== null && typeof value === "object") for (const key in value) entry(key, value[key]!, 0);
  else sink.write(`${cellText(value)}\n`);
}

export function writeLines(lines: readonly string[], sink: TextSink): void {
  for (const line of lines) sink.write(`${line}\n`);
}
