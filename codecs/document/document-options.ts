// What the PDF converter (issue 15) can be asked for: which input kinds go to which targets, and the
// options of each. One checked shape for the page, the worker and the CLI.
import { DocumentError } from "./document-error.ts";

/** What a file really is, from its first bytes (a .docx renamed .doc is still a DOCX). */
export type DocumentKind = "pdf" | "docx" | "doc" | "txt" | "png" | "jpeg";

export const DOCUMENT_TARGETS = ["pdf", "docx", "txt", "jpg", "png"] as const;
export type DocumentTarget = (typeof DOCUMENT_TARGETS)[number];

/** The targets each kind converts to, the usual one first (the page's default). */
export const TARGETS_BY_KIND: Readonly<Record<DocumentKind, readonly DocumentTarget[]>> = {
  pdf: ["docx", "txt", "png", "jpg"],
  docx: ["pdf", "txt", "png", "jpg"],
  doc: ["docx", "pdf", "txt", "png", "jpg"],
  txt: ["pdf", "docx"],
  png: ["pdf", "jpg", "docx"],
  jpeg: ["pdf", "png", "docx"],
};

export const TARGET_LABELS: Readonly<Record<DocumentTarget, string>> = {
  pdf: "PDF",
  docx: "Word (DOCX)",
  txt: "Plain text (TXT)",
  jpg: "JPG images",
  png: "PNG images",
};

export const KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  pdf: "PDF",
  docx: "Word document (DOCX)",
  doc: "Word 97–2003 document (DOC)",
  txt: "Plain text (TXT)",
  png: "PNG image",
  jpeg: "JPEG image",
};

/** Page images: resolution in dots per inch, and the JPEG quality (0–100). */
export const DPI = { min: 72, max: 300, default: 150, offered: [72, 96, 150, 200, 300] } as const;
export const JPEG_QUALITY = { min: 50, max: 100, default: 90 } as const;

export interface DocumentChoice {
  target: DocumentTarget;
  /** page images only */
  dpi: number;
  /** JPG page images and PNG → JPG only */
  jpegQuality: number;
  /** page images from a PDF: "1-3, 5"; empty means every page */
  pages: string;
  /** a protected PDF's, DOCX's or DOC's password */
  password?: string;
}

export const DOCUMENT_DEFAULTS: Readonly<Omit<DocumentChoice, "target">> = { dpi: DPI.default, jpegQuality: JPEG_QUALITY.default, pages: "" };

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/**
 * The kind of a document from its first bytes; a file with none of the known signatures is taken
 * as text when its name says .txt. `null`: not something this converter reads.
 */
export function sniffDocument(bytes: Uint8Array, fileName = ""): DocumentKind | null {
  // "%PDF-" may follow up to 1 KB of junk (the PDF reference allows it, and readers accept it)
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + 4 < head.length; i++) {
    if (head[i] === 0x25 && head[i + 1] === 0x50 && head[i + 2] === 0x44 && head[i + 3] === 0x46 && head[i + 4] === 0x2d) return "pdf";
  }
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return "docx";
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return "doc";
  // Word for Windows 1 and 2 (wIdent 0xA59B, 0xA5DB), files with no OLE container
  if ((startsWith(bytes, 0xdb, 0xa5) || startsWith(bytes, 0x9b, 0xa5)) && bytes[3] === 0x00) return "doc";
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return "jpeg";
  if (/\.txt$/i.test(fileName)) return "txt";
  return null;
}

/** The targets for a kind, or a refusal naming what the kind converts to. */
export function checkTarget(kind: DocumentKind, target: DocumentTarget): DocumentTarget {
  const targets = TARGETS_BY_KIND[kind];
  if (targets.includes(target)) return target;
  const names = targets.map((t) => TARGET_LABELS[t]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names.join("");
  throw new DocumentError(`${KIND_LABELS[kind]} converts to ${list}, not to ${TARGET_LABELS[target]}.`, "unsupported");
}

/** The options with every number inside its range (the page and the CLI both pass through here). */
export function checkDocumentChoice(choice: Partial<DocumentChoice> & { target: DocumentTarget }): DocumentChoice {
  const dpi = choice.dpi ?? DPI.default;
  if (!Number.isFinite(dpi) || dpi < DPI.min || dpi > DPI.max) throw new DocumentError(`The resolution must be between ${DPI.min} and ${DPI.max} DPI.`, "unsupported");
  const jpegQuality = choice.jpegQuality ?? JPEG_QUALITY.default;
  if (!Number.isFinite(jpegQuality) || jpegQuality < JPEG_QUALITY.min || jpegQuality > JPEG_QUALITY.max) {
    throw new DocumentError(`The JPEG quality must be between ${JPEG_QUALITY.min} and ${JPEG_QUALITY.max}.`, "unsupported");
  }
  return { target: choice.target, dpi: Math.round(dpi), jpegQuality: Math.round(jpegQuality), pages: (choice.pages ?? "").trim(), password: choice.password || undefined };
}
