// Property lists ([MS-DOC] Sprm, Prl): a sprm (a 16-bit property id whose top three
// bits give the operand's size) and its operand, one after the other.

export const SPRM_T_DEF_TABLE = 0xd608;
const SPRM_P_CHG_TABS = 0xc615;

/** Operand sizes by spra (the sprm's top three bits); 0 marks the variable-length kind. */
const OPERAND_SIZE = [1, 1, 2, 4, 2, 2, 0, 3] as const;

/**
 * Calls `visit` with each sprm of `grpprl` and the offset and length of its operand. Stops at the
 * first sprm whose operand would run past the end (a damaged list loses its tail, not the file).
 */
export function eachSprm(grpprl: Uint8Array, visit: (sprm: number, operandAt: number, operandLength: number) => void): void {
  let at = 0;
  while (at + 2 <= grpprl.length) {
    const sprm = grpprl[at]! | (grpprl[at + 1]! << 8);
    at += 2;
    let size: number = OPERAND_SIZE[sprm >> 13]!;
    if (size === 0) {
      if (sprm === SPRM_T_DEF_TABLE) {
        if (at + 2 > grpprl.length) return;
        // a 16-bit cb that counts itself minus one byte
        size = (grpprl[at]! | (grpprl[at + 1]! << 8)) + 1;
      } else {
        if (at >= grpprl.length) return;
        // sprmPChgTabs with cb 255 has a layout of its own that no property here needs: stop
        if (sprm === SPRM_P_CHG_TABS && grpprl[at] === 255) return;
        size = grpprl[at]! + 1;
      }
    }
    if (at + size > grpprl.length) return;
    visit(sprm, at, size);
    at += size;
  }
}

export const SPRM = {
  P_ISTD: 0x4600,
  P_JC80: 0x2403,
  P_JC: 0x2461,
  P_F_IN_TABLE: 0x2416,
  P_F_TTP: 0x2417,
  P_ITAP: 0x6649,
  P_F_INNER_TTP: 0x244c,
  P_F_INNER_TABLE_CELL: 0x244b,
  P_ILVL: 0x260a,
  P_ILFO: 0x460b,
  T_TABLE_HEADER: 0x3404,
  P_F_PAGE_BREAK_BEFORE: 0x2407,
  C_F_BOLD: 0x0835,
  C_F_ITALIC: 0x0836,
  C_F_VANISH: 0x083c,
  C_KUL: 0x2a3e,
  C_F_SPEC: 0x0855,
  C_ISTD: 0x4a30,
  C_PIC_LOCATION: 0x6a03,
  C_F_DATA: 0x0806,
  C_F_R_MARK_DEL: 0x0800,
} as const;

/** A toggle property's operand ([MS-DOC] ToggleOperand): off, on, as the style, or the style's opposite. */
export type Toggle = 0 | 1 | 0x80 | 0x81;

export function toggle(value: number): Toggle | undefined {
  return value === 0 || value === 1 || value === 0x80 || value === 0x81 ? value : undefined;
}

/** The toggle's value for a run whose style says `styleValue`. */
export function resolveToggle(value: Toggle | undefined, styleValue: boolean): boolean {
  if (value === undefined || value === 0x80) return styleValue;
  if (value === 0x81) return !styleValue;
  return value === 1;
}

export interface CharProps {
  bold?: Toggle;
  italic?: Toggle;
  underline?: boolean;
  hidden?: Toggle;
  /** the run's characters are special (pictures, note references, fields) */
  special?: boolean;
  /** the character style */
  istd?: number;
  /** a picture character's offset in the Data stream */
  picLocation?: number;
  /** the Data offset belongs to a form field, not a picture */
  data?: boolean;
  /** a tracked deletion (sprmCFRMarkDel): Word shows the document without it */
  deleted?: boolean;
}

/** The character properties a grpprl of CHPX sprms sets (on top of `base`, which is not changed). */
export function charProps(grpprl: Uint8Array, base: CharProps = {}): CharProps {
  const props: CharProps = { ...base };
  eachSprm(grpprl, (sprm, at) => {
    const byte = grpprl[at]!;
    if (sprm === SPRM.C_F_BOLD) props.bold = toggle(byte);
    else if (sprm === SPRM.C_F_ITALIC) props.italic = toggle(byte);
    else if (sprm === SPRM.C_F_VANISH) props.hidden = toggle(byte);
    else if (sprm === SPRM.C_KUL) props.underline = byte !== 0;
    else if (sprm === SPRM.C_F_SPEC) props.special = byte !== 0;
    else if (sprm === SPRM.C_ISTD) props.istd = byte | (grpprl[at + 1]! << 8);
    else if (sprm === SPRM.C_PIC_LOCATION) props.picLocation = (byte | (grpprl[at + 1]! << 8) | (grpprl[at + 2]! << 16) | (grpprl[at + 3]! << 24)) >>> 0;
    else if (sprm === SPRM.C_F_DATA) props.data = byte !== 0;
    else if (sprm === SPRM.C_F_R_MARK_DEL) props.deleted = byte !== 0;
  });
  return props;
}

