// The Unicode Bidirectional Algorithm (UAX #9) for the PDF writer, our own code (decision 031): the
// levels of a paragraph's characters (rules P2-P3, W1-W7, N1-N2, I1-I2) and the visual order of a
// line's pieces (L1-L2), with mirrored brackets (L4). Explicit embeddings and isolates are left out:
// pageText drops the bidi control characters, so a paragraph has one embedding level. JavaScript has
// no Bidi_Class property, so the classes come from scripts, general categories and a few ranges:
// right for the letters of the RTL scripts, Arabic numbers for the Arabic digits, the number
// separators and terminators listed below, neutral for other punctuation and symbols.

type BidiClass = "L" | "R" | "AL" | "EN" | "ES" | "ET" | "AN" | "CS" | "NSM" | "B" | "S" | "WS" | "ON";

const RIGHT_SCRIPTS = /[\p{Script=Hebrew}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Nko}\p{Script=Adlam}\p{Script=Phoenician}\p{Script=Imperial_Aramaic}\p{Script=Old_South_Arabian}\p{Script=Avestan}\p{Script=Hanifi_Rohingya}\p{Script=Yezidi}\p{Script=Kharoshthi}]/u;
const ARABIC_SCRIPTS = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;
/** Any character that can make text run right to left: the quick test before the algorithm. */
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Nko}\p{Script=Adlam}\p{Script=Phoenician}\p{Script=Imperial_Aramaic}\p{Script=Old_South_Arabian}\p{Script=Avestan}\p{Script=Hanifi_Rohingya}\p{Script=Yezidi}\p{Script=Kharoshthi}]/u;

