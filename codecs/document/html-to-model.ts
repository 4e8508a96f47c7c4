// HTML (mammoth's semantic HTML, or any simple HTML) → the document model's blocks, with htmlparser2's
// streaming callbacks: no DOM, so it runs in a worker, one pass over the text, no recursion.
// Headings, paragraphs of bold/italic/underlined/linked runs, nested lists, tables with spans and
// header rows, PNG and JPEG pictures from data: URIs (other kinds are dropped with a note), page
// breaks (an <hr class="page-break">, the marker readDocx asks mammoth for) and text outside any
// paragraph. Whitespace is collapsed as a browser does.
import { Parser } from "htmlparser2";
import { DocumentError } from "./document-error.ts";
import { pictureInfo, type PictureKind } from "./image-info.ts";
import type { Alignment, Block, Heading, ImageBlock, ListBlock, ListItem, Paragraph, Table, TableCell, TableRow, TextRun } from "./model.ts";

/** Deeper nesting than any real document has; the writers recurse over lists and tables. */
export const MAX_HTML_DEPTH = 256;
/** The widest span a cell may claim (HTML's own limit for colspan is 1000, rowspan 65534). */
const MAX_SPAN = 1000;

/** What readDocx marks at the start of a paragraph's text: its alignment, or a page break before it. */
export type ParagraphMark = Exclude<Alignment, "left"> | "page-break-before";

/**
 * The marker for `mark` (mammoth's HTML has no place for these): U+FDD0, one letter, U+FDD1.
 * Noncharacters never occur in real text, so a marker cannot be mistaken for content. A page break
 * before a paragraph is kept at the top level only (Word ignores it in tables).
 */
export const paragraphMarker = (mark: ParagraphMark): string => `\uFDD0${mark === "page-break-before" ? "b" : mark[0]}\uFDD1`;
const MARKER = /\uFDD0([crjb]|n[^\uFDD0\uFDD1]*)\uFDD1/g;

/**
 * The marker of a paragraph's number as Word shows it ("2.", "b)", "1.2.1"): a list item's own marker
 * when mammoth made the paragraph a list item, else the paragraph's first words (a numbered heading).
 */
export const numberMarker = (label: string): string => `\uFDD0n${label.replace(/[\uFDD0\uFDD1]/g, "")}\uFDD1`;
const MARKED_ALIGNMENT: Record<string, Alignment> = { c: "center", r: "right", j: "justify" };

/** An <hr> with this class is a page break. */
export const PAGE_BREAK_CLASS = "page-break";
/** A cell whose paragraphs all have this class is a header cell (LibreOffice's "Table Heading" style). */
export const HEADER_PARAGRAPH_CLASS = "table-heading";

export interface HtmlToModelOptions {
  /** receives a note for what was dropped (pictures of other kinds) */
  notes?: string[];
  /** the deepest element nesting accepted (default MAX_HTML_DEPTH) */
  maxDepth?: number;
  /** links whose href matches are left out with their text (mammoth's "↑" back-links from notes) */
  dropLinks?: RegExp;
  /** the shown size of the n-th <img>, in points, when the source knows it better than the HTML */
  displaySizes?: ReadonlyArray<DisplaySize | undefined>;
  /**
   * The mark of a footnote or endnote as the document shows it ("3", "iv"), given its kind and
   * mammoth's id: a link to "#footnote-3" becomes that superscript mark, and the list item
   * "footnote-3" at the end takes it as its marker.
   */
  noteMark?: (kind: NoteKind, id: string) => string | undefined;
}

export type NoteKind = "footnote" | "endnote";
const NOTE_LINK = /^#(footnote|endnote)-(\d+)$/;
const NOTE_ITEM = /^(footnote|endnote)-(\d+)$/;

export interface DisplaySize {
  widthPt: number;
  heightPt: number;
}

interface Style {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  href?: string;
  superscript?: boolean;
}

