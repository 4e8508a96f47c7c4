// The kind of a text input (the data converter's XML, JSON, CSV, HTML, TXT). Bytes cannot tell a
// CSV from a TXT, so a text file's own extension names its kind when it is one of these; without
// one, its first characters decide (JSON, HTML, XML, else TXT, which the converter sniffs further).
import { extname } from "node:path";

export type TextKind = "xml" | "json" | "csv" | "html" | "txt";

const BY_EXTENSION: Readonly<Record<string, TextKind>> = { xml: "xml", json: "json", csv: "csv", tsv: "csv", html: "html", htm: "html", txt: "txt" };
/** bytes looked at to tell text from binary */
const SNIFF_BYTES = 8192;

/** Text: a UTF-16 byte-order mark, or no NUL byte in the first 8 KB. */
function isText(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  return !bytes.subarray(0, SNIFF_BYTES).includes(0);
}

/** The first characters of the text, without a BOM or leading white space (UTF-16: every other byte). */
function start(bytes: Uint8Array): string {
  const utf16 = bytes[0] === 0xff || bytes[0] === 0xfe;
  const head = bytes.subarray(0, 512);
  const text = utf16 ? new TextDecoder(bytes[0] === 0xff ? "utf-16le" : "utf-16be").decode(head) : new TextDecoder().decode(head);
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
