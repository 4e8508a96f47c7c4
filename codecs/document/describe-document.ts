// What the PDF converter's page says about the chosen file before converting (issue 15).
import { KIND_LABELS, type DocumentKind } from "./document-options.ts";

export interface DocumentFacts {
  kind: DocumentKind;
  /** PDF: its page count (unknown while it is locked) */
  pages?: number;
  title?: string;
  author?: string;
  /** PDF, DOCX or DOC: it needs a password to open */
  encrypted?: boolean;
  /** PDF: whether its first pages hold text (false: a scan) */
  hasText?: boolean;
  /** images: pixel size */
  width?: number;
  height?: number;
  /** text: the encoding found */
  encoding?: string;
}

import type { FactLine } from "../common/fact-line.ts";

/** The facts as labelled lines for the page's panel. */
export function describeDocument(facts: DocumentFacts): FactLine[] {
  const lines: FactLine[] = [{ label: "Type", value: KIND_LABELS[facts.kind] }];
  if (facts.encrypted) lines.push({ label: "Protection", value: "Password protected: enter its password below" });
  if (facts.pages !== undefined) lines.push({ label: "Pages", value: String(facts.pages) });
  if (facts.title) lines.push({ label: "Title", value: facts.title });
  if (facts.author) lines.push({ label: "Author", value: facts.author });
  if (facts.hasText === false) lines.push({ label: "Text", value: "None found: it looks like a scan. Export its pages as JPG or PNG." });
  if (facts.width !== undefined && facts.height !== undefined) lines.push({ label: "Size", value: `${facts.width} × ${facts.height} pixels` });
  if (facts.encoding) lines.push({ label: "Encoding", value: facts.encoding });
  return lines;
}
