// Trees to tables and back (README.md, "JSON and CSV"): the records of a tree are flattened to
// dotted columns ("address.city", "tags.0"), the header is the union of their keys in order of
// first appearance; a table's dotted columns are nested back into objects and arrays.
import { DocumentError } from "../document/document-error.ts";
import { tooManyCells } from "./data-error.ts";
import { MAX_COLUMNS, MAX_DEPTH, MAX_PADDING_CELLS, type DataObject, type DataTable, type DataValue, type JsonValue } from "./data-model.ts";

/** The column of scalar records ("value") and of plain text lines ("text"). */
export const VALUE_COLUMN = "value";

/**
 * The list of records in a tree: an array is one; an object with a single key is looked into; an
 * object with exactly one array-valued property gives that array; any other object is one record.
 */
export function findRecords(value: DataValue): DataValue[] {
  let node = value;
  for (let depth = 0; depth <= MAX_DEPTH; depth++) {
    if (Array.isArray(node)) return node;
    if (node === null || typeof node !== "object") return [node];
    const keys = Object.keys(node);
    const only = keys.length === 1 ? node[keys[0]!]! : undefined;
    if (only !== undefined && only !== null && typeof only === "object") {
      node = only;
      continue;
    }
    const object = node;
    const arrays = keys.filter((k) => Array.isArray(object[k]));
    if (arrays.length === 1) return object[arrays[0]!] as DataValue[];
    // a GeoJSON FeatureCollection with a "bbox": the one array of objects is the list
    const ofObjects = arrays.filter((k) => {
      const list = object[k] as DataValue[];
      return list.length > 0 && list.every((item) => item !== null && typeof item === "object" && !Array.isArray(item));
    });
    return ofObjects.length === 1 ? (object[ofObjects[0]!] as DataValue[]) : [object];
  }
  return [node];
}

/** A scalar as a cell: numbers and booleans as JSON writes them, null as "". */
export function cellText(value: DataValue): string {
  if (typeof value === "string") return value;
  if (value === null) return "";
  if (typeof value === "object") return "";
  return String(value);
}

const isContainer = (value: DataValue): value is DataValue[] | DataObject => value !== null && typeof value === "object";

/** A GeoJSON geometry's coordinates ({"type": "Polygon", "coordinates": [[[1, 2], ...]]}). */
const isGeometry = (node: DataObject): boolean => typeof node.type === "string" && Array.isArray(node.coordinates);

/** Whether an array is kept whole as one cell of JSON text: arrays of arrays (coordinates, matrices), or every array when `allArrays`. */
function wholeArray(list: DataValue[], allArrays: boolean): boolean {
  return allArrays || list.some((item) => Array.isArray(item));
}

class TooManyColumns extends Error {}

/**
 * The records of a tree as one table: dotted keys, union of keys, cells as text. Arrays of arrays
 * (GeoJSON coordinates, matrices) are one cell of JSON text; when the table would still have more
 * than MAX_COLUMNS columns, every array is.
 */
export function treeToTable(value: DataValue): DataTable {
  try {
    return flattenRecords(value, false);
  } catch (error) {
    if (!(error instanceof TooManyColumns)) throw error;
  }
  try {
    return flattenRecords(value, true);
  } catch (error) {
    if (error instanceof TooManyColumns) throw new DocumentError(`The data has more than ${MAX_COLUMNS} different fields, too many columns for a table.`, "too-much-work");
    throw error;
  }
}

function flattenRecords(value: DataValue, allArrays: boolean): DataTable {
  const records = findRecords(value);
  const columnIndex = new Map<string, number>();
  const columns: string[] = [];
  const rows: string[][] = [];
  let padding = 0;
  const column = (name: string): number => {
    let index = columnIndex.get(name);
    if (index === undefined) {
      if (columns.length >= MAX_COLUMNS) throw new TooManyColumns();
      index = columns.length;
      columnIndex.set(name, index);
      columns.push(name);
    }
    return index;
  };
  for (const record of records) {
    const row: string[] = [];
    const put = (name: string, text: string) => {
      const index = column(name);
      while (row.length < index) {
        row.push("");
        padding += 1;
      }
      row[index] = text;
    };
    if (!isContainer(record)) put(VALUE_COLUMN, cellText(record));
    else {
      // depth-first without recursion, keys in their order
      const stack: { prefix: string; value: DataValue; whole?: boolean }[] = [{ prefix: "", value: record }];
      while (stack.length > 0) {
        const { prefix, value: node, whole } = stack.pop()!;
        if (!isContainer(node)) {
          put(prefix, cellText(node));
          continue;
        }
        if (Array.isArray(node) && node.length > 0 && prefix !== "" && (whole || wholeArray(node, allArrays))) {
          put(prefix, JSON.stringify(node));
          continue;
        }
        const geometry = !Array.isArray(node) && isGeometry(node);
        const entries: [string, DataValue][] = Array.isArray(node) ? node.map((v, i) => [String(i), v]) : Object.entries(node);
        if (entries.length === 0 && prefix !== "") put(prefix, "");
        for (let i = entries.length - 1; i >= 0; i--) {
          const [key, child] = entries[i]!;
          // a geometry's coordinates are one cell even for a Point, so that mixed geometries share the column
          stack.push({ prefix: prefix === "" ? key : `${prefix}.${key}`, value: child, whole: geometry && key === "coordinates" });
        }
      }
    }
    rows.push(row);
    // rows are padded with "" up to their last column: sparse hostile records can make that n²
    if (padding > MAX_PADDING_CELLS) throw tooManyCells(records.length, columns.length);
  }
  return { columns, rows };
}

