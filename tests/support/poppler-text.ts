// Reading pdftotext's output of right-to-left text in logical order. Poppler (22) writes each line
// left to right as it sees it on the page, and wraps every right-to-left stretch, already turned
// back into logical order, in RLE ... PDF (U+202B, U+202C): what a bidi display needs to show the
// line as the page does. A line whose first strong letter is right to left is a right-to-left line,
// so its stretches read from the last to the first; the words inside each stretch are in order.
import { words } from "./office-fixtures.ts";

const RLE = "\u202b";
const PDF = "\u202c";
const FIRST_STRONG = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]|[\p{L}]/u;
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;

/** One line of pdftotext output in logical order. */
export function logicalLine(line: string): string {
  if (!line.includes(RLE)) return line;
  const stretches: string[] = [];
  let rest = line;
  while (rest !== "") {
    const open = rest.indexOf(RLE);
    if (open < 0) {
      stretches.push(rest);
      break;
    }
    if (open > 0) stretches.push(rest.slice(0, open));
    const close = rest.indexOf(PDF, open);
    const end = close < 0 ? rest.length : close;
    stretches.push(rest.slice(open + 1, end));
    rest = rest.slice(end + 1);
  }
  const first = FIRST_STRONG.exec(line.replaceAll(RLE, "").replaceAll(PDF, ""))?.[0] ?? "";
  return (RIGHT_TO_LEFT.test(first) ? stretches.toReversed() : stretches).join(" ");
}

/** The words of pdftotext's output, in logical order. */
export function logicalWords(text: string): string[] {
  return text.split("\n").flatMap((line) => words(logicalLine(line)));
}
