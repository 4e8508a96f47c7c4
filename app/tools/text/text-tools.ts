// The text utilities' logic: counting and transforming text, grapheme-aware so emoji and
// accented letters count and reverse as one character each.
import { memoByKey } from "#app/lib/memo-by-key.ts";

// one segmenter per granularity, made on first use: the counters run on every keystroke
const segmenter = memoByKey((granularity: "grapheme" | "sentence") => new Intl.Segmenter(undefined, { granularity }));

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
