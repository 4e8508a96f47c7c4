// The document model as a pdfmake document definition: headings, paragraphs of styled runs, lists,
// tables (header rows repeated, spans, widths that share the text width) and images fitted to the
// space they are in. Pure: no pdfmake at run time, so it is tested and reasoned about on its own.
import type { Content, ContentImage, ContentOrderedList, ContentStack, ContentTable, ContentText, ContentUnorderedList, Margins, TableCell as PdfTableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { decodePng, MAX_PNG_SIDE, PngError } from "../png/index.ts";
import { DocumentError } from "./document-error.ts";
import { checkDepth } from "./limits.ts";
import { listMarker } from "./list-markers.ts";
import { DEFAULT_PAGE, runsText, type Block, type DocModel, type ImageBlock, type Table, type TextRun } from "./model.ts";
import { faceOf, paragraphPieces, type Paragraph, type PieceStyle, type StyledSegment } from "./pdf-pieces.ts";
import { breakLongWords, CoverageCheck, pageText } from "./pdf-text.ts";
import { layoutTable, MAX_TABLE_COLUMNS } from "./table-grid.ts";

/** Characters of text in one document (about 600 pages of plain text). */
export const MAX_TEXT_CHARS = 2_000_000;
/** Characters of one paragraph laid out at once (about three pages); longer ones go in chunks. */
export const MAX_PARAGRAPH_CHARS = 10_000;
/** Blocks and runs in one document, counted together. */
export const MAX_NODES = 200_000;
/** Cells in all tables together. */
export const MAX_TABLE_CELLS = 50_000;
export const MAX_IMAGES = 2_000;
/** Pixels of one PNG (pdfkit decodes PNGs whole to split off their alpha). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Pixels of all PNGs together (each is decoded while the PDF is written). */
export const MAX_PNG_PIXELS_TOTAL = 150_000_000;

/** The longest paragraph kept on one page with the heading before it (a few lines). */
const KEEP_WITH_HEADING_CHARS = 600;

const BODY_SIZE = 11;
const HEADING_SIZES = [22, 18, 15, 13, 12, 11] as const;
const HEADING_SPACE_ABOVE = [14, 12, 10, 8, 8, 8] as const;
const LINK_COLOR = "#1a4fa0";
const HEADER_FILL = "#eeeeee";
const RULE_COLOR = "#888888";
/** Room a list's markers take from its items' width. */
const LIST_INDENT = 18;
/** A cell's padding and rules, left and right together. */
const CELL_CHROME = 10;
/** Pixels to points when the source gives no shown size (96 px per inch). */
const PT_PER_PX = 0.75;
const SAFE_LINK = /^(https?:|mailto:|ftp:)/i;

/** An image the definition refers to by key; the writer hands its bytes to pdfmake. */
export interface PdfImage {
  key: string;
  data: Uint8Array;
  mime: ImageBlock["mime"];
}

export interface PdfDefinition {
  definition: TDocumentDefinitions;
  images: PdfImage[];
  /** a rough page count, for progress while pdfmake lays out */
  estimatedPages: number;
  /** text nodes that need the writer's hook into pdfmake (pdf-render-hook.ts) */
  hookNodes: ContentText[];
}

/** The pdfmake nodes one model block becomes. */
type PdfBlock = ContentText | ContentStack | ContentUnorderedList | ContentOrderedList | ContentTable | ContentImage;

interface Budget {
  chars: number;
  nodes: number;
  cells: number;
  pngPixels: number;
}

interface Context {
  /** the width the current block may use, in points */
  width: number;
  /** the page's content height, the most an image may take */
  height: number;
  depth: number;
  /** inside a list item or table cell: tighter spacing */
  compact: boolean;
  /** inside a table cell */
  inTable: boolean;
}

/** What one conversion gathers on its way through the model. */
class Builder {
  readonly images: PdfImage[] = [];
  readonly coverage: CoverageCheck;
  readonly budget: Budget = { chars: 0, nodes: 0, cells: 0, pngPixels: 0 };
  private readonly imagePrefix: string;
  private readonly fallbackFamilies: readonly string[];
  private readonly featuresOff: ContentText["fontFeatures"];
  pageBreaks = 0;
  /** text nodes that need the writer's hook into pdfmake (bidi reordering, ActualText) */
  readonly hookNodes: ContentText[] = [];
  /** the bookmark of the last heading of each level, parents of the deeper ones that follow */
  private readonly outline: Array<string | undefined> = [];
  private headings = 0;

  constructor(options: DefinitionOptions) {
    this.coverage = options.coverage;
    this.imagePrefix = options.imagePrefix;
    this.fallbackFamilies = options.fallbackFamilies ?? [];
    // fontkit reads an object of tag: on/off; pdfmake and pdfkit hand it on as they get it
    this.featuresOff = options.featuresOff === undefined ? undefined : (Object.fromEntries(options.featuresOff.map((tag) => [tag, false])) as unknown as ContentText["fontFeatures"]);
  }

  count(nodes: number, chars = 0): void {
    this.budget.nodes += nodes;
    this.budget.chars += chars;
    if (this.budget.nodes > MAX_NODES || this.budget.chars > MAX_TEXT_CHARS) {
      throw new DocumentError("This document is too large to lay out as a PDF here (over about 600 pages of text, or hundreds of thousands of pieces).", "too-much-work");
    }
  }

  /**
   * A paragraph's runs as pdfmake pieces: one per stretch in one font and, where the paragraph has
   * right-to-left text, at one bidi level (pdf-pieces.ts). `bold`: the block is bold (a heading).
   */
  runs(runs: readonly TextRun[], bold = false): Paragraph {
    this.count(runs.length);
    const texts = runs.map((run) => breakLongWords(pageText(run.text)));
    this.coverage.paragraph(texts.join(""));
    const styled: StyledSegment[] = [];
    runs.forEach((run, i) => {
      const text = texts[i]!;
      this.count(0, text.length);
      // a run in several fonts (a fallback's characters amid the main family's) is several pieces
      const face = faceOf(bold || run.bold === true, run.italic === true);
      const segments = this.coverage.segments(text, face);
      this.count(Math.max(0, segments.length - 1));
      for (const segment of segments) styled.push({ ...segment, style: this.style(run, segment.font) });
    });
    // bidi cuts pieces at most once a word: MAX_TEXT_CHARS bounds them, as it bounds pdfmake's words
    const paragraph = paragraphPieces(styled);
    // an empty paragraph still takes a line, as in the source
    if (paragraph.pieces.length === 0) paragraph.pieces.push({ text: "\u00a0" });
    return paragraph;
  }

  /** Notes the text nodes of a paragraph that needs the writer's hook; returns them. */
  private watch<T extends ContentText>(paragraph: Paragraph, nodes: T[]): T[] {
    if (paragraph.needsHook) this.hookNodes.push(...nodes);
    return nodes;
  }

  private style(run: TextRun, font: number): PieceStyle {
    const style: PieceStyle = {};
    if (font > 0) style.font = this.fallbackFamilies[font - 1];
    if (font > 0 && this.featuresOff !== undefined) style.fontFeatures = this.featuresOff;
    if (run.bold) style.bold = true;
    if (run.italic) style.italics = true;
    if (run.underline) style.decoration = "underline";
    if (run.superscript) style.sup = true;
    if (run.href !== undefined && SAFE_LINK.test(run.href)) {
      style.link = run.href;
      style.color = LINK_COLOR;
      style.decoration = "underline";
    }
    return style;
  }

  blocks(blocks: readonly Block[], context: Context): Content[] {
    checkDepth(context.depth);
    this.count(blocks.length);
    const out: Content[] = [];
    let breakBefore = false;
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i]!;
      if (block.kind === "page-break") {
        // a break inside a table cell (and a header row repeats) has no sensible page to go to
        if (context.inTable) continue;
        // consecutive breaks leave empty pages, as in the source
        if (breakBefore) out.push({ text: "\u00a0", pageBreak: "before" });
        breakBefore = true;
        this.pageBreaks++;
        continue;
      }
      let content: PdfBlock = this.block(block, context);
      // a heading does not end a page alone: with a short paragraph after it, the two go on the
      // page that has room for both (pdfmake's unbreakable block)
      const next = blocks[i + 1];
      if (block.kind === "heading" && next?.kind === "paragraph" && runsText(next.runs).length <= KEEP_WITH_HEADING_CHARS) {
        content = { stack: [content, this.block(next, context)], unbreakable: true };
        i++;
      }
      if (breakBefore) {
        content.pageBreak = "before";
        breakBefore = false;
      }
      out.push(content);
    }
    if (breakBefore) out.push({ text: "\u00a0", pageBreak: "before" });
    return out;
  }

  private block(block: Exclude<Block, { kind: "page-break" }>, context: Context): PdfBlock {
    const spaceBelow = context.compact ? 2 : 6;
    switch (block.kind) {
      case "paragraph": {
        const paragraph = this.runs(block.runs);
        const chunks = paragraphChunks(paragraph.pieces);
        const align = alignmentOf(block.align, paragraph.base);
        const nodes = this.watch(paragraph, chunks.map((text): ContentText => (align === undefined ? { text } : { text, alignment: align })));
        if (nodes.length > 1) return { stack: nodes, margin: [0, 0, 0, spaceBelow] };
        nodes[0]!.margin = [0, 0, 0, spaceBelow];
        return nodes[0]!;
      }
      case "heading": {
        const index = block.level - 1;
        const style = { bold: true, fontSize: HEADING_SIZES[index], margin: [0, HEADING_SPACE_ABOVE[index], 0, 6] as Margins, headlineLevel: block.level };
        const paragraph = this.runs(block.runs, true);
        const chunks = paragraphChunks(paragraph.pieces);
        const align = alignmentOf(undefined, paragraph.base);
        const aligned = align === undefined ? {} : { alignment: align };
        if (chunks.length > 1) return { stack: this.watch(paragraph, chunks.map((text) => ({ text, ...aligned }))), ...style };
        // pdfmake reads a text node's `id` (its bookmark's key); @types/pdfmake only has it on anchors
        const heading: ContentText & { id?: string } = { text: chunks[0]!, ...style, ...aligned };
        this.watch(paragraph, [heading]);
        // top-level headings become the PDF's bookmarks (a viewer's outline), deeper ones nest
        if (context.depth === 0) {
          const title = pageText(runsText(block.runs)).replace(/\s+/g, " ").trim();
          if (title !== "") {
            heading.id = `heading-${++this.headings}`;
            heading.outline = true;
            heading.outlineText = title;
            heading.outlineParentId = this.outline.slice(0, index).findLast((id) => id !== undefined);
            this.outline.length = index;
            this.outline[index] = heading.id;
          }
        }
        return heading;
      }
      case "list": {
        const inner: Context = { ...context, width: context.width - LIST_INDENT, depth: context.depth + 1, compact: true };
        this.count(block.items.length);
        // the source's own numbers ("b)", "1.2.", "Part II:") are written as the item's first words
        if (block.items.some((item) => item.marker !== undefined)) {
          const items = block.items.map((item, i) => ({ stack: this.blocks(withMarker(item.blocks, item.marker ?? listMarker(block.ordered, 0, i + 1)), inner), listType: "none" as const }));
          return { ul: items, margin: [0, 0, 0, spaceBelow] };
        }
        const items = block.items.map((item) => ({ stack: this.blocks(item.blocks, inner) }));
        return block.ordered ? { ol: items, margin: [0, 0, 0, spaceBelow] } : { ul: items, margin: [0, 0, 0, spaceBelow] };
      }
      case "table":
        return this.table(block, context, spaceBelow);
      case "image":
        return this.image(block, context, spaceBelow);
    }
  }

  private table(table: Table, context: Context, spaceBelow: number): ContentTable | ContentText {
    // the cells' places on the grid, as the other writers see them (table-grid.ts)
    const grid = layoutTable(table);
    if (grid.rows.some((placed, r) => placed.length < table.rows[r]!.cells.length)) {
      throw new DocumentError(`A table in this document has more than ${MAX_TABLE_COLUMNS} columns, too many to fit on a PDF page.`, "too-much-work");
    }
    const { columns } = grid;
    this.budget.cells += table.rows.length * columns;
    if (this.budget.cells > MAX_TABLE_CELLS) {
      throw new DocumentError(`This document's tables have more than ${MAX_TABLE_CELLS.toLocaleString("en")} cells, too many to lay out as a PDF here.`, "too-much-work");
    }
    if (grid.rows.every((placed) => placed.length === 0)) return { text: "", margin: [0, 0, 0, 0] };

    let headerRows = 0;
    while (headerRows < table.rows.length && table.rows[headerRows]!.header === true) headerRows++;
    // a table of nothing but header rows has no body to repeat them over
    if (headerRows === table.rows.length) headerRows = 0;

    // pdfmake wants every grid slot in the body: a cell where one starts, `{}` where a span covers
    const columnWidth = context.width / columns;
    const body: PdfTableCell[][] = table.rows.map(() => Array.from({ length: columns }, (): PdfTableCell => ({ text: "" })));
    const taken = table.rows.map(() => new Uint8Array(columns));
    grid.rows.forEach((placed, r) => {
      for (const { cell, column, colSpan: wanted, rowSpan } of placed) {
        // a colSpan running into a rowSpan from above (a damaged table) stops short of it
        let colSpan = 1;
        while (colSpan < wanted && column + colSpan < columns && taken[r]![column + colSpan] === 0) colSpan++;
        for (let below = r; below < r + rowSpan; below++) {
          for (let c = column; c < column + colSpan; c++) {
            taken[below]![c] = 1;
            body[below]![c] = {};
          }
        }
        const inner: Context = { ...context, width: columnWidth * colSpan - CELL_CHROME, depth: context.depth + 1, compact: true, inTable: true };
        const content: PdfTableCell = { stack: this.blocks(cell.blocks, inner) };
        if (colSpan > 1) content.colSpan = colSpan;
        if (rowSpan > 1) content.rowSpan = rowSpan;
        if (r < headerRows) {
          content.bold = true;
          content.fillColor = HEADER_FILL;
        }
        body[r]![column] = content;
      }
    });
    return {
      table: { headerRows, keepWithHeaderRows: headerRows > 0 ? 1 : undefined, widths: Array.from({ length: columns }, () => "*"), body },
      layout: {
        hLineWidth: () => 0.5,
        vLineWidth: () => 0.5,
        hLineColor: () => RULE_COLOR,
        vLineColor: () => RULE_COLOR,
      },
      margin: [0, 2, 0, spaceBelow + 2],
    };
  }

  private image(image: ImageBlock, context: Context, spaceBelow: number): ContentImage {
    if (this.images.length >= MAX_IMAGES) {
      throw new DocumentError(`This document has more than ${MAX_IMAGES} pictures, too many to put in a PDF here.`, "too-much-work");
    }
    this.budget.pngPixels += imagePixels(image);
    if (this.budget.pngPixels > MAX_PNG_PIXELS_TOTAL) {
      throw new DocumentError(`This document's pictures have over ${MAX_PNG_PIXELS_TOTAL / 1_000_000} million pixels together, too many to put in a PDF here.`, "too-large");
    }
    const key = `${this.imagePrefix}${this.images.length}`;
    this.images.push({ key, data: image.data, mime: image.mime });
    // the shown size when the source says (one side gives the other by the aspect), else 96 dpi
    const aspect = image.height / image.width;
    const shownWidth = image.displayWidthPt ?? (image.displayHeightPt !== undefined ? image.displayHeightPt / aspect : image.width * PT_PER_PX);
    const shownHeight = image.displayHeightPt ?? shownWidth * aspect;
    const scale = Math.min(1, Math.max(1, context.width) / shownWidth, Math.max(1, context.height) / shownHeight);
    return { image: key, width: shownWidth * scale, height: shownHeight * scale, margin: [0, 2, 0, spaceBelow] };
  }
}

