// The data converter's failures: DocumentError (codecs/document/document-error.ts), with the
// parser's reason and, where the parser knows it, the line and column.
import { DocumentError } from "../document/document-error.ts";
import { MAX_DEPTH, MAX_PADDING_CELLS } from "./data-model.ts";

/** "line 3, column 7" of the character at `index` (0-based) in `text`; lines and columns from 1. */
export function lineColumn(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(index, text.length);
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: end - lineStart + 1 };
}

/** A file that does not parse as its format: "Invalid JSON at line 3, column 7: <reason>". */
export function parseError(format: string, reason: string, where?: { line: number; column: number }): DocumentError {
  const at = where ? ` at line ${where.line}, column ${where.column}` : "";
  return new DocumentError(`Invalid ${format}${at}: ${reason.replace(/\.$/, "")}.`, "damaged");
}

export function tooDeep(what: string): DocumentError {
  return new DocumentError(`The ${what} nests deeper than ${MAX_DEPTH} levels; no real data file does, so it was not converted.`, "too-much-work");
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DOMException("The conversion was cancelled.", "AbortError");
}

export function tooManyCells(rows: number, columns: number): DocumentError {
  return new DocumentError(
    `The table would have ${rows.toLocaleString("en")} rows × ${columns.toLocaleString("en")} columns, with over ${MAX_PADDING_CELLS.toLocaleString("en")} empty cells to fill in; it was not converted.`,
    "too-much-work",
  );
}
