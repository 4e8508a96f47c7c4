// Text on its way into the PDF: cleaned of characters that have no place on a page, and checked
// against the fonts before layout, so that text the fonts cannot draw becomes the visitor's
// "unsupported-script" message instead of empty boxes in the PDF.
import { DocumentError } from "./document-error.ts";
import { covers, type FontCoverage } from "./font-coverage.ts";

/** How many sample characters the message shows for each script. */
const SAMPLES_PER_SCRIPT = 3;
/** How many scripts the message names before "and others". */
const SCRIPTS_NAMED = 4;

const TAB = "    ";

// Invisible format and control characters: C0/C1 controls other than tab and line breaks, soft
// hyphen, zero-width spaces and joiners, bidi controls, word joiner and friends, variation
// selectors, BOM, the object replacement character and lone surrogates. None draws anything, and
// fonts rarely map them.
const INVISIBLE: ReadonlyArray<readonly [number, number]> = [
  [0x00, 0x08],
  [0x0e, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0xd800, 0xdfff],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xfffc, 0xfffc],
];
const LINE_BREAKS = new Set([0x0a, 0x0b, 0x0c, 0x0d, 0x85, 0x2028, 0x2029]);
/** Spaces the fonts lack, drawn as a no-break space. */
const NARROW_SPACES = new Set([0x2007, 0x202f]);

const isInvisible = (codePoint: number): boolean => INVISIBLE.some(([low, high]) => codePoint >= low && codePoint <= high);

/** The text as it goes into the PDF: NFC, line breaks as "\n", tabs as spaces, invisibles dropped. */
export function pageText(text: string): string {
  const source = text.normalize("NFC").replace(/\r\n/g, "\n");
  let out = "";
  let plainFrom = 0;
  let index = 0;
  // copy runs of ordinary characters whole; rewrite the few that need it
  for (const char of source) {
    const codePoint = char.codePointAt(0)!;
    const special = codePoint === 0x09 || LINE_BREAKS.has(codePoint) || NARROW_SPACES.has(codePoint) || isInvisible(codePoint);
    if (special) {
      out += source.slice(plainFrom, index);
      if (codePoint === 0x09) out += TAB;
      else if (LINE_BREAKS.has(codePoint)) out += "\n";
      else if (NARROW_SPACES.has(codePoint)) out += "\u00a0";
      plainFrom = index + char.length;
    }
    index += char.length;
  }
  return plainFrom === 0 ? source : out + source.slice(plainFrom);
}

/** Longer unbroken stretches get break chances: pdfmake splits an overlong word in quadratic time. */
const LONGEST_WORD = 60;
const LONG_WORD = new RegExp(`\\S{${LONGEST_WORD + 1},}`, "gu");
const ZERO_WIDTH_SPACE = "\u200b";

/**
 * Gives every stretch of more than LONGEST_WORD characters without a space (long URLs, hashes,
 * garbage) a zero-width space every LONGEST_WORD characters, where the line may break: pdfmake
 * takes 30 s over one 20,000-character word, and a table cell holding a long URL would overflow.
 */
export function breakLongWords(text: string): string {
  if (text.length <= LONGEST_WORD) return text;
  return text.replace(LONG_WORD, (word) => {
    const chars = Array.from(word);
    const pieces: string[] = [];
    for (let i = 0; i < chars.length; i += LONGEST_WORD) pieces.push(chars.slice(i, i + LONGEST_WORD).join(""));
    return pieces.join(ZERO_WIDTH_SPACE);
  });
}

