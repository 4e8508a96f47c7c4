// Plain text → DocModel (issue 15). The encoding is found from a byte order mark, else UTF-8 when
// the bytes are valid UTF-8, else Windows-1252 (what "ANSI" text from Windows in Western Europe and
// the Americas is). UTF-16 without a BOM is not guessed (Windows writes one). Blank lines separate
// paragraphs, a single newline is a line break inside one, a form feed is a page break. One pass
// over the lines: linear in the file's size.
import { DocumentError } from "./document-error.ts";
import type { Block, DocModel } from "./model.ts";

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

/** Larger text files are refused: 16 MiB of text is thousands of pages of PDF. */
export const MAX_TXT_BYTES = 16 * 1024 * 1024;
/** More paragraphs than this (a file of blank-line-separated single characters) is refused. */
export const MAX_TXT_PARAGRAPHS = 200_000;
/** How much of the text is checked for binary data, and the share of control characters allowed. */
const SNIFF_CHARS = 65_536;
const MAX_CONTROL_SHARE = 0.01;

export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (bytes.length > MAX_TXT_BYTES) {
    throw new DocumentError(`This text file is ${Math.ceil(bytes.length / 2 ** 20)} MiB; the converter reads text files of up to ${MAX_TXT_BYTES / 2 ** 20} MiB.`, "too-large");
  }
  // TextDecoder drops the BOM it recognises (ignoreBOM is false by default)
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder("utf-8").decode(bytes), encoding: "utf-8" };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes), encoding: "utf-16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes), encoding: "utf-16be" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

/** A title from a file name: no folder, no extension, underscores as spaces ("q3_report.txt" → "q3 report"). */
export function titleFromFileName(name: string): string {
  const base = name.replace(/^.*[\\/]/, "").replace(/\.[^.]{1,8}$/, "");
  return base.replace(/_+/g, " ").replace(/\s+/g, " ").trim();
}

export interface ReadTxtOptions {
  /** the file's name ("notes.txt") or a title; the extension is dropped */
  title?: string;
}

export function readTxt(bytes: Uint8Array, options: ReadTxtOptions = {}): DocModel {
  const { text, encoding } = decodeText(bytes);
  refuseBinary(text);
  const notes: string[] = [];
  if (encoding === "windows-1252") notes.push("The file is not UTF-8; it was read as Windows-1252 (Western European) text.");
  const blocks: Block[] = [];
  let lines: string[] = [];
  let paragraphs = 0;
  const endParagraph = (): void => {
    if (lines.length === 0) return;
    if (++paragraphs > MAX_TXT_PARAGRAPHS) {
      throw new DocumentError(`This text file has more than ${MAX_TXT_PARAGRAPHS.toLocaleString("en")} paragraphs, more than the converter lays out.`, "too-much-work");
    }
    blocks.push({ kind: "paragraph", runs: [{ text: lines.join("\n") }] });
    lines = [];
  };
  // "\r\n", "\r" and "\n" all end a line; a form feed ends the page wherever it is in a line
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const pages = rawLine.split("\f");
    pages.forEach((part, i) => {
      if (i > 0) {
        endParagraph();
        blocks.push({ kind: "page-break" });
      }
      // trailing white space (no-break spaces too) is dropped; a line of only white space is blank
      const line = part.trimEnd();
      if (line === "") {
        // a blank line ends the paragraph; a form feed alone on its line adds no blank line
        if (pages.length === 1) endParagraph();
      } else lines.push(line);
    });
  }
  endParagraph();
  const title = options.title !== undefined ? titleFromFileName(options.title) : "";
  return { title: title === "" ? undefined : title, blocks: trimPageBreaks(blocks), notes };
}

/** Page breaks before the first text or after the last would only make empty pages. */
function trimPageBreaks(blocks: Block[]): Block[] {
  let start = 0;
  let end = blocks.length;
  while (start < end && blocks[start]!.kind === "page-break") start++;
  while (end > start && blocks[end - 1]!.kind === "page-break") end--;
  return start === 0 && end === blocks.length ? blocks : blocks.slice(start, end);
}

/** Control characters (other than tab, line ends and form feed) are binary data, not text. */
function refuseBinary(text: string): void {
  const sample = text.slice(0, SNIFF_CHARS);
  // eslint-disable-next-line no-control-regex -- these controls are exactly what is counted
  const controls = sample.match(/[\u0000-\u0008\u000B\u000E-\u001F]/g)?.length ?? 0;
  if (controls > sample.length * MAX_CONTROL_SHARE) {
    throw new DocumentError("This file holds binary data, not text: it cannot be read as a text file.", "damaged");
  }
}
