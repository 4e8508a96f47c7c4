// The custom sitemap upload (spec §5: the name must end in .xml, else 'Please upload an XML file').
// The server also checks the content: at most 5 MB of UTF-8, well-formed XML (a small checker: tags
// balanced, attributes quoted and unique, entities known, one root), no DOCTYPE (nothing to expand),
// and a <urlset> or <sitemapindex> root as the sitemaps protocol defines.

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
function readAttributes(text: string, from: number): { end: number; selfClosing: boolean } | { error: string; at: number } {
  const seen = new Set<string>();
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
      i = ATTR_RE.lastIndex;
      continue;
    }
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith("/>", i)) return { end: i + 2, selfClosing: true };
    if (text[i] === ">") return { end: i + 1, selfClosing: false };
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
  const stack: { name: string; at: number }[] = [];
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
      i = end + 2;
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
      if (stack.length === 0) {
        if (root !== null) return fail("a second root element", i);
        root = name;
      }
      const attrs = readAttributes(text, TAG_NAME_RE.lastIndex);
      if ("error" in attrs) return fail(attrs.error, attrs.at);
      if (attrs.selfClosing) {
        if (stack.length === 0) rootClosed = true;
      } else {
        stack.push({ name, at: i });
      }
      i = attrs.end;
    }
  }
  if (stack.length > 0) return fail(`<${stack[stack.length - 1]!.name}> is never closed`, stack[stack.length - 1]!.at);
  if (root === null || !rootClosed) return "The file has no XML root element.";
  const local = root.includes(":") ? root.slice(root.indexOf(":") + 1) : root;
  if (!SITEMAP_ROOTS.includes(local)) return `The sitemap's root element must be <urlset> or <sitemapindex>, not <${root}>.`;
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
