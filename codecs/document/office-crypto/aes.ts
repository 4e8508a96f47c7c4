// AES decryption (FIPS-197), synchronous, ECB and CBC: Office's Standard encryption uses AES-ECB,
// which WebCrypto does not offer, and agile encryption decrypts a package in 4096-byte CBC
// segments, each with its own IV. Table-driven (the "equivalent inverse cipher"): about 50 MB/s.

const SBOX = new Uint8Array(256);
const INV_SBOX = new Uint8Array(256);
const rotl8 = (x: number, n: number): number => ((x << n) | (x >>> (8 - n))) & 255;
{
  // walk the multiplicative group with generator 3 (p) and its inverse (q): q = 1/p in GF(2^8)
  let p = 1;
  let q = 1;
  do {
    p = p ^ ((p << 1) & 255) ^ (p & 0x80 ? 0x1b : 0);
    q ^= q << 1;
    q ^= q << 2;
    q ^= q << 4;
    q &= 255;
    if (q & 0x80) q ^= 0x09;
    SBOX[p] = q ^ rotl8(q, 1) ^ rotl8(q, 2) ^ rotl8(q, 3) ^ rotl8(q, 4) ^ 0x63;
  } while (p !== 1);
  SBOX[0] = 0x63;
  for (let i = 0; i < 256; i++) INV_SBOX[SBOX[i]!] = i;
}

const xtime = (x: number): number => ((x << 1) ^ (x & 0x80 ? 0x1b : 0)) & 255;
const multiply = (x: number, y: number): number => {
  let product = 0;
  for (let a = x, b = y; b > 0; b >>= 1, a = xtime(a)) if (b & 1) product ^= a;
  return product;
};

// Td0[x]: InvMixColumns' first column times InvSubBytes(x); Td1..Td3 are its byte rotations
const TD0 = new Int32Array(256);
const TD1 = new Int32Array(256);
const TD2 = new Int32Array(256);
const TD3 = new Int32Array(256);
for (let x = 0; x < 256; x++) {
  const s = INV_SBOX[x]!;
  const word = (multiply(s, 0x0e) << 24) | (multiply(s, 0x09) << 16) | (multiply(s, 0x0d) << 8) | multiply(s, 0x0b);
  TD0[x] = word;
  TD1[x] = (word >>> 8) | (word << 24);
  TD2[x] = (word >>> 16) | (word << 16);
  TD3[x] = (word >>> 24) | (word << 8);
}

/** The decryption round keys for a 16, 24 or 32-byte key, in the order the inverse cipher uses them. */
function decryptionKeys(key: Uint8Array): Int32Array {
  const nk = key.length / 4;
  if (![4, 6, 8].includes(nk)) throw new RangeError("AES keys are 16, 24 or 32 bytes");
  const rounds = nk + 6;
  const words = new Int32Array(4 * (rounds + 1));
  for (let i = 0; i < nk; i++) words[i] = (key[i * 4]! << 24) | (key[i * 4 + 1]! << 16) | (key[i * 4 + 2]! << 8) | key[i * 4 + 3]!;
  let rcon = 1;
  for (let i = nk; i < words.length; i++) {
    let t = words[i - 1]!;
    const sub = (w: number) => (SBOX[w >>> 24]! << 24) | (SBOX[(w >>> 16) & 255]! << 16) | (SBOX[(w >>> 8) & 255]! << 8) | SBOX[w & 255]!;
    if (i % nk === 0) {
      t = sub((t << 8) | (t >>> 24)) ^ (rcon << 24);
      rcon = xtime(rcon);
    } else if (nk > 6 && i % nk === 4) {
      t = sub(t);
    }
    words[i] = words[i - nk]! ^ t;
  }
  // reversed round order; the middle rounds' keys through InvMixColumns (Td of SubBytes undoes the S-box)
  const out = new Int32Array(words.length);
  for (let round = 0; round <= rounds; round++) {
    for (let c = 0; c < 4; c++) {
      const w = words[(rounds - round) * 4 + c]!;
      out[round * 4 + c] = round === 0 || round === rounds ? w : TD0[SBOX[w >>> 24]!]! ^ TD1[SBOX[(w >>> 16) & 255]!]! ^ TD2[SBOX[(w >>> 8) & 255]!]! ^ TD3[SBOX[w & 255]!]!;
    }
  }
  return out;
}