// Scripts by Unicode property: a key for code (which fallback font would help) and the name the
// visitor knows them by.
const SCRIPTS: ReadonlyArray<readonly [key: string, name: string, pattern: RegExp]> = [
  ["Han", "Chinese or Japanese (Han)", /\p{Script=Han}/u],
  ["Kana", "Japanese (kana)", /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ["Hangul", "Korean (Hangul)", /\p{Script=Hangul}/u],
  ["Arabic", "Arabic", /\p{Script=Arabic}/u],
  ["Hebrew", "Hebrew", /\p{Script=Hebrew}/u],
  ["Devanagari", "Devanagari", /\p{Script=Devanagari}/u],
  ["Bengali", "Bengali", /\p{Script=Bengali}/u],
  ["Gurmukhi", "Gurmukhi", /\p{Script=Gurmukhi}/u],
  ["Gujarati", "Gujarati", /\p{Script=Gujarati}/u],
  ["Tamil", "Tamil", /\p{Script=Tamil}/u],
  ["Telugu", "Telugu", /\p{Script=Telugu}/u],
  ["Kannada", "Kannada", /\p{Script=Kannada}/u],
  ["Malayalam", "Malayalam", /\p{Script=Malayalam}/u],
  ["Sinhala", "Sinhala", /\p{Script=Sinhala}/u],
  ["Thai", "Thai", /\p{Script=Thai}/u],
  ["Lao", "Lao", /\p{Script=Lao}/u],
  ["Khmer", "Khmer", /\p{Script=Khmer}/u],
  ["Myanmar", "Myanmar", /\p{Script=Myanmar}/u],
  ["Tibetan", "Tibetan", /\p{Script=Tibetan}/u],
  ["Georgian", "Georgian", /\p{Script=Georgian}/u],
  ["Armenian", "Armenian", /\p{Script=Armenian}/u],
  ["Ethiopic", "Ethiopic", /\p{Script=Ethiopic}/u],
  ["Syriac", "Syriac", /\p{Script=Syriac}/u],
  ["Thaana", "Thaana", /\p{Script=Thaana}/u],
  ["Mongolian", "Mongolian", /\p{Script=Mongolian}/u],
  ["Bopomofo", "Bopomofo", /\p{Script=Bopomofo}/u],
  ["Yi", "Yi", /\p{Script=Yi}/u],
  ["Cherokee", "Cherokee", /\p{Script=Cherokee}/u],
  ["Latin", "rare Latin letters", /\p{Script=Latin}/u],
  ["Greek", "rare Greek letters", /\p{Script=Greek}/u],
  ["Cyrillic", "rare Cyrillic letters", /\p{Script=Cyrillic}/u],
  ["Emoji", "emoji", /\p{Extended_Pictographic}/u],
  ["Marks", "combining accents", /\p{M}/u],
];
const OTHER_LETTERS = ["Letters", "letters of other scripts"] as const;
const SYMBOLS = ["Symbols", "symbols"] as const;

// pdfmake lays text out left to right only: these scripts would come out backwards, whatever font
// draws them.
const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;

function scriptOf(char: string): readonly [key: string, name: string] {
  for (const [key, name, pattern] of SCRIPTS) if (pattern.test(char)) return [key, name];
  return /\p{L}/u.test(char) ? OTHER_LETTERS : SYMBOLS;
}

/** A stretch of text drawn by one font: 0 is the main family, 1... the fallback fonts in order. */
export interface TextSegment {
  text: string;
  font: number;
}

/**
 * Picks the font for each character (the main family first, then each fallback font in turn) and
 * collects the characters none can draw, or that run right to left; `check` throws when there are any.
 */
export class CoverageCheck {
  private readonly fonts: readonly FontCoverage[];
  private readonly missing = new Map<string, { name: string; samples: Set<string> }>();

  /** `fonts`: the main family's coverage (of all its faces), then each fallback font's. */
  constructor(fonts: readonly FontCoverage[]) {
    this.fonts = fonts;
  }

  private fontFor(char: string, codePoint: number): number {
    if (codePoint === 0x0a) return 0;
    if (codePoint >= 0x0590 && RIGHT_TO_LEFT.test(char)) return -1;
    for (let font = 0; font < this.fonts.length; font++) if (covers(this.fonts[font]!, codePoint)) return font;
    return -1;
  }

  /** Splits `text` (already through pageText) by the font that draws it, noting what none can. */
  segments(text: string): TextSegment[] {
    const segments: TextSegment[] = [];
    let font = 0;
    let from = 0;
    let index = 0;
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      let chosen = this.fontFor(char, codePoint);
      if (chosen < 0) {
        this.note(char);
        chosen = font;
      }
      if (chosen !== font) {
        if (index > from) segments.push({ text: text.slice(from, index), font });
        font = chosen;
        from = index;
      }
      index += char.length;
    }
    if (index > from) segments.push({ text: text.slice(from), font });
    return segments;
  }

  private note(char: string): void {
    const [key, name] = scriptOf(char);
    let entry = this.missing.get(key);
    if (entry === undefined) {
      entry = { name: RIGHT_TO_LEFT.test(char) ? `${name}, written right to left` : name, samples: new Set() };
      this.missing.set(key, entry);
    }
    if (entry.samples.size < SAMPLES_PER_SCRIPT) entry.samples.add(char);
  }

  /** The keys ("Han", "Hangul", "Arabic"...) of the scripts with characters no font draws. */
  missingScripts(): string[] {
    return [...this.missing.keys()];
  }

  /** Throws the visitor's "unsupported-script" failure if any character was missing. */
  check(): void {
    if (this.missing.size === 0) return;
    const parts = [...this.missing.values()].slice(0, SCRIPTS_NAMED).map(({ name, samples }) => `${name} (${[...samples].map((c) => `“${c}”`).join(", ")})`);
    const more = this.missing.size > SCRIPTS_NAMED ? " and others" : "";
    throw new DocumentError(
      `This document has text that the PDF converter cannot draw: ${parts.join("; ")}${more}. ` +
        "Its fonts cover Latin, Greek and Cyrillic, and it lays out left-to-right text only; it stops rather than leave empty boxes in place of the rest.",
      "unsupported-script",
    );
  }
}
