// XML in: fast-xml-parser's validator first (line and column of the first error); then the tree is
// built by xml-tree.ts over htmlparser2's tokenizer, or, when the DOCTYPE declares entities, by
// fast-xml-parser, which expands them. Values stay strings. Entity definitions that refer to other
// entities (the "billion laughs" attack) or to outside files are refused before parsing; nesting is
// capped at MAX_DEPTH either way.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { DocumentError } from "../document/document-error.ts";
import { lineColumn, parseError, tooDeep } from "./data-error.ts";
import { MAX_DEPTH, type DataValue } from "./data-model.ts";
import { buildXmlTree } from "./xml-tree.ts";

/** the JSON names of XML's attributes ("@id") and text ("#text"), see README.md */
export const ATTRIBUTE_PREFIX = "@";
export const TEXT_KEY = "#text";

const parserOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
  textNodeName: TEXT_KEY,
  // "007" stays "007": no numbers or booleans guessed
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  removeNSPrefix: false,
  maxNestedTags: MAX_DEPTH,
  // the entity limits would refuse a real file with millions of "&amp;": they apply only to the
  // DOCTYPE's own entities, which refuseEntityTricks has already checked
  processEntities: { enabled: true, appliesTo: "external" as const, maxTotalExpansions: Number.MAX_SAFE_INTEGER, maxExpandedLength: Number.MAX_SAFE_INTEGER },
};

/** Refuses DOCTYPE entities that expand into other entities or load files, with the place of the first. */
function refuseEntityTricks(text: string): void {
  const doctype = text.indexOf("<!DOCTYPE");
  if (doctype === -1) return;
  // the internal subset ends at "]>"; only there can entities be declared
  const subsetEnd = text.indexOf("]>", doctype);
  const declarations = text.slice(0, subsetEnd === -1 ? text.indexOf(">", doctype) + 1 : subsetEnd + 2);
  const entity = /<!ENTITY\s+(%\s*)?([^\s>]+)\s+("[^"]*"|'[^']*'|SYSTEM|PUBLIC)/g;
  entity.lastIndex = doctype;
  for (let match = entity.exec(declarations); match; match = entity.exec(declarations)) {
    const where = () => lineColumn(text, match.index);
    const body = match[3]!;
    if (match[1] !== undefined || body === "SYSTEM" || body === "PUBLIC") {
      throw new DocumentError(`The XML declares an entity "${match[2]}" that loads another file or defines entities (line ${where().line}, column ${where().column}); such entities are not expanded, so the file was not converted.`, "too-much-work");
    }
    if (body.includes("&") || body.includes("%")) {
      throw new DocumentError(`The XML declares an entity "${match[2]}" built from other entities (line ${where().line}, column ${where().column}): nested entities can expand to billions of characters ("billion laughs"), so the file was not converted.`, "too-much-work");
    }
  }
}

/**
 * fast-xml-parser adds an element's attributes after its children; JSON and CSV read better with
 * them first, as in the XML. Rebuilds, without recursion, only the objects that need it.
 */
function attributesFirst(root: DataValue): DataValue {
  const stack: DataValue[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      for (const child of node) if (child !== null && typeof child === "object") stack.push(child);
      continue;
    }
    let seenChild = false;
    let late = false;
    for (const key in node) {
      if (key.startsWith(ATTRIBUTE_PREFIX)) late ||= seenChild;
      else seenChild = true;
      const child = node[key]!;
      if (child !== null && typeof child === "object") stack.push(child);
    }
    if (!late) continue;
    const entries = Object.entries(node);
    for (const key of Object.keys(node)) delete node[key];
    for (const [key, value] of entries) if (key.startsWith(ATTRIBUTE_PREFIX)) node[key] = value;
    for (const [key, value] of entries) if (!key.startsWith(ATTRIBUTE_PREFIX)) node[key] = value;
  }
  return root;
}

/** The tree of an XML text; `onProgress` reports the share of the text built into the tree (after validating it). */
export function readXml(text: string, onProgress?: (fraction: number) => void, signal?: AbortSignal): DataValue {
  refuseEntityTricks(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw parseError("XML", valid.err.msg, { line: valid.err.line, column: valid.err.col });
  // fast-xml-parser only for a DOCTYPE that declares entities (it expands them); else the fast path
  if (!text.includes("<!ENTITY")) return buildXmlTree(text, ATTRIBUTE_PREFIX, TEXT_KEY, onProgress, signal);
  try {
    return attributesFirst(new XMLParser(parserOptions).parse(text) as DataValue);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/Maximum nested tags/.test(message)) throw tooDeep("XML");
    throw parseError("XML", message);
  }
}
