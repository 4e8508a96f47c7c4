// The markers of list items by nesting level, shared by the writers so a list reads the same in
// DOCX (Word's numbering) and TXT: bullets •, ◦, ▪ and numbers 1., a., i. in turn.

export const BULLETS = ["•", "◦", "▪"] as const;

export type NumberStyle = "decimal" | "lowerLetter" | "lowerRoman";
export const NUMBER_STYLES: readonly NumberStyle[] = ["decimal", "lowerLetter", "lowerRoman"];

/** The marker of the `n`th item (from 1) of a list at `level` (from 0), without the space after it. */
export function listMarker(ordered: boolean, level: number, n: number): string {
  if (!ordered) return BULLETS[level % BULLETS.length]!;
  const style = NUMBER_STYLES[level % NUMBER_STYLES.length]!;
  if (style === "decimal") return `${n}.`;
  return `${style === "lowerLetter" ? letters(n) : roman(n)}.`;
}

/** The number formats readers meet in Word's lists (others are shown as decimal). */
export type NumberFormat = "decimal" | "lowerLetter" | "upperLetter" | "lowerRoman" | "upperRoman" | "decimalZero" | "ordinal";

/** Past this, letters would repeat dozens of times (a file's start value may be anything): digits instead. */
const MAX_LETTER_NUMBER = 26 * 20;

/** `n` written in `format`, as Word writes list numbers (a, b … z, aa; i, ii, iii; 01; 1st). */
export function formatNumber(n: number, format: NumberFormat): string {
  switch (format) {
    case "lowerLetter":
      return n > 0 && n <= MAX_LETTER_NUMBER ? repeatedLetter(n) : String(n);
    case "upperLetter":
      return n > 0 && n <= MAX_LETTER_NUMBER ? repeatedLetter(n).toUpperCase() : String(n);
    case "lowerRoman":
      return n > 0 && n < 4000 ? roman(n) : String(n);
    case "upperRoman":
      return n > 0 && n < 4000 ? roman(n).toUpperCase() : String(n);
    case "decimalZero":
      return n >= 0 && n < 10 ? `0${n}` : String(n);
    case "ordinal":
      return `${n}${ordinalSuffix(n)}`;
    default:
      return String(n);
  }
}

function ordinalSuffix(n: number): string {
  const tens = Math.abs(n) % 100;
  if (tens >= 11 && tens <= 13) return "th";
  return ["th", "st", "nd", "rd"][Math.abs(n) % 10] ?? "th";
}

/** Word's letters: a … z, then aa, bb … zz, then aaa (the letter repeated). */
function repeatedLetter(n: number): string {
  return String.fromCharCode(97 + ((n - 1) % 26)).repeat(Math.ceil(n / 26));
}

/** a, b, … z, aa, ab, … */
function letters(n: number): string {
  let out = "";
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(97 + ((k - 1) % 26)) + out;
  return out;
}

const ROMAN: [number, string][] = [[1000, "m"], [900, "cm"], [500, "d"], [400, "cd"], [100, "c"], [90, "xc"], [50, "l"], [40, "xl"], [10, "x"], [9, "ix"], [5, "v"], [4, "iv"], [1, "i"]];

function roman(n: number): string {
  let out = "";
  let left = n;
  for (const [value, digits] of ROMAN) {
    while (left >= value) {
      out += digits;
      left -= value;
    }
  }
  return out;
}
