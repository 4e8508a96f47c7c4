import type { FcLcb } from "./doc-fib.ts";
import { listCounter, type Level, type Numbering } from "./docx-list-numbers.ts";
import type { NumberFormat } from "./list-markers.ts";

// List formats ([MS-DOC] PlfLst, LSTF, LVLF, LVL, PlfLfo, LFOData, LFOLVL): a paragraph names its
// list by an LFO index (ilfo, 1-based) and a level; the LFO names a list by its lsid and may restart
// levels or replace them; the list's level gives the number format (nfc), the start value and the
// number text (xst), whose characters 0–8 stand for the levels' numbers. Read into the DOCX numbering
// shape (docx-list-numbers.ts), so both count the same way. Best effort: a broken list table makes
// bulleted lists, never an error.

/** More lists than any real document defines. */
export const MAX_LISTS = 32_767;
const LSTF_SIZE = 28;
const LVLF_SIZE = 28;
const LFO_SIZE = 16;
const LFOLVL_SIZE = 8;
const NFC_BULLET = 0x17;
const NFC_NONE = 0xff;
const NFC_FORMATS: Readonly<Record<number, NumberFormat>> = { 0: "decimal", 1: "upperRoman", 2: "lowerRoman", 3: "upperLetter", 4: "lowerLetter", 5: "ordinal", 22: "decimalZero" };

export interface DocLists {
  /** whether level `ilvl` of list `ilfo` is numbered (else it has bullets) */
  ordered(ilfo: number, ilvl: number): boolean;
  /** a counter numbering paragraphs in document order: the label Word shows ("2.", "b)", "1.3"), or undefined for bullets */
  counter(): (ilfo: number, ilvl: number) => string | undefined;
}

/** One LVL at `at`: the level and where the next one starts (undefined when it runs past the table). */
function readLvl(table: Uint8Array, view: DataView, at: number): { level: Level; nfc: number; next: number } | undefined {
  if (at + LVLF_SIZE + 2 > table.length) return undefined;
  const start = view.getInt32(at, true);
  const nfc = table[at + 4]!;
  const legal = (table[at + 5]! & 0x04) !== 0;
  const cbChpx = table[at + 24]!;
  const cbPapx = table[at + 25]!;
  const xstAt = at + LVLF_SIZE + cbPapx + cbChpx;
  if (xstAt + 2 > table.length) return undefined;
  const count = view.getUint16(xstAt, true);
  const next = xstAt + 2 + count * 2;
  if (next > table.length) return undefined;
  let text = "";
  for (let i = 0; i < count; i++) {
    const code = view.getUint16(xstAt + 2 + i * 2, true);
    // 0–8: the number of that level
    text += code <= 8 ? `%${code + 1}` : String.fromCharCode(code);
  }
  const format = nfc === NFC_BULLET ? "bullet" : nfc === NFC_NONE ? "none" : (NFC_FORMATS[nfc] ?? "decimal");
  return { level: { start: start >= 0 && start < 0x7fff ? start : 1, format, text, legal }, nfc, next };
}

export function readLists(table: Uint8Array, plfLst: FcLcb, plfLfo: FcLcb): DocLists {
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  const within = (at: number, size: number): boolean => at >= 0 && at + size <= table.length;
  const numbering: Numbering = { abstracts: new Map(), nums: new Map(), styleLinks: new Map() };
  // lsid → the nfc of each level
  const nfcs = new Map<string, number[]>();
  if (plfLst.lcb >= 2 && within(plfLst.fc, plfLst.lcb)) {
    const count = Math.min(view.getInt16(plfLst.fc, true), MAX_LISTS);
    // the LVLs follow the PlfLst, list after list, 1 (simple list) or 9 levels each
    let at = plfLst.fc + 2 + count * LSTF_SIZE;
    for (let i = 0; i < count && within(plfLst.fc + 2 + i * LSTF_SIZE, LSTF_SIZE); i++) {
      const lstf = plfLst.fc + 2 + i * LSTF_SIZE;
      const lsid = String(view.getInt32(lstf, true));
      const simple = (table[lstf + 26]! & 0x01) !== 0;
      const levels = new Map<number, Level>();
      const formats: number[] = [];
      for (let level = 0; level < (simple ? 1 : 9); level++) {
        const lvl = readLvl(table, view, at);
        if (!lvl) break;
        levels.set(level, lvl.level);
        formats.push(lvl.nfc);
        at = lvl.next;
      }
      numbering.abstracts.set(lsid, levels);
      nfcs.set(lsid, formats);
    }
  }
  if (plfLfo.lcb >= 4 && within(plfLfo.fc, plfLfo.lcb)) {
    const count = Math.min(view.getUint32(plfLfo.fc, true), MAX_LISTS);
    // the LFOs, then for each its LFOData: a CP and clfolvl LFOLVLs (each with an LVL when it replaces the level)
    let data = plfLfo.fc + 4 + count * LFO_SIZE;
    for (let i = 0; i < count && within(plfLfo.fc + 4 + i * LFO_SIZE, LFO_SIZE); i++) {
      const lfo = plfLfo.fc + 4 + i * LFO_SIZE;
      const entry = { abstract: String(view.getInt32(lfo, true)), overrides: new Map<number, Level>(), starts: new Map<number, number>() };
      numbering.nums.set(String(i + 1), entry);
      const overrides = table[lfo + 12]!;
      if (data < 0) continue;
      // every LFO has its LFOData, a CP first, even when it overrides nothing
      data += 4;
      for (let k = 0; k < overrides && data >= 0; k++) {
        if (!within(data, LFOLVL_SIZE)) {
          data = -1;
          break;
        }
        const startAt = view.getInt32(data, true);
        const flags = table[data + 4]!;
        const ilvl = flags & 0x0f;
        data += LFOLVL_SIZE;
        if ((flags & 0x20) !== 0) {
          const lvl = readLvl(table, view, data);
          if (!lvl) {
            data = -1;
            break;
          }
          if (ilvl <= 8) entry.overrides.set(ilvl, lvl.level);
          data = lvl.next;
        }
        if ((flags & 0x10) !== 0 && ilvl <= 8) entry.starts.set(ilvl, startAt);
      }
    }
  }
  return {
    ordered: (ilfo, ilvl) => {
      const num = numbering.nums.get(String(ilfo));
      const formats = num ? nfcs.get(num.abstract) : undefined;
      const nfc = formats?.[Math.min(ilvl, formats.length - 1)];
      return nfc !== undefined && nfc !== NFC_BULLET && nfc !== NFC_NONE;
    },
    counter: () => {
      const next = listCounter(numbering, new Map());
      return (ilfo, ilvl) => next({ numId: String(ilfo), ilvl });
    },
  };
}
