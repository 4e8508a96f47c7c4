// HTML out: a whole UTF-8 page with one <table> (a <thead> row of <th> when there is a header).
import type { DataTable } from "./data-model.ts";
import type { TextSink } from "./text-codec.ts";
import { escapeXml } from "./xml-names.ts";

const TICK_EVERY = 4096;

const cellHtml = (text: string): string => escapeXml(text).replaceAll("\n", "<br>");

export function writeHtml(table: DataTable, sink: TextSink, options: { header: boolean; pretty: boolean; title: string }, tick?: (fraction: number) => void): void {
  const nl = options.pretty ? "\n" : "";
  const width = table.columns.length;
  const row = (cells: readonly string[], tag: "td" | "th"): string => {
    let out = options.pretty ? "      <tr>" : "<tr>";
    for (let i = 0; i < width; i++) out += `<${tag}>${cellHtml(cells[i] ?? "")}</${tag}>`;
    return `${out}</tr>${nl}`;
  };
  sink.write(`<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>${escapeXml(options.title)}</title>\n`);
  sink.write(`<style>table{border-collapse:collapse}th,td{border:1px solid #999;padding:2px 6px;text-align:left;vertical-align:top}</style>\n</head>\n<body>\n`);
  sink.write(`<table>${nl}`);
  if (options.header) sink.write(`  <thead>${nl}${row(table.columns, "th")}  </thead>${nl}`);
  sink.write(`  <tbody>${nl}`);
  const { rows } = table;
  for (let r = 0; r < rows.length; r++) {
    sink.write(row(rows[r]!, "td"));
    if (tick && r % TICK_EVERY === 0) tick(r / rows.length);
  }
  sink.write(`  </tbody>${nl}</table>\n</body>\n</html>\n`);
}
