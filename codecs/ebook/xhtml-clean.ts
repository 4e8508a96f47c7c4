// A chapter's XHTML → the book model's body: the children of <body>, limited to a common subset of
// elements and attributes, serialised as well-formed XHTML. Links and pictures are rewritten to the
// book's hrefs; scripts, forms, event attributes and anything fetched from the web are dropped (the
// caller notes what went). Elements outside the subset are unwrapped, so their text stays.
import { attr, descendants, escapeAttribute, escapeText, firstChild, isElement, localName, textOf, type XmlElement, type XmlNode } from "./epub-xml.ts";

/** Kept with their allowed attributes (beyond GLOBAL_ATTRIBUTES). */
const KEPT: Record<string, readonly string[]> = {
  p: [], div: [], span: [], h1: [], h2: [], h3: [], h4: [], h5: [], h6: [],
  a: ["href"], img: ["src", "alt"], br: [], hr: [],
  em: [], strong: [], b: [], i: [], u: [], s: [], sub: [], sup: [], small: [], cite: [], q: [], abbr: [],
  code: [], pre: [], kbd: [], samp: [], var: [], del: [], ins: [], mark: [], dfn: [],
  ul: [], ol: ["start", "type"], li: ["value"], dl: [], dt: [], dd: [], blockquote: [],
  table: [], thead: [], tbody: [], tfoot: [], tr: [], td: ["colspan", "rowspan"], th: ["colspan", "rowspan", "scope"],
  caption: [], colgroup: ["span"], col: ["span"],
  figure: [], figcaption: [], section: [], article: [], aside: [], header: [], footer: [], nav: [], main: [],
};

const GLOBAL_ATTRIBUTES = ["id", "class", "title", "lang", "dir"];

/** HTML 4 elements that HTML5 (and epubcheck) no longer allow, written as what they meant. */
const OBSOLETE: Readonly<Record<string, { name: string; className: string }>> = {
  tt: { name: "code", className: "tt" },
  big: { name: "span", className: "big" },
  strike: { name: "s", className: "strike" },
  center: { name: "div", className: "center" },
  acronym: { name: "abbr", className: "acronym" },
};

/**
 * Dropped with everything inside them. Forms, canvas, audio, video, object and noscript are not:
 * they are unwrapped, since their labels, values and fallback content are the text a reader without
 * scripts or players shows (issue 25).
 */
const DROPPED = new Set(["script", "style", "iframe", "embed", "head", "title", "template", "link", "meta", "source", "track", "param", "datalist", "area"]);

/** Form controls whose value is shown as text. */
const FORM_CONTROLS = new Set(["input", "select", "textarea", "button"]);
/** Inputs whose value is no text for the reader. */
const SILENT_INPUTS = new Set(["hidden", "password", "file", "checkbox", "radio", "image", "range", "color"]);

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
  // `parent`: the nearest kept element around the node (an <li>'s value is only allowed in an <ol>)
  type Step = { node: XmlNode; parent?: string } | { close: string };
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
      continue;
    }
    if (FORM_CONTROLS.has(name)) {
      result.dropped.forms++;
      const value = controlText(node, name);
      if (value !== "") out.push(`<span class="${name}">${escapeText(value)}</span>`);
      continue;
    }
    // EPUB 3's epub:switch: the default is what a reader without the case's markup shows
    if (name === "switch") {
      const cases = node.children.filter(isElement);
      const chosen = cases.find((child) => localName(child.name) === "default") ?? cases.find((child) => localName(child.name) === "case");
      if (chosen) for (let i = chosen.children.length - 1; i >= 0; i--) stack.push({ node: chosen.children[i]!, parent: step.parent });
      continue;
    }
    // MathML: its alternative text when the formula has one, else its symbols as they stand
    if (name === "math" && attrs.alttext !== undefined && attrs.alttext.trim() !== "") {
      out.push(`<span class="math">${escapeText(attrs.alttext.trim())}</span>`);
      continue;
    }
    // SVG's <image> (pandoc's and calibre's cover pages) becomes a plain picture
    if (name === "image") {
      const src = attrs["xlink:href"] ?? attrs.href;
      if (src === undefined) continue;
      name = "img";
      attrs = { src, alt: "" };
    }
    const obsolete = OBSOLETE[name];
    if (obsolete !== undefined) {
      name = obsolete.name;
      attrs = { ...attrs, class: attrs.class === undefined ? obsolete.className : `${attrs.class} ${obsolete.className}` };
    }
    const allowed = KEPT[name];
    if (allowed === undefined || name === "svg") {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, parent: step.parent });
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
      if (name === "li" && plain === "value" && (step.parent !== "ol" || !/^-?\d+$/.test(value.trim()))) continue;
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
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, parent: name });
  }
  result.body = out.join("").trim();
  return result;
}

/** The words a form control shows: an input's value, a select's choices, a textarea's or button's text. */
function controlText(node: XmlElement, name: string): string {
  if (name === "input") return SILENT_INPUTS.has((node.attrs.type ?? "text").toLowerCase()) ? "" : (node.attrs.value ?? node.attrs.placeholder ?? "").trim();
  if (name === "select") return descendants(node, "option").map(textOf).filter((t) => t !== "").join(" / ");
  return textOf(node);
}
