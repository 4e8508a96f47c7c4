// Embedded-font obfuscation (not DRM): the IDPF algorithm XORs a font's first 1040 bytes with the
// SHA-1 of the book's unique identifier; Adobe's XORs the first 1024 bytes with the 16 bytes of the
// identifier's UUID. Undoing it gives back the plain font, so converted books keep their fonts.
// SHA-1 is written here because WebCrypto's digest is asynchronous and the reader is not.

export const IDPF_OBFUSCATION = "http://www.idpf.org/2008/embedding";
export const ADOBE_OBFUSCATION = "http://ns.adobe.com/pdf/enc#RC";

const IDPF_LENGTH = 1040;
const ADOBE_LENGTH = 1024;

/** SHA-1 (FIPS 180-4) of `data`: 20 bytes. */
export function sha1(data: Uint8Array): Uint8Array {
  const length = data.length;
  const padded = new Uint8Array((((length + 8) >> 6) + 1) * 64);
  padded.set(data);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  view.setUint32(padded.length - 4, (length * 8) >>> 0);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Uint32Array(80);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 80; i++) {
      const x = w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!;
      w[i] = (x << 1) | (x >>> 31);
    }
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let i = 0; i < 80; i++) {
      const f = i < 20 ? (b & c) | (~b & d) : i < 40 ? b ^ c ^ d : i < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d;
      const k = i < 20 ? 0x5a827999 : i < 40 ? 0x6ed9eba1 : i < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const t = (((a << 5) | (a >>> 27)) + f + e + k + w[i]!) >>> 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = t;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
  }
  const out = new Uint8Array(20);
  const outView = new DataView(out.buffer);
  h.forEach((value, i) => outView.setUint32(i * 4, value));
  return out;
}

function xorHead(font: Uint8Array, key: Uint8Array, count: number): Uint8Array {
  const out = font.slice();
  for (let i = 0; i < Math.min(count, out.length); i++) out[i]! ^= key[i % key.length]!;
  return out;
}

/** The plain font, or undefined when the key cannot be made (Adobe's needs a UUID identifier). */
export function deobfuscateFont(font: Uint8Array, algorithm: string, identifier: string): Uint8Array | undefined {
  if (algorithm === IDPF_OBFUSCATION) {
    const key = sha1(new TextEncoder().encode(identifier.replace(/[ \t\r\n]/g, "")));
    return xorHead(font, key, IDPF_LENGTH);
  }
  if (algorithm === ADOBE_OBFUSCATION) {
    const hex = identifier.replace(/^urn:uuid:/i, "").replace(/-/g, "");
    if (!/^[0-9a-f]{32}$/i.test(hex)) return undefined;
    const key = new Uint8Array(16);
    for (let i = 0; i < 16; i++) key[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    return xorHead(font, key, ADOBE_LENGTH);
  }
  return undefined;
}
