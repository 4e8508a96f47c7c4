// A chapter's XHTML → the book model's body: the children of <body>, limited to a common subset of
// elements and attributes, serialised as well-formed XHTML. Links and pictures are rewritten to the
// book's hrefs; scripts, forms, event attributes and anything fetched from the web are dropped (the
// caller notes what went). Elements outside the subset are unwrapped, so their text stays.
import { attr, descendants, escapeAttribute, escapeText, firstChild, isElement, localName, textOf, type XmlElement, type XmlNode } from "./epub-xml.ts";

/** Kept with their allowed attributes (beyond GLOBAL_ATTRIBUTES). */
const KEPT: Record<string, readonly string[]> = {
  p: [], div: [], span: [], h1: [], h2: [], h3: [], h4: [], h5: [], h6: [],
  a: ["href"], img: ["src", "alt"], br: [], hr: [],
  em: [], strong: [], b: [], i: [], u: [], s: [], sub: [], sup: [], small: [], big: [], cite: [], q: [], abbr: [],
  code: [], pre: [], kbd: [], samp: [], var: [], del: [], ins: [], mark: [], dfn: [], tt: [],
  ul: [], ol: ["start", "type"], li: ["value"], dl: [], dt: [], dd: [], blockquote: [],
  table: [], thead: [], tbody: [], tfoot: [], tr: [], td: ["colspan", "rowspan"], th: ["colspan", "rowspan", "scope"],
  caption: [], colgroup: ["span"], col: ["span"],
  figure: [], figcaption: [], section: [], article: [], aside: [], header: [], footer: [], nav: [], main: [],
};

const GLOBAL_ATTRIBUTES = ["id", "class", "title", "lang", "dir"];

/** Dropped with everything inside them. */
const DROPPED = new Set(["script", "style", "form", "input", "button", "select", "textarea", "iframe", "object", "embed", "video", "audio", "noscript", "head", "title", "template", "canvas", "link", "meta"]);

const VOID = new Set(["br", "hr", "img", "col"]);

export type LinkTarget = { kind: "chapter" | "resource"; href: string } | { kind: "external"; url: string } | { kind: "missing" };

export interface CleanContext {
  /** resolves a link or src written in this chapter */
  resolve(url: string): LinkTarget;
}

export interface CleanedChapter {
  body: string;
  stylesheets: string[];
  /** the first heading's text, or the document's <title> */
  title?: string;
  /** the first picture, for a cover page */
  firstImage?: string;
  /** the body (or its only section) is typed as footnotes or endnotes */
  isNotes: boolean;
  dropped: { scripts: number; forms: number; external: string[]; missing: string[] };
}

export function cleanChapter(document: XmlElement, context: CleanContext): CleanedChapter {
  const html = descendants(document, "html")[0] ?? document;
  const head = firstChild(html, "head");
  const body = firstChild(html, "body") ?? descendants(document, "body")[0] ?? html;
  const result: CleanedChapter = { body: "", stylesheets: [], isNotes: false, dropped: { scripts: 0, forms: 0, external: [], missing: [] } };

  if (head) {
    for (const link of descendants(head, "link")) {
      if (!/stylesheet/i.test(link.attrs.rel ?? "") || !link.attrs.href) continue;
      const target = context.resolve(link.attrs.href);
      if (target.kind === "resource") result.stylesheets.push(target.href);
      else if (target.kind === "external") result.dropped.external.push(target.url);
    }
    const title = firstChild(head, "title");
    if (title && textOf(title) !== "") result.title = textOf(title);
  }
  const heading = ["h1", "h2", "h3", "h4", "h5", "h6"].map((h) => descendants(body, h)[0]).find((h) => h !== undefined && textOf(h) !== "");
  if (heading) result.title = textOf(heading);

  const blocks = body.children.filter(isElement);
  const typed = [body, ...(blocks.length === 1 ? blocks : [])].map((e) => attr(e, "type") ?? "").join(" ");
  result.isNotes = /\b(footnotes|endnotes|rearnotes)\b/.test(typed);

  const out: string[] = [];
  // an explicit stack instead of recursion: the depth is bounded by the parser, but stay flat anyway
  type Step = { node: XmlNode } | { close: string };
  const stack: Step[] = [];
  for (let i = body.children.length - 1; i >= 0; i--) stack.push({ node: body.children[i]! });
  while (stack.length > 0) {
    const step = stack.pop()!;
    if ("close" in step) {
      out.push(`</${step.close}>`);
      continue;
    }
    const node = step.node;
    if (!isElement(node)) {
      out.push(escapeText(node));
      continue;
    }
    let name = localName(node.name);
    let attrs = node.attrs;
    // hidden content (an EPUB 3 nav's landmarks, a KF8 page's page-list) is not for reading
    if (DROPPED.has(name) || attrs.hidden !== undefined) {
      if (name === "script") result.dropped.scripts++;
      if (name === "form" || name === "input" || name === "button" || name === "select" || name === "textarea") result.dropped.forms++;
      continue;
    }
    // SVG's <image> (pandoc's and calibre's cover pages) becomes a plain picture
    if (name === "image") {
      const src = attrs["xlink:href"] ?? attrs.href;
      if (src === undefined) continue;
      name = "img";
      attrs = { src, alt: "" };
    }
    const allowed = KEPT[name];
    if (allowed === undefined || name === "svg") {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]! });
      continue;
    }
    // old books mark anchors with <a name>: the model's links need an id
    if (name === "a" && attrs.name !== undefined && attrs.id === undefined) attrs = { ...attrs, id: attrs.name };
    const kept: string[] = [];
    const seen = new Set<string>();
    let drop = false;
    for (const [key, value] of Object.entries(attrs)) {
      const plain = key === "xml:lang" ? "lang" : key.toLowerCase();
      if (!GLOBAL_ATTRIBUTES.includes(plain) && !allowed.includes(plain)) continue;
      if (seen.has(plain)) continue;
      seen.add(plain);
      let text = value;
      if (plain === "href" && name === "a") {
        const target = context.resolve(value);
        if (target.kind === "external") text = target.url;
        else if (target.kind === "missing") continue;
        else text = target.href;
      } else if (plain === "src") {
        const target = context.resolve(value);
        if (target.kind === "resource") text = target.href;
        else {
          if (target.kind === "external") result.dropped.external.push(target.url);
          else result.dropped.missing.push(value);
          drop = true;
          break;
        }
        result.firstImage ??= text;
      }
      kept.push(` ${plain}="${escapeAttribute(text)}"`);
    }
    if (drop) continue;
    if (name === "img" && !kept.some((k) => k.startsWith(" alt="))) kept.push(' alt=""');
    if (name === "img" && !kept.some((k) => k.startsWith(" src="))) continue;
    if (VOID.has(name)) {
      out.push(`<${name}${kept.join("")}/>`);
      continue;
    }
    out.push(`<${name}${kept.join("")}>`);
    stack.push({ close: name });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]! });
  }
  result.body = out.join("").trim();
  return result;
}
