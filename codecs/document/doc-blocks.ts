import type { Alignment, Block, ImageBlock, ListBlock, ListItem, Paragraph, Heading, Table, TableCell, TableRow, TextRun } from "./model.ts";
import { resolveToggle, type CharProps, type ParaProps, type RowCells } from "./doc-sprms.ts";
import { applyRowLayouts } from "./doc-table-layout.ts";
import { headingLevel, type Styles } from "./doc-styles.ts";
import { currentDateField } from "./field-date.ts";

// A story's characters (CPs) into model blocks: paragraphs end at \r, table cells at \x07 (the row
// end is the \x07 whose paragraph has fTtp), fields keep their result and drop their instructions,
// note references show their marks, tracked deletions are dropped, pictures that are not PNG or JPEG
// are dropped (counted for a note).

export interface StorySource {
  /** the document's characters, indexed by CP */
  text: string;
  /** the properties of the paragraph whose mark is at `cp`, and of the character at `cp` */
  paraAt(cp: number): ParaProps | undefined;
  charAt(cp: number): CharProps | undefined;
  styles: Styles;
  /** whether list `ilfo` numbers level `ilvl` (else it has bullets) */
  ordered(ilfo: number, ilvl: number): boolean;
  /** the number Word shows for the next paragraph of list `ilfo` at level `ilvl` (called in document order), undefined for bullets */
  listLabel(ilfo: number, ilvl: number): string | undefined;
  /** the mark of the footnote or endnote whose reference (or whose own text's first character: `ownText`) is at `cp` */
  noteMark(cp: number): { mark: string; ownText: boolean } | undefined;
  /** whether the field that begins at `cp` is locked (its result stays as stored) */
  fieldLocked(cp: number): boolean;
  /** the PNG or JPEG picture of a picture character, when it has one */
  picture(chp: CharProps): ImageBlock | undefined;
}

export interface StoryStats {
  /** pictures and drawings dropped */
  pictures: number;
  nestedTables: boolean;
}

/** Deeper list levels are flattened into this one (Word has 9). */
const MAX_LIST_DEPTH = 9;
/** Fields nest (a PAGE inside an IF...); deeper than this is a damaged file, and the rest is read as text. */
const MAX_FIELD_DEPTH = 64;

const PARAGRAPH_END = 0x0d;
const CELL_END = 0x07;
const LINE_BREAK = 0x0b;
const PAGE_BREAK = 0x0c;
const FIELD_BEGIN = 0x13;
const FIELD_SEPARATOR = 0x14;
const FIELD_END = 0x15;
const PICTURE = 0x01;
const DRAWN_OBJECT = 0x08;
const NON_BREAKING_HYPHEN = 0x1e;
const TAB = 0x09;
const NOTE_REFERENCE = 0x02;

interface Field {
  inResult: boolean;
  instruction: string;
  href?: string;
  locked: boolean;
  /** what a DATE or TIME field shows today, in place of its stored result */
  shown?: string;
  emitted?: boolean;
}

const NO_PARA: ParaProps = { istd: 0, inTable: false, ttp: false, itap: 0, innerTtp: false, innerCell: false, pageBreakBefore: false, tableHeader: false, ilfo: 0, ilvl: 0 };

function alignment(jc: number | undefined): Alignment | undefined {
  if (jc === 1) return "center";
  if (jc === 2) return "right";
  if (jc !== undefined && jc >= 3 && jc <= 5) return "justify";
  return undefined;
}

/** A HYPERLINK field's target: the URL, or "#bookmark" for \l. */
function hyperlinkTarget(instruction: string): string | undefined {
  const match = /^\s*HYPERLINK\s+(?:\\l\s+)?"([^"]*)"(?:\s+\\l\s+"([^"]*)")?/i.exec(instruction) ?? /^\s*HYPERLINK\s+(\S+)/i.exec(instruction);
  if (!match) return undefined;
  const local = /^\s*HYPERLINK\s+\\l\s+/i.test(instruction);
  if (local) return `#${match[1]}`;
  return match[2] ? `${match[1]}#${match[2]}` : match[1];
}

/** Collects blocks, routing them into the open table cell or list. */
class BlockSink {
  readonly blocks: Block[] = [];
  private table: Table | undefined;
  private layouts: (RowCells | undefined)[] = [];
  private row: TableCell[] = [];
  private cell: Block[] = [];
  private lists: ListBlock[] = [];
  private listId = 0;

  /** A block outside tables and lists. */
  add(block: Block): void {
    this.closeTable();
    this.closeList();
    this.blocks.push(block);
  }

