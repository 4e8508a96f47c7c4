/**
 * PackBits (Apple; used by TIFF compression 32773 and Photoshop's RLE channels): a header byte n,
 * then n + 1 literal bytes (n ≥ 0) or one byte repeated 1 − n times (n < 0; −128 is a no-op).
 * Decodes into `out` and stops when either side runs out, so corrupt data cannot overrun it;
 * bytes a short stream never reaches keep their value (callers pass a zeroed buffer).
 */
export function decodePackBits(input: Uint8Array, out: Uint8Array): void {
  let i = 0;
  let o = 0;
  while (i < input.length && o < out.length) {
    const n = (input[i++]! << 24) >> 24;
    if (n >= 0) {
      const count = Math.min(n + 1, input.length - i, out.length - o);
      out.set(input.subarray(i, i + count), o);
      i += n + 1;
      o += count;
    } else if (n !== -128) {
      const count = Math.min(1 - n, out.length - o);
      out.fill(input[i++] ?? 0, o, o + count);
      o += count;
    }
  }
}