/** A paragraph's alignment: a right-to-left paragraph without one is set to the right. */
function alignmentOf(align: "left" | "center" | "right" | "justify" | undefined, base: 0 | 1): "left" | "center" | "right" | "justify" | undefined {
  if (base === 1 && (align === undefined || align === "left")) return "right";
  return align;
}

/**
 * A paragraph's pieces in chunks of at most MAX_PARAGRAPH_CHARS characters, cut at a line break
 * or else a space: pdfmake lays out one paragraph in time that grows with the square of its length
 * (20 s for 300,000 characters), while chunks stacked without space between read the same.
 */
export function paragraphChunks(pieces: readonly ContentText[]): ContentText[][] {
  const chunks: ContentText[][] = [];
  let current: ContentText[] = [];
  let length = 0;
  for (const piece of pieces) {
    let text = piece.text as string;
    while (length + text.length > MAX_PARAGRAPH_CHARS) {
      const room = MAX_PARAGRAPH_CHARS - length;
      // a line break in the second half of what fits, else the last space
      const lineBreak = text.lastIndexOf("\n", room);
      let cut = lineBreak > room / 2 ? lineBreak : text.lastIndexOf(" ", room);
      if (cut <= 0 && current.length > 0) {
        // no break in what fits: close the chunk and try again in a fresh one
        chunks.push(current);
        current = [];
        length = 0;
        continue;
      }
      let skip = 1;
      if (cut <= 0) {
        // one unbroken stretch as long as a chunk: cut it, not inside a surrogate pair
        cut = /[\ud800-\udbff]/.test(text[room - 1] ?? "") ? room - 1 : room;
        skip = 0;
      }
      current.push({ ...piece, text: text.slice(0, cut) });
      chunks.push(current);
      current = [];
      length = 0;
      text = text.slice(cut + skip);
    }
    if (text !== "" || current.length === 0) {
      current.push({ ...piece, text });
      length += text.length;
    }
  }
  if (current.length > 0 || chunks.length === 0) chunks.push(current);
  return chunks;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const tooManyPixels = (): DocumentError =>
  new DocumentError(`A picture in this document has over ${MAX_IMAGE_PIXELS / 1_000_000} million pixels, or a side over ${MAX_PNG_SIDE.toLocaleString("en")}, too many to put in a PDF here.`, "too-large");

const damaged = (): DocumentError => new DocumentError("A picture in this document is damaged, so it cannot be put in the PDF.", "damaged");

/**
 * Refuses pictures that are not what their type says or have too many pixels, from their first
 * bytes. Returns the pixels pdfkit will decode (a PNG's; a JPEG goes into the PDF as it is).
 */
function imagePixels(image: ImageBlock): number {
  const bytes = image.data;
  if (!(image.width > 0 && image.height > 0 && Number.isFinite(image.width) && Number.isFinite(image.height))) throw damaged();
  if (image.mime === "image/png") {
    if (bytes.length < 33 || PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte)) throw damaged();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const pixels = view.getUint32(16) * view.getUint32(20);
    if (pixels === 0) throw damaged();
    if (pixels > MAX_IMAGE_PIXELS) throw tooManyPixels();
    return pixels;
  }
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw damaged();
  return 0;
}

