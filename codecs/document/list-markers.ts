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

/** a, b, … z, aa, ab, … as Word counts. */
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
