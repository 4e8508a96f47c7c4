import type { FcLcb } from "./doc-fib.ts";
import { formatNumber, type NumberFormat } from "./list-markers.ts";

// Footnote and endnote marks ([MS-DOC] PlcffndRef, PlcffndTxt, PlcfendRef, PlcfendTxt): the k-th
// reference of the main text (a CP, and an FRD whose nAuto says it is numbered automatically) and the
// k-th note's text (a CP in its story, where the note's own copy of the mark is) both show the mark
// Word numbers it with: footnotes 1, 2, 3 and endnotes i, ii, iii (Word's defaults). A note with a
// custom mark (nAuto 0) keeps the characters the author typed, which are in the text itself.

/** More notes than any real document has. */
const MAX_NOTES = 100_000;

export interface NoteStory {
  refs: FcLcb;
  texts: FcLcb;
  /** the CP where the notes' story starts */
  storyStart: number;
  format: NumberFormat;
}

/** CP → the mark of the note whose reference or own text is there. */
export function readNoteMarks(table: Uint8Array, stories: readonly NoteStory[]): Map<number, { mark: string; ownText: boolean }> {
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  const marks = new Map<number, { mark: string; ownText: boolean }>();
  for (const story of stories) {
    const { refs, texts } = story;
    if (refs.lcb < 10 || refs.fc + refs.lcb > table.length || (refs.lcb - 4) % 6 !== 0) continue;
    const count = Math.min((refs.lcb - 4) / 6, MAX_NOTES);
    const textCount = texts.lcb >= 8 && texts.fc + texts.lcb <= table.length ? texts.lcb / 4 - 1 : 0;
    let numbered = 0;
    for (let k = 0; k < count; k++) {
      const cp = view.getUint32(refs.fc + k * 4, true);
      const auto = view.getInt16(refs.fc + (count + 1) * 4 + k * 2, true);
      if (auto === 0) continue;
      const mark = formatNumber(++numbered, story.format);
      marks.set(cp, { mark, ownText: false });
      if (k < textCount) marks.set(story.storyStart + view.getUint32(texts.fc + k * 4, true), { mark, ownText: true });
    }
  }
  return marks;
}

/** More fields than any real document has. */
const MAX_FIELDS = 1_000_000;

/**
 * The CPs of the field begin characters whose field is locked ([MS-DOC] PlcFld, FLD: the end
 * character's grffld has fLocked): its result stays as stored, even a DATE's.
 */
export function readLockedFields(table: Uint8Array, plcFld: FcLcb): Set<number> {
  const locked = new Set<number>();
  if (plcFld.lcb < 10 || plcFld.fc + plcFld.lcb > table.length || (plcFld.lcb - 4) % 6 !== 0) return locked;
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  const count = Math.min((plcFld.lcb - 4) / 6, MAX_FIELDS);
  const begins: number[] = [];
  for (let k = 0; k < count; k++) {
    const cp = view.getUint32(plcFld.fc + k * 4, true);
    const fld = plcFld.fc + (count + 1) * 4 + k * 2;
    const kind = table[fld]! & 0x1f;
    if (kind === 0x13) begins.push(cp);
    else if (kind === 0x15) {
      const begin = begins.pop();
      if (begin !== undefined && (table[fld + 1]! & 0x10) !== 0) locked.add(begin);
    }
  }
  return locked;
}
