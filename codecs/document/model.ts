// The one document model every document reader produces and every writer consumes (issue 15):
// PDF, DOCX, DOC, TXT and images are read into it; PDF, DOCX and TXT are written from it, and page
// images are rendered from the PDF written from it. Semantic, not positional: headings, paragraphs
// of styled runs, lists, tables, images and page breaks. What a reader could not keep it says in
// `notes`, which the page shows beside the result.

export interface TextRun {
  /** the text; "\n" inside a run is a line break within its paragraph */
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  /** a link's target (absolute URL or "#anchor") */
  href?: string;
  /** raised and smaller: a footnote or endnote's reference mark */
  superscript?: boolean;
}

export type Alignment = "left" | "center" | "right" | "justify";

export interface Paragraph {
  kind: "paragraph";
  runs: TextRun[];
  align?: Alignment;
}

export interface Heading {
  kind: "heading";
  level: 1 | 2 | 3 | 4 | 5 | 6;
  runs: TextRun[];
}

export interface ListItem {
  /** the item's own paragraphs, then any nested list */
  blocks: Block[];
  /**
   * The item's number as the source shows it ("3.", "b)", "iv.", "1.2.1", "Part II:"), when the reader
   * knows it; writers number the item themselves when it is absent.
   */
  marker?: string;
}

export interface ListBlock {
  kind: "list";
  ordered: boolean;
  items: ListItem[];
}

export interface TableCell {
  blocks: Block[];
  colSpan?: number;
  rowSpan?: number;
}

export interface TableRow {
  cells: TableCell[];
  /** a header row (repeated on each page by writers that can) */
  header?: boolean;
}

export interface Table {
  kind: "table";
  rows: TableRow[];
}

/** A picture, always PNG or JPEG bytes (readers convert or drop other kinds, with a note). */
export interface ImageBlock {
  kind: "image";
  data: Uint8Array;
  mime: "image/png" | "image/jpeg";
  /** the bitmap's size in pixels */
  width: number;
  height: number;
  /** the size it is shown at, in points (1/72 in), when the source says; writers fit it to the page */
  displayWidthPt?: number;
  displayHeightPt?: number;
  alt?: string;
}

export interface PageBreak {
  kind: "page-break";
}

export type Block = Paragraph | Heading | ListBlock | Table | ImageBlock | PageBreak;

export interface PageSetup {
  widthPt: number;
  heightPt: number;
  /** margins in points: top, right, bottom, left */
  marginsPt: [number, number, number, number];
}

/** A4 with 2 cm margins: the writers' page when the source gives none. */
export const DEFAULT_PAGE: PageSetup = { widthPt: 595.28, heightPt: 841.89, marginsPt: [56.69, 56.69, 56.69, 56.69] };

export interface DocModel {
  title?: string;
  author?: string;
  /** BCP 47, e.g. "en", "ru" */
  language?: string;
  page?: PageSetup;
  blocks: Block[];
  /** what the reader could not keep, in the visitor's words ("Fonts and colours are not kept.") */
  notes: string[];
}

/** A block's plain text (runs joined; lists, tables and images give their text, page breaks none). */
export function runsText(runs: readonly TextRun[]): string {
  return runs.map((run) => run.text).join("");
}
