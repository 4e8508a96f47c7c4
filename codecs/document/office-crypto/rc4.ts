// RC4, for reading Office 97 and CryptoAPI RC4-encrypted .doc files (WebCrypto has no RC4).

/** An RC4 cipher: each apply() continues the key stream where the last one stopped. */
export class Rc4 {
  private readonly s = new Uint8Array(256);
  private i = 0;
  private j = 0;

  constructor(key: Uint8Array) {
    const s = this.s;
    for (let n = 0; n < 256; n++) s[n] = n;
    for (let n = 0, j = 0; n < 256; n++) {
      j = (j + s[n]! + key[n % key.length]!) & 255;
      const t = s[n]!;
      s[n] = s[j]!;
      s[j] = t;
    }
  }

  /** `data` XORed with the next bytes of the key stream (a new array). */
  apply(data: Uint8Array): Uint8Array {
    const s = this.s;
    const out = new Uint8Array(data.length);
    let { i, j } = this;
    for (let n = 0; n < data.length; n++) {
      i = (i + 1) & 255;
      j = (j + s[i]!) & 255;
      const t = s[i]!;
      s[i] = s[j]!;
      s[j] = t;
      out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
    }
    this.i = i;
    this.j = j;
    return out;
  }
}
