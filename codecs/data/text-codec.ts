// Bytes to text and back. Input (docs/decisions/035-data-real-world.md): a BOM names the encoding
// (UTF-8, UTF-16 and UTF-32, either byte order); without one, NUL bytes in the first four give
// UTF-16/32 (XML 1.0 Appendix F); an XML declaration's encoding is used (every encoding TextDecoder
// knows: ISO-8859-x, windows-125x, KOI8, Shift_JIS, EUC-JP/KR, Big5, GBK, GB18030...), except that
// bytes declared as a single-byte encoding that are valid UTF-8 with multi-byte characters are read
// as UTF-8 (the declaration lies; feed readers do the same). Otherwise UTF-8; when that fails, CSV,
// HTML, TXT and feeds are read as Windows-1252 (what such files almost always are), JSON and other XML
// are refused with the place of the first bad byte, as xmllint does.
// Output: UTF-8, built in chunks (a list of encoded blocks joined once), never one giant string.
import { DocumentError } from "../document/document-error.ts";
import { parseError, throwIfAborted } from "./data-error.ts";
import type { DataFormat } from "./data-model.ts";

/** bytes decoded per step: progress and Cancel are checked between steps */
const DECODE_STEP = 4 << 20;
/** bytes of an ASCII-compatible file searched for its XML declaration and root element */
const PROLOG_BYTES = 4096;

export interface Decoded {
  text: string;
  /** the WHATWG name of the encoding the bytes were read as ("utf-8", "windows-1251", "utf-32le"...) */
  encoding: string;
}

type Unicode = "utf-8" | "utf-16le" | "utf-16be" | "utf-32le" | "utf-32be";

/** The Unicode encoding a BOM or the NUL bytes of the first four bytes give, and the BOM's length. */
export function sniffUnicode(bytes: Uint8Array): { encoding: Unicode; bom: number } | undefined {
  const [a, b, c, d] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return { encoding: "utf-32le", bom: 4 };
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return { encoding: "utf-32be", bom: 4 };
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: "utf-8", bom: 3 };
  if (a === 0xff && b === 0xfe) return { encoding: "utf-16le", bom: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: "utf-16be", bom: 2 };
  if (bytes.length < 4) return undefined;
  if (a === 0 && b === 0 && c === 0 && d !== 0) return { encoding: "utf-32be", bom: 0 };
  if (a !== 0 && b === 0 && c === 0 && d === 0) return { encoding: "utf-32le", bom: 0 };
  if (a === 0 && b !== 0 && c === 0 && d !== 0) return { encoding: "utf-16be", bom: 0 };
  if (a !== 0 && b === 0 && c !== 0 && d === 0) return { encoding: "utf-16le", bom: 0 };
  return undefined;
}

/** Names XML files use that TextDecoder does not know by that spelling. */
const ALIASES: Readonly<Record<string, string>> = {
  "shift-jis": "shift_jis",
  sjis: "shift_jis",
  cp932: "shift_jis",
  ms932: "shift_jis",
  cp936: "gbk",
  ms936: "gbk",
  cp949: "euc-kr",
  uhc: "euc-kr",
  cp950: "big5",
  "euc-cn": "gb2312",
  "iso-8859-8-i": "iso-8859-8-i",
  "ucs-2": "utf-16",
  "iso-10646-ucs-2": "utf-16",
  "ucs-4": "utf-32",
  "iso-10646-ucs-4": "utf-32",
  "utf-32le": "utf-32",
  "utf-32be": "utf-32",
};

/** The TextDecoder name of an encoding label, "utf-16"/"utf-32" for those families, or undefined when unknown. */
export function encodingOfLabel(label: string): string | undefined {
  const lower = label.trim().toLowerCase();
  const named = ALIASES[lower] ?? lower;
  if (named === "utf-32") return "utf-32";
  for (const candidate of [named, named.replace(/_/g, "-"), named.replace(/-/g, "_")]) {
    try {
      const encoding = new TextDecoder(candidate).encoding;
      return encoding === "utf-16le" || encoding === "utf-16be" ? "utf-16" : encoding;
    } catch {
      // not this spelling
    }
  }
  return undefined;
}

