// SHA-256 (FIPS 180-4), synchronous: some writers (Apache POI, for one) choose it for agile
// encryption, whose password hash runs 100 000 rounds.

import { padMessage, paddingScratch } from "#codecs/common/hash-padding.ts";

/** The first 32 bits of the fractional parts of the roots of the first primes (cube roots: K; square roots: the initial state). */
const PRIMES: number[] = [];
for (let n = 2; PRIMES.length < 64; n++) if (PRIMES.every((p) => n % p !== 0)) PRIMES.push(n);
const fraction32 = (value: number): number => Math.floor((value - Math.floor(value)) * 2 ** 32) | 0;
const K = Int32Array.from(PRIMES, (p) => fraction32(Math.cbrt(p)));
const IV = Int32Array.from(PRIMES.slice(0, 8), (p) => fraction32(Math.sqrt(p)));

// reused by every call (the password rounds hash short inputs many times in a row)
const w = new Int32Array(64);
const scratch = paddingScratch(256);

export function sha256(data: Uint8Array): Uint8Array {
  const { view, length: paddedLength } = padMessage(data, 64, scratch);
  const h = IV.slice();
  for (let block = 0; block < paddedLength; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getInt32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = h[0]!, b = h[1]!, c = h[2]!, d = h[3]!, e = h[4]!, f = h[5]!, g = h[6]!, hh = h[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[i]! + w[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + b) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
    h[4] = (h[4]! + e) | 0;
    h[5] = (h[5]! + f) | 0;
    h[6] = (h[6]! + g) | 0;
    h[7] = (h[7]! + hh) | 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((word, i) => outView.setInt32(i * 4, word));
  return out;
}