/** AES decryption with one key: blocks in ECB, or a run of blocks in CBC with an IV. */
export class AesDecryptor {
  private readonly keys: Int32Array;
  private readonly rounds: number;

  constructor(key: Uint8Array) {
    this.keys = decryptionKeys(key);
    this.rounds = this.keys.length / 4 - 1;
  }

  /** Decrypts `data` (a whole number of 16-byte blocks) into a new array; CBC when `iv` is given. */
  decrypt(data: Uint8Array, iv?: Uint8Array): Uint8Array {
    if (data.length % 16 !== 0) throw new RangeError("AES data is a whole number of 16-byte blocks");
    const out = new Uint8Array(data.length);
    const input = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const output = new DataView(out.buffer);
    const k = this.keys;
    const rounds = this.rounds;
    let p0 = 0;
    let p1 = 0;
    let p2 = 0;
    let p3 = 0;
    if (iv) {
      const v = new DataView(iv.buffer, iv.byteOffset, 16);
      p0 = v.getInt32(0);
      p1 = v.getInt32(4);
      p2 = v.getInt32(8);
      p3 = v.getInt32(12);
    }
    for (let at = 0; at < data.length; at += 16) {
      const c0 = input.getInt32(at);
      const c1 = input.getInt32(at + 4);
      const c2 = input.getInt32(at + 8);
      const c3 = input.getInt32(at + 12);
      let s0 = c0 ^ k[0]!;
      let s1 = c1 ^ k[1]!;
      let s2 = c2 ^ k[2]!;
      let s3 = c3 ^ k[3]!;
      for (let r = 1; r < rounds; r++) {
        const t0 = TD0[s0 >>> 24]! ^ TD1[(s3 >>> 16) & 255]! ^ TD2[(s2 >>> 8) & 255]! ^ TD3[s1 & 255]! ^ k[r * 4]!;
        const t1 = TD0[s1 >>> 24]! ^ TD1[(s0 >>> 16) & 255]! ^ TD2[(s3 >>> 8) & 255]! ^ TD3[s2 & 255]! ^ k[r * 4 + 1]!;
        const t2 = TD0[s2 >>> 24]! ^ TD1[(s1 >>> 16) & 255]! ^ TD2[(s0 >>> 8) & 255]! ^ TD3[s3 & 255]! ^ k[r * 4 + 2]!;
        const t3 = TD0[s3 >>> 24]! ^ TD1[(s2 >>> 16) & 255]! ^ TD2[(s1 >>> 8) & 255]! ^ TD3[s0 & 255]! ^ k[r * 4 + 3]!;
        s0 = t0;
        s1 = t1;
        s2 = t2;
        s3 = t3;
      }
      const last = rounds * 4;
      const inv = INV_SBOX;
      const o0 = ((inv[s0 >>> 24]! << 24) | (inv[(s3 >>> 16) & 255]! << 16) | (inv[(s2 >>> 8) & 255]! << 8) | inv[s1 & 255]!) ^ k[last]!;
      const o1 = ((inv[s1 >>> 24]! << 24) | (inv[(s0 >>> 16) & 255]! << 16) | (inv[(s3 >>> 8) & 255]! << 8) | inv[s2 & 255]!) ^ k[last + 1]!;
      const o2 = ((inv[s2 >>> 24]! << 24) | (inv[(s1 >>> 16) & 255]! << 16) | (inv[(s0 >>> 8) & 255]! << 8) | inv[s3 & 255]!) ^ k[last + 2]!;
      const o3 = ((inv[s3 >>> 24]! << 24) | (inv[(s2 >>> 16) & 255]! << 16) | (inv[(s1 >>> 8) & 255]! << 8) | inv[s0 & 255]!) ^ k[last + 3]!;
      output.setInt32(at, o0 ^ p0);
      output.setInt32(at + 4, o1 ^ p1);
      output.setInt32(at + 8, o2 ^ p2);
      output.setInt32(at + 12, o3 ^ p3);
      if (iv) {
        p0 = c0;
        p1 = c1;
        p2 = c2;
        p3 = c3;
      }
    }
    return out;
  }
}
