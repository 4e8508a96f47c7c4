// JSON in: JSON.parse (native, iterative, fast on 100 MB), then a depth check without recursion so
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

export function readJson(text: string): DataValue {
  let value: DataValue;
  try {
    value = JSON.parse(text) as DataValue;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw parseError("JSON", reasonOf(message), whereOf(message, text));
  }
  if (depthOf(value, MAX_DEPTH) > MAX_DEPTH) throw tooDeep("JSON");
  return value;
}
