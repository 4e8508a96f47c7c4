// Adler-32 (RFC 1950), the checksum a zlib stream ends with.

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** Words summed in 16-bit lanes before the lanes are folded (their sums stay below 2^16). */
const RUN = 16;
/** Runs between reductions modulo 65521 (the sums stay below 2^31). */
const RUNS_PER_REDUCTION = 8;

/** Continues an Adler-32 (start with 1) over `bytes`. */
export function adler32(bytes: Uint8Array, adler = 1): number {
  let a = adler & 0xffff;
  let b = adler >>> 16;
  const n = bytes.length;
  let i = 0;
  if (LITTLE_ENDIAN && n >= 64) {
    // bytes up to a 4-byte boundary, then whole words
    for (const head = (4 - (bytes.byteOffset & 3)) & 3; i < head; i++) {
      a += bytes[i]!;
      b += a;
    }
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset + i, (n - i) >> 2);
    const count = words.length;
    let w = 0;
    let runs = 0;
    while (w < count) {
      const run = Math.min(RUN, count - w);
      // lanes: even bytes (0, 2) and odd bytes (1, 3) of each word; sums and sums of prefix sums
      let even = 0;
      let odd = 0;
      let sum = 0;
      let prefix = 0;
      for (const end = w + run; w < end; w++) {
        const x = words[w]!;
        const e = x & 0x00ff00ff;
        const o = (x >>> 8) & 0x00ff00ff;
        even = (even + e) | 0;
        odd = (odd + o) | 0;
        prefix = (prefix + sum) | 0;
        sum = (sum + e + o) | 0;
      }
      // over 4 * run bytes: b gains 4 * run * a, 4 per byte of every earlier word, and each
      // byte weighted by its place in its word (4, 3, 2, 1)
      b += 4 * run * a + 4 * ((prefix & 0xffff) + (prefix >>> 16)) + 4 * (even & 0xffff) + 3 * (odd & 0xffff) + 2 * (even >>> 16) + (odd >>> 16);
      a += (sum & 0xffff) + (sum >>> 16);
      if (++runs === RUNS_PER_REDUCTION) {
        runs = 0;
        a %= 65521;
        b %= 65521;
      }
    }
    a %= 65521;
    b %= 65521;
    i += count * 4;
  }
  // the rest a byte at a time, reduced every 3800 bytes (the sums stay below 2^31)
  while (i < n) {
    const end = Math.min(i + 3800, n);
    for (; i < end; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const BASE = 65521;

/**
 * The Adler-32 of A followed by B from adler32(A), adler32(B) and B's length (zlib's
 * adler32_combine): B's running sum b gains its length times A's sum a, less the 1 each checksum
 * starts a with. Lets independently compressed pieces of one zlib stream share one trailer.
 */
export function adler32Combine(adlerA: number, adlerB: number, lengthB: number): number {
  const rem = lengthB % BASE;
  const aA = adlerA & 0xffff;
  const aB = adlerB & 0xffff;
  // below 2^53 throughout: plain numbers, no 32-bit overflow
  const a = (aA + aB + BASE - 1) % BASE;
  const b = ((rem * aA) % BASE + (adlerA >>> 16) + (adlerB >>> 16) + BASE - rem) % BASE;
  return ((b << 16) | a) >>> 0;
}
