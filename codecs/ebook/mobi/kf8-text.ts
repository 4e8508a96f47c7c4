// Small helpers the KF8 writer shares: base-32 numbers (KF8 writes record, flow and position
// references in base 32 with the digits 0-9A-V), UTF-8 byte lengths (every KF8 offset counts bytes of
// the UTF-8 text, while the markup is built as JavaScript strings).

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
