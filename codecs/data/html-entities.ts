// HTML's named character references ("&nbsp;", "&eacute;"), for XML documents whose DTD we do not
// read (RSS 0.91's, XHTML's) and for feeds, where feed readers accept them. htmlparser2's HTML
// tokenizer (a dependency already) knows the whole HTML table; each name is looked up once.
import { Parser } from "htmlparser2";

const known = new Map<string, string | undefined>();

/** The text of `&name;` in HTML, or undefined when HTML has no such entity. */
export function htmlEntity(name: string): string | undefined {
  if (known.has(name)) return known.get(name);
  const raw = `&${name};`;
  let decoded = "";
  const parser = new Parser({ ontext: (text) => (decoded += text) }, { decodeEntities: true });
  parser.write(raw);
  parser.end();
  // a legacy prefix match ("&notit;" read as "¬it;") is not this entity
  const found = decoded !== raw && (!decoded.endsWith(";") || name === "semi") ? decoded : undefined;
  known.set(name, found);
  return found;
}
