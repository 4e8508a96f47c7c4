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

// Scripts by Unicode property, with the name the visitor knows them by.
const SCRIPTS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ["Chinese or Japanese (Han)", /\p{Script=Han}/u],
  ["Japanese (kana)", /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ["Korean (Hangul)", /\p{Script=Hangul}/u],
  ["Arabic", /\p{Script=Arabic}/u],
  ["Hebrew", /\p{Script=Hebrew}/u],
  ["Devanagari", /\p{Script=Devanagari}/u],
  ["Bengali", /\p{Script=Bengali}/u],
  ["Gurmukhi", /\p{Script=Gurmukhi}/u],
  ["Gujarati", /\p{Script=Gujarati}/u],
  ["Tamil", /\p{Script=Tamil}/u],
  ["Telugu", /\p{Script=Telugu}/u],
  ["Kannada", /\p{Script=Kannada}/u],
  ["Malayalam", /\p{Script=Malayalam}/u],
  ["Sinhala", /\p{Script=Sinhala}/u],
  ["Thai", /\p{Script=Thai}/u],
  ["Lao", /\p{Script=Lao}/u],
  ["Khmer", /\p{Script=Khmer}/u],
  ["Myanmar", /\p{Script=Myanmar}/u],
  ["Tibetan", /\p{Script=Tibetan}/u],
  ["Georgian", /\p{Script=Georgian}/u],
  ["Armenian", /\p{Script=Armenian}/u],
  ["Ethiopic", /\p{Script=Ethiopic}/u],
  ["Syriac", /\p{Script=Syriac}/u],
  ["Thaana", /\p{Script=Thaana}/u],
  ["Mongolian", /\p{Script=Mongolian}/u],
  ["Bopomofo", /\p{Script=Bopomofo}/u],
  ["Yi", /\p{Script=Yi}/u],
  ["Cherokee", /\p{Script=Cherokee}/u],
  ["rare Latin letters", /\p{Script=Latin}/u],
  ["rare Greek letters", /\p{Script=Greek}/u],
  ["rare Cyrillic letters", /\p{Script=Cyrillic}/u],
  ["emoji", /\p{Extended_Pictographic}/u],
  ["combining accents", /\p{M}/u],
];

function scriptOf(char: string): string {
  for (const [name, pattern] of SCRIPTS) if (pattern.test(char)) return name;
  return /\p{L}/u.test(char) ? "letters of other scripts" : "symbols";
}

/** Collects the characters of the document the fonts lack; `check` throws when there are any. */
export class CoverageCheck {
  private readonly coverage: FontCoverage;
  private readonly missing = new Map<string, Set<string>>();

  constructor(coverage: FontCoverage) {
    this.coverage = coverage;
  }

  /** Notes the characters of `text` (already through pageText) that the fonts cannot draw. */
  add(text: string): void {
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      if (codePoint === 0x0a || covers(this.coverage, codePoint)) continue;
      const script = scriptOf(char);
      let samples = this.missing.get(script);
      if (samples === undefined) this.missing.set(script, (samples = new Set()));
      if (samples.size < SAMPLES_PER_SCRIPT) samples.add(char);
    }
  }

  /** Throws the visitor's "unsupported-script" failure if any character was missing. */
  check(): void {
    if (this.missing.size === 0) return;
    const parts = [...this.missing].slice(0, SCRIPTS_NAMED).map(([script, samples]) => `${script} (${[...samples].map((c) => `“${c}”`).join(", ")})`);
    const more = this.missing.size > SCRIPTS_NAMED ? " and others" : "";
    throw new DocumentError(
      `This document has text that the PDF's fonts cannot draw: ${parts.join("; ")}${more}. ` +
        "The PDF converter writes Latin, Greek and Cyrillic text; it stops rather than leave empty boxes in place of the rest.",
      "unsupported-script",
    );
  }
}