export interface ParaProps {
  istd: number;
  /** 0 left, 1 center, 2 right, 3+ justified kinds */
  jc?: number;
  inTable: boolean;
  /** the row-end mark of a (top-level) table row */
  ttp: boolean;
  /** table depth: 0 outside tables, 1 in a table, 2+ in nested tables */
  itap: number;
  innerTtp: boolean;
  innerCell: boolean;
  /** the paragraph starts a new page */
  pageBreakBefore: boolean;
  /** on a row-end mark: the row's cells (sprmTDefTable) */
  cells?: RowCells;
  /** on a row-end mark: the row repeats as the table's header */
  tableHeader: boolean;
  /** list: the LFO index (0 = not in a list) and level */
  ilfo: number;
  ilvl: number;
}

/** A table row's cell layout ([MS-DOC] TDefTableOperand): cell edges and merge flags. */
export interface RowCells {
  /** itcMac + 1 horizontal edges, in twips */
  edges: number[];
  /** per cell: 0 not merged, 1 first of a horizontal merge, 2–3 merged into the cell before */
  horzMerge: number[];
  /** per cell: 0 not merged, 3 first of a vertical merge, 1 merged into the cell above */
  vertMerge: number[];
}

/** Word's limit of cells in a row. */
const MAX_ROW_CELLS = 63;
const TC80_SIZE = 20;

function rowCells(grpprl: Uint8Array, at: number, length: number): RowCells | undefined {
  // cb (2 bytes), itcMac, rgdxaCenter (itcMac + 1 signed 16-bit), rgTc80 (20 bytes each, may be fewer)
  const count = grpprl[at + 2]!;
  if (count === 0 || count > MAX_ROW_CELLS || 3 + (count + 1) * 2 > length) return undefined;
  const view = new DataView(grpprl.buffer, grpprl.byteOffset, grpprl.byteLength);
  const edges: number[] = [];
  for (let i = 0; i <= count; i++) edges.push(view.getInt16(at + 3 + i * 2, true));
  const horzMerge: number[] = [];
  const vertMerge: number[] = [];
  const tcStart = at + 3 + (count + 1) * 2;
  for (let i = 0; i < count; i++) {
    const tc = tcStart + i * TC80_SIZE;
    const flags = tc + 2 <= at + length ? view.getUint16(tc, true) : 0;
    horzMerge.push(flags & 0x3);
    vertMerge.push((flags >> 5) & 0x3);
  }
  return { edges, horzMerge, vertMerge };
}

/** The paragraph properties of a paragraph of style `istd` with these sprms (on top of `base`, which is not changed). */
export function paraProps(istd: number, grpprl: Uint8Array, base?: ParaProps): ParaProps {
  const props: ParaProps = base
    ? { ...base }
    : { istd, inTable: false, ttp: false, itap: 0, innerTtp: false, innerCell: false, pageBreakBefore: false, tableHeader: false, ilfo: 0, ilvl: 0 };
  let itapSet = base !== undefined && base.itap > 0;
  eachSprm(grpprl, (sprm, at, length) => {
    const byte = grpprl[at]!;
    const word = length >= 2 ? byte | (grpprl[at + 1]! << 8) : byte;
    if (sprm === SPRM.P_JC || sprm === SPRM.P_JC80) props.jc = byte;
    else if (sprm === SPRM.P_F_IN_TABLE) props.inTable = byte !== 0;
    else if (sprm === SPRM.P_F_TTP) props.ttp = byte !== 0;
    else if (sprm === SPRM.P_ITAP) {
      props.itap = length >= 4 ? (word | (grpprl[at + 2]! << 16) | (grpprl[at + 3]! << 24)) : word;
      itapSet = true;
    } else if (sprm === SPRM.P_F_INNER_TTP) props.innerTtp = byte !== 0;
    else if (sprm === SPRM.P_F_INNER_TABLE_CELL) props.innerCell = byte !== 0;
    else if (sprm === SPRM.P_F_PAGE_BREAK_BEFORE) props.pageBreakBefore = byte !== 0;
    else if (sprm === SPRM.T_TABLE_HEADER) props.tableHeader = byte !== 0;
    else if (sprm === SPRM_T_DEF_TABLE) {
      const cells = rowCells(grpprl, at, length);
      if (cells) props.cells = cells;
    }
    else if (sprm === SPRM.P_ILFO) props.ilfo = word;
    else if (sprm === SPRM.P_ILVL) props.ilvl = byte;
    else if (sprm === SPRM.P_ISTD) props.istd = word;
  });
  // Word 97 files mark table paragraphs with fInTable only; later ones also give the depth
  if (!itapSet && props.inTable) props.itap = 1;
  if (props.itap > 0) props.inTable = true;
  return props;
}
