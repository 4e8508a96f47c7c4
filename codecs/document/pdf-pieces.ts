// A paragraph's text as pdfmake pieces. pdfmake breaks lines and places words left to right;
// fontkit, under it, shapes each piece and reverses the glyphs of a piece in a right-to-left script.
// So that the writer's hook (pdf-render-hook.ts) can put each line in visual order, a paragraph with
// right-to-left text is cut into pieces that each sit at one bidi level and that fontkit lays out
// the right way round: each word at a right-to-left level is one piece, its brackets mirrored
// beforehand, which fontkit reverses when it has a letter of a right-to-left script and we reverse
// beforehand when it has none; digits of an Arabic script at a left-to-right level are reversed
// beforehand too (fontkit turns them back).
import type { ContentText } from "pdfmake/interfaces";
import { bidiLevels, hasRightToLeft, isRightToLeftScript, mirrored, paragraphLevel } from "./pdf-bidi.ts";
import type { PdfFontFace } from "./pdf-fonts.ts";
import type { TextSegment } from "./pdf-text.ts";

/** What a run gives each of its pieces. */
export interface PieceStyle {
  font?: string;
  bold?: boolean;
  italics?: boolean;
  decoration?: "underline";
  /** a note's mark, raised (pdfmake's sup) */
  sup?: boolean;
  link?: string;
  color?: string;
  fontFeatures?: ContentText["fontFeatures"];
}

/** A stretch in one font with its run's style. */
export interface StyledSegment extends TextSegment {
  style: PieceStyle;
}

/**
 * A pdfmake piece. pdfmake copies every property of a piece onto the words it makes of it, so the
 * hook finds `bidi` (the piece's level) and `bidiBase` (its paragraph's) on each word of a line.
 */
export type Piece = ContentText & { bidi?: number; bidiBase?: 0 | 1 };

export interface Paragraph {
  pieces: Piece[];
  /** 1 when every line of the paragraph is right to left (the definition right-aligns it) */
  base: 0 | 1;
  /** the writer must hook into pdfmake for it (bidi reordering or ActualText) */
  needsHook: boolean;
}

// Scripts whose shaping reorders a syllable's glyphs (a vowel sign drawn before its consonant):
// their words go into the PDF with their text as /ActualText, so that text extraction reads them in
// logical order. (Not right-to-left words: poppler reverses an ActualText as it reverses glyphs.)
const REORDERING_SCRIPTS = /[\u0900-\u0dff\u1000-\u109f\u1780-\u17ff\ua8e0-\ua8ff\u{11000}-\u{1107f}]/u;


/** Whether pdfmake's words of `text` need /ActualText (pdf-render-hook.ts). */
export function needsActualText(text: string): boolean {
  return REORDERING_SCRIPTS.test(text);
}

const ATTACHED = /[\p{M}\u200c\u200d]/u;

export function faceOf(bold: boolean, italic: boolean): PdfFontFace {
  return bold ? (italic ? "boldItalic" : "bold") : italic ? "italic" : "regular";
}

/** A piece at a right-to-left level, a left-to-right one, or Arabic-script digits at a left-to-right one. */
type Kind = "rtl" | "ltr" | "reversed";

const reversed = (text: string): string => Array.from(text).toReversed().join("");

/** The pieces of a paragraph's segments (in logical order), cut for bidi where it has right-to-left text. */
export function paragraphPieces(segments: readonly StyledSegment[]): Paragraph {
  const full = segments.map((segment) => segment.text).join("");
  const actual = needsActualText(full);
  if (!hasRightToLeft(full)) return { pieces: segments.map((segment) => ({ text: segment.text, ...segment.style })), base: 0, needsHook: actual };
  // a line break separates bidi paragraphs (UAX #9's B): each line has its own direction
  const levels = new Uint8Array(full.length);
  const bases = new Uint8Array(full.length);
  let start = 0;
  for (const line of full.split("\n")) {
    const lineBase = paragraphLevel(line);
    levels.set(bidiLevels(line, lineBase), start);
    bases.fill(lineBase, start, start + line.length + 1);
    if (start + line.length < full.length) levels[start + line.length] = lineBase;
    start += line.length + 1;
  }
  const pieces: Piece[] = [];
  let offset = 0;
  for (const segment of segments) {
    let text = "";
    let level = -1;
    let kind: Kind = "ltr";
    let pieceBase = 0;
    const flush = (): void => {
      if (text === "") return;
      // fontkit reverses a piece whose first letter is of a right-to-left script, and no other
      const ours = kind === "reversed" || (kind === "rtl" && !hasRightToLeft(text));
      // (a line break stays at the end, where it ends the line)
      const body = text.endsWith("\n") ? text.slice(0, -1) : text;
      const drawn = ours ? reversed(body) + text.slice(body.length) : text;
      pieces.push({ text: drawn, ...segment.style, bidi: level, bidiBase: pieceBase === 1 ? 1 : 0 });
      text = "";
    };
    for (const char of segment.text) {
      const charLevel = levels[offset]!;
      const charBase = bases[offset]!;
      offset += char.length;
      // a mark or joiner stays with the letter before it
      if (text !== "" && charLevel === level && ATTACHED.test(char)) {
        text += char;
        continue;
      }
      const charKind: Kind = charLevel % 2 === 1 ? "rtl" : isRightToLeftScript(char) ? "reversed" : "ltr";
      if (charLevel !== level || charKind !== kind || charBase !== pieceBase) flush();
      level = charLevel;
      kind = charKind;
      pieceBase = charBase;
      text += charKind === "rtl" ? mirrored(char) : char;
      // the line break ends its piece: the next line may run the other way. A space ends a
      // right-to-left piece: pdfkit lays a word out in stretches cut after each space and puts them
      // side by side in logical order, which would turn the words of one piece around
      if (char === "\n" || (char === " " && charKind === "rtl")) flush();
    }
    flush();
  }
  // right-aligned by the definition when every line is right to left; else line by line (the hook)
  const base = full.split("\n").every((line) => line.trim() === "" || paragraphLevel(line) === 1) ? 1 : 0;
  return { pieces, base, needsHook: true };
}