/** The paragraph or heading being filled in a box. */
interface Line {
  level: 0 | Heading["level"];
  runs: TextRun[];
  align?: Alignment;
}

/** Where blocks go: the body, a list item or a table cell. */
interface Box {
  blocks: Block[];
  line: Line;
  /** the list item the box fills */
  item?: ListItem;
}

type Frame =
  | { tag: string; type: "box"; box: Box; cell?: CellState }
  | { tag: string; type: "line" }
  | { tag: string; type: "list"; list: ListBlock }
  | TableFrame
  | { tag: string; type: "section"; head: boolean }
  | { tag: string; type: "row"; row: TableRow; head: boolean; allHeaderCells: boolean; table: TableFrame }
  | { tag: string; type: "style"; previous: Style }
  | { tag: string; type: "block" }
  | { tag: string; type: "skip" }
  | { tag: string; type: "inline" };

interface TableFrame {
  tag: string;
  type: "table";
  table: Table;
  /** whether every row so far is a header row (only leading rows can be) */
  allHeaders: boolean;
}

interface CellState {
  th: boolean;
  headingParagraphs: number;
  otherParagraphs: number;
}

const HEADINGS: Record<string, Heading["level"]> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const BLOCK_TAGS = new Set([
  "html", "body", "div", "blockquote", "section", "article", "header", "footer", "nav", "aside", "main", "pre",
  "dl", "dt", "dd", "figure", "figcaption", "address", "center", "caption", "form", "fieldset", "hr", "li", "td", "th", "tr",
]);
const SKIP_TAGS = new Set(["head", "script", "style", "title", "template", "noscript"]);
const SAFE_LINK = /^(https?:|mailto:|tel:|ftp:|#)/i;
const KIND_NAMES: Record<PictureKind, string> = {
  png: "PNG", jpeg: "JPEG", gif: "GIF", bmp: "BMP", webp: "WebP", tiff: "TIFF", emf: "EMF", wmf: "WMF", svg: "SVG", unknown: "unrecognised",
};

const newLine = (level: Line["level"] = 0, align?: Alignment): Line => (align ? { level, runs: [], align } : { level, runs: [] });
const hasClass = (attributes: Record<string, string>, name: string): boolean => (attributes["class"] ?? "").split(/\s+/).includes(name);
const sameStyle = (a: TextRun, b: TextRun): boolean =>
  a.bold === b.bold && a.italic === b.italic && a.underline === b.underline && a.href === b.href && a.superscript === b.superscript;

/** The runs with whitespace settled as a browser shows it: no space at the edges or around line breaks. */
function settle(runs: readonly TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  let afterSpace = true;
  for (const run of runs) {
    let text = run.text;
    if (afterSpace && text.startsWith(" ")) text = text.slice(1);
    if (text === "") continue;
    if (text === "\n") trimEnd(out, " ");
    afterSpace = text.endsWith(" ") || text === "\n";
    const last = out.at(-1);
    if (last && sameStyle(last, run)) last.text += text;
    else out.push({ ...run, text });
  }
  trimEnd(out, " ");
  // a line break that ends a paragraph makes no empty line in a browser
  trimEnd(out, "\n");
  trimEnd(out, " ");
  return out;
}

function trimEnd(runs: TextRun[], char: string): void {
  const last = runs.at(-1);
  if (!last || !last.text.endsWith(char)) return;
  last.text = last.text.slice(0, -1);
  if (last.text === "") runs.pop();
}

function decodeDataUri(src: string): Uint8Array | undefined {
  const match = /^data:([^,]*),/i.exec(src);
  if (!match) return undefined;
  const body = src.slice(match[0].length);
  try {
    if (/;base64$/i.test(match[1]!)) {
      const binary = atob(body.replace(/\s+/g, ""));
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return bytes;
    }
    return new TextEncoder().encode(decodeURIComponent(body));
  } catch {
    return undefined;
  }
}

function span(value: string | undefined): number | undefined {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) && n > 1 ? Math.min(n, MAX_SPAN) : undefined;
}

