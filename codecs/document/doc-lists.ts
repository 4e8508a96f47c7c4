import type { FcLcb } from "./doc-fib.ts";

// List formats ([MS-DOC] PlfLst, LSTF, LVLF, PlfLfo): a paragraph
// names its list by an LFO index (ilfo, 1-based) and a level; the LFO names a list by its lsid and
// the list's level says how it is numbered. All that is kept here is numbers or bullets. Best effort:
// a broken list table makes bulleted lists, never an error.

/** More lists than any real document defines. */
export const MAX_LISTS = 32_767;
const LSTF_SIZE = 28;
const LVLF_SIZE = 28;
const LFO_SIZE = 16;
const NFC_BULLET = 0x17;
const NFC_NONE = 0xff;

/** Whether level `ilvl` of list `ilfo` is numbered. */
export type ListNumbering = (ilfo: number, ilvl: number) => boolean;

export function readListNumbering(table: Uint8Array, plfLst: FcLcb, plfLfo: FcLcb): ListNumbering {
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  const within = (at: number, size: number): boolean => at >= 0 && at + size <= table.length;
  // lsid → the nfc of each level
  const levels = new Map<number, number[]>();
  if (plfLst.lcb >= 2 && within(plfLst.fc, plfLst.lcb)) {
    const count = Math.min(view.getInt16(plfLst.fc, true), MAX_LISTS);
    // the LVLs follow the PlfLst, list after list, 1 (simple list) or 9 levels each
    let at = plfLst.fc + 2 + count * LSTF_SIZE;
    for (let i = 0; i < count && within(plfLst.fc + 2 + i * LSTF_SIZE, LSTF_SIZE); i++) {
      const lstf = plfLst.fc + 2 + i * LSTF_SIZE;
      const lsid = view.getInt32(lstf, true);
      const simple = (table[lstf + 26]! & 0x01) !== 0;
      const nfcs: number[] = [];
      for (let level = 0; level < (simple ? 1 : 9); level++) {
        if (!within(at, LVLF_SIZE + 2)) break;
        nfcs.push(table[at + 4]!);
        const cbChpx = table[at + 24]!;
        const cbPapx = table[at + 25]!;
        at += LVLF_SIZE + cbPapx + cbChpx;
        if (!within(at, 2)) break;
        at += 2 + view.getUint16(at, true) * 2;
      }
      levels.set(lsid, nfcs);
    }
  }
  const lsids: number[] = [];
  if (plfLfo.lcb >= 4 && within(plfLfo.fc, plfLfo.lcb)) {
    const count = Math.min(view.getUint32(plfLfo.fc, true), MAX_LISTS);
    for (let i = 0; i < count && within(plfLfo.fc + 4 + i * LFO_SIZE, LFO_SIZE); i++) lsids.push(view.getInt32(plfLfo.fc + 4 + i * LFO_SIZE, true));
  }
  return (ilfo, ilvl) => {
    const lsid = lsids[ilfo - 1];
    const nfcs = lsid === undefined ? undefined : levels.get(lsid);
    const nfc = nfcs?.[Math.min(ilvl, nfcs.length - 1)];
    return nfc !== undefined && nfc !== NFC_BULLET && nfc !== NFC_NONE;
  };
}
