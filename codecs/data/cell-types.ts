// CSV → JSON with `keepTypes` (issue 31, decision 054): a cell becomes a JSON number or boolean only
// when its whole text is one as a spreadsheet export writes it; anything a person might have meant as
// text (ids and ZIP codes with leading zeros, "1,5", " 12", "NaN", "0x1F") stays a string.
import { JsonNumber } from "./data-model.ts";

/**
 * JSON's own number grammar: an optional "-", no leading zero unless the integer part is "0", an
 * optional fraction with digits on both sides of the ".", an optional exponent ("1e5", "1.5E+3").
 * So "+1", "1." and ".5" stay text, and a cell that matches is valid JSON written as it is.
 */
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The spellings of true and false that exports write: JSON's, Python's (pandas) and Excel's / Google Sheets'. */
const BOOLEANS: ReadonlyMap<string, boolean> = new Map([
  ["true", true],
  ["True", true],
  ["TRUE", true],
  ["false", false],
  ["False", false],
  ["FALSE", false],
]);

/** A cell as JSON output writes it with `keepTypes`: a number (its text kept digit for digit), a boolean, or the text. */
export function typedCell(text: string): string | boolean | JsonNumber {
  if (NUMBER.test(text)) return new JsonNumber(text);
  return BOOLEANS.get(text) ?? text;
}
