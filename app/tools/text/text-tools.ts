// The text utilities' logic: counting and transforming text, grapheme-aware so emoji and
// accented letters count and reverse as one character each.

// Each segmenter is made once, on first use: building one loads ICU's break rules (milliseconds on a
// phone), and the counters run on every keystroke.
const segmenters = new Map<"grapheme" | "sentence", Intl.Segmenter>();
function segmenter(granularity: "grapheme" | "sentence"): Intl.Segmenter {
  let made = segmenters.get(granularity);
  if (!made) {
    made = new Intl.Segmenter(undefined, { granularity });
    segmenters.set(granularity, made);
  }
  return made;
}

const graphemes = (text: string): string[] => Array.from(segmenter("grapheme").segment(text), (s) => s.segment);

/** Whitespace-separated tokens holding a letter or digit, as word processors count ("well-known" is one word). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

export function countCharacters(text: string): { withSpaces: number; withoutSpaces: number } {
  const all = graphemes(text);
  return { withSpaces: all.length, withoutSpaces: all.filter((g) => !/^\s+$/u.test(g)).length };
}

export function countSentences(text: string): number {
  let n = 0;
  for (const s of segmenter("sentence").segment(text)) if (/[\p{L}\p{N}]/u.test(s.segment)) n++;
  return n;
}

export function countParagraphs(text: string): number {
  return text.split(/\n\s*\n/).filter((p) => p.trim() !== "").length;
}

export function reverseText(text: string): string {
  return graphemes(text).toReversed().join("");
}

export const toUpperCase = (text: string) => text.toUpperCase();
export const toLowerCase = (text: string) => text.toLowerCase();

/** Capitalise the first letter of every word and lower-case the rest. */
export function toTitleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s\-—([{"'“‘/])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}
