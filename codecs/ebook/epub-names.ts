// Names and text for the EPUB writer (issue 16): file names made safe and unique inside the zip,
// links between them made relative, and text escaped for XML with the characters XML forbids
// removed (a reader may carry control characters over from a broken source).

/** Our own files in OEBPS/: a book's chapter or resource may not take these names. */
export const RESERVED_NAMES: readonly string[] = ["content.opf", "nav.xhtml", "toc.ncx", "cover.xhtml"];

/** Longest file-name segment kept: some readers and file systems refuse longer ones. */
const MAX_SEGMENT_LENGTH = 96;

/** Characters XML 1.0 does not allow anywhere (control characters, lone surrogates, U+FFFE/F). */
// eslint-disable-next-line no-control-regex -- these controls are exactly what is removed
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function stripNonXml(text: string): string {
  return text.replace(NOT_XML, "");
}

/** Text for element content and double-quoted attributes. */
export function escapeXml(text: string): string {
  return stripNonXml(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The value of an attribute as written in well-formed XML (character and the five XML entities). */
export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (whole, name: string) => {
    if (name.startsWith("#x")) return safeCodePoint(Number.parseInt(name.slice(2), 16)) ?? whole;
    if (name.startsWith("#")) return safeCodePoint(Number.parseInt(name.slice(1), 10)) ?? whole;
    return XML_ENTITIES[name] ?? whole;
  });
}

function safeCodePoint(code: number): string | undefined {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/**
 * HTML's named entities that sources use most, as numeric references: an XHTML file without a DTD
 * knows only the five XML ones, and an unknown name makes the chapter unreadable.
 */
const HTML_ENTITIES: Readonly<Record<string, number>> = {
  nbsp: 0xa0, shy: 0xad, copy: 0xa9, reg: 0xae, trade: 0x2122, deg: 0xb0, middot: 0xb7, bull: 0x2022,
  hellip: 0x2026, ndash: 0x2013, mdash: 0x2014, lsquo: 0x2018, rsquo: 0x2019, sbquo: 0x201a,
  ldquo: 0x201c, rdquo: 0x201d, bdquo: 0x201e, laquo: 0xab, raquo: 0xbb, times: 0xd7, divide: 0xf7,
  euro: 0x20ac, pound: 0xa3, yen: 0xa5, cent: 0xa2, sect: 0xa7, para: 0xb6, dagger: 0x2020,
  Dagger: 0x2021, prime: 0x2032, Prime: 0x2033, ensp: 0x2002, emsp: 0x2003, thinsp: 0x2009,
  zwnj: 0x200c, zwj: 0x200d, iexcl: 0xa1, iquest: 0xbf, frac12: 0xbd, frac14: 0xbc, frac34: 0xbe,
  sup1: 0xb9, sup2: 0xb2, sup3: 0xb3, larr: 0x2190, rarr: 0x2192, uarr: 0x2191, darr: 0x2193,
};

/**
 * A chapter body ready for an XHTML file: forbidden characters removed, HTML entity names turned
 * into numeric references, and an unknown name or a bare "&" escaped so it shows as written.
 */
export function fixEntities(body: string): string {
  return stripNonXml(body).replace(/&(#x[0-9a-fA-F]+;|#[0-9]+;|[A-Za-z][A-Za-z0-9]*;)?/g, (whole, reference: string | undefined) => {
    if (reference === undefined) return "&amp;";
    if (reference.startsWith("#")) {
      const code = reference.startsWith("#x") ? Number.parseInt(reference.slice(2), 16) : Number.parseInt(reference.slice(1), 10);
      const text = safeCodePoint(code);
      return text !== undefined && stripNonXml(text) === text ? whole : "";
    }
    const name = reference.slice(0, -1);
    if (name in XML_ENTITIES) return whole;
    const code = HTML_ENTITIES[name];
    return code === undefined ? `&amp;${reference}` : `&#${code};`;
  });
}

/**
 * Gives out file names under OEBPS/: each path segment limited to letters, digits, ".", "_" and
 * "-" (so no percent-encoding is ever needed in a link), no "." or ".." segments, and unique without
 * regard to case (zips are unpacked onto case-insensitive disks).
 */
export class NameBook {
  private readonly taken = new Set<string>(RESERVED_NAMES.map((name) => name.toLowerCase()));
  /** per stem and extension, the next number to try */
  private readonly next = new Map<string, number>();

  /** A safe, unused name close to `wanted`; `extension` (".xhtml") replaces a wrong one. */
  claim(wanted: string, fallback: string, extension?: string): string {
    let path = safePath(wanted, fallback);
    if (extension !== undefined && !path.endsWith(extension)) {
      path = path.replace(/\.[A-Za-z0-9]{1,5}$/, "") + extension;
    }
    const dot = path.lastIndexOf(".");
    const slash = path.lastIndexOf("/");
    const stem = dot > slash + 1 ? path.slice(0, dot) : path;
    const ext = dot > slash + 1 ? path.slice(dot) : "";
    let candidate = path;
    // counting on from the last number given keeps 10^4 chapters all named "chapter.xhtml" linear
    const key = `${stem}\u0000${ext}`.toLowerCase();
    let n = this.next.get(key) ?? 2;
    while (this.taken.has(candidate.toLowerCase())) candidate = `${stem}-${n++}${ext}`;
    this.next.set(key, n);
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

function safePath(wanted: string, fallback: string): string {
  let decoded = wanted;
  try {
    decoded = decodeURIComponent(wanted);
  } catch {
    // a stray "%" is just a character here
  }
  const segments = decoded
    .split(/[\\/]+/)
    .filter((segment) => segment !== "" && segment !== "." && segment !== "..")
    .map((segment) => segment.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[.]+/, "").slice(-MAX_SEGMENT_LENGTH))
    .filter((segment) => segment !== "" && segment !== "_");
  // META-INF is the container's own folder
  if (segments.length > 1 && segments[0]!.toLowerCase() === "meta-inf") segments[0] = "META-INF_";
  return segments.length === 0 ? fallback : segments.join("/");
}

/** The link from the file at `from` to the file at `to`, both paths inside one folder. */
export function relativeHref(from: string, to: string): string {
  const fromDirs = from.split("/").slice(0, -1);
  const toParts = to.split("/");
  let common = 0;
  while (common < fromDirs.length && common < toParts.length - 1 && fromDirs[common] === toParts[common]) common++;
  return "../".repeat(fromDirs.length - common) + toParts.slice(common).join("/");
}

/** A book href as a link names it: "./a/b.xhtml", "/a/b.xhtml" and "a/b.xhtml" are one file. */
export function normalizeBookHref(href: string): string {
  let path = href.trim();
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep it as written
  }
  const parts: string[] = [];
  for (const segment of path.split(/[\\/]+/)) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") parts.pop();
    else parts.push(segment);
  }
  return parts.join("/");
}

/** An id that is a valid XML name (NCName) and unique in `used`. */
export function uniqueId(wanted: string, used: Set<string>): string {
  let base = wanted.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z_]+/, "");
  if (base === "") base = "id";
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}
