// Small helpers the KF8 writer shares: base-32 numbers (KF8 writes record, flow and position
// references in base 32 with the digits 0-9A-V), UTF-8 byte lengths (every KF8 offset counts bytes of
// the UTF-8 text, while the markup is built as JavaScript strings), and Kindle's language codes.

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

/** `value` in base 32, upper case, left-padded with zeros to `width` digits. */
export function base32(value: number, width = 1): string {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`base32 of ${value}`);
  let out = "";
  let rest = value;
  do {
    out = DIGITS[rest % 32]! + out;
    rest = Math.floor(rest / 32);
  } while (rest > 0);
  return out.padStart(width, "0");
}

/** The number of bytes `text` takes in UTF-8 (lone surrogates count as U+FFFD, as TextEncoder writes them). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The end of the longest piece of `text` from `from` that fits in `maxBytes` of UTF-8, never cutting
 * a character (nor a surrogate pair) in two: an index in UTF-16 units, past `from` when text remains.
 */
export function prefixWithin(text: string, from: number, maxBytes: number): number {
  let bytes = 0;
  let i = from;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > maxBytes && i > from) break;
    bytes += size;
    i += pair ? 2 : 1;
  }
  return i;
}

/** Kindle's language ids (the low byte of the MOBI header's locale; sub-language left neutral). */
const MOBI_LANGUAGES: Readonly<Record<string, number>> = {
  ar: 1, bg: 2, ca: 3, zh: 4, cs: 5, da: 6, de: 7, el: 8, en: 9, es: 10, fi: 11, fr: 12, he: 13, hu: 14,
  is: 15, it: 16, ja: 17, ko: 18, nl: 19, no: 20, nb: 20, nn: 20, pl: 21, pt: 22, rm: 23, ro: 24, ru: 25,
  hr: 26, sr: 26, sk: 27, sq: 28, sv: 29, th: 30, tr: 31, ur: 32, id: 33, uk: 34, be: 35, sl: 36, et: 37,
  lv: 38, lt: 39, fa: 41, vi: 42, hy: 43, az: 44, eu: 45, mk: 47, af: 54, ka: 55, fo: 56, hi: 57, mt: 58,
  ms: 62, kk: 63, sw: 65, uz: 67, tt: 68, bn: 69, pa: 70, gu: 71, or: 72, ta: 73, te: 74, kn: 75, ml: 76,
  as: 77, mr: 78, sa: 79, kok: 87,
};

/** The MOBI header's language code for a BCP 47 tag; 0 (neutral) when Kindle has no code for it. */
export function mobiLanguageCode(tag: string): number {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return MOBI_LANGUAGES[primary] ?? 0;
}
