import type { Block, DocModel, ImageBlock } from "./model.ts";
import { DocumentError } from "./document-error.ts";
import { damaged } from "./doc-bytes.ts";
import { isCompoundFile, openCompoundFile, type CompoundFile } from "./doc-cfb.ts";
import { readFib } from "./doc-fib.ts";
import { cpToFc, pieceAt, readPieces, readText } from "./doc-pieces.ts";
import { charProps, paraProps, type CharProps, type ParaProps } from "./doc-sprms.ts";
import { readCharacterRuns, readParagraphRuns, runFinder } from "./doc-fkp.ts";
import { readStyles } from "./doc-styles.ts";
import { readLists } from "./doc-lists.ts";
import { readLockedFields, readNoteMarks } from "./doc-notes.ts";
import { oldWordVersion, readOldWord } from "./doc-old-word.ts";
import { readPicture } from "./doc-pictures.ts";
import { readPageSetup } from "./doc-sections.ts";
import { readSummary } from "./doc-summary.ts";
import { storyBlocks, type StorySource, type StoryStats } from "./doc-blocks.ts";

// Legacy Word documents (.doc, Word 97–2003) into the document model (issue 15): the OLE container
// (doc-cfb.ts), the FIB, the piece table for the text, the paragraph and character property pages
// for tables, headings, lists, bold and italic, the Data stream for inline PNG and JPEG pictures,
// the first section for the page, and the SummaryInformation for the title and author. Footnotes,
// endnotes and text boxes follow the text; what is lost is said in `notes`.

/**
 * Pictures by their Data stream offset: one picture shown many times is read once, and all of them
 * together may not copy more bytes than the stream has (a hostile file pointing thousands of
 * picture characters at overlapping pictures would otherwise copy the stream thousands of times).
 */
function pictureCache(data: Uint8Array | undefined): { at(offset: number): ImageBlock | undefined } {
  const read = new Map<number, ImageBlock | undefined>();
  let budget = data?.length ?? 0;
  return {
    at: (offset) => {
      if (!data) return undefined;
      if (read.has(offset)) return read.get(offset);
      const image = budget > 0 ? readPicture(data, offset) : undefined;
      const kept = image && image.data.length <= budget ? image : undefined;
      if (kept) budget -= kept.data.length;
      read.set(offset, kept);
      return kept;
    },
  };
}

/** What a file that is not an OLE container is, when its first bytes say (files saved as .doc by other means are common). */
function notADocMessage(bytes: Uint8Array): string {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 512)).replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, "").trimStart();
  if (head.startsWith("PK\u0003\u0004")) return "This file is a ZIP package, probably a Word 2007 or later document (.docx), named .doc: convert it as DOCX.";
  if (head.startsWith("{\\rtf")) return "This file is a Rich Text (RTF) document named .doc, not a Word 97–2003 document.";
  if (/^<(\?xml|!doctype|html)|^mime-version:/i.test(head)) return "This file is a web page or Word XML document named .doc, not a Word 97–2003 document.";
  if (head.startsWith("%PDF-")) return "This file is a PDF named .doc: convert it as PDF.";
  return "This file is not a Word 97–2003 document (.doc): it does not start like one. It may be damaged or have the wrong extension.";
}

