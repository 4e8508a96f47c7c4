// The kind of a text input (the data converter's XML, JSON, CSV, HTML, TXT). Bytes cannot tell a
// CSV from a TXT, so a text file's own extension names its kind when it is one of these; without
// one, its first characters decide (JSON, HTML, XML, else TXT, which the converter sniffs further).
import { extname } from "node:path";
import { decodeText, sniffUnicode } from "#codecs/data/text-codec.ts";

export type TextKind = "xml" | "json" | "csv" | "html" | "txt";

const BY_EXTENSION: Readonly<Record<string, TextKind>> = { xml: "xml", rss: "xml", atom: "xml", rdf: "xml", json: "json", csv: "csv", tsv: "csv", html: "html", htm: "html", txt: "txt" };
/** bytes looked at to tell text from binary */
const SNIFF_BYTES = 8192;

/** Text: UTF-16 or UTF-32 (a BOM, or the NUL bytes of their first characters), or no NUL byte in the first 8 KB but those that end the file (padding). */
function isText(bytes: Uint8Array): boolean {
  const unicode = sniffUnicode(bytes);
  // with a BOM; without one, its first characters must be ASCII text ("<?", "{", "na"...), not binary that happens to have NULs there
  if (unicode && (unicode.bom > 0 || /^[\t-~]{1,2}$/.test(start(bytes).slice(0, 2)))) return true;
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end -= 1;
  return end > 0 && !bytes.subarray(0, Math.min(end, SNIFF_BYTES)).includes(0);
}

/** The first characters of the text, without a BOM or leading white space. */
function start(bytes: Uint8Array): string {
  const encoding = sniffUnicode(bytes)?.encoding ?? "utf-8";
  const head = bytes.subarray(0, 512);
  let text = "";
  try {
    text = encoding.startsWith("utf-32") ? decodeText(head.subarray(0, head.length & ~3)).text : new TextDecoder(encoding).decode(head);
  } catch {
    // UTF-32 with values that are no characters: not text
  }
  return text.replace(/^\uFEFF/, "").trimStart();
}

export function textKind(bytes: Uint8Array, name: string): TextKind | null {
  if (bytes.length === 0 || !isText(bytes)) return null;
  const byName = BY_EXTENSION[extname(name).slice(1).toLowerCase()];
  if (byName) return byName;
  const head = start(bytes);
  if (head.startsWith("{") || head.startsWith("[")) return "json";
  if (/^<(!doctype\s+html|html)[\s>]/i.test(head)) return "html";
  if (head.startsWith("<")) return "xml";
  return "txt";
}