/**
 * Decodes a PNG to be sure of it: pdfkit inflates some PNGs (alpha, 16-bit) in a callback whose
 * errors escape its promise (the PDF never comes), and copies the others unread into the PDF.
 */
function checkPngData(image: PdfImage): void {
  if (image.mime !== "image/png") return;
  try {
    decodePng(image.data);
  } catch (error) {
    if (error instanceof PngError && error.code === "too-large") throw tooManyPixels();
    throw damaged();
  }
}

export interface DefinitionOptions {
  /** the fonts' family name in pdfmake's font table */
  font: string;
  coverage: CoverageCheck;
  /** prefix of the image keys (unique per call: pdfmake's file table is shared) */
  imagePrefix: string;
  /** the pdfmake families of the fallback fonts, in the order of the coverage check's fonts 1... */
  fallbackFamilies?: readonly string[];
  /** false: skip decoding the PNGs to check them (for a look at the text only) */
  decodePictures?: boolean;
  /**
   * OpenType features to switch off in the fallback fonts (`{ abvm: false }`...): the writer's
   * second try when fontkit fails on a font's mark positioning (write-pdf.ts)
   */
  featuresOff?: readonly string[];
}

/**
 * The model as a pdfmake definition; throws DocumentError for hostile input. Characters no font
 * draws are left to `options.coverage` (they become its replacement, and its note).
 */
