import type { FcLcb } from "./doc-fib.ts";
import { damaged, u8, u16, u32 } from "./doc-bytes.ts";

// The piece table ([MS-DOC] Clx, PlcPcd): the document's characters, numbered by
// character position (CP), are stored in runs ("pieces") anywhere in the WordDocument stream, each
// either 8-bit (cp1252 with Word's exceptions) or UTF-16LE.

/** More pieces than any real document has (Word merges them on a full save). */
export const MAX_PIECES = 200_000;

export interface Piece {
  cpStart: number;
  cpEnd: number;
  /** byte offset of the piece's first character in the WordDocument stream */
  byteStart: number;
  /** 1 byte a character (compressed) or 2 (UTF-16LE) */
  bytesPerChar: 1 | 2;
  /** property changes a fast save made to the whole piece (its Prm), as a grpprl */
  grpprl?: Uint8Array;
}

/** Prm0's isprm → sprm, for the properties this reader keeps ([MS-DOC] 2.9.215 Prm0). */
const PRM0_SPRMS: Readonly<Record<number, number>> = {
  0x05: 0x2403, 0x09: 0x2407, 0x0c: 0x260a, 0x18: 0x2416, 0x19: 0x2417, 0x47: 0x0806, 0x55: 0x0835, 0x56: 0x0836, 0x5c: 0x083c, 0x5e: 0x2a3e,
};

/** The grpprl a Pcd's Prm applies: one sprm (Prm0) or one of the Clx's Prcs (Prm1). */
function prmGrpprl(prm: number, prcs: readonly Uint8Array[]): Uint8Array | undefined {
  if ((prm & 1) !== 0) return prcs[prm >> 1];
  const sprm = PRM0_SPRMS[(prm >> 1) & 0x7f];
  return sprm === undefined ? undefined : Uint8Array.of(sprm & 0xff, sprm >> 8, prm >> 8);
}

const CLXT_PRC = 0x01;
const CLXT_PCDT = 0x02;
const FC_COMPRESSED = 0x40000000;
const FC_MASK = 0x3fffffff;

/**
 * The piece table at `clx`. `word6`: a Word 6/95 file's, whose pieces are all 8-bit at plain byte
 * offsets and whose property changes use Word 6's own sprms (not read).
 */
export function readPieces(table: Uint8Array, clx: FcLcb, wordLength: number, word6 = false): Piece[] {
  if (clx.lcb === 0) throw damaged("it has no piece table");
  const end = clx.fc + clx.lcb;
  if (end > table.length) throw damaged("its piece table lies outside the table stream");
  let at = clx.fc;
  // Prc entries (property changes of fast-saved files) come first; pieces point at them by index
  const prcs: Uint8Array[] = [];
  while (u8(table, at, "the piece table") === CLXT_PRC) {
    const size = u16(table, at + 1, "the piece table");
    prcs.push(table.subarray(at + 3, Math.min(end, at + 3 + size)));
    at += 3 + size;
    if (at >= end) throw damaged("its piece table is cut short");
  }
  if (u8(table, at, "the piece table") !== CLXT_PCDT) throw damaged("its piece table has an unknown entry");
  const lcb = u32(table, at + 1, "the piece table");
  const plc = at + 5;
  if (plc + lcb > end || lcb < 4 || (lcb - 4) % 12 !== 0) throw damaged("its piece table has a wrong length");
  const count = (lcb - 4) / 12;
  if (count > MAX_PIECES) throw damaged(`its piece table lists ${count} pieces`);
  const pieces: Piece[] = [];
  const pcdStart = plc + (count + 1) * 4;
  for (let i = 0; i < count; i++) {
    const cpStart = u32(table, plc + i * 4, "the piece table");
    const cpEnd = u32(table, plc + i * 4 + 4, "the piece table");
    if (cpEnd < cpStart || (i > 0 && cpStart !== pieces[i - 1]!.cpEnd)) throw damaged("its pieces are out of order");
    const fcField = u32(table, pcdStart + i * 8 + 2, "the piece table");
    const compressed = !word6 && (fcField & FC_COMPRESSED) !== 0;
    const byteStart = compressed ? (fcField & FC_MASK) / 2 : fcField & FC_MASK;
    const bytesPerChar = compressed || word6 ? 1 : 2;
    // text length against the stream: a piece cannot hold more characters than the stream has bytes
    if (!Number.isInteger(byteStart) || byteStart + (cpEnd - cpStart) * bytesPerChar > wordLength) {
      throw damaged("a piece of its text lies outside the file");
    }
    const piece: Piece = { cpStart, cpEnd, byteStart, bytesPerChar };
    const grpprl = word6 ? undefined : prmGrpprl(u16(table, pcdStart + i * 8 + 6, "the piece table"), prcs);
    if (grpprl && grpprl.length > 0) piece.grpprl = grpprl;
    pieces.push(piece);
  }
  return pieces;
}

/**
 * Word's 8-bit text: Latin-1, except these bytes ([MS-DOC] 2.9.73 FcCompressed). The spec's table
 * leaves out 0x80, 0x8E and 0x9E, which Word never writes in 8-bit pieces; other writers might,
 * meaning cp1252's €, Ž and ž, so those are mapped too.
 */
const COMPRESSED_EXCEPTIONS: Readonly<Record<number, number>> = {
  0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02c6,
  0x89: 0x2030, 0x8a: 0x0160, 0x8b: 0x2039, 0x8c: 0x0152, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201c,
  0x94: 0x201d, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02dc, 0x99: 0x2122, 0x9a: 0x0161,
  0x9b: 0x203a, 0x9c: 0x0153, 0x9f: 0x0178, 0x80: 0x20ac, 0x8e: 0x017d, 0x9e: 0x017e,
};

/**
 * The characters [0, cpEnd) as one string whose index is the CP (one UTF-16 unit a CP, so a
 * surrogate pair is two CPs, as in Word). CPs no piece covers come out as U+FFFD.
 */
export function readText(word: Uint8Array, pieces: readonly Piece[], cpEnd: number): string {
  const codes = new Uint16Array(cpEnd).fill(0xfffd);
  for (const piece of pieces) {
    const stop = Math.min(piece.cpEnd, cpEnd);
    for (let cp = piece.cpStart; cp < stop; cp++) {
      const at = piece.byteStart + (cp - piece.cpStart) * piece.bytesPerChar;
      if (piece.bytesPerChar === 1) {
        const byte = word[at]!;
        codes[cp] = COMPRESSED_EXCEPTIONS[byte] ?? byte;
      } else {
        codes[cp] = word[at]! | (word[at + 1]! << 8);
      }
    }
  }
  let text = "";
  const CHUNK = 8192;
  for (let i = 0; i < codes.length; i += CHUNK) text += String.fromCharCode(...codes.subarray(i, i + CHUNK));
  return text;
}

/** The stream byte offset of character `cp`, or -1 when no piece holds it. */
export function cpToFc(pieces: readonly Piece[], cp: number): number {
  const piece = pieceAt(pieces, cp);
  return piece ? piece.byteStart + (cp - piece.cpStart) * piece.bytesPerChar : -1;
}

/** The piece holding character `cp`. */
export function pieceAt(pieces: readonly Piece[], cp: number): Piece | undefined {
  let low = 0;
  let high = pieces.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const piece = pieces[mid]!;
    if (cp < piece.cpStart) high = mid - 1;
    else if (cp >= piece.cpEnd) low = mid + 1;
    else return piece;
  }
  return undefined;
}
