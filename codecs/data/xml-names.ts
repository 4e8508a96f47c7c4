// XML names and escaping for the writers (XML and HTML).

const nameCache = new Map<string, string>();
/** names cached before the cache is cleared (a hostile file could have millions of distinct keys) */
const NAME_CACHE_LIMIT = 10_000;

/** A valid XML element name for a JSON key: invalid characters become "_", a bad first one gets "_" before it. */
export function xmlName(key: string): string {
  const cached = nameCache.get(key);
  if (cached !== undefined) return cached;
  let name = key.replace(/[^\p{L}\p{N}_.:\-\u00B7]/gu, "_");
  if (name === "" || !/^[\p{L}_:]/u.test(name)) name = `_${name}`;
  if (nameCache.size >= NAME_CACHE_LIMIT) nameCache.clear();
  nameCache.set(key, name);
  return name;
}

// characters XML 1.0 does not allow at all (dropped), and the ones that must be escaped
// oxlint-disable-next-line no-control-regex -- finding the control characters XML forbids is the point
const NEEDS_WORK = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// oxlint-disable-next-line no-control-regex -- as above
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for an element's content or an attribute value (quotes and line ends escaped in attributes). */
export function escapeXml(text: string, attribute = false): string {
  if (!NEEDS_WORK.test(text) && !(attribute && (text.includes("\n") || text.includes("\r") || text.includes("\t")))) return text;
  let out = text.replace(FORBIDDEN, "").replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  if (attribute) out = out.replaceAll('"', "&quot;").replaceAll("\n", "&#10;").replaceAll("\r", "&#13;").replaceAll("\t", "&#9;");
  return out;
}