/**
 * Records that are all arrays of scalars ([["a","b"],["1","2"]]) as a table without a header row
 * (numbered columns), the inverse of reading a CSV without one; null for any other records.
 */
export function rowsTable(value: DataValue): DataTable | null {
  const records = findRecords(value);
  if (records.length === 0) return null;
  let width = 0;
  for (const record of records) {
    if (!Array.isArray(record)) return null;
    for (const cell of record) if (isContainer(cell)) return null;
    width = Math.max(width, record.length);
  }
  if (width > MAX_COLUMNS) throw new DocumentError(`The data has rows of more than ${MAX_COLUMNS} values, too many columns for a table.`, "too-much-work");
  return { columns: Array.from({ length: width }, (_, i) => String(i + 1)), rows: records.map((record) => (record as DataValue[]).map(cellText)) };
}

/** How the dotted columns nest: a node is an array when its keys are exactly 0, 1, 2... */
interface Shape {
  /** the column whose cell this is (a leaf) */
  column: number;
  children: Map<string, Shape> | null;
  array: boolean;
}

function buildShape(columns: readonly string[]): Shape {
  const root: Shape = { column: -1, children: new Map(), array: false };
  columns.forEach((name, column) => {
    const parts = name.split(".");
    // "a.b" beside a plain "a" column, or an empty segment ("a..b", ".x"): the name is kept as it is
    let node = root;
    let literal = parts.length > MAX_DEPTH || parts.some((p) => p === "");
    for (let i = 0; i < parts.length - 1 && !literal; i++) {
      const next = node.children!.get(parts[i]!);
      if (next && next.children === null) literal = true;
      else if (!next) {
        const made: Shape = { column: -1, children: new Map(), array: false };
        node.children!.set(parts[i]!, made);
        node = made;
      } else node = next;
    }
    const key = literal ? name : parts.at(-1)!;
    if (literal) node = root;
    if (!node.children!.has(key)) node.children!.set(key, { column, children: null, array: false });
  });
  const mark = (node: Shape) => {
    if (!node.children) return;
    let i = 0;
    node.array = node.children.size > 0;
    for (const key of node.children.keys()) if (key !== String(i++)) node.array = false;
    for (const child of node.children.values()) mark(child);
  };
  mark(root);
  root.array = false;
  return root;
}

/** A cell's value in the tree: its text, or with `keepTypes` a number or boolean (cell-types.ts). */
type CellValue = (text: string) => JsonValue;

function build(shape: Shape, row: readonly string[], cell: CellValue): JsonValue {
  if (!shape.children) return cell(row[shape.column] ?? "");
  if (shape.array) {
    const list: JsonValue[] = [];
    for (const child of shape.children.values()) list.push(build(child, row, cell));
    return list;
  }
  const object: { [key: string]: JsonValue } = {};
  for (const [key, child] of shape.children) {
    const value = build(child, row, cell);
    // assigning "__proto__" would set the object's prototype: a column of that name is an own key like the others
    if (key === "__proto__") Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
    else object[key] = value;
  }
  return object;
}

/**
 * A table as JSON: with a header, an array of objects (dotted columns nested); without, an array of
 * arrays. Cells are strings, or what `cell` makes of them (numbers and booleans for JSON output).
 */
export function tableToTree(table: DataTable, hasHeader: boolean): DataValue;
export function tableToTree(table: DataTable, hasHeader: boolean, cell: CellValue): JsonValue;
export function tableToTree(table: DataTable, hasHeader: boolean, cell: CellValue = (text) => text): JsonValue {
  if (!hasHeader) return table.rows.map((row) => row.map(cell));
  const shape = buildShape(table.columns);
  return table.rows.map((row) => build(shape, row, cell));
}
