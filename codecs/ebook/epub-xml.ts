// A small element tree for the EPUB reader, built with htmlparser2's streaming parser: XML mode for
// the package files (OPF, NCX, container, encryption), HTML mode with self-closing tags for the
// XHTML documents (it decodes HTML entities such as &nbsp; that XHTML books use without a DTD, and
// recovers from broken markup instead of stopping). Nesting past MAX_XML_DEPTH is refused.
import { Parser } from "htmlparser2";
import { EbookError } from "./ebook-error.ts";

/** Far deeper than any real book's markup; bounds the recursion of everything that walks the tree. */
export const MAX_XML_DEPTH = 256;

export interface XmlElement {
  /** as written, lower-cased in HTML mode ("dc:title", "body") */
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

export function isElement(node: XmlNode): node is XmlElement {
  return typeof node !== "string";
}

/** The name without its namespace prefix, lower-cased: "dc:Title" → "title". */
export function localName(name: string): string {
  const colon = name.indexOf(":");
  return (colon < 0 ? name : name.slice(colon + 1)).toLowerCase();
}

/** An attribute by local name, whatever its prefix ("opf:role" and "role" both answer "role"). */
export function attr(element: XmlElement, name: string): string | undefined {
  const direct = element.attrs[name];
  if (direct !== undefined) return direct;
  for (const [key, value] of Object.entries(element.attrs)) if (localName(key) === name) return value;
  return undefined;
}

export function childElements(element: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of element.children) if (isElement(child) && (name === undefined || localName(child.name) === name)) out.push(child);
  return out;
}

export function firstChild(element: XmlElement, name: string): XmlElement | undefined {
  return childElements(element, name)[0];
}

/** Every element named `name` below `element`, in document order (iterative: no deep recursion). */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const stack: XmlElement[] = [element];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current !== element && localName(current.name) === name) out.push(current);
    for (let i = current.children.length - 1; i >= 0; i--) {
      const child = current.children[i]!;
      if (isElement(child)) stack.push(child);
    }
  }
  return out;
}

/** The text of an element and all below it, with white space collapsed. */
export function textOf(element: XmlElement): string {
  const parts: string[] = [];
  const stack: XmlNode[] = [element];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === "string") parts.push(node);
    else for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** Parses `text` into a tree under a synthetic root named "#document". */
export function parseXml(text: string, mode: "xml" | "html", what: string): XmlElement {
  const root: XmlElement = { name: "#document", attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let tooDeep = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (tooDeep) return;
        const element: XmlElement = { name, attrs: { ...attribs }, children: [] };
        stack[stack.length - 1]!.children.push(element);
        stack.push(element);
        if (stack.length > MAX_XML_DEPTH) {
          tooDeep = true;
          parser.pause();
        }
      },
      onclosetag() {
        if (stack.length > 1) stack.pop();
      },
      ontext(data) {
        if (tooDeep) return;
        const children = stack[stack.length - 1]!.children;
        const last = children[children.length - 1];
        // the tokenizer hands text over in pieces (around entities): join them
        if (typeof last === "string") children[children.length - 1] = last + data;
        else children.push(data);
      },
    },
    mode === "xml"
      ? { xmlMode: true }
      : { xmlMode: false, recognizeSelfClosing: true, recognizeCDATA: true, lowerCaseTags: true, lowerCaseAttributeNames: false },
  );
  parser.write(text);
  if (!tooDeep) parser.end();
  if (tooDeep) throw new EbookError(`This book's ${what} nests its markup more than ${MAX_XML_DEPTH} levels deep; no real book does.`, "too-much-work");
  return root;
}

const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

// control characters XML 1.0 forbids even as references: dropped so the output stays well-formed
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeText(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]!);
}

export function escapeAttribute(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"]/g, (c) => TEXT_ESCAPES[c]!);
}
