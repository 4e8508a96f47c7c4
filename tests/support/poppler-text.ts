// Reading pdftotext's output of right-to-left text in logical order. Poppler (22) wraps every
// right-to-left stretch, already turned back into logical order, in RLE ... PDF (U+202B, U+202C),
// with left-to-right stretches inside it in LRE ... PDF: what a bidi display needs to show the line
// as the page does. Where it sees a line as several stretches side by side, it writes them left to
// right as they stand on the page; in a line whose first strong letter is right to left, they read
// from the last to the first. The words inside each stretch are in order.
import { words } from "./office-fixtures.ts";

const RLE = "\u202b";
const LRE = "\u202a";
const PDF = "\u202c";
const FIRST_STRONG = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]|[\p{L}]/u;
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;

const EMBEDDINGS = /[\u202a\u202b\u202c]/gu;

/** One line of pdftotext output in logical order. */
export function logicalLine(line: string): string {
  if (!line.includes(RLE)) return line;
  // the line's top-level stretches: text outside embeddings, and whole embeddings (nested ones inside)
  const stretches: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of line) {
    if (char === RLE || char === LRE) {
      if (depth === 0 && current !== "") {
        stretches.push(current);
        current = "";
      }
      // a nested embedding's edge is a word's edge (poppler sets no space there)
      if (depth > 0) current += " ";
      depth++;
    } else if (char === PDF) {
      depth = Math.max(0, depth - 1);
      if (depth === 0) {
        stretches.push(current);
        current = "";
      } else current += " ";
    } else current += char;
  }
  if (current !== "") stretches.push(current);
  const first = FIRST_STRONG.exec(line.replace(EMBEDDINGS, ""))?.[0] ?? "";
  return (RIGHT_TO_LEFT.test(first) ? stretches.toReversed() : stretches).join(" ");
}

/** The words of pdftotext's output, in logical order. */
export function logicalWords(text: string): string[] {
  return text.split("\n").flatMap((line) => words(logicalLine(line)));
}
