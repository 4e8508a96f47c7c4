// What a file really is, in words a person uses ("a CSV table", "a PNG image"), from its first bytes:
// a converter that is handed the wrong file says what it got instead of which bytes it missed
// (issue 31, finding 1). Binary formats come from ./file-sniff.ts, plus a few signatures no tool of
// ours reads; text is told apart by its first characters. A guess that could mislead is no answer.
import { sniffExtension } from "./file-sniff.ts";

/** How many first bytes describeFileKind looks at (enough for a CSV's first two lines). */
export const KIND_BYTES = 512;

const NAMES: Readonly<Record<string, string>> = {
  dds: "a DDS texture",
  png: "a PNG image",
  jpg: "a JPEG image",
  gif: "a GIF image",
  tif: "a TIFF image",
  psd: "a Photoshop document (PSD)",
  psb: "a large Photoshop document (PSB)",
  pdf: "a PDF document",
  mid: "a MIDI file",
  wav: "a WAV sound file",
  avi: "an AVI video",
  flac: "a FLAC sound file",
  ogg: "an Ogg sound or video file",
  mp3: "an MP3 sound file",
  flv: "a Flash video (FLV)",
  mkv: "a Matroska or WebM video",
  avif: "an AVIF image",
  m4a: "an M4A sound file",
  mov: "a QuickTime (MOV) video",
  "3gp": "a 3GP video",
  mp4: "an MP4 video",
  epub: "an EPUB e-book",
  mobi: "a Kindle e-book (MOBI or AZW3)",
};

const starts = (head: Uint8Array, values: readonly number[], at = 0) => values.every((value, i) => head[at + i] === value);
const ascii = (head: Uint8Array, text: string, at = 0) => starts(head, [...text].map((char) => char.charCodeAt(0)), at);

/** Signatures of formats no tool here reads, named so the visitor knows what they chose. */
function otherBinary(head: Uint8Array): string | null {
  if (ascii(head, "RIFF") && ascii(head, "WEBP", 8)) return "a WebP image";
  if (ascii(head, "BM") && head.length >= 10 && starts(head, [0, 0, 0, 0], 6)) return "a BMP image";
  if (starts(head, [0, 0, 1, 0]) && head[4] !== 0 && head[5] === 0) return "an icon (ICO)";
  if (ascii(head, "PK") && starts(head, [3, 4], 2)) return "a ZIP archive (or an Office document, which is one)";
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "an old Microsoft Office document (DOC, XLS or PPT)";
  if (ascii(head, "Rar!")) return "a RAR archive";
  if (ascii(head, "7z") && starts(head, [0xbc, 0xaf, 0x27, 0x1c], 2)) return "a 7-Zip archive";
  if (starts(head, [0x1f, 0x8b])) return "a gzip archive";
  if (ascii(head, "MZ")) return "a Windows program";
  if (ascii(head, "\u007fELF")) return "a program";
  if (ascii(head, "{\\rtf")) return "an RTF document";
  if (ascii(head, "%!PS")) return "a PostScript file";
  if (ascii(head, "wOFF") || ascii(head, "wOF2")) return "a web font";
  return null;
}

/** The head as text, or null when it holds bytes no text file has (NUL, most control characters). */
function asText(head: Uint8Array): string | null {
  let text: string;
  try {
    // stream: a multi-byte character cut at the end of the head is held back, not an error
    text = new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
  } catch {
    return null;
  }
  return hasBinaryControls(text) ? null : text.replace(/^\uFEFF/, "");
}

/** NUL and the control characters below tab, or between carriage return and space: no text file has them. */
function hasBinaryControls(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x09 || (code > 0x0d && code < 0x20)) return true;
  }
  return false;
}

/** A delimiter that splits the first two lines into the same number (2 or more) of fields. */
function looksLikeTable(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length < 2) return false;
  const [first, second] = [lines[0]!, lines[1]!];
  return [",", ";", "\t", "|"].some((delimiter) => {
    const fields = first.split(delimiter).length;
    return fields >= 2 && second.split(delimiter).length === fields;
  });
}

function textKind(text: string): string {
  const start = text.trimStart().slice(0, 200).toLowerCase();
  if (start.startsWith("<svg") || (start.startsWith("<?xml") && text.includes("<svg"))) return "an SVG image";
  if (start.startsWith("<!doctype html") || start.startsWith("<html")) return "a web page (HTML)";
  if (start.startsWith("<?xml")) return "an XML file";
  if (start.startsWith("<fictionbook")) return "an FB2 e-book";
  if (start.startsWith("{") || start.startsWith("[")) return "a JSON file";
  if (start.startsWith("<")) return "an XML or HTML file";
  return looksLikeTable(text) ? "a CSV table" : "a text file";
}

/** What the file whose first bytes are `head` is, as a person would say it ("a CSV table"), or null. */
export function describeFileKind(head: Uint8Array): string | null {
  if (head.length === 0) return null;
  const extension = sniffExtension(head);
  if (extension !== null) return NAMES[extension] ?? null;
  const binary = otherBinary(head);
  if (binary !== null) return binary;
  const text = asText(head.subarray(0, KIND_BYTES));
  return text === null ? null : textKind(text);
}

/**
 * The visitor's sentence for a file that is not `expected` ("a DDS texture"): "This file is a CSV
 * table, not a DDS texture." when we can tell what it is, else null (the caller says it its own way).
 */
export function wrongKindMessage(head: Uint8Array, expected: string): string | null {
  const kind = describeFileKind(head);
  if (kind === null || kind === expected) return null;
  return `This file is ${kind}, not ${expected}.`;
}