/** `opened`: the container with its streams already decrypted (office-crypto), for a password-protected .doc. */
export function readDoc(bytes: Uint8Array, opened?: CompoundFile): DocModel {
  if (!isCompoundFile(bytes)) {
    // Word for Windows 1 and 2 wrote no OLE container: the file is the Word stream itself
    if (oldWordVersion(bytes) === "Word 2") return readOldWord(bytes, "Word 2");
    throw new DocumentError(notADocMessage(bytes), "damaged");
  }
  const container = opened ?? openCompoundFile(bytes);
  if (container.has("EncryptedPackage")) {
    throw new DocumentError("This document is password-protected. Open it in Word or LibreOffice, remove the password, save it and convert it again.", "unsupported");
  }
  // streams that only add detail: a broken one is left out rather than refusing the document
  const optionalStream = (name: string): Uint8Array | undefined => {
    try {
      return container.stream(name);
    } catch (error) {
      if (error instanceof DocumentError) return undefined;
      throw error;
    }
  };
  const word = container.stream("WordDocument");
  if (!word) throw new DocumentError("This file is an Office container but not a Word document (it has no WordDocument stream). Is it an Excel or PowerPoint file?", "damaged");
  const old = oldWordVersion(word);
  if (old) {
    const model: DocModel = readOldWord(word, old);
    const summary = optionalStream("\u0005SummaryInformation");
    if (summary) Object.assign(model, readSummary(summary));
    return model;
  }
  const fib = readFib(word);
  const table = container.stream(fib.tableStream);
  if (!table) throw damaged(`its ${fib.tableStream} stream is missing`);

  const pieces = readPieces(table, fib.clx, word.length);
  const storyEnds: number[] = [];
  let total = 0;
  // the stories follow each other in CP order: main text, footnotes, headers, (macros), comments, endnotes, text boxes
  for (const ccp of [fib.ccpText, fib.ccpFtn, fib.ccpHdd, 0, fib.ccpAtn, fib.ccpEdn, fib.ccpTxbx]) {
    total += ccp;
    storyEnds.push(total);
  }
  const covered = pieces.length === 0 ? 0 : pieces[pieces.length - 1]!.cpEnd;
  if (fib.ccpText > covered) throw damaged("its text is longer than its piece table");
  // each character takes at least a byte of the stream: pieces that reuse the same bytes over and
  // over to claim more text than that are a hostile file
  if (covered > word.length) throw damaged("its piece table lists more text than the file holds");
  const text = readText(word, pieces, Math.min(total, covered));

  // formatting only adds to the text: when its tables are broken, the text is still given
  let formattingDamaged = false;
  const lenient = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      formattingDamaged = true;
      return fallback;
    }
  };
  const styles = lenient(() => readStyles(table, fib.stshf), readStyles(table, { fc: 0, lcb: 0 }));
  const paraAtFc = runFinder(lenient(() => readParagraphRuns(word, table, fib.btePapx), []));
  const charAtFc = runFinder(lenient(() => readCharacterRuns(word, table, fib.bteChpx), []));
  // a fast-saved piece's own property changes go over what the property pages say
  const paraAt = (cp: number): ParaProps | undefined => {
    const props = paraAtFc(cpToFc(pieces, cp));
    const grpprl = pieceAt(pieces, cp)?.grpprl;
    return grpprl ? paraProps(props?.istd ?? 0, grpprl, props) : props;
  };
  const charAt = (cp: number): CharProps | undefined => {
    const props = charAtFc(cpToFc(pieces, cp));
    const grpprl = pieceAt(pieces, cp)?.grpprl;
    return grpprl ? charProps(grpprl, props) : props;
  };
  const lists = lenient(() => readLists(table, fib.plfLst, fib.plfLfo), { ordered: () => false, counter: () => () => undefined });
  const noteMarks = lenient(
    () =>
      readNoteMarks(table, [
        { refs: fib.plcffndRef, texts: fib.plcffndTxt, storyStart: fib.ccpText, format: "decimal" },
        { refs: fib.plcfendRef, texts: fib.plcfendTxt, storyStart: storyEnds[4]!, format: "lowerRoman" },
      ]),
    new Map<number, { mark: string; ownText: boolean }>(),
  );
  const lockedFields = lenient(() => readLockedFields(table, fib.plcfFldMom), new Set<number>());
  const data = optionalStream("Data");
  const pictures = pictureCache(data);
  const source: StorySource = {
    text,
    paraAt,
    charAt,
    styles,
    ordered: lists.ordered,
    listLabel: lists.counter(),
    noteMark: (cp) => noteMarks.get(cp),
    fieldLocked: (cp) => lockedFields.has(cp),
    picture: (chp) => (data && chp.picLocation !== undefined && chp.data !== true ? pictures.at(chp.picLocation) : undefined),
  };
  const stats: StoryStats = { pictures: 0, nestedTables: false };

  const blocks: Block[] = storyBlocks(source, 0, fib.ccpText, stats);
  const notes: string[] = [];
  const footnoteEnd = Math.min(storyEnds[1]!, text.length);
  const endnoteStart = storyEnds[4]!;
  const endnoteEnd = Math.min(storyEnds[5]!, text.length);
  const notesBlocks = [
    ...storyBlocks(source, fib.ccpText, footnoteEnd, stats),
    ...(endnoteEnd > endnoteStart ? storyBlocks(source, endnoteStart, endnoteEnd, stats) : []),
  ];
  for (const block of notesBlocks) {
    // the note's number (dropped) is followed by a tab or space
    const first = block.kind === "paragraph" ? block.runs[0] : undefined;
    if (first) first.text = first.text.trimStart();
  }
  if (notesBlocks.length > 0) {
    blocks.push(...notesBlocks);
    notes.push("Footnotes and endnotes are placed at the end of the document.");
  }
  const textBoxBlocks = storyBlocks(source, storyEnds[5]!, Math.min(storyEnds[6]!, text.length), stats);
  if (textBoxBlocks.length > 0) {
    blocks.push(...textBoxBlocks);
    notes.push("Text from text boxes is placed at the end of the document.");
  }
  if (stats.pictures > 0) {
    notes.push(`${stats.pictures === 1 ? "1 picture or drawing was" : `${stats.pictures} pictures or drawings were`} not kept (only PNG and JPEG pictures placed in the text are).`);
  }
  if (fib.ccpHdd > 0) notes.push("Headers and footers are not kept.");
  if (fib.ccpAtn > 0) notes.push("Comments are not kept.");
  if (fib.ccpHdrTxbx > 0) notes.push("Text boxes in headers and footers are not kept.");
  if (stats.nestedTables) notes.push("Tables inside tables are flattened into the outer table's cells.");
  if (formattingDamaged) notes.push("Part of this file's formatting is damaged: some tables, headings, bold or italic may be missing.");
  notes.push("Fonts, colours and sizes are not kept.");

  const model: DocModel = { blocks, notes };
  const page = readPageSetup(word, table, fib.plcfSed);
  if (page) model.page = page;
  const summaryStream = optionalStream("\u0005SummaryInformation");
  if (summaryStream) Object.assign(model, readSummary(summaryStream));
  return model;
}
