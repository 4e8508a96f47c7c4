import type { Block } from "./model.ts";
import { DocumentError } from "./document-error.ts";
import { damaged, u16, u32 } from "./doc-bytes.ts";
import { storyBlocks, type StorySource, type StoryStats } from "./doc-blocks.ts";
import { readPieces } from "./doc-pieces.ts";
import { readStyles } from "./doc-styles.ts";

// Word 6 and Word 95 files (an OLE container whose WordDocument stream starts with 0xA5DC, nFib
// 101–105) and Word for Windows 1 and 2 files (no container: the file itself, 0xA59B / 0xA5DB), read
// for their text as LibreOffice shows it: the main text, then footnotes and endnotes; fields keep
// their results. Their FIB keeps the story lengths and the text's start where Word 97's does, but
// their property pages use older sprms, so formatting, tables and lists are not read: each
// paragraph and table cell becomes a paragraph. The text is 8-bit in the code page of its fonts
// (Word 6's font table names a charset per font) or of its language.

const WORD6_IDENT = 0xa5dc;
const WORD2_IDENT = 0xa5db;
const WORD1_IDENT = 0xa59b;
const FLAG_COMPLEX = 0x0004;
const FLAG_ENCRYPTED = 0x0100;

/** Word 6's FIB: where the piece table of a fast-saved file and the font table are. */
const WORD6_FC_CLX = 0x160;
const WORD6_FC_FONTS = 0xd0;

/** Windows character sets (LOGFONT lfCharSet) → the WHATWG encoding of their code page. */
const CHARSET_ENCODINGS: Readonly<Record<number, string>> = {
  128: "shift_jis", 129: "euc-kr", 134: "gbk", 136: "big5", 161: "windows-1253", 162: "windows-1254", 163: "windows-1258",
  177: "windows-1255", 178: "windows-1256", 186: "windows-1257", 204: "windows-1251", 222: "windows-874", 238: "windows-1250",
};

/** Language ids (the FIB's lid) whose Windows code page is not 1252. */
const LANGUAGE_ENCODINGS: Readonly<Record<number, string>> = {
  0x0419: "windows-1251", 0x0422: "windows-1251", 0x0402: "windows-1251", 0x0423: "windows-1251", 0x0c1a: "windows-1251",
  0x0415: "windows-1250", 0x0405: "windows-1250", 0x040e: "windows-1250", 0x041b: "windows-1250", 0x0424: "windows-1250", 0x041a: "windows-1250", 0x0418: "windows-1250",
  0x0408: "windows-1253", 0x041f: "windows-1254", 0x040d: "windows-1255", 0x0401: "windows-1256",
  0x0425: "windows-1257", 0x0426: "windows-1257", 0x0427: "windows-1257", 0x042a: "windows-1258", 0x041e: "windows-874",
  0x0411: "shift_jis", 0x0804: "gbk", 0x0404: "big5", 0x0412: "euc-kr",
};

export type OldWordVersion = "Word 6/95" | "Word 2";

/** The older Word format a WordDocument stream (or a whole non-OLE file) is in, if it is one. */
export function oldWordVersion(word: Uint8Array): OldWordVersion | undefined {
  if (word.length < 0x40) return undefined;
  const ident = word[0]! | (word[1]! << 8);
  const nFib = word[2]! | (word[3]! << 8);
  if (ident === WORD2_IDENT || ident === WORD1_IDENT) return "Word 2";
  if (ident === WORD6_IDENT || (nFib >= 101 && nFib <= 105)) return "Word 6/95";
  return undefined;
}

/**
 * The encoding of the text: the one non-Western character set among the fonts (Word 6's font
 * table), else the language's code page, else Windows-1252.
 */
function textEncoding(word: Uint8Array, version: OldWordVersion): string {
  const charsets = new Set<number>();
  if (version === "Word 6/95" && word.length >= WORD6_FC_FONTS + 8) {
    const fc = u32(word, WORD6_FC_FONTS, "the file information block");
    const lcb = u32(word, WORD6_FC_FONTS + 4, "the file information block");
    const end = Math.min(word.length, fc + lcb);
    // cbSttbf, then FFNs: cbFfnM1, flags, wWeight (2), chs, ixchSzAlt, name
    for (let at = fc + 2; at + 5 < end; at += word[at]! + 1) {
      const charset = word[at + 4]!;
      // ANSI, default, symbol, Mac and OEM fonts say nothing about the text's code page
      if (charset !== 0 && charset !== 1 && charset !== 2 && charset !== 77 && charset !== 255) charsets.add(charset);
      if (word[at] === 0) break;
    }
  }
  if (charsets.size === 1) {
    const encoding = CHARSET_ENCODINGS[[...charsets][0]!];
    if (encoding) return encoding;
  }
  return LANGUAGE_ENCODINGS[u16(word, 6, "the file header")] ?? "windows-1252";
}

