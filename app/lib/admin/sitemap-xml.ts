// The custom sitemap upload (the name must end in .xml, else 'Please upload an XML file').
// The server also checks the content: at most 5 MB of UTF-8, well-formed XML (a small checker: tags
// balanced, attributes quoted and unique, entities known, one root), no DOCTYPE (nothing to expand),
// and a <urlset> or <sitemapindex> root as the sitemaps protocol defines. /sitemap.xml is served on
// the site's origin, so only what a sitemap is made of gets through (issue 11, finding 7): every
// element in the sitemap namespace or the image, video or news extension (or an xhtml:link
// alternate), only their documented attributes, and no processing instruction but the XML
// declaration (an xml-stylesheet could run script).

export const SITEMAP_FILE_ERROR = "Please upload an XML file";
export const SITEMAP_MAX_BYTES = 5 * 1024 * 1024;

/** The browser's check and the server's first one: the file name ends in .xml (any case). */
export function isXmlFileName(name: string): boolean {
  return /\.xml$/i.test(name.trim());
}

const NAME = "[A-Za-z_][\\w.\\-]*(?::[A-Za-z_][\\w.\\-]*)?";
const ATTR_RE = new RegExp(`\\s+(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "y");
const TAG_NAME_RE = new RegExp(NAME, "y");
const ENTITY_RE = /&(?:amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});/y;
const SITEMAP_ROOTS = ["urlset", "sitemapindex"];
const MAX_DEPTH = 12;

export const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";

/** The namespaces a sitemap may use: each one's elements and the attributes each element may carry. */
const ALLOWED: Record<string, { label: string; elements: Record<string, readonly string[]> }> = {
  [SITEMAP_NS]: {
    label: "sitemap",
    elements: { urlset: [], url: [], loc: [], lastmod: [], changefreq: [], priority: [], sitemapindex: [], sitemap: [] },
  },
  "http://www.google.com/schemas/sitemap-image/1.1": {
    label: "image",
    elements: { image: [], loc: [], caption: [], geo_location: [], title: [], license: [] },
  },
  "http://www.google.com/schemas/sitemap-video/1.1": {
    label: "video",
    elements: {
      video: [], thumbnail_loc: [], title: [], description: [], content_loc: [], player_loc: ["allow_embed", "autoplay"],
      duration: [], expiration_date: [], rating: [], view_count: [], publication_date: [], family_friendly: [],
      restriction: ["relationship"], platform: ["relationship"], price: ["currency", "type", "resolution"],
      requires_subscription: [], uploader: ["info"], live: [], tag: [], category: [], gallery_loc: ["title"],
    },
  },
  "http://www.google.com/schemas/sitemap-news/0.9": {
    label: "news",
    elements: {
      news: [], publication: [], name: [], language: [], publication_date: [], title: [], keywords: [],
      stock_tickers: [], genres: [], access: [],
    },
  },
  // hreflang alternates (<xhtml:link rel="alternate" hreflang="de" href="..."/>): nothing else of XHTML
  "http://www.w3.org/1999/xhtml": { label: "xhtml", elements: { link: ["rel", "hreflang", "href", "media"] } },
};

const ALLOWED_SUMMARY = "sitemap elements and the image, video, news and xhtml:link extensions";

type Attribute = { name: string; value: string; at: number };

const prefixOf = (qname: string) => (qname.includes(":") ? qname.slice(0, qname.indexOf(":")) : "");
const localOf = (qname: string) => (qname.includes(":") ? qname.slice(qname.indexOf(":") + 1) : qname);

/** The namespace declarations of a start tag on top of its parent's scope. */
function scopeWith(parent: ReadonlyMap<string, string>, attrs: readonly Attribute[]): ReadonlyMap<string, string> {
  const declared = attrs.filter((a) => a.name === "xmlns" || a.name.startsWith("xmlns:"));
  if (declared.length === 0) return parent;
  const scope = new Map(parent);
  for (const a of declared) scope.set(a.name === "xmlns" ? "" : a.name.slice(6), a.value);
  return scope;
}

/** Why an element may not be in a sitemap (null when it may), given its namespace scope. */
function elementProblem(qname: string, attrs: readonly Attribute[], scope: ReadonlyMap<string, string>, lineOf: () => number): string | null {
  const prefix = prefixOf(qname);
  const ns = scope.get(prefix);
  if (prefix && ns === undefined) return `The file is not well-formed XML: the prefix "${prefix}" of <${qname}> is not declared on line ${lineOf()}.`;
  const allowed = ns ? ALLOWED[ns] : undefined;
  const attributesAllowed = allowed?.elements[localOf(qname)];
  if (!attributesAllowed) {
    const where = ns ? `namespace ${ns}` : "no namespace";
    return `The sitemap may contain only ${ALLOWED_SUMMARY}; it contains <${qname}> (${where}) on line ${lineOf()}.`;
  }
  for (const a of attrs) {
    if (a.name === "xmlns" || a.name.startsWith("xmlns:")) continue;
    if (prefixOf(a.name) && scope.get(prefixOf(a.name)) === XSI_NS && localOf(a.name) === "schemaLocation") continue;
    if (!prefixOf(a.name) && attributesAllowed.includes(a.name)) continue;
    return `The sitemap may not contain the attribute "${a.name}" on <${qname}> (line ${lineOf()}).`;
  }
  return null;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Checks text for `&` that do not start a known entity; returns the bad offset or -1. */
function badAmpersand(text: string, start: number, end: number): number {
  let at = text.indexOf("&", start);
  while (at !== -1 && at < end) {
    ENTITY_RE.lastIndex = at;
    if (!ENTITY_RE.test(text)) return at;
    at = text.indexOf("&", ENTITY_RE.lastIndex);
  }
  return -1;
}

/** Parses a start tag's attributes between `from` and the tag's end; returns the end index or an error. */
function readAttributes(text: string, from: number): { end: number; selfClosing: boolean; attrs: Attribute[] } | { error: string; at: number } {
  const seen = new Set<string>();
  const attrs: Attribute[] = [];
  let i = from;
  for (;;) {
    ATTR_RE.lastIndex = i;
    const m = ATTR_RE.exec(text);
    if (m) {
      const name = m[1]!;
      if (seen.has(name)) return { error: `duplicate attribute "${name}"`, at: i };
      seen.add(name);
      const value = m[2] ?? m[3] ?? "";
      if (value.includes("<")) return { error: `"<" in the value of attribute "${name}"`, at: i };
      const valueStart = ATTR_RE.lastIndex - value.length - 1;
      const amp = badAmpersand(text, valueStart, valueStart + value.length);
      if (amp !== -1) return { error: "an \"&\" that is not an entity (write &amp;)", at: amp };
      attrs.push({ name, value, at: i });
      i = ATTR_RE.lastIndex;
      continue;
    }
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith("/>", i)) return { end: i + 2, selfClosing: true, attrs };
    if (text[i] === ">") return { end: i + 1, selfClosing: false, attrs };
    return { error: "a malformed tag", at: i };
  }
}

/**
 * null when the text is a sitemap we can serve, otherwise a message saying what is wrong (with the
 * line number for XML errors).
 */
export function checkSitemapXml(input: string): string | null {
  const text = input.replace(/^\uFEFF/, "");
  const fail = (what: string, at: number) => `The file is not well-formed XML: ${what} on line ${lineAt(text, at)}.`;
  const stack: { name: string; at: number; scope: ReadonlyMap<string, string> }[] = [];
  const noScope: ReadonlyMap<string, string> = new Map();
  let root: string | null = null;
  let rootClosed = false;
  let i = 0;
  if (text.startsWith("<?xml")) {
    const end = text.indexOf("?>");
    if (end === -1) return fail("an unclosed XML declaration", 0);
    i = end + 2;
  }
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const textEnd = lt === -1 ? text.length : lt;
    if (textEnd > i) {
      const chunk = text.slice(i, textEnd);
      if (stack.length === 0 && chunk.trim() !== "") return fail("text outside the root element", i + chunk.search(/\S/));
      if (chunk.includes("]]>")) return fail('a stray "]]>"', i + chunk.indexOf("]]>"));
      const amp = badAmpersand(text, i, textEnd);
      if (amp !== -1) return fail('an "&" that is not an entity (write &amp;)', amp);
    }
    if (lt === -1) break;
    i = lt;
    if (text.startsWith("<!--", i)) {
      const end = text.indexOf("-->", i + 4);
      if (end === -1) return fail("an unclosed comment", i);
      if (text.slice(i + 4, end).includes("--")) return fail('"--" inside a comment', i);
      i = end + 3;
    } else if (text.startsWith("<![CDATA[", i)) {
      if (stack.length === 0) return fail("CDATA outside the root element", i);
      const end = text.indexOf("]]>", i + 9);
      if (end === -1) return fail("an unclosed CDATA section", i);
      i = end + 3;
    } else if (text.startsWith("<!", i)) {
      if (/^<!DOCTYPE/i.test(text.slice(i, i + 9))) return "The sitemap must not contain a DOCTYPE.";
      return fail('an unexpected "<!"', i);
    } else if (text.startsWith("<?", i)) {
      const end = text.indexOf("?>", i + 2);
      if (end === -1) return fail("an unclosed processing instruction", i);
      if (/^<\?xml[\s?]/i.test(text.slice(i, i + 6))) return fail("an XML declaration that is not at the very start", i);
      const target = /^<\?([^\s?]*)/.exec(text.slice(i, i + 60))?.[1] ?? "";
      return `The sitemap may not contain processing instructions such as <?${target}?> (line ${lineAt(text, i)}): only the XML declaration is allowed.`;
    } else if (text.startsWith("</", i)) {
      const end = text.indexOf(">", i);
      if (end === -1) return fail("an unclosed end tag", i);
      const name = text.slice(i + 2, end).trim();
      const open = stack.pop();
      if (!open) return fail(`an end tag </${name}> without a start tag`, i);
      if (open.name !== name) return fail(`</${name}> where </${open.name}> was expected`, i);
      if (stack.length === 0) rootClosed = true;
      i = end + 1;
    } else {
      TAG_NAME_RE.lastIndex = i + 1;
      const m = TAG_NAME_RE.exec(text);
      if (!m) return fail('a "<" that does not start a tag (write &lt;)', i);
      const name = m[0];
      const attrs = readAttributes(text, TAG_NAME_RE.lastIndex);
      if ("error" in attrs) return fail(attrs.error, attrs.at);
      const scope = scopeWith(stack[stack.length - 1]?.scope ?? noScope, attrs.attrs);
      if (stack.length === 0) {
        if (root !== null) return fail("a second root element", i);
        root = name;
        if (!SITEMAP_ROOTS.includes(localOf(name))) return `The sitemap's root element must be <urlset> or <sitemapindex>, not <${name}>.`;
        if (scope.get(prefixOf(name)) !== SITEMAP_NS) return `The sitemap's root element <${name}> must be in the sitemap namespace: add xmlns="${SITEMAP_NS}".`;
      }
      if (stack.length >= MAX_DEPTH) return `The sitemap nests elements more than ${MAX_DEPTH} deep on line ${lineAt(text, i)}.`;
      const at = i;
      const problem = elementProblem(name, attrs.attrs, scope, () => lineAt(text, at));
      if (problem) return problem;
      if (attrs.selfClosing) {
        if (stack.length === 0) rootClosed = true;
      } else {
        stack.push({ name, at: i, scope });
      }
      i = attrs.end;
    }
  }
  if (stack.length > 0) return fail(`<${stack[stack.length - 1]!.name}> is never closed`, stack[stack.length - 1]!.at);
  if (root === null || !rootClosed) return "The file has no XML root element.";
  return null;
}

/** Decode the upload as UTF-8 (a wrong encoding is refused rather than garbled). */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