  /** A paragraph of list `ilfo` at level `ilvl`, with the number Word shows for it. */
  addListItem(block: Block, ilfo: number, ilvl: number, ordered: boolean, marker: string | undefined): void {
    this.closeTable();
    if (this.lists.length === 0 || this.listId !== ilfo) {
      this.closeList();
      this.listId = ilfo;
      const list: ListBlock = { kind: "list", ordered, items: [] };
      this.blocks.push(list);
      this.lists.push(list);
    }
    const level = Math.min(ilvl, MAX_LIST_DEPTH - 1);
    while (this.lists.length - 1 > level) this.lists.pop();
    while (this.lists.length - 1 < level) {
      const parent = this.lists[this.lists.length - 1]!;
      if (parent.items.length === 0) parent.items.push({ blocks: [] });
      const nested: ListBlock = { kind: "list", ordered, items: [] };
      parent.items[parent.items.length - 1]!.blocks.push(nested);
      this.lists.push(nested);
    }
    const item: ListItem = { blocks: [block] };
    if (marker !== undefined) item.marker = marker;
    this.lists[this.lists.length - 1]!.items.push(item);
  }

  /** A paragraph inside the open table cell (a table is opened if none is). */
  addToCell(block: Block | undefined): void {
    this.closeList();
    this.table ??= { kind: "table", rows: [] };
    if (block) this.cell.push(block);
  }

  endCell(): void {
    this.addToCell(undefined);
    this.row.push({ blocks: this.cell });
    this.cell = [];
  }

  endRow(header: boolean, layout?: RowCells): void {
    this.addToCell(undefined);
    if (this.cell.length > 0) this.endCell();
    if (this.row.length > 0) {
      const row: TableRow = { cells: this.row };
      if (header) row.header = true;
      this.table!.rows.push(row);
      this.layouts.push(layout);
    }
    this.row = [];
  }

  private closeList(): void {
    this.lists = [];
  }

  private closeTable(): void {
    if (!this.table) return;
    // a table cut off without its last row end keeps what it has
    if (this.cell.length > 0) this.endCell();
    if (this.row.length > 0) this.endRow(false);
    if (this.table.rows.length > 0) {
      applyRowLayouts(this.table, this.layouts);
      this.blocks.push(this.table);
    }
    this.table = undefined;
    this.layouts = [];
  }

  finish(): Block[] {
    this.closeTable();
    this.closeList();
    return this.blocks;
  }
}