/** 8-bit text in `encoding`: one character a byte (a CP each), except in double-byte code pages, where CPs drift but the words survive. */
function decodeBytes(bytes: Uint8Array, encoding: string): string {
  return new TextDecoder(encoding).decode(bytes);
}

export interface OldWordText {
  blocks: Block[];
  notes: string[];
}

export function readOldWord(word: Uint8Array, version: OldWordVersion): OldWordText {
  const flags = u16(word, 10, "the file header");
  if ((flags & FLAG_ENCRYPTED) !== 0) {
    throw new DocumentError(`This ${version} document is password-protected. Open it in Word or LibreOffice, remove the password, save it and convert it again.`, "unsupported");
  }
  const fcMin = u32(word, 0x18, "the file information block");
  const ccp = (offset: number): number => {
    const value = u32(word, offset, "the file information block");
    if (value > word.length) throw damaged("a story is longer than the file");
    return value;
  };
  const ccpText = ccp(0x34);
  const ccpFtn = ccp(0x38);
  const ccpHdd = ccp(0x3c);
  // Word 2 has no endnotes, and its later FIB fields are laid out otherwise
  const ccpMcr = version === "Word 6/95" ? ccp(0x40) : 0;
  const ccpAtn = version === "Word 6/95" ? ccp(0x44) : 0;
  const ccpEdn = version === "Word 6/95" ? ccp(0x48) : 0;
  const total = ccpText + ccpFtn + ccpHdd + ccpMcr + ccpAtn + ccpEdn;
  const encoding = textEncoding(word, version);

  let text: string;
  if ((flags & FLAG_COMPLEX) !== 0) {
    if (version !== "Word 6/95") {
      throw new DocumentError(
        "This is a Word 2 document saved with fast save, an older Word format this converter cannot read. Open it in Word or LibreOffice and save it as .docx or .doc.",
        "unsupported",
      );
    }
    const pieces = readPieces(word, { fc: u32(word, WORD6_FC_CLX, "the file information block"), lcb: u32(word, WORD6_FC_CLX + 4, "the file information block") }, word.length, true);
    const parts: string[] = [];
    for (const piece of pieces) {
      if (piece.cpStart >= total) break;
      const length = Math.min(piece.cpEnd, total) - piece.cpStart;
      parts.push(decodeBytes(word.subarray(piece.byteStart, piece.byteStart + length), encoding));
    }
    text = parts.join("");
  } else {
    if (fcMin + total > word.length) throw damaged("its text runs past the end of the file");
    text = decodeBytes(word.subarray(fcMin, fcMin + total), encoding);
  }

  const source: StorySource = {
    text,
    paraAt: () => undefined,
    charAt: () => undefined,
    styles: readStyles(new Uint8Array(0), { fc: 0, lcb: 0 }),
    ordered: () => false,
    listLabel: () => undefined,
    noteMark: () => undefined,
    fieldLocked: () => false,
    picture: () => undefined,
  };
  const stats: StoryStats = { pictures: 0, nestedTables: false };
  const end = (cp: number): number => Math.min(cp, text.length);
  const blocks = storyBlocks(source, 0, end(ccpText), stats);
  const endnoteStart = ccpText + ccpFtn + ccpHdd + ccpMcr + ccpAtn;
  const notesBlocks = [...storyBlocks(source, end(ccpText), end(ccpText + ccpFtn), stats), ...storyBlocks(source, end(endnoteStart), end(endnoteStart + ccpEdn), stats)];
  const notes = [
    `This is a ${version} document, an older Word format: its text is kept, but not its formatting, tables, lists or pictures.`,
  ];
  for (const block of notesBlocks) {
    // the note's mark (dropped) is followed by a tab or space
    const first = block.kind === "paragraph" ? block.runs[0] : undefined;
    if (first) first.text = first.text.trimStart();
  }
  if (notesBlocks.length > 0) {
    blocks.push(...notesBlocks);
    notes.push("Footnotes and endnotes are placed at the end of the document, without their numbers.");
  }
  if (ccpHdd > 0) notes.push("Headers and footers are not kept.");
  return { blocks, notes };
}
