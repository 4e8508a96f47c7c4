// What the ebook tools read and write, and the visitor's choices (issue 16). One place lists the
// kinds, the targets each kind reaches, the Kindle picture sizes and the checks of a choice; the
// pages, the worker and the CLI all use it.
import { EbookError } from "./ebook-error.ts";

export type EbookKind = "epub" | "fb2" | "mobi" | "azw3";
export type EbookTarget = "epub" | "azw3" | "mobi" | "fb2" | "pdf" | "docx" | "txt" | "html";

export const EBOOK_TARGETS: readonly EbookTarget[] = ["epub", "azw3", "mobi", "fb2", "pdf", "docx", "txt", "html"];

/** Every kind reaches every target but itself; the first is the usual one. */
export const TARGETS_BY_KIND: Readonly<Record<EbookKind, readonly EbookTarget[]>> = {
  epub: ["azw3", "mobi", "fb2", "pdf", "docx", "txt", "html"],
  fb2: ["epub", "azw3", "mobi", "pdf", "docx", "txt", "html"],
  mobi: ["epub", "azw3", "fb2", "pdf", "docx", "txt", "html"],
  azw3: ["epub", "mobi", "fb2", "pdf", "docx", "txt", "html"],
};

export const TARGET_LABELS: Readonly<Record<EbookTarget, string>> = {
  epub: "EPUB",
  azw3: "AZW3",
  mobi: "MOBI",
  fb2: "FB2",
  pdf: "PDF",
  docx: "DOCX",
  txt: "TXT",
  html: "HTML",
};

export const KIND_LABELS: Readonly<Record<EbookKind, string>> = { epub: "EPUB", fb2: "FictionBook (FB2)", mobi: "MOBI", azw3: "AZW3 (Kindle Format 8)" };

/**
 * The largest picture size kept in Kindle files (long side × short side, portrait screen pixels).
 * Larger pictures are scaled down to fit; "original" keeps them as they are (up to the format's
 * own limits).
 */
export type KindleImageSize = "original" | "kindle" | "paperwhite" | "oasis";

export const KINDLE_IMAGE_SIZES: Readonly<Record<KindleImageSize, { label: string; width: number; height: number } | null>> = {
  kindle: { label: "Kindle (600 × 800)", width: 600, height: 800 },
  paperwhite: { label: "Paperwhite, Voyage (1072 × 1448)", width: 1072, height: 1448 },
  oasis: { label: "Oasis, Scribe (1264 × 1680)", width: 1264, height: 1680 },
  original: null,
};

export const KINDLE_IMAGE_SIZE_NAMES = Object.keys(KINDLE_IMAGE_SIZES) as KindleImageSize[];

/** Titles and author names longer than this are cut (no real book has one). */
export const MAX_OVERRIDE_LENGTH = 500;

export interface EbookChoice {
  target: EbookTarget;
  /** replaces the book's title when not blank */
  title?: string;
  /** replaces the book's authors when not blank ("A & B" or "A; B" for several) */
  author?: string;
  /** Kindle targets only: the largest picture size */
  kindleImageSize: KindleImageSize;
}

export const EBOOK_DEFAULTS: EbookChoice = { target: "epub", kindleImageSize: "paperwhite" };

/** A new cover picture the visitor chose (JPG or PNG), replacing the book's. */
export interface CoverReplacement {
  bytes: Uint8Array;
  name: string;
}

const KINDLE_TARGETS: ReadonlySet<EbookTarget> = new Set(["azw3", "mobi"]);
export const isKindleTarget = (target: EbookTarget): boolean => KINDLE_TARGETS.has(target);

/** The choice, checked: known target and size, overrides trimmed and bounded. Throws on nonsense. */
export function checkEbookChoice(choice: EbookChoice): EbookChoice {
  if (!EBOOK_TARGETS.includes(choice.target)) throw new EbookError(`"${String(choice.target)}" is not a format this converter writes.`, "unsupported");
  if (!KINDLE_IMAGE_SIZE_NAMES.includes(choice.kindleImageSize)) throw new EbookError(`"${String(choice.kindleImageSize)}" is not a Kindle picture size.`, "unsupported");
  const checked: EbookChoice = { target: choice.target, kindleImageSize: choice.kindleImageSize };
  const title = choice.title?.trim().slice(0, MAX_OVERRIDE_LENGTH);
  const author = choice.author?.trim().slice(0, MAX_OVERRIDE_LENGTH);
  if (title) checked.title = title;
  if (author) checked.author = author;
  return checked;
}

/** The authors an override names: "A & B", "A; B" or "A and B" are several. */
export function authorsOf(override: string): string[] {
  return override
    .split(/\s*(?:;|&|\band\b)\s*/)
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** Palm database type and creator of the Palm ebooks besides MOBI: PalmDOC, eReader (two spellings), zTXT. */
const PALM_EBOOKS = new Set(["TEXtREAd", "PNRdPPrs", "PDctPPrs", "zTXTGPlm"]);

/** The kind of ebook `bytes` hold, by content (the name only tells FB2 text from other XML), or null. */
export function sniffEbook(bytes: Uint8Array, name: string): EbookKind | null {
  // a zip: EPUB (mimetype first, or any EPUB container) or a zipped FB2
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    if (/\.fb2\.zip$/i.test(name) || (/\.zip$/i.test(name) && !/\.epub$/i.test(name))) return "fb2";
    return "epub";
  }
  // a Palm database of type BOOK, creator MOBI; version 8 in record 0 (and no MOBI 6 part) is AZW3
  if (bytes.length >= 78 + 8 && ascii(bytes, 60, 68) === "BOOKMOBI") {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const record0 = view.getUint32(78);
    if (record0 + 40 <= bytes.length && ascii(bytes, record0 + 16, record0 + 20) === "MOBI" && view.getUint32(record0 + 36) === 8) return "azw3";
    return "mobi";
  }
  // other Palm ebooks: PalmDOC (TEXtREAd) is read as a MOBI without a MOBI header; eReader and
  // zTXT are recognised so the MOBI reader can say by name that it does not read them
  if (bytes.length >= 78 + 8 && PALM_EBOOKS.has(ascii(bytes, 60, 68))) return "mobi";
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 4096));
  if (/<FictionBook[\s>]/.test(head)) return "fb2";
  return null;
}
