// JSON in: JSON.parse (native, iterative, fast on 100 MB); JSON Lines (one value a line) as an array;
// numbers a double would change kept as their digits for text outputs; then a depth check without recursion so
// that our own recursive writers never meet more than MAX_DEPTH levels.
import { lineColumn, parseError, tooDeep } from "./data-error.ts";
import { MAX_DEPTH, type DataValue } from "./data-model.ts";
import { jsonErrorIndex } from "./json-error-index.ts";

/** V8's reason without its position and its quote of the input ("Unexpected token '}', "{"a":}" is not..."). */
function reasonOf(message: string): string {
  const withoutPosition = message.replace(/ in JSON at position \d+.*$/s, "").replace(/ at position \d+.*$/s, "");
  const quoted = withoutPosition.match(/^(Unexpected token '.*?'),/);
  return quoted ? quoted[1]! : withoutPosition;
}

function whereOf(message: string, text: string): { line: number; column: number } | undefined {
  const lineCol = message.match(/\(line (\d+) column (\d+)\)/);
  if (lineCol) return { line: Number(lineCol[1]), column: Number(lineCol[2]) };
  const position = message.match(/at position (\d+)/);
  if (position) return lineColumn(text, Number(position[1]));
  // V8 does not say where an unexpected token is: find it
  const index = jsonErrorIndex(text);
  return index === -1 ? undefined : lineColumn(text, index);
}

/** The depth of the deepest array or object (1 for `[]`), counted without recursion; stops past `limit`. */
export function depthOf(value: DataValue, limit: number): number {
  let deepest = 0;
  const stack: { value: DataValue; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: node, depth } = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) if (child !== null && typeof child === "object") stack.push({ value: child, depth: depth + 1 });
  }
  return deepest;
}

/** Numbers a double cannot hold as written (20-digit ids, 1e400): their digits are lost by JSON.parse. */
const INEXACT_NUMBER = /\d{16,}|[eE][+-]?\d{3,}/;
export interface JsonReadOptions {
  /**
   * Numbers a double would change (20-digit ids, 1e400) are kept as their source text, as strings:
   * for CSV, XML, HTML and TXT, whose cells are text anyway. Off for JSON output, whose numbers stay numbers.
   */
  exactNumbers?: boolean;
}

/** The reviver that keeps a changed number's source text (JSON.parse's source access). */
function keepSource(this: unknown, _key: string, value: DataValue, context?: { source?: string }): DataValue {
  if (typeof value !== "number" || context?.source === undefined) return value;
  const source = context.source;
  if (!Number.isFinite(value)) return source;
  const digits = source.replace(/[eE].*$/, "").replace(/\D/g, "").replace(/^0+/, "");
  // more digits than a double holds, or a tiny number that became 0
  if ((digits.length > 15 && String(value) !== source) || (value === 0 && digits !== "")) return source;
  return value;
}

function parse(text: string, exact: boolean): DataValue {
  return exact && INEXACT_NUMBER.test(text) ? (JSON.parse(text, keepSource as (key: string, value: unknown) => unknown) as DataValue) : (JSON.parse(text) as DataValue);
}

/** JSON Lines (one value per line, as log and export tools write): the values as an array, or undefined when it is not that. */
function jsonLines(text: string, exact: boolean): DataValue[] | undefined {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length < 2) return undefined;
  const values: DataValue[] = [];
  for (const line of lines) {
    try {
      values.push(parse(line, exact));
    } catch {
      return undefined;
    }
  }
  return values;
}

export function readJson(text: string, options: JsonReadOptions = {}): DataValue {
  const exact = options.exactNumbers === true;
  let value: DataValue;
  try {
    value = parse(text, exact);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const lines = jsonLines(text, exact);
    if (lines === undefined) throw parseError("JSON", reasonOf(message), whereOf(message, text));
    value = lines;
  }
  if (depthOf(value, MAX_DEPTH) > MAX_DEPTH) throw tooDeep("JSON");
  return value;
}
