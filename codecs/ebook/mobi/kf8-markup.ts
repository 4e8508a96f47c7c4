// A chapter's body as KF8 markup (issue 16): parsed into a tree, pictures pointed at their resource
// records (kindle:embed:XXXX?mime=...), links to chapters turned into fixed-width placeholders that
// are filled once every position is known, and an "aid" attribute on the block and inline elements
// Kindle addresses fragments by (kindlegen's list). The tree is then serialised exactly once per
// element by kf8-skeleton.ts, so the sizes measured here are the sizes written.
import { escapeAttribute, escapeText, isElement, parseXml, type XmlElement, type XmlNode } from "../epub-xml.ts";
import { base32, utf8Length } from "./kf8-text.ts";

/** Elements that get an aid (kindlegen adds it to these; calibre's list is the same). */
const AID_TAGS = new Set([
  "a", "abbr", "address", "article", "aside", "audio", "b", "bdo", "blockquote", "body", "button", "cite",
  "code", "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "fieldset", "figcaption", "figure", "footer",
  "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "i", "ins", "kbd", "label", "legend", "li", "map",
  "mark", "meter", "nav", "ol", "output", "p", "pre", "progress", "q", "rp", "rt", "samp", "section", "select",
  "small", "span", "strong", "sub", "summary", "sup", "textarea", "time", "ul", "var", "video",
]);

export const VOID_TAGS = new Set(["br", "hr", "img", "col", "wbr", "area", "meta", "link", "input", "source"]);

/** Every link placeholder has this form and length; the final kindle:pos:fid link has the same length. */
export const LINK_PLACEHOLDER_PREFIX = "kindle:pos:fid:0000:off:";
export const LINK_PATTERN = /kindle:pos:fid:0000:off:([0-9A-V]{10})/g;

/** Where a link of the book points once its chapter is known. */
export interface LinkTarget {
  /** index of the chapter in the book's reading order */
  chapter: number;
  /** the id inside it, "" for its start */
  id: string;
}

export interface MarkupContext {
  /** the src a picture gets (kindle:embed:...), or undefined to drop the picture */
  imageSrc(src: string): string | undefined;
  /** where an href inside the book leads, or "external" to keep it, or undefined to drop the href */
  linkTarget(href: string): LinkTarget | "external" | undefined;
  /** the links met so far: a placeholder's number is its index here */
  links: LinkTarget[];
  /** the next aid number (unique across the book) */
  aidCounter: { next: number };
}

/**
 * An element ready to write: its tags already serialised, its size measured once. Text nodes are
 * strings already escaped (so their sizes are the sizes written).
 */
export interface Kf8Element {
  name: string;
  open: string;
  close: string;
  /** UTF-8 bytes of the whole element as written */
  size: number;
  id?: string;
  aid?: string;
  children: Kf8Node[];
}

export type Kf8Node = Kf8Element | string;

export interface PreparedChapter {
  nodes: Kf8Node[];
  bodyAid: string;
}

/** Parses `body` and rewrites it for KF8 (see the file comment). */
export function prepareChapter(body: string, context: MarkupContext): PreparedChapter {
  const root = parseXml(body, "html", "chapter");
  const bodyAid = base32(context.aidCounter.next++);
  const nodes = rewriteChildren(root.children, context, false);
  return { nodes, bodyAid };
}

/** The size of a node as written. */
export const sizeOf = (node: Kf8Node): number => (typeof node === "string" ? utf8Length(node) : node.size);

function rewriteChildren(children: XmlNode[], context: MarkupContext, inTable: boolean): Kf8Node[] {
  const out: Kf8Node[] = [];
  for (const child of children) {
    if (!isElement(child)) {
      out.push(escapeText(child));
      continue;
    }
    const element = rewriteElement(child, context, inTable);
    if (element) out.push(element);
    // a picture Kindles cannot show leaves its description, not a hole
    else if (child.attrs.alt?.trim()) out.push(escapeText(`[${child.attrs.alt.trim()}]`));
  }
  return out;
}

const ATTRIBUTE_NAME = /^[a-z_][a-z0-9_.-]*$/;

function rewriteElement(element: XmlElement, context: MarkupContext, inTable: boolean): Kf8Element | undefined {
  const name = element.name.toLowerCase().replace(/[^a-z0-9-]/g, "-");
  const attrs: Record<string, string> = {};
  for (const key in element.attrs) {
    const value = element.attrs[key]!;
    const lower = key.toLowerCase();
    if (lower === "aid" || lower === "cid" || lower.startsWith("on")) continue;
    if (lower === "xml:lang") attrs.lang = value;
    // KF8 is HTML 5 without namespaces: prefixed attributes mean nothing to it
    else if (ATTRIBUTE_NAME.test(lower)) attrs[lower] = value;
  }
  if (name === "img") {
    const src = attrs.src === undefined ? undefined : context.imageSrc(attrs.src);
    if (src === undefined) return undefined;
    attrs.src = src;
  }
  if (name === "a" && attrs.href !== undefined) {
    const target = context.linkTarget(attrs.href);
    if (target === undefined) delete attrs.href;
    else if (target !== "external") {
      attrs.href = LINK_PLACEHOLDER_PREFIX + base32(context.links.length, 10);
      context.links.push(target);
    }
  }
  const table = inTable || name === "table";
  // the Kindle renderer fails on big tables with aids inside them (calibre's finding), so none there
  if (AID_TAGS.has(name) && !table) attrs.aid = base32(context.aidCounter.next++);
  const isVoid = VOID_TAGS.has(name);
  let open = `<${name}`;
  for (const key in attrs) open += ` ${key}="${escapeAttribute(attrs[key]!)}"`;
  open += isVoid ? "/>" : ">";
  const close = isVoid ? "" : `</${name}>`;
  const children = isVoid ? [] : rewriteChildren(element.children, context, table);
  let size = utf8Length(open) + close.length;
  for (const child of children) size += sizeOf(child);
  const rewritten: Kf8Element = { name, open, close, size, children };
  if (attrs.id !== undefined) rewritten.id = attrs.id;
  if (attrs.aid !== undefined) rewritten.aid = attrs.aid;
  return rewritten;
}

/** Serialises `node` into `parts`, noting the byte offset (from `start`) of every element with an id. */
export function serialize(node: Kf8Node, parts: string[], anchors: Array<[string, number]>, start: number): number {
  if (typeof node === "string") {
    parts.push(node);
    return start + utf8Length(node);
  }
  if (node.id !== undefined) anchors.push([node.id, start]);
  parts.push(node.open);
  let position = start + utf8Length(node.open);
  for (const child of node.children) position = serialize(child, parts, anchors, position);
  parts.push(node.close);
  return position + node.close.length;
}
