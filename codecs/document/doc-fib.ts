import { DocumentError } from "./document-error.ts";
import { damaged, u16, u32 } from "./doc-bytes.ts";

// The File Information Block at the start of the WordDocument stream ([MS-DOC] FibBase, FibRgLw97): which table
// stream holds the document's tables, how many characters each story has, and where the piece
// table, the style sheet and the paragraph and character property pages are.

/** wIdent of every Word 6 and later file. */
const WORD_IDENT = 0xa5ec;
/** nFib of Word 97, the first version with the piece-table layout this reader knows. */
const NFIB_WORD97 = 0x00c1;

const FLAG_ENCRYPTED = 0x0100;
const FLAG_WHICH_TABLE = 0x0200;
const FLAG_OBFUSCATED = 0x8000;

/** A (fc, lcb) pair of FibRgFcLcb97: where a structure is in the table stream and how long it is. */
export interface FcLcb {
  fc: number;
  lcb: number;
}

export interface Fib {
  nFib: number;
  /** "1Table" or "0Table" */
  tableStream: string;
  /** characters in each story, in the order the stories follow each other in the CP space */
  ccpText: number;
  ccpFtn: number;
  ccpHdd: number;
  ccpAtn: number;
  ccpEdn: number;
  ccpTxbx: number;
  ccpHdrTxbx: number;
  clx: FcLcb;
  stshf: FcLcb;
  bteChpx: FcLcb;
  btePapx: FcLcb;
  plfLst: FcLcb;
  plfLfo: FcLcb;
  plcfSed: FcLcb;
  /** where the footnote and endnote references are (CPs in the main text) and where each note's text starts */
  plcffndRef: FcLcb;
  plcffndTxt: FcLcb;
  plcfendRef: FcLcb;
  plcfendTxt: FcLcb;
  /** the main text's fields (PlcFld): which are locked */
  plcfFldMom: FcLcb;
}

/** FibRgFcLcb97 starts at byte 154; its pairs by index ([MS-DOC] FibRgFcLcb97). */
const FC_LCB_START = 154;
const INDEX_STSHF = 1;
const INDEX_PLCF_SED = 6;
const INDEX_BTE_CHPX = 12;
const INDEX_BTE_PAPX = 13;
const INDEX_CLX = 33;
const INDEX_PLF_LST = 73;
const INDEX_PLF_LFO = 74;
const INDEX_PLCFFND_REF = 2;
const INDEX_PLCFFND_TXT = 3;
const INDEX_PLCFEND_REF = 46;
const INDEX_PLCFEND_TXT = 47;
const INDEX_PLCF_FLD_MOM = 16;

function fcLcb(word: Uint8Array, index: number): FcLcb {
  const at = FC_LCB_START + index * 8;
  return { fc: u32(word, at, "the file information block"), lcb: u32(word, at + 4, "the file information block") };
}

/** A ccp count, refused when negative (a signed 32-bit field that no real file fills past 2^31). */
function ccp(word: Uint8Array, offset: number): number {
  const value = u32(word, offset, "the file information block");
  if (value > 0x7fffffff) throw damaged("a negative character count");
  return value;
}

export function readFib(word: Uint8Array): Fib {
  if (word.length < 32 || u16(word, 0, "the file header") !== WORD_IDENT) {
    throw damaged("its WordDocument stream does not start with Word's signature");
  }
  const nFib = u16(word, 2, "the file header");
  if (nFib < NFIB_WORD97) {
    throw new DocumentError(
      "This Word document was saved by a Word older than Word 97, an older Word format this converter cannot read. Open it in a word processor and save it again as .doc or .docx.",
      "unsupported",
    );
  }
  const flags = u16(word, 10, "the file header");
  if ((flags & (FLAG_ENCRYPTED | FLAG_OBFUSCATED)) !== 0) {
    throw new DocumentError(
      "This Word document is password-protected. Open it in Word or LibreOffice, remove the password, save it and convert it again.",
      // not "password-required": that code makes the page ask for a password, and .doc decryption is not supported
      "unsupported",
    );
  }
  // csw, fibRgW, cslw, fibRgLw, cbRgFcLcb: the counts fix where each part starts ([MS-DOC] FibBase, FibRgLw97)
  const csw = u16(word, 32, "the file information block");
  const lwStart = 34 + csw * 2 + 2;
  const cslw = u16(word, lwStart - 2, "the file information block");
  if (csw !== 14 || cslw < 22) throw damaged("an unexpected file information block layout");
  const fcLcbCountAt = lwStart + cslw * 4;
  const cbRgFcLcb = u16(word, fcLcbCountAt, "the file information block");
  if (fcLcbCountAt + 2 !== FC_LCB_START || cbRgFcLcb < 0x5d) throw damaged("an unexpected file information block layout");
  return {
    nFib,
    tableStream: (flags & FLAG_WHICH_TABLE) !== 0 ? "1Table" : "0Table",
    ccpText: ccp(word, lwStart + 12),
    ccpFtn: ccp(word, lwStart + 16),
    ccpHdd: ccp(word, lwStart + 20),
    ccpAtn: ccp(word, lwStart + 28),
    ccpEdn: ccp(word, lwStart + 32),
    ccpTxbx: ccp(word, lwStart + 36),
    ccpHdrTxbx: ccp(word, lwStart + 40),
    clx: fcLcb(word, INDEX_CLX),
    stshf: fcLcb(word, INDEX_STSHF),
    bteChpx: fcLcb(word, INDEX_BTE_CHPX),
    btePapx: fcLcb(word, INDEX_BTE_PAPX),
    plfLst: fcLcb(word, INDEX_PLF_LST),
    plfLfo: fcLcb(word, INDEX_PLF_LFO),
    plcfSed: fcLcb(word, INDEX_PLCF_SED),
    plcffndRef: fcLcb(word, INDEX_PLCFFND_REF),
    plcffndTxt: fcLcb(word, INDEX_PLCFFND_TXT),
    plcfendRef: fcLcb(word, INDEX_PLCFEND_REF),
    plcfendTxt: fcLcb(word, INDEX_PLCFEND_TXT),
    plcfFldMom: fcLcb(word, INDEX_PLCF_FLD_MOM),
  };
}
