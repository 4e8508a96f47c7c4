// DocModel → plain text (issue 15). Headings and paragraphs are separated by blank lines and keep
// their line breaks; paragraphs are not hard-wrapped (editors wrap them). Lists get "• " and "1. "
// markers (then ◦ and a., as in the DOCX), each level indented under its parent's text; tables become a grid aligned with spaces (readable in any
// editor and any font, which tab-separated columns are not: tabs only line up when every cell is
// shorter than a tab stop); pictures become "[Image: alt]"; a page break is a line holding a form
// feed, which printers and `pr` honour and readTxt reads back as a page break.
// Line endings are "\n": every current editor, Windows Notepad included (since 2018), reads them,
// so the page need not offer CRLF.
import { checkDepth } from "./limits.ts";
import { runsText, type Block, type ListBlock, type Table } from "./model.ts";
import { listMarker } from "./list-markers.ts";
import { layoutTable } from "./table-grid.ts";

const COLUMN_GAP = " | ";

export function writeTxt(model: { blocks: readonly Block[] }): string {
  let out = "";
  let gap = false;
  for (const block of model.blocks) {
    if (block.kind === "page-break") {
      out += "\f\n";
      gap = false;
      continue;
    }
    const lines = blockLines(block, 0);
    if (lines.length === 0) continue;
    if (gap) out += "\n";
    out += lines.map(trimEnd).join("\n") + "\n";
    gap = true;
  }
  return out;
}

function trimEnd(line: string): string {
  return line.replace(/[ \t]+$/, "");
}

/** A block's lines, or none (page breaks, empty paragraphs). */
function blockLines(block: Block, depth: number): string[] {
  switch (block.kind) {
    case "paragraph":
    case "heading": {
      const text = runsText(block.runs).replace(/\r\n?/g, "\n");
      return text.trim() === "" ? [] : text.split("\n");
    }
    case "list":
      return listLines(block, depth + 1);
    case "table":
      return tableLines(block, depth + 1);
    case "image":
      return [imageText(block.alt)];
    case "page-break":
      return [];
  }
}

function imageText(alt: string | undefined): string {
  const text = (alt ?? "").replace(/\s+/g, " ").trim();
  return text === "" ? "[Image]" : `[Image: ${text}]`;
}

/**
 * Each item's first line carries its marker; its other lines and nested lists line up under its
 * text, which indents each level by its parent's marker.
 */
function listLines(list: ListBlock, depth: number, level = 0): string[] {
  checkDepth(depth);
  const lines: string[] = [];
  list.items.forEach((item, i) => {
    const marker = `${item.marker ?? listMarker(list.ordered, level, i + 1)} `;
    const hang = " ".repeat(marker.length);
    let first = true;
    for (const block of item.blocks) {
      const inner = block.kind === "list" ? listLines(block, depth + 1, level + 1).map((line) => hang + line) : blockLines(block, depth).map((line) => (first ? line : hang + line));
      if (inner.length === 0) continue;
      if (first && block.kind !== "list") {
        lines.push(marker + inner[0]!, ...inner.slice(1).map((line) => hang + line));
      } else {
        if (first) lines.push(marker.trimEnd());
        lines.push(...inner);
      }
      first = false;
    }
    if (first) lines.push(marker.trimEnd());
  });
  return lines;
}

/** A cell's content on one line: its blocks' text joined by spaces. */
function cellText(blocks: readonly Block[], depth: number): string {
  return blocks
    .flatMap((block) => blockLines(block, depth))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Columns a monospaced editor gives `text`: two for East Asian wide characters (CJK, Hangul,
 * fullwidth forms), none for combining marks, one for the rest.
 */
function width(text: string): number {
  let n = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (COMBINING.test(char)) continue;
    n += isWide(code) ? 2 : 1;
  }
  return n;
}

const COMBINING = /\p{M}/u;

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

function tableLines(table: Table, depth: number): string[] {
  checkDepth(depth);
  const grid = layoutTable(table);
  const widths = Array.from({ length: grid.columns }, () => 0);
  const texts = grid.rows.map((row) => row.map((placed) => cellText(placed.cell.blocks, depth)));
  // single cells size their column; a spanning cell then widens its last column if it needs to
  for (const pass of [1, 2]) {
    grid.rows.forEach((row, r) =>
      row.forEach((placed, i) => {
        if ((placed.colSpan === 1) !== (pass === 1)) return;
        const last = placed.column + placed.colSpan - 1;
        const room = spanWidth(widths, placed.column, placed.colSpan);
        widths[last] = widths[last]! + Math.max(0, width(texts[r]![i]!) - room);
      }),
    );
  }
  const lines: string[] = [];
  let header = true;
  grid.rows.forEach((row, r) => {
    const slots: string[] = [];
    let column = 0;
    row.forEach((placed, i) => {
      // places covered by a rowSpan from above are left blank
      for (; column < placed.column; column++) slots.push(" ".repeat(widths[column]!));
      const room = spanWidth(widths, placed.column, placed.colSpan);
      const text = texts[r]![i]!;
      slots.push(text + " ".repeat(room - width(text)));
      column += placed.colSpan;
    });
    for (; column < grid.columns; column++) slots.push(" ".repeat(widths[column]!));
    lines.push(slots.join(COLUMN_GAP));
    // a rule under the leading header rows
    const isHeader = table.rows[r]!.header === true;
    if (header && isHeader && table.rows[r + 1]?.header !== true && r + 1 < table.rows.length) {
      lines.push(widths.map((w) => "-".repeat(w)).join("-+-"));
    }
    header = header && isHeader;
  });
  return lines;
}

/** The characters a cell spanning `span` columns from `column` has, the gaps between them included. */
function spanWidth(widths: readonly number[], column: number, span: number): number {
  let total = (span - 1) * COLUMN_GAP.length;
  for (let c = column; c < column + span; c++) total += widths[c]!;
  return total;
}
