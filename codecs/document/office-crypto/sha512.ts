// SHA-512 and SHA-384 (FIPS 180-4), synchronous, on 32-bit halves: Office's agile encryption
// hashes the password 100 000 times, and one WebCrypto await per round costs seconds.

import { padMessage, paddingScratch } from "#codecs/common/hash-padding.ts";

/** floor(root(n) * 2^64) mod 2^64 for a prime n: the fractional part's first 64 bits. */
function rootBits(prime: number, power: 2 | 3): bigint {
  const target = BigInt(prime) << BigInt(64 * power);
  // Newton's method on integers, from above
  let x = 1n << BigInt(Math.ceil((target.toString(2).length + 1) / power));
  for (;;) {
    const next = power === 2 ? (x + target / x) / 2n : (2n * x + target / (x * x)) / 3n;
    if (next >= x) break;
    x = next;
  }
  return x & ((1n << 64n) - 1n);
}

const PRIMES: number[] = [];
for (let n = 2; PRIMES.length < 80; n++) if (PRIMES.every((p) => n % p !== 0)) PRIMES.push(n);

const split = (values: bigint[]): Int32Array => {
  const out = new Int32Array(values.length * 2);
  values.forEach((v, i) => {
    out[i * 2] = Number(v >> 32n) | 0;
    out[i * 2 + 1] = Number(v & 0xffffffffn) | 0;
  });
  return out;
};

// the constants: cube roots of the first 80 primes; the initial values: square roots of the first 8 (SHA-512) or the 9th to 16th (SHA-384)
const K = split(PRIMES.map((p) => rootBits(p, 3)));
const IV_512 = split(PRIMES.slice(0, 8).map((p) => rootBits(p, 2)));
const IV_384 = split(PRIMES.slice(8, 16).map((p) => rootBits(p, 2)));

const TWO_32 = 2 ** 32;

/** state[at..at+1] += (high, low), a 64-bit addition on halves. */
function addTo(state: Int32Array, at: number, high: number, low: number): void {
  const lo = (state[at + 1]! >>> 0) + (low >>> 0);
  state[at] = (state[at]! + high + Math.floor(lo / TWO_32)) | 0;
  state[at + 1] = lo | 0;
}

function compress(state: Int32Array, w: Int32Array, view: DataView, at: number): void {
  for (let i = 0; i < 32; i++) w[i] = view.getInt32(at + i * 4);
  for (let i = 16; i < 80; i++) {
    let xh = w[(i - 15) * 2]!;
    let xl = w[(i - 15) * 2 + 1]!;
    const s0h = ((xh >>> 1) | (xl << 31)) ^ ((xh >>> 8) | (xl << 24)) ^ (xh >>> 7);
    const s0l = ((xl >>> 1) | (xh << 31)) ^ ((xl >>> 8) | (xh << 24)) ^ ((xl >>> 7) | (xh << 25));
    xh = w[(i - 2) * 2]!;
    xl = w[(i - 2) * 2 + 1]!;
    const s1h = ((xh >>> 19) | (xl << 13)) ^ ((xl >>> 29) | (xh << 3)) ^ (xh >>> 6);
    const s1l = ((xl >>> 19) | (xh << 13)) ^ ((xh >>> 29) | (xl << 3)) ^ ((xl >>> 6) | (xh << 26));
    const lo = (s0l >>> 0) + (s1l >>> 0) + (w[(i - 7) * 2 + 1]! >>> 0) + (w[(i - 16) * 2 + 1]! >>> 0);
    w[i * 2] = (s0h + s1h + w[(i - 7) * 2]! + w[(i - 16) * 2]! + Math.floor(lo / TWO_32)) | 0;
    w[i * 2 + 1] = lo | 0;
  }
  let ah = state[0]!, al = state[1]!, bh = state[2]!, bl = state[3]!, ch = state[4]!, cl = state[5]!, dh = state[6]!, dl = state[7]!;
  let eh = state[8]!, el = state[9]!, fh = state[10]!, fl = state[11]!, gh = state[12]!, gl = state[13]!, hh = state[14]!, hl = state[15]!;
  for (let i = 0; i < 80; i++) {
    // Σ1(e) = rotr14 ^ rotr18 ^ rotr41
    const S1h = ((eh >>> 14) | (el << 18)) ^ ((eh >>> 18) | (el << 14)) ^ ((el >>> 9) | (eh << 23));
    const S1l = ((el >>> 14) | (eh << 18)) ^ ((el >>> 18) | (eh << 14)) ^ ((eh >>> 9) | (el << 23));
    const chh = (eh & fh) ^ (~eh & gh);
    const chl = (el & fl) ^ (~el & gl);
    const t1l = (hl >>> 0) + (S1l >>> 0) + (chl >>> 0) + (K[i * 2 + 1]! >>> 0) + (w[i * 2 + 1]! >>> 0);
    const t1h = (hh + S1h + chh + K[i * 2]! + w[i * 2]! + Math.floor(t1l / TWO_32)) | 0;
    // Σ0(a) = rotr28 ^ rotr34 ^ rotr39
    const S0h = ((ah >>> 28) | (al << 4)) ^ ((al >>> 2) | (ah << 30)) ^ ((al >>> 7) | (ah << 25));
    const S0l = ((al >>> 28) | (ah << 4)) ^ ((ah >>> 2) | (al << 30)) ^ ((ah >>> 7) | (al << 25));
    const majh = (ah & bh) ^ (ah & ch) ^ (bh & ch);
    const majl = (al & bl) ^ (al & cl) ^ (bl & cl);
    const t2l = (S0l >>> 0) + (majl >>> 0);
    const t2h = (S0h + majh + Math.floor(t2l / TWO_32)) | 0;
    hh = gh;
    hl = gl;
    gh = fh;
    gl = fl;
    fh = eh;
    fl = el;
    const t1lo = t1l >>> 0;
    const t2lo = t2l >>> 0;
    const elo = (dl >>> 0) + t1lo;
    eh = (dh + t1h + Math.floor(elo / TWO_32)) | 0;
    el = elo | 0;
    dh = ch;
    dl = cl;
    ch = bh;
    cl = bl;
    bh = ah;
    bl = al;
    const alo = t1lo + t2lo;
    ah = (t1h + t2h + Math.floor(alo / TWO_32)) | 0;
    al = alo | 0;
  }
  addTo(state, 0, ah, al);
  addTo(state, 2, bh, bl);
  addTo(state, 4, ch, cl);
  addTo(state, 6, dh, dl);
  addTo(state, 8, eh, el);
  addTo(state, 10, fh, fl);
  addTo(state, 12, gh, gl);
  addTo(state, 14, hh, hl);
}

// reused by every call (the password rounds hash short inputs 100 000 times in a row)
const w = new Int32Array(160);
const state = new Int32Array(16);
const scratch = paddingScratch(512);

function digest(data: Uint8Array, iv: Int32Array, length: number): Uint8Array {
  const { view, length: paddedLength } = padMessage(data, 128, scratch);
  state.set(iv);
  for (let at = 0; at < paddedLength; at += 128) compress(state, w, view, at);
  const out = new Uint8Array(64);
  const outView = new DataView(out.buffer);
  state.forEach((word, i) => outView.setInt32(i * 4, word));
  return out.subarray(0, length);
}

export const sha512 = (data: Uint8Array): Uint8Array => digest(data, IV_512, 64);
export const sha384 = (data: Uint8Array): Uint8Array => digest(data, IV_384, 48);
