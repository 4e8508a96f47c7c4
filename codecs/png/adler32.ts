// Adler-32 (RFC 1950), the checksum a zlib stream ends with.

/**
 * Bytes summed before reducing modulo 65521: the largest count for which the running sums stay
 * below 2^31, so V8 keeps them in 32-bit integers (zlib's NMAX of 5552 assumes unsigned 32 bits).
 */
const RUN = 3800;

/** Continues an Adler-32 (start with 1) over `bytes`. */
export function adler32(bytes: Uint8Array, adler = 1): number {
  let a = adler & 0xffff;
  let b = adler >>> 16;
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const end = Math.min(i + RUN, n);
    // four bytes a step: b gains 4a plus the bytes weighted 4, 3, 2, 1
    for (const end4 = end - 3; i < end4; i += 4) {
      const x0 = bytes[i]!;
      const x1 = bytes[i + 1]!;
      const x2 = bytes[i + 2]!;
      const x3 = bytes[i + 3]!;
      b += 4 * a + 4 * x0 + 3 * x1 + 2 * x2 + x3;
      a += x0 + x1 + x2 + x3;
    }
    for (; i < end; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
