import type { PageSetup } from "./model.ts";
import type { FcLcb } from "./doc-fib.ts";
import { eachSprm } from "./doc-sprms.ts";

// The first section's page size and margins ([MS-DOC] PlcfSed, Sepx): the page the
// writers lay the document out on. Best effort: no readable section gives Word's defaults.

const SED_SIZE = 12;
const TWIPS_PER_POINT = 20;
const SPRM_S_XA_PAGE = 0xb01f;
const SPRM_S_YA_PAGE = 0xb020;
const SPRM_S_DXA_LEFT = 0xb021;
const SPRM_S_DXA_RIGHT = 0xb022;
const SPRM_S_DYA_TOP = 0x9023;
const SPRM_S_DYA_BOTTOM = 0x9024;
/** Word's section defaults ([MS-DOC] Sep, its default values): US Letter, 1 in top and bottom, 1.25 in left and right. */
const DEFAULT_TWIPS = { width: 12240, height: 15840, top: 1440, right: 1800, bottom: 1440, left: 1800 };
/** Pages beyond these (in points) are not real paper: 22 in is Word's maximum. */
const MAX_PAGE_PT = 1584;
const MIN_PAGE_PT = 72;

const pt = (twips: number): number => Math.round((twips / TWIPS_PER_POINT) * 100) / 100;

/** A page side that paper has, with room between its margins. */
const fits = (size: number, before: number, after: number): boolean =>
  size >= MIN_PAGE_PT && size <= MAX_PAGE_PT && before + after < size - MIN_PAGE_PT / 2;

export function readPageSetup(word: Uint8Array, table: Uint8Array, plcfSed: FcLcb): PageSetup | undefined {
  if (plcfSed.lcb < 4 + SED_SIZE || plcfSed.fc + plcfSed.lcb > table.length) return undefined;
  const tableView = new DataView(table.buffer, table.byteOffset, table.byteLength);
  const count = Math.floor((plcfSed.lcb - 4) / (4 + SED_SIZE));
  const fcSepx = tableView.getUint32(plcfSed.fc + (count + 1) * 4 + 2, true);
  const twips = { ...DEFAULT_TWIPS };
  if (fcSepx !== 0xffffffff && fcSepx + 2 <= word.length) {
    const cb = word[fcSepx]! | (word[fcSepx + 1]! << 8);
    const grpprl = word.subarray(fcSepx + 2, Math.min(word.length, fcSepx + 2 + cb));
    eachSprm(grpprl, (sprm, at, length) => {
      if (length < 2) return;
      const unsigned = grpprl[at]! | (grpprl[at + 1]! << 8);
      const signed = unsigned > 0x7fff ? unsigned - 0x10000 : unsigned;
      if (sprm === SPRM_S_XA_PAGE) twips.width = unsigned;
      else if (sprm === SPRM_S_YA_PAGE) twips.height = unsigned;
      else if (sprm === SPRM_S_DXA_LEFT) twips.left = Math.max(0, signed);
      else if (sprm === SPRM_S_DXA_RIGHT) twips.right = Math.max(0, signed);
      // a negative top or bottom margin means "exactly", not "at least": its size is the same
      else if (sprm === SPRM_S_DYA_TOP) twips.top = Math.abs(signed);
      else if (sprm === SPRM_S_DYA_BOTTOM) twips.bottom = Math.abs(signed);
    });
  }
  const page: PageSetup = {
    widthPt: pt(twips.width),
    heightPt: pt(twips.height),
    marginsPt: [pt(twips.top), pt(twips.right), pt(twips.bottom), pt(twips.left)],
  };
  if (!fits(page.widthPt, page.marginsPt[3], page.marginsPt[1]) || !fits(page.heightPt, page.marginsPt[0], page.marginsPt[2])) return undefined;
  return page;
}
