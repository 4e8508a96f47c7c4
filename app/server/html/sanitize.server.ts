// Sanitising rich text (tool content, blog posts, pages, content sections) written in the Tiptap
// editor, before it is stored or rendered with dangerouslySetInnerHTML.
//
// Decisions:
// - Allowlist only (sanitize-html, disallowed tags discarded). Tags: p br hr h1-h6 strong b em i u
//   s strike del mark sub sup blockquote code pre ul ol li a img table thead tbody tfoot tr th td
//   caption figure figcaption span div. Everything else goes; the text inside an unknown tag stays,
//   except for tags whose content is not prose (script, style, noscript, iframe, object, svg, math,
//   template...), which go with all their content.
// - No style attributes (Tiptap's text-align and table min-width styles are lost on purpose).
// - Classes: only syntax-highlighting classes survive: "language-*" / "lang-*" on <pre> and <code>
//   (Tiptap code blocks) and "hljs" / "hljs-*" on <span> and <code> (highlighted tokens). Arbitrary
//   classes are dropped because they could call in the site's own utility classes (for example
//   "fixed inset-0 z-50") to cover the page with fake content.
// - URLs: links accept http, https, mailto and relative URLs (/tool/x, #anchor, page?x=1); images
//   accept http, https and relative URLs (/uploads/...). Protocol-relative URLs (//evil.example) and
//   every other scheme (javascript:, vbscript:, data:, ...) are removed, also when hidden with
//   entities, case or whitespace; a link that loses its href keeps its text, an image that loses
//   its src is dropped.
// - target is kept only as _blank/_self/_parent/_top (lower-cased). A link with target="_blank" gets
//   rel "noopener noreferrer" added to whatever rel it had (an "opener" token is removed); other
//   links keep their rel unchanged.
// - Images get loading="lazy" unless they say loading="eager". width/height/colspan/rowspan must be
//   plain numbers (width/height may end in %), otherwise they are dropped.

import sanitize from "sanitize-html";

const ALLOWED_TAGS = [
  "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6",
  "strong", "b", "em", "i", "u", "s", "strike", "del", "mark", "sub", "sup",
  "blockquote", "code", "pre", "ul", "ol", "li", "a", "img",
  "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
  "figure", "figcaption", "span", "div",
];

// Disallowed tags whose content is dropped too (the default list plus the other raw-text,
// embedding and foreign-content elements).
const DROP_WITH_CONTENT = [
  "script", "style", "textarea", "option", "xmp", "noscript", "noembed", "noframes", "iframe",
  "frame", "frameset", "object", "embed", "applet", "template", "title", "head", "select",
  "svg", "math", "plaintext", "canvas", "audio", "video",
];

const TARGETS = ["_blank", "_self", "_parent", "_top"];
const LANGUAGE_CLASS = /^(?:language|lang)-[a-z0-9_+#.-]+$/i;
const HIGHLIGHT_CLASS = /^hljs(?:-[a-z0-9_-]+)?$/i;
const NUMBER = /^\d{1,5}$/;
const SIZE = /^\d{1,5}%?$/;

function keepIfMatches(attribs: sanitize.Attributes, name: string, pattern: RegExp): void {
  const value = attribs[name];
  if (value === undefined) return;
  const trimmed = value.trim();
  if (pattern.test(trimmed)) attribs[name] = trimmed;
  else delete attribs[name];
}

function transformLink(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const next = { ...attribs };
  const target = next.target?.trim().toLowerCase();
  if (target !== undefined && TARGETS.includes(target)) next.target = target;
  else delete next.target;
  if (next.target === "_blank") {
    const tokens = (next.rel ?? "").toLowerCase().split(/\s+/).filter((token) => token !== "" && token !== "opener");
    for (const token of ["noopener", "noreferrer"]) if (!tokens.includes(token)) tokens.push(token);
    next.rel = tokens.join(" ");
  }
  return { tagName, attribs: next };
}

function transformImage(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const next = { ...attribs };
  keepIfMatches(next, "width", SIZE);
  keepIfMatches(next, "height", SIZE);
  next.loading = next.loading?.trim().toLowerCase() === "eager" ? "eager" : "lazy";
  return { tagName, attribs: next };
}

function transformCell(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const next = { ...attribs };
  keepIfMatches(next, "colspan", NUMBER);
  keepIfMatches(next, "rowspan", NUMBER);
  return { tagName, attribs: next };
}

function dropEmptyImage(frame: sanitize.IFrame): boolean {
  return frame.tag === "img" && !frame.attribs.src;
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  disallowedTagsMode: "discard",
  nonTextTags: DROP_WITH_CONTENT,
  allowedAttributes: {
    a: ["href", "title", { name: "target", multiple: false, values: TARGETS }, "rel"],
    img: ["src", "alt", "title", "width", "height", { name: "loading", multiple: false, values: ["lazy", "eager"] }],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
  },
  allowedClasses: {
    pre: [LANGUAGE_CLASS],
    code: [LANGUAGE_CLASS, HIGHLIGHT_CLASS],
    span: [HIGHLIGHT_CLASS],
  },
  allowedStyles: {},
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: { a: transformLink, img: transformImage, td: transformCell, th: transformCell },
  exclusiveFilter: dropEmptyImage,
};

export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
