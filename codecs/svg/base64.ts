// Base64 (RFC 4648, with padding) for data: URLs, without btoa's one-character-per-byte string
// detour, and in slices so a large PNG never builds one huge argument list.
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
/** bytes per slice: a multiple of 3 so only the last slice needs padding */
const SLICE = 3 * 16384;

export function base64Encode(bytes: Uint8Array): string {
  const parts: string[] = [];
  const out = new Uint8Array((SLICE / 3) * 4);
  for (let start = 0; start < bytes.length; start += SLICE) {
    const end = Math.min(start + SLICE, bytes.length);
    let o = 0;
    let i = start;
    for (; i + 2 < end; i += 3) {
      const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
      out[o++] = CODES[n >>> 18]!;
      out[o++] = CODES[(n >>> 12) & 63]!;
      out[o++] = CODES[(n >>> 6) & 63]!;
      out[o++] = CODES[n & 63]!;
    }
    const rest = end - i;
    if (rest > 0) {
      const n = (bytes[i]! << 16) | (rest === 2 ? bytes[i + 1]! << 8 : 0);
      out[o++] = CODES[n >>> 18]!;
      out[o++] = CODES[(n >>> 12) & 63]!;
      out[o++] = rest === 2 ? CODES[(n >>> 6) & 63]! : 61; // "="
      out[o++] = 61;
    }
    parts.push(latin1(out.subarray(0, o)));
  }
  return parts.join("");
}

/** ASCII bytes to a string, 8 KB at a time (String.fromCharCode takes its bytes as arguments). */
function latin1(codes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < codes.length; i += 8192) text += String.fromCharCode(...codes.subarray(i, i + 8192));
  return text;
}
