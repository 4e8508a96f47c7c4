// XML in: our parser (xml-parse.ts) checks well-formedness as xmllint does, reads the DOCTYPE's
// internal subset and expands its entities under a budget; xml-tree.ts builds the JSON tree.
// Values stay strings.
import type { DataValue } from "./data-model.ts";
import { buildXmlTree } from "./xml-tree.ts";

/** the JSON names of XML's attributes ("@id") and text ("#text"), see README.md */
export const ATTRIBUTE_PREFIX = "@";
export const TEXT_KEY = "#text";

/** The tree of an XML text; `onProgress` reports the share of the text parsed. */
export function readXml(text: string, onProgress?: (fraction: number) => void, signal?: AbortSignal): DataValue {
  return buildXmlTree(text, ATTRIBUTE_PREFIX, TEXT_KEY, { onProgress, signal });
}
