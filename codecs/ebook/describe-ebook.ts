// What the ebook tools' pages say about the chosen book before converting (issue 16): the facts
// read by probeEbook (./probe-ebook.ts), as labelled lines for the page's panel.
import type { FactLine } from "../common/fact-line.ts";
import { KIND_LABELS, type EbookKind } from "./ebook-options.ts";

/** The cover picture, for a thumbnail. */
export interface EbookCover {
  bytes: Uint8Array;
  mediaType: string;
}

export interface EbookFacts {
  kind: EbookKind;
  /** the book's own title ("" when it has none) */
  title: string;
  /** "First Last", in display order */
  authors: string[];
  /** BCP 47; "und" when the book says nothing */
  language: string;
  /** chapters of text (a cover page is not one) */
  chapters: number;
  /** pictures besides the cover */
  pictures: number;
  /** the file's size in bytes */
  size: number;
  cover?: EbookCover;
}

/** "Russian" for "ru", "English (United States)" for "en-US"; the code itself when the platform has no name for it. */
export function languageName(code: string): string | undefined {
  if (code === "" || code.toLowerCase() === "und") return undefined;
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    // not a well-formed tag: show what the book says
    return code;
  }
}

/** The facts as labelled lines, in the page's order; `formatSize` writes the file size ("1.2 MB"). */
export function describeEbook(facts: EbookFacts, formatSize: (bytes: number) => string): FactLine[] {
  const lines: FactLine[] = [{ label: "Type", value: KIND_LABELS[facts.kind] }];
  if (facts.title) lines.push({ label: "Title", value: facts.title });
  if (facts.authors.length > 0) lines.push({ label: facts.authors.length === 1 ? "Author" : "Authors", value: facts.authors.join(", ") });
  const language = languageName(facts.language);
  if (language) lines.push({ label: "Language", value: language });
  lines.push({ label: "Chapters", value: String(facts.chapters) });
  lines.push({ label: "Pictures", value: facts.pictures === 0 ? "None" : String(facts.pictures) });
  // a cover is shown as a thumbnail beside the lines; its absence is said
  if (!facts.cover) lines.push({ label: "Cover", value: "None" });
  lines.push({ label: "Size", value: formatSize(facts.size) });
  return lines;
}