function pixels(value: string | undefined): number | undefined {
  const n = Number.parseFloat(value ?? "");
  return Number.isFinite(n) && n > 0 && /^\s*[\d.]+\s*(px)?\s*$/i.test(value ?? "") ? n : undefined;
}

/** The document model's blocks for `html`. Throws DocumentError "too-much-work" past the depth limit. */
export function htmlToModel(html: string, options: HtmlToModelOptions = {}): Block[] {
  const maxDepth = options.maxDepth ?? MAX_HTML_DEPTH;
  const root: Box = { blocks: [], line: newLine() };
  const frames: Frame[] = [];
  const boxes: Box[] = [root];
  let style: Style = {};
  let skipping = 0;
  const dropLinks = options.dropLinks;
  const dropped = new Map<string, number>();
  let images = 0;

  const box = (): Box => boxes.at(-1)!;
  const cellOf = (): CellState | undefined => {
    for (let i = frames.length - 1; i >= 0; i--) {
      const frame = frames[i]!;
      if (frame.type === "box") return frame.cell;
    }
    return undefined;
  };

  /** Ends the box's current paragraph or heading; the next one is a `level` line. */
  const flush = (level: Line["level"] = 0, align?: Alignment): void => {
    const target = box();
    const runs = settle(target.line.runs);
    if (runs.length > 0) {
      const { level: lineLevel, align: lineAlign } = target.line;
      const block: Paragraph | Heading = lineLevel === 0 ? { kind: "paragraph", runs, ...(lineAlign ? { align: lineAlign } : {}) } : { kind: "heading", level: lineLevel, runs };
      target.blocks.push(block);
    }
    target.line = newLine(level, align);
  };

  const addText = (text: string): void => {
    if (!text.includes("\uFDD0")) {
      addPlain(text);
      return;
    }
    let from = 0;
    for (const match of text.matchAll(MARKER)) {
      addPlain(text.slice(from, match.index));
      from = match.index + match[0].length;
      const code = match[1]!;
      if (code.startsWith("n")) addNumber(code.slice(1));
      else if (code !== "b") box().line.align = MARKED_ALIGNMENT[code];
      else if (boxes.length === 1) interrupt({ kind: "page-break" });
    }
    addPlain(text.slice(from));
  };

  /** A paragraph's number: its list item's marker, or its first words. */
  const addNumber = (label: string): void => {
    const target = box();
    if (target.item && target.item.marker === undefined && target.blocks.length === 0 && target.line.runs.length === 0) target.item.marker = label;
    else if (label !== "") addPlain(`${label} `);
  };

  const addPlain = (text: string): void => {
    if (text === "") return;
    const run: TextRun = { text };
    if (style.bold) run.bold = true;
    if (style.italic) run.italic = true;
    if (style.underline) run.underline = true;
    if (style.href) run.href = style.href;
    if (style.superscript) run.superscript = true;
    const runs = box().line.runs;
    const last = runs.at(-1);
    if (last && last.text !== "\n" && text !== "\n" && sameStyle(last, run)) last.text += text;
    else runs.push(run);
  };

  /** A block that interrupts the current line (a picture, a page break): the line resumes after it. */
  const interrupt = (block: Block): void => {
    const { level, align } = box().line;
    flush(level, align);
    box().blocks.push(block);
  };

  const addImage = (attributes: Record<string, string>): void => {
    const shown = options.displaySizes?.[images++];
    const src = attributes["src"] ?? "";
    const bytes = decodeDataUri(src);
    if (!bytes) {
      dropped.set("linked", (dropped.get("linked") ?? 0) + 1);
      return;
    }
    const info = pictureInfo(bytes);
    if ((info.kind !== "png" && info.kind !== "jpeg") || info.width === 0 || info.height === 0) {
      const name = info.kind === "png" || info.kind === "jpeg" ? `damaged ${KIND_NAMES[info.kind]}` : KIND_NAMES[info.kind];
      dropped.set(name, (dropped.get(name) ?? 0) + 1);
      return;
    }
    const image: ImageBlock = { kind: "image", data: bytes, mime: info.kind === "png" ? "image/png" : "image/jpeg", width: info.width, height: info.height };
    const width = pixels(attributes["width"]);
    const height = pixels(attributes["height"]);
    // CSS pixels are 1/96 in, points 1/72 in
    if (shown) {
      image.displayWidthPt = shown.widthPt;
      image.displayHeightPt = shown.heightPt;
    } else if (width !== undefined && height !== undefined) {
      image.displayWidthPt = width * 0.75;
      image.displayHeightPt = height * 0.75;
    }
    const alt = attributes["alt"]?.trim();
    if (alt) image.alt = alt;
    interrupt(image);
  };

  const open = (tag: string, attributes: Record<string, string>): Frame => {
    if (skipping > 0 || SKIP_TAGS.has(tag) || (tag === "a" && dropLinks?.test(attributes["href"] ?? ""))) {
      skipping++;
      return { tag, type: "skip" };
    }
    const top = frames.at(-1);
    const note = tag === "a" && options.noteMark ? NOTE_LINK.exec(attributes["href"] ?? "") : null;
    if (note) {
      // a note's reference: its mark as the document shows it, raised, in place of mammoth's "[n]"
      const mark = options.noteMark!(note[1] as NoteKind, note[2]!);
      if (mark !== undefined) {
        const previous = style;
        style = { ...style, superscript: true };
        delete style.href;
        addPlain(mark);
        style = previous;
        skipping++;
        return { tag, type: "skip" };
      }
    }
    const level = HEADINGS[tag];
    if (level !== undefined || tag === "p") {
      flush(level ?? 0);
      const cell = cellOf();
      if (cell && tag === "p") {
        if (hasClass(attributes, HEADER_PARAGRAPH_CLASS)) cell.headingParagraphs++;
        else cell.otherParagraphs++;
      }
      return { tag, type: "line" };
    }
    switch (tag) {
      case "b":
      case "strong":
      case "i":
      case "em":
      case "u":
      case "ins":
      case "a": {
        const previous = style;
        style = { ...style };
        if (tag === "b" || tag === "strong") style.bold = true;
        else if (tag === "i" || tag === "em") style.italic = true;
        else if (tag === "u" || tag === "ins") style.underline = true;
        else {
          const href = attributes["href"]?.trim();
          if (href && SAFE_LINK.test(href)) style.href = href;
        }
        return { tag, type: "style", previous };
      }
      case "br":
        addText("\n");
        return { tag, type: "inline" };
      case "img":
        addImage(attributes);
        return { tag, type: "inline" };
      case "hr":
        if (hasClass(attributes, PAGE_BREAK_CLASS)) {
          interrupt({ kind: "page-break" });
          return { tag, type: "inline" };
        }
        break;
      case "ul":
      case "ol": {
        flush();
        const list: ListBlock = { kind: "list", ordered: tag === "ol", items: [] };
        box().blocks.push(list);
        return { tag, type: "list", list };
      }
      case "li":
        if (top?.type === "list") {
          flush();
          const item: ListItem = { blocks: [] };
          const noteItem = options.noteMark ? NOTE_ITEM.exec(attributes["id"] ?? "") : null;
          const mark = noteItem ? options.noteMark!(noteItem[1] as NoteKind, noteItem[2]!) : undefined;
          if (mark !== undefined) item.marker = mark;
          top.list.items.push(item);
          const itemBox: Box = { blocks: item.blocks, line: newLine(), item };
          boxes.push(itemBox);
          return { tag, type: "box", box: itemBox };
        }
        break;
      case "table": {
        flush();
        const table: Table = { kind: "table", rows: [] };
        box().blocks.push(table);
        return { tag, type: "table", table, allHeaders: true };
      }
      case "thead":
      case "tbody":
      case "tfoot":
        if (top?.type === "table") return { tag, type: "section", head: tag === "thead" };
        break;
      case "tr": {
        const parent = top?.type === "section" ? frames.at(-2) : top;
        if (parent?.type === "table") {
          const row: TableRow = { cells: [] };
          parent.table.rows.push(row);
          return { tag, type: "row", row, head: top?.type === "section" && top.head, allHeaderCells: true, table: parent };
        }
        break;
      }
      case "td":
      case "th":
        if (top?.type === "row") {
          const cell: TableCell = { blocks: [] };
          const colSpan = span(attributes["colspan"]);
          const rowSpan = span(attributes["rowspan"]);
          if (colSpan) cell.colSpan = colSpan;
          if (rowSpan) cell.rowSpan = rowSpan;
          top.row.cells.push(cell);
          const cellBox: Box = { blocks: cell.blocks, line: newLine() };
          boxes.push(cellBox);
          return { tag, type: "box", box: cellBox, cell: { th: tag === "th", headingParagraphs: 0, otherParagraphs: 0 } };
        }
        break;
      default:
        break;
    }
    if (BLOCK_TAGS.has(tag)) {
      flush();
      return { tag, type: "block" };
    }
    return { tag, type: "inline" };
  };

  const close = (frame: Frame): void => {
    switch (frame.type) {
      case "skip":
        skipping--;
        break;
      case "line":
      case "block":
        flush();
        break;
      case "style":
        style = frame.previous;
        break;
      case "box": {
        flush();
        boxes.pop();
        const parent = frames.at(-1);
        if (frame.cell && parent?.type === "row") {
          const cell = frame.cell;
          const header = cell.th || (cell.headingParagraphs > 0 && cell.otherParagraphs === 0);
          if (!header) parent.allHeaderCells = false;
        }
        break;
      }
      case "row": {
        // header rows are the leading ones: a <thead>'s, or rows of header cells only
        if (frame.row.cells.length === 0) {
          frame.table.table.rows.pop();
          break;
        }
        const isHeader = frame.table.allHeaders && (frame.head || frame.allHeaderCells);
        if (isHeader) frame.row.header = true;
        else frame.table.allHeaders = false;
        break;
      }
      default:
        break;
    }
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (frames.length >= maxDepth) {
          throw new DocumentError(`This document nests its content more than ${maxDepth} levels deep, far beyond any real document.`, "too-much-work");
        }
        frames.push(open(name, attributes));
      },
      onclosetag(name) {
        // htmlparser2 closes what it opened, innermost first; the search only guards against surprises
        let index = frames.length - 1;
        while (index >= 0 && frames[index]!.tag !== name) index--;
        if (index < 0) return;
        while (frames.length > index) close(frames.pop()!);
      },
      ontext(text) {
        if (skipping > 0) return;
        const top = frames.at(-1);
        const collapsed = text.replace(/[ \t\n\r\f]+/g, " ");
        // whitespace between list items, rows and cells is layout, not text
        if (collapsed === " " && (top?.type === "list" || top?.type === "table" || top?.type === "section" || top?.type === "row")) return;
        addText(collapsed);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  while (frames.length > 0) close(frames.pop()!);
  flush();

  const lost = [...dropped.entries()];
  if (lost.length > 0 && options.notes) {
    const count = lost.reduce((sum, [, n]) => sum + n, 0);
    const kinds = lost.map(([kind, n]) => (kind === "linked" ? `${n} linked` : `${n} ${kind}`)).join(", ");
    options.notes.push(`${count === 1 ? "1 picture was" : `${count} pictures were`} left out (${kinds}): only embedded PNG and JPEG pictures are kept.`);
  }
  return root.blocks;
}