const ARABIC_NUMBER = /[\u0600-\u0605\u0660-\u0669\u066b\u066c\u06dd\u0890\u0891\u08e2\u{10d30}-\u{10d39}\u{10e60}-\u{10e7e}]/u;
const EUROPEAN_NUMBER = /[0-9\u00b2\u00b3\u00b9\u06f0-\u06f9\u2070\u2074-\u2079\u2080-\u2089\u2488-\u249b\uff10-\uff19\u{1d7ce}-\u{1d7ff}\u{1f100}-\u{1f10a}]/u;
const SEPARATOR = /[+\-\u207a\u207b\u208a\u208b\u2212\ufb29\ufe62\ufe63\uff0b\uff0d]/u;
const TERMINATOR = /[#$%\u00a2-\u00a5\u00b0\u00b1\u058f\u0609\u060a\u066a\u09f2\u09f3\u09fb\u0af1\u0bf9\u0e3f\u17db\u2030-\u2034\u20a0-\u20cf\u212e\u2213\ufe5f\ufe69\ufe6a\uff03-\uff05\uffe0\uffe1\uffe5\uffe6]/u;
const COMMON_SEPARATOR = /[,./:\u00a0\u060c\u202f\u2044\ufe50\ufe52\ufe55\uff0c\uff0e\uff0f\uff1a]/u;
const NON_SPACING = /[\p{Mn}\p{Me}]/u;
const STRONG_LEFT = /[\p{L}\p{Mc}\p{Nd}\p{Nl}\p{Co}]/u;

function classOf(char: string): BidiClass {
  const codePoint = char.codePointAt(0)!;
  if (codePoint === 0x0a || codePoint === 0x0d || codePoint === 0x2029) return "B";
  if (codePoint === 0x09 || codePoint === 0x0b || codePoint === 0x1f) return "S";
  if (codePoint < 0x80) {
    if (codePoint === 0x20 || codePoint === 0x0c) return "WS";
    if (codePoint >= 0x30 && codePoint <= 0x39) return "EN";
    if ((codePoint | 0x20) >= 0x61 && (codePoint | 0x20) <= 0x7a) return "L";
  }
  if (NON_SPACING.test(char)) return "NSM";
  if (ARABIC_NUMBER.test(char)) return "AN";
  if (EUROPEAN_NUMBER.test(char)) return "EN";
  if (ARABIC_SCRIPTS.test(char)) return COMMON_SEPARATOR.test(char) ? "CS" : TERMINATOR.test(char) ? "ET" : "AL";
  if (RIGHT_SCRIPTS.test(char)) return "R";
  if (SEPARATOR.test(char)) return "ES";
  if (TERMINATOR.test(char) || /\p{Sc}/u.test(char)) return "ET";
  if (COMMON_SEPARATOR.test(char)) return "CS";
  if (/\p{Zs}/u.test(char) || codePoint === 0x2028) return "WS";
  if (STRONG_LEFT.test(char)) return "L";
  return "ON";
}

/** Whether `text` has any character of a right-to-left script. */
export function hasRightToLeft(text: string): boolean {
  return RIGHT_TO_LEFT.test(text);
}

/** Whether `char` belongs to a script that shapers lay out right to left (Arabic, Hebrew...). */
export function isRightToLeftScript(char: string): boolean {
  return RIGHT_TO_LEFT.test(char);
}

/** The paragraph's level (P2-P3): 1 when its first strong character is right-to-left, else 0. */
export function paragraphLevel(text: string): 0 | 1 {
  for (const char of text) {
    const type = classOf(char);
    if (type === "L") return 0;
    if (type === "R" || type === "AL") return 1;
  }
  return 0;
}

const isNeutral = (type: BidiClass): boolean => type === "B" || type === "S" || type === "WS" || type === "ON";
/** N1 treats numbers as right-to-left. */
const strongOf = (type: BidiClass): "L" | "R" | undefined => (type === "L" ? "L" : type === "R" || type === "AL" || type === "EN" || type === "AN" ? "R" : undefined);

/**
 * The embedding level of each UTF-16 unit of `text` (a low surrogate shares its pair's), for a
 * paragraph at level `base`.
 */
export function bidiLevels(text: string, base: 0 | 1): Uint8Array {
  const chars = Array.from(text);
  const types = chars.map(classOf);
  const n = types.length;
  const sos: BidiClass = base === 1 ? "R" : "L";

  // W1: a non-spacing mark takes the type of what precedes it
  for (let i = 0; i < n; i++) if (types[i] === "NSM") types[i] = i === 0 ? sos : types[i - 1]!;
  // W2: European numbers after Arabic letters are Arabic numbers; W3: AL is R
  let lastStrong: BidiClass = sos;
  for (let i = 0; i < n; i++) {
    const type = types[i]!;
    if (type === "EN" && lastStrong === "AL") types[i] = "AN";
    else if (type === "L" || type === "R" || type === "AL") lastStrong = type;
  }
  for (let i = 0; i < n; i++) if (types[i] === "AL") types[i] = "R";
  // W4: one separator between two numbers of a kind joins them
  for (let i = 1; i < n - 1; i++) {
    const before = types[i - 1]!;
    const after = types[i + 1]!;
    if (types[i] === "ES" && before === "EN" && after === "EN") types[i] = "EN";
    else if (types[i] === "CS" && before === after && (before === "EN" || before === "AN")) types[i] = before;
  }
  // W5: terminators next to European numbers are part of them
  for (let i = 0; i < n; i++) {
    if (types[i] !== "ET") continue;
    let end = i;
    while (end < n && types[end] === "ET") end++;
    if ((i > 0 && types[i - 1] === "EN") || (end < n && types[end] === "EN")) for (let j = i; j < end; j++) types[j] = "EN";
    i = end - 1;
  }
  // W6: the other separators and terminators are neutral
  for (let i = 0; i < n; i++) if (types[i] === "ES" || types[i] === "ET" || types[i] === "CS") types[i] = "ON";
  // W7: European numbers after left-to-right text are left-to-right
  lastStrong = sos;
  for (let i = 0; i < n; i++) {
    const type = types[i]!;
    if (type === "EN" && lastStrong === "L") types[i] = "L";
    else if (type === "L" || type === "R") lastStrong = type;
  }
  // N1-N2: neutrals between two of a direction take it, the others the paragraph's
  for (let i = 0; i < n; i++) {
    if (!isNeutral(types[i]!)) continue;
    let end = i;
    while (end < n && isNeutral(types[end]!)) end++;
    const before = i === 0 ? sos : strongOf(types[i - 1]!) ?? sos;
    const after = end === n ? sos : strongOf(types[end]!) ?? sos;
    const resolved: BidiClass = before === after ? before : sos;
    for (let j = i; j < end; j++) if (types[j] !== "B" && types[j] !== "S") types[j] = resolved;
    i = end - 1;
  }
  // I1-I2, and L1 for separators: the levels
  const levels = new Uint8Array(text.length);
  let unit = 0;
  for (let i = 0; i < n; i++) {
    const type = types[i]!;
    let level: number = base;
    if (type === "B" || type === "S") level = base;
    else if (base === 0) level = type === "R" ? 1 : type === "AN" || type === "EN" ? 2 : 0;
    else level = type === "L" || type === "EN" || type === "AN" ? 2 : 1;
    levels[unit++] = level;
    if (chars[i]!.length === 2) levels[unit++] = level;
  }
  return levels;
}

/**
 * The visual order of a line's pieces (L2): indices into `levels`, left to right. From the highest
 * level down to the lowest odd one, every run at that level or above is reversed.
 */
export function visualOrder(levels: readonly number[]): number[] {
  const order = levels.map((_level, i) => i);
  if (levels.length === 0) return order;
  const highest = Math.max(...levels);
  const lowestOdd = Math.min(...levels.map((level) => (level % 2 === 1 ? level : level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length; i++) {
      if (levels[order[i]!]! < level) continue;
      let end = i;
      while (end < order.length && levels[order[end]!]! >= level) end++;
      const run = order.slice(i, end).toReversed();
      order.splice(i, run.length, ...run);
      i = end;
    }
  }
  return order;
}

// L4: characters drawn mirrored at right-to-left levels (the pairs of Bidi_Mirroring_Glyph that
// text uses; the rest of the mathematical ones are drawn as they are).
const MIRRORS = new Map<string, string>();
for (const pair of ["()", "<>", "[]", "{}", "«»", "‹›", "⁅⁆", "⁽⁾", "₍₎", "≤≥", "≦≧", "⟨⟩", "⟪⟫", "〈〉", "《》", "「」", "『』", "【】", "〔〕", "（）", "［］", "｛｝", "＜＞"]) {
  const [open, close] = Array.from(pair) as [string, string];
  MIRRORS.set(open, close);
  MIRRORS.set(close, open);
}

/** The mirrored form of `char` (a bracket's other half), or `char` itself. */
export function mirrored(char: string): string {
  return MIRRORS.get(char) ?? char;
}