/** The blocks of the characters [cpStart, cpEnd). */
export function storyBlocks(source: StorySource, cpStart: number, cpEnd: number, stats: StoryStats): Block[] {
  const { text, styles } = source;
  const sink = new BlockSink();
  const fields: Field[] = [];
  let start = cpStart;
  while (start < cpEnd) {
    let end = start;
    while (end < cpEnd) {
      const code = text.charCodeAt(end);
      // a paragraph mark deleted with tracked changes joins the paragraph to the next
      if (code === CELL_END || (code === PARAGRAPH_END && source.charAt(end)?.deleted !== true)) break;
      end++;
    }
    const mark = end < cpEnd ? text.charCodeAt(end) : PARAGRAPH_END;
    const props = (end < cpEnd ? source.paraAt(end) : undefined) ?? NO_PARA;
    const style = styles.at(props.istd);
    const level = headingLevel(style);
    // a heading's own style is bold by design: its runs are bold only when marked so directly
    const paraBold = level === undefined && styles.bold(props.istd);
    const paraItalic = level === undefined && styles.italic(props.istd);

    const runs: TextRun[] = [];
    const images: ImageBlock[] = [];
    let pageBreakBefore = false;
    let pageBreakAfter = false;
    const push = (value: string, chp: CharProps, superscript = false): void => {
      const href = fields.findLast((field) => field.inResult && field.href !== undefined)?.href;
      const bold = resolveToggle(chp.bold, chp.istd !== undefined ? styles.bold(chp.istd) || paraBold : paraBold);
      const italic = resolveToggle(chp.italic, chp.istd !== undefined ? styles.italic(chp.istd) || paraItalic : paraItalic);
      const underline = chp.underline === true && href === undefined;
      const last = runs[runs.length - 1];
      if (last && (last.bold ?? false) === bold && (last.italic ?? false) === italic && (last.underline ?? false) === underline && last.href === href && (last.superscript ?? false) === superscript) {
        last.text += value;
        return;
      }
      const run: TextRun = { text: value };
      if (bold) run.bold = true;
      if (italic) run.italic = true;
      if (underline) run.underline = true;
      if (href !== undefined) run.href = href;
      if (superscript) run.superscript = true;
      runs.push(run);
    };

    for (let cp = start; cp < end; cp++) {
      const code = text.charCodeAt(cp);
      const chp = source.charAt(cp) ?? {};
      // tracked deletions (fields, paragraph marks and all) are not part of the text Word shows
      if (chp.deleted === true) continue;
      if (code === FIELD_BEGIN && fields.length < MAX_FIELD_DEPTH) {
        fields.push({ inResult: false, instruction: "", locked: source.fieldLocked(cp) });
        continue;
      }
      if (code === FIELD_SEPARATOR && fields.length > 0) {
        const field = fields[fields.length - 1]!;
        field.inResult = true;
        const href = hyperlinkTarget(field.instruction);
        if (href !== undefined) field.href = href;
        const shown = field.locked ? undefined : currentDateField(field.instruction);
        if (shown !== undefined) field.shown = shown;
        continue;
      }
      if (code === FIELD_END && fields.length > 0) {
        fields.pop();
        continue;
      }
      const inInstruction = fields.some((field) => !field.inResult);
      if (inInstruction) {
        const top = fields[fields.length - 1]!;
        if (!top.inResult) top.instruction += text[cp];
        continue;
      }
      const dated = fields.findLast((field) => field.shown !== undefined);
      if (dated) {
        if (dated.emitted !== true) push(dated.shown!, chp);
        dated.emitted = true;
        continue;
      }
      if (code === PICTURE || code === DRAWN_OBJECT) {
        const image = code === PICTURE && chp.special === true ? source.picture(chp) : undefined;
        if (image) images.push(image);
        else stats.pictures++;
        continue;
      }
      if (resolveToggle(chp.hidden, false)) continue;
      if (code === PAGE_BREAK) {
        if (runs.length === 0) pageBreakBefore = true;
        else pageBreakAfter = true;
        continue;
      }
      if (code === NOTE_REFERENCE && chp.special === true) {
        const note = source.noteMark(cp);
        if (note === undefined) continue;
        // a note's own text starts with its mark, written before it; a reference is raised
        if (note.ownText) {
          push(`${note.mark} `, chp);
          while (cp + 1 < end && (text.charCodeAt(cp + 1) === TAB || text.charCodeAt(cp + 1) === 0x20)) cp++;
        } else push(note.mark, chp, true);
        continue;
      }
      if (code === LINE_BREAK) push("\n", chp);
      else if (code === TAB) push("\t", chp);
      else if (code === NON_BREAKING_HYPHEN) push("-", chp);
      // other controls: note references (2, 5), separators (3, 4), optional hyphens (0x1F)...
      else if (code < 0x20) continue;
      // a special '(' is a symbol-font character (sprmCSymbol): its glyph depends on the font
      else if (chp.special === true && code === 0x28) continue;
      else push(text[cp]!, chp);
    }

    const blank = runs.every((run) => run.text.trim() === "");
    let block: Paragraph | Heading | undefined;
    if (!blank) {
      if (level !== undefined) block = { kind: "heading", level, runs };
      else {
        block = { kind: "paragraph", runs };
        const align = alignment(props.jc);
        if (align) block.align = align;
      }
    }

    // a paragraph's pictures follow its text (the model has no pictures inside a line)
    const content: Block[] = block ? [block, ...images] : images;
    if (props.inTable && props.itap >= 1) {
      if (props.itap > 1) {
        // nested tables are flattened into the outer cell's paragraphs
        stats.nestedTables = true;
        if (!props.innerTtp) for (const item of content) sink.addToCell(item);
      } else if (props.ttp) sink.endRow(props.tableHeader, props.cells);
      else {
        for (const item of content) sink.addToCell(item);
        if (mark === CELL_END) sink.endCell();
      }
    } else {
      // a page break before the story's first paragraph would only make an empty first page
      if ((pageBreakBefore || props.pageBreakBefore) && start > cpStart) sink.add({ kind: "page-break" });
      // numbered headings ("1.2 Scope") stay headings: their number is the list's, not their text
      const listed = props.ilfo > 0 && props.ilfo !== 0x07ff;
      const label = listed && block ? source.listLabel(props.ilfo, props.ilvl) : undefined;
      if (block && block.kind === "heading" && label !== undefined && label !== "") block.runs.unshift({ text: `${label} ` });
      if (block && block.kind === "paragraph" && listed) {
        sink.addListItem(block, props.ilfo, props.ilvl, source.ordered(props.ilfo, props.ilvl), label);
        for (const image of images) sink.add(image);
      } else for (const item of content) sink.add(item);
      if (pageBreakAfter) sink.add({ kind: "page-break" });
    }
    start = end + 1;
  }
  return sink.finish();
}