export function pdfDefinition(model: DocModel, options: DefinitionOptions): PdfDefinition {
  const page = model.page ?? DEFAULT_PAGE;
  const [top, right, bottom, left] = page.marginsPt;
  const builder = new Builder(options);
  const width = page.widthPt - left - right;
  const height = page.heightPt - top - bottom;
  if (!(width > 36 && height > 36)) {
    throw new DocumentError("This document's page is smaller than its margins, so no text fits on it.", "damaged");
  }
  const title = model.title === undefined ? undefined : pageText(model.title);
  const author = model.author === undefined ? undefined : pageText(model.author);
  const content = builder.blocks(model.blocks, { width, height: height - 12, depth: 0, compact: false, inTable: false });
  // the costly check last, once every count is known to be within its limit
  if (options.decodePictures !== false) for (const image of builder.images) checkPngData(image);
  return {
    definition: {
      content,
      pageSize: { width: page.widthPt, height: page.heightPt },
      // pdfmake's order is left, top, right, bottom
      pageMargins: [left, top, right, bottom],
      // leading spaces are the source's indentation (plain text, code): pdfmake drops them by default
      defaultStyle: { font: options.font, fontSize: BODY_SIZE, lineHeight: 1.15, preserveLeadingSpaces: true },
      info: { title, author, creator: "Document converter", producer: "pdfmake" },
      language: model.language,
      // PDF 1.4 for the language entry and transparency in PNGs with alpha
      version: "1.4",
    },
    images: builder.images,
    estimatedPages: Math.max(1, builder.budget.chars / 3000 + builder.pageBreaks + builder.images.length / 4),
    hookNodes: builder.hookNodes,
  };
}

/** An item's blocks with its number before the text of its first paragraph (or as a paragraph of its own). */
function withMarker(blocks: readonly Block[], marker: string): Block[] {
  const first = blocks[0];
  if (first?.kind === "paragraph" || first?.kind === "heading") return [{ ...first, runs: [{ text: `${marker} ` }, ...first.runs] }, ...blocks.slice(1)];
  return [{ kind: "paragraph", runs: [{ text: marker }] }, ...blocks];
}
