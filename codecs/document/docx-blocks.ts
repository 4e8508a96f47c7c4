// The model's blocks as Word paragraphs and tables: headings in Word's Heading 1–6 styles, lists on
// Word's numbering, tables, pictures and page breaks.
import { AlignmentType, HeadingLevel, PageBreak, Paragraph, type Table } from "docx";
import type { Alignment, Block, Heading, ListBlock } from "./model.ts";
import { docxImage, type Room } from "./docx-image.ts";
import { BULLET_LIST, MAX_LIST_LEVEL, NUMBERED_LIST, listIndentTwips } from "./docx-numbering.ts";
import { docxRuns } from "./docx-runs.ts";
import { docxTable } from "./docx-table.ts";
import { checkDepth } from "./limits.ts";

export type DocxBlock = Paragraph | Table;

export interface DocxState {
  /** lists so far: each list is its own docx numbering instance, so it counts from 1 */
  lists: number;
  /**
   * A page break waiting for the next paragraph, which starts with it (as Word's Ctrl+Enter does):
   * a paragraph of its own would leave an empty line at the top of the next page.
   */
  pageBreak: boolean;
}

export function newDocxState(): DocxState {
  return { lists: 0, pageBreak: false };
}

/** The page break still waiting at the end of the document, as a paragraph of its own. */
export function flushPageBreak(state: DocxState): DocxBlock[] {
  if (!state.pageBreak) return [];
  state.pageBreak = false;
  return [new Paragraph({ children: [new PageBreak()] })];
}

/** The waiting page break, for the start of the next paragraph. */
function takePageBreak(state: DocxState): PageBreak[] {
  if (!state.pageBreak) return [];
  state.pageBreak = false;
  return [new PageBreak()];
}

export interface BlockContext {
  /** the room pictures and tables have */
  room: Room;
  /** how many lists and tables enclose these blocks */
  depth: number;
  /** the list level of the enclosing list item, -1 outside lists */
  listLevel: number;
  /** inside a table cell, where Word has no page breaks */
  inCell: boolean;
  /** text forced bold (header cells) */
  bold: boolean;
  /** shared by all blocks of the document, whatever the nesting */
  state: DocxState;
}

const ALIGN: Record<Alignment, (typeof AlignmentType)[keyof typeof AlignmentType]> = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
};

const HEADING: Record<Heading["level"], (typeof HeadingLevel)[keyof typeof HeadingLevel]> = {
  1: HeadingLevel.HEADING_1,
  2: HeadingLevel.HEADING_2,
  3: HeadingLevel.HEADING_3,
  4: HeadingLevel.HEADING_4,
  5: HeadingLevel.HEADING_5,
  6: HeadingLevel.HEADING_6,
};

/** The docx paragraphs and tables of `blocks`. */
export function docxBlocks(blocks: readonly Block[], context: BlockContext): DocxBlock[] {
  const out: DocxBlock[] = [];
  for (const block of blocks) out.push(...docxBlock(block, context));
  return out;
}

function docxBlock(block: Block, context: BlockContext): DocxBlock[] {
  if (block.kind === "page-break") {
    // Word has no page breaks inside table cells; two breaks in a row leave an empty page
    if (context.inCell) return [];
    const earlier = flushPageBreak(context.state);
    context.state.pageBreak = true;
    return earlier;
  }
  const before = takePageBreak(context.state);
  // a paragraph inside a list item, after its first, lines up with the item's text
  const indent = context.listLevel >= 0 ? { left: listIndentTwips(context.listLevel) } : undefined;
  switch (block.kind) {
    case "paragraph":
      return [new Paragraph({ children: [...before, ...docxRuns(block.runs, context)], alignment: block.align ? ALIGN[block.align] : undefined, indent })];
    case "heading":
      return [new Paragraph({ heading: HEADING[block.level], children: [...before, ...docxRuns(block.runs, context)], indent })];
    case "image":
      return [docxImage(block, context.room, before, indent?.left)];
    case "list":
      return [...breakParagraph(before), ...docxList(block, deeper(context))];
    case "table": {
      if (block.rows.length === 0) return breakParagraph(before);
      // a table in a list item starts under the item's text
      const indentTwips = context.listLevel >= 0 ? listIndentTwips(context.listLevel) : 0;
      const widthPt = Math.max(36, context.room.widthPt - indentTwips / 20);
      const inner = deeper(context);
      return [
        ...breakParagraph(before),
        docxTable(
          block,
          widthPt,
          (cell, cellWidthPt, header) =>
            docxBlocks(cell.blocks, { ...inner, room: { widthPt: cellWidthPt, heightPt: context.room.heightPt }, listLevel: -1, inCell: true, bold: context.bold || header }),
          indentTwips,
        ),
      ];
    }
  }
}

/** A page break before a list or a table, which cannot start with one, as a paragraph of its own. */
function breakParagraph(before: PageBreak[]): DocxBlock[] {
  return before.length === 0 ? [] : [new Paragraph({ children: before })];
}

function deeper(context: BlockContext): BlockContext {
  checkDepth(context.depth + 1);
  return { ...context, depth: context.depth + 1 };
}

/**
 * Each item's first paragraph carries the item's bullet or number; its other paragraphs are
 * indented to the item's text, and a nested list goes one level down. Lists nested deeper than
 * Word's nine levels stay at the ninth.
 */
function docxList(list: ListBlock, context: BlockContext): DocxBlock[] {
  const level = Math.min(context.listLevel + 1, MAX_LIST_LEVEL);
  const instance = ++context.state.lists;
  const numbering = { reference: list.ordered ? NUMBERED_LIST : BULLET_LIST, level, instance };
  const inside: BlockContext = { ...context, listLevel: level };
  const out: DocxBlock[] = [];
  for (const item of list.items) {
    const [first, ...rest] = item.blocks;
    if (first !== undefined && (first.kind === "paragraph" || first.kind === "heading")) {
      const alignment = first.kind === "paragraph" && first.align ? ALIGN[first.align] : undefined;
      out.push(new Paragraph({ children: docxRuns(first.runs, context), numbering, alignment }));
      out.push(...docxBlocks(rest, inside));
    } else {
      // an item that opens with a table or a nested list still shows its own bullet or number
      out.push(new Paragraph({ children: [], numbering }));
      out.push(...docxBlocks(item.blocks, inside));
    }
  }
  return out;
}
