// Text on its way into the PDF: cleaned of characters that have no place on a page, and split by
// the font that draws each character (the main family, else the fallback family its script wants,
// else any loaded font that has it). What no font has becomes a visible replacement and a note.
import { covers, type FontCoverage } from "./font-coverage.ts";
import type { PdfFontFace } from "./pdf-fonts.ts";
import { familiesFor, nearestFace, paragraphCjkPreference, type CjkPreference, type FallbackFamilyKey, type FallbackFontFile } from "./pdf-script-fonts.ts";

const TAB = "    ";

// Invisible format and control characters: C0/C1 controls other than tab and line breaks, soft
// hyphen, zero-width space, bidi marks and controls (the writer works out direction itself), word
// joiner and friends, variation selectors, BOM, the object replacement character and lone
// surrogates. None draws anything, and fonts rarely map them. The zero-width joiner and non-joiner
// stay: they change how Arabic and Indic letters join (the font choice drops them where the font
// lacks them).
const INVISIBLE: ReadonlyArray<readonly [number, number]> = [
  [0x00, 0x08],
  [0x0e, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x200b, 0x200b],
  [0x200e, 0x200f],
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

/** What a character no font has becomes: drawn by the main family (Roboto has it). */
export const REPLACEMENT = "\ufffd";
const JOINERS = new Set([0x200c, 0x200d]);
/** Characters that belong to the text around them: they stay in its font when that font has them. */
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;
const WHITE_SPACE = /\s/u;
/** How many characters no font has the note shows. */
const SAMPLES = 5;

/** A stretch of text drawn by one font: 0 is the main family, 1... the fallback fonts in order. */
export interface TextSegment {
  text: string;
  font: number;
}

/** A fallback font the check may choose: its family (for the script preference), when it has one. */
export interface FallbackSlot {
  coverage: FontCoverage;
  family?: FallbackFamilyKey;
}

/**
 * Picks the font for each character and collects what it cannot place: the fallback files a
 * not-yet-loaded family could add (`wanted`, for the writer to load and try again), and the
 * characters no font can draw (`missing`, drawn as REPLACEMENT).
 */
export class CoverageCheck {
  private readonly main: FontCoverage;
  private readonly slots: readonly FallbackSlot[];
  private readonly slotOf = new Map<FallbackFamilyKey, number>();
  private readonly loadedFiles: ReadonlySet<string>;
  private readonly documentCjk: CjkPreference | undefined;
  private cjk: CjkPreference = "sc";
  /** fallback files that would draw characters no loaded font has */
  readonly wanted = new Set<FallbackFontFile>();
  private readonly missingChars = new Set<string>();
  private missingCount = 0;

  /**
   * `main`: the main family's coverage (of all its faces); `slots`: the fallback fonts, in order
   * (font 1, 2...); `loadedFiles`: the fallback files already loaded (a family's other faces are
   * asked for when a run needs them); `cjk`: the document language's CJK preference.
   */
  constructor(main: FontCoverage, slots: readonly FallbackSlot[] = [], loadedFiles: ReadonlySet<string> = new Set(), cjk?: CjkPreference) {
    this.main = main;
    this.slots = slots;
    slots.forEach((slot, i) => {
      if (slot.family !== undefined && !this.slotOf.has(slot.family)) this.slotOf.set(slot.family, i + 1);
    });
    this.loadedFiles = loadedFiles;
    this.documentCjk = cjk;
  }

  /** Starts a paragraph (its text decides the CJK family for Han without a document language). */
  paragraph(text: string): void {
    this.cjk = paragraphCjkPreference(this.documentCjk, text);
  }

  private slotFamily(font: number): FallbackFamilyKey | undefined {
    return font === 0 ? undefined : this.slots[font - 1]!.family;
  }

  private coverageOf(font: number): FontCoverage {
    return font === 0 ? this.main : this.slots[font - 1]!.coverage;
  }

  /** The font for one character, -1 for none loaded, after noting the files that could draw it. */
  private fontFor(char: string, codePoint: number, current: number, face: PdfFontFace): number {
    // shared characters (spaces, punctuation, marks) stay with the text around them, but for the
    // emoji font's spaces, which are wide
    if (SHARED.test(char) && covers(this.coverageOf(current), codePoint) && !(WHITE_SPACE.test(char) && this.slotFamily(current) === "noto-emoji")) return current;
    if (covers(this.main, codePoint)) return 0;
    const families = familiesFor(char, this.cjk);
    for (const family of families) {
      const slot = this.slotOf.get(family);
      if (slot === undefined) {
        // the best family not loaded yet: ask for it (a loaded font that has the character draws it meanwhile)
        this.wanted.add(`${family}/${nearestFace(family, face)}`);
        break;
      }
      if (covers(this.slots[slot - 1]!.coverage, codePoint)) {
        const file = `${family}/${nearestFace(family, face)}` as const;
        if (!this.loadedFiles.has(file)) this.wanted.add(file);
        return slot;
      }
    }
    for (let font = 1; font <= this.slots.length; font++) if (covers(this.slots[font - 1]!.coverage, codePoint)) return font;
    return -1;
  }

  /** Splits `text` (already through pageText) by the font that draws it, for a run in `face`. */
  segments(text: string, face: PdfFontFace = "regular"): TextSegment[] {
    const segments: TextSegment[] = [];
    let font = 0;
    let current = "";
    const push = (piece: string, chosen: number): void => {
      if (chosen !== font && current !== "") {
        segments.push({ text: current, font });
        current = "";
      }
      font = chosen;
      current += piece;
    };
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      if (codePoint === 0x0a) {
        push(char, font);
        continue;
      }
      if (JOINERS.has(codePoint)) {
        // a joiner matters only inside the font that joins; elsewhere it would draw a box
        if (covers(this.coverageOf(font), codePoint)) current += char;
        continue;
      }
      const chosen = this.fontFor(char, codePoint, font, face);
      if (chosen >= 0) push(char, chosen);
      else {
        this.note(char);
        push(REPLACEMENT, 0);
      }
    }
    if (current !== "") segments.push({ text: current, font });
    return segments;
  }

  private note(char: string): void {
    this.missingCount++;
    if (this.missingChars.size < SAMPLES) this.missingChars.add(char);
  }

  /** The visitor's note for characters drawn as REPLACEMENT, or undefined when there are none. */
  missingNote(): string | undefined {
    if (this.missingCount === 0) return undefined;
    const samples = [...this.missingChars].map((char) => `“${char}” (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`).join(", ");
    const count = this.missingCount === 1 ? "1 character" : `${this.missingCount.toLocaleString("en")} characters`;
    return `${count} that no font here can draw (${samples}) appear as “${REPLACEMENT}” in the PDF.`;
  }
}