/** Encodings with one byte per character: UTF-8 bytes declared as one of these are a lie. */
const SINGLE_BYTE = /^(windows-125\d|iso-8859-\d+|koi8-[ru]|ibm866|macintosh|x-mac-cyrillic|windows-874)$/;

/** The offset of the first byte that is not valid UTF-8, or -1. */
export function invalidUtf8At(bytes: Uint8Array, from = 0): number {
  let i = from;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let code = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
      code = (code << 6) | (next & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

const hasMultiByte = (bytes: Uint8Array, limit = bytes.length) => {
  for (let i = 0; i < limit; i++) if (bytes[i]! >= 0x80) return true;
  return false;
};

/** "line 3, column 7" of a byte offset in ASCII-compatible bytes (columns count bytes). */
function byteLineColumn(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** An ASCII-compatible XML file's declared encoding, and whether its root element is a feed's. */
function xmlProlog(bytes: Uint8Array): { declared?: string; feed: boolean } {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, PROLOG_BYTES));
  const declared = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([^"']*)["']/.exec(head)?.[1];
  const feed = /<(rss|rdf:RDF|feed)[\s>]/.test(head.replace(/<!--[^]*?-->/g, ""));
  return { declared, feed };
}

function decodeUtf32(bytes: Uint8Array, little: boolean, at: number): string {
  const parts: string[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = at + Math.floor((bytes.length - at) / 4) * 4;
  const codes: number[] = [];
  for (let i = at; i < end; i += 4) {
    const code = view.getUint32(i, little);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      throw new DocumentError(`The file is not valid UTF-32 text (a value that is no character at byte ${i}).`, "damaged");
    }
    codes.push(code);
    if (codes.length === 8192) {
      parts.push(String.fromCodePoint(...codes));
      codes.length = 0;
    }
  }
  parts.push(String.fromCodePoint(...codes));
  return parts.join("");
}

/** TextDecoder over the bytes in steps (progress and Cancel between them); throws TypeError on bad bytes when fatal. */
function decodeSteps(bytes: Uint8Array, encoding: string, at: number, fatal: boolean, onBytes?: (done: number) => void, signal?: AbortSignal): string {
  const decoder = new TextDecoder(encoding, { fatal, ignoreBOM: true });
  const parts: string[] = [];
  while (at < bytes.length) {
    throwIfAborted(signal);
    const end = Math.min(bytes.length, at + DECODE_STEP);
    parts.push(decoder.decode(bytes.subarray(at, end), { stream: end < bytes.length }));
    at = end;
    onBytes?.(at);
  }
  parts.push(decoder.decode());
  return parts.join("");
}

export interface DecodeOptions {
  /** what the bytes are meant to be: XML reads its declaration; JSON and XML refuse bad UTF-8 */
  format?: DataFormat;
  onBytes?: (done: number) => void;
  signal?: AbortSignal;
}

/** The text just before a bad byte (at most 20 characters of its line), to show where it is. */
function before(bytes: Uint8Array, offset: number): string {
  const text = new TextDecoder("utf-8").decode(bytes.subarray(Math.max(0, offset - 60), offset));
  const line = text.slice(text.lastIndexOf("\n") + 1).replace(/^\uFFFD+/, "");
  return line.length > 20 ? `…${line.slice(-20)}` : line;
}

function utf8Refusal(bytes: Uint8Array, offset: number, format: DataFormat | undefined): DocumentError {
  const where = byteLineColumn(bytes, offset);
  const context = before(bytes, offset);
  const place = context === "" ? "" : `, right after "${context}"`;
  if (format === "xml") return parseError("XML", `the bytes are not valid UTF-8${place} and the XML declaration names no other encoding`, where);
  return new DocumentError(`The file is not valid UTF-8 text (line ${where.line}, column ${where.column}${place}). Save it as UTF-8 and try again.`, "damaged");
}

/** The text of the file (see the rules above). */
export function decodeText(bytes: Uint8Array, options: DecodeOptions = {}): Decoded {
  const { format, onBytes, signal } = options;
  const unicode = sniffUnicode(bytes);
  if (unicode && unicode.encoding !== "utf-8") {
    const { encoding, bom } = unicode;
    if (encoding === "utf-32le" || encoding === "utf-32be") {
      const text = decodeUtf32(bytes, encoding === "utf-32le", bom);
      onBytes?.(bytes.length);
      return { text, encoding };
    }
    // libxml2 ignores an odd last byte of UTF-16
    const even = bytes.length % 2 === 1 ? bytes.subarray(0, bytes.length - 1) : bytes;
    try {
      return { text: decodeSteps(even, encoding, bom, true, onBytes, signal), encoding };
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      throw new DocumentError(`The file is not valid ${encoding.toUpperCase()} text (a broken surrogate pair). Save it as UTF-8 and try again.`, "damaged");
    }
  }
  const skip = unicode?.bom ?? 0;
  let encoding = "utf-8";
  let feed = false;
  const xmlLike = format === "xml" || (format === "txt" && bytes[skip] === 0x3c);
  if (xmlLike && skip === 0) {
    const prolog = xmlProlog(bytes);
    feed = prolog.feed;
    if (prolog.declared !== undefined) {
      const named = encodingOfLabel(prolog.declared);
      if (named === undefined || named === "replacement") {
        if (!feed) throw new DocumentError(`The XML declares the encoding "${prolog.declared}" (line 1), which this converter does not know.`, "unsupported");
      } else if (named !== "utf-16" && named !== "utf-32") encoding = named;
    }
    if (bytes[0] === 0x4c && bytes[1] === 0x6f && bytes[2] === 0xa7 && bytes[3] === 0x94) {
      throw new DocumentError("The XML is in EBCDIC, which this converter does not read.", "unsupported");
    }
  }
  if (encoding !== "utf-8" && SINGLE_BYTE.test(encoding) && hasMultiByte(bytes) && invalidUtf8At(bytes, skip) === -1) encoding = "utf-8";
  if (encoding !== "utf-8") {
    try {
      return { text: decodeSteps(bytes, encoding, skip, true, onBytes, signal), encoding };
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      if (!feed) throw new DocumentError(`The file is not valid ${encoding} text, the encoding its XML declaration names.`, "damaged");
      // a feed reader shows what it can
      return { text: decodeSteps(bytes, encoding, skip, false, onBytes, signal), encoding };
    }
  }
  try {
    return { text: decodeSteps(bytes, "utf-8", skip, true, onBytes, signal), encoding };
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const strict = format === "json" || (xmlLike && !feed);
    if (strict) throw utf8Refusal(bytes, Math.max(skip, invalidUtf8At(bytes, skip)), format === "txt" ? "xml" : format);
    return { text: decodeSteps(bytes, "windows-1252", skip, false, onBytes, signal), encoding: "windows-1252" };
  }
}

/** size of the text blocks that are encoded to UTF-8 as the output grows */
const FLUSH_CHARS = 1 << 20;

/** Collects output text in pieces and encodes it to UTF-8 in blocks of about 1 M characters. */
export class TextSink {
  private pending: string[] = [];
  private pendingChars = 0;
  private blocks: Uint8Array[] = [];
  private encoder = new TextEncoder();
  /** UTF-8 bytes so far (encoded blocks only) */
  bytes = 0;

  write(text: string): void {
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= FLUSH_CHARS) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const block = this.encoder.encode(this.pending.join(""));
    this.blocks.push(block);
    this.bytes += block.length;
    this.pending = [];
    this.pendingChars = 0;
  }

  /** The whole output as one array. */
  finish(): Uint8Array {
    this.flush();
    if (this.blocks.length === 1) return this.blocks[0]!;
    const out = new Uint8Array(this.bytes);
    let at = 0;
    for (const block of this.blocks) {
      out.set(block, at);
      at += block.length;
    }
    return out;
  }
}
