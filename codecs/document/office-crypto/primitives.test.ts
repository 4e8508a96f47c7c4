import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AesDecryptor } from "./aes.ts";
import { md5 } from "./md5.ts";
import { Rc4 } from "./rc4.ts";
import { sha1 } from "#codecs/common/sha1.ts";
import { sha256 } from "./sha256.ts";
import { sha384, sha512 } from "./sha512.ts";

// Our primitives against Node's OpenSSL, over lengths that cross every padding boundary.
const LENGTHS = [0, 1, 3, 55, 56, 63, 64, 65, 111, 112, 119, 127, 128, 129, 255, 1000, 4099];
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const seeded = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 131 + seed * 17 + (i >> 3)) & 255);

describe("office-crypto primitives", () => {
  it.each([
    ["md5", md5],
    ["sha1", sha1],
    ["sha256", sha256],
    ["sha512", sha512],
    ["sha384", sha384],
  ] as const)("%s matches node:crypto", (name, hash) => {
    for (const length of LENGTHS) {
      const data = seeded(length, length);
      expect(hex(hash(data)), `${name} of ${length} bytes`).toBe(createHash(name).update(data).digest("hex"));
    }
  });

  it("RC4 gives RFC 6229's key stream and continues it across calls", () => {
    // RFC 6229's first vector: key 0102030405, key stream from offset 0
    const stream = new Rc4(Uint8Array.of(1, 2, 3, 4, 5)).apply(new Uint8Array(16));
    expect(hex(stream)).toBe("b2396305f03dc027ccc3524a0a1118a8");
    // apply() continues the key stream
    const whole = new Rc4(Uint8Array.of(9, 8, 7)).apply(seeded(40, 2));
    const cipher = new Rc4(Uint8Array.of(9, 8, 7));
    expect(hex(Uint8Array.from([...cipher.apply(seeded(40, 2).subarray(0, 13)), ...cipher.apply(seeded(40, 2).subarray(13))]))).toBe(hex(whole));
  });

  it.each([16, 24, 32])("AES-%i ECB and CBC decrypt what node:crypto encrypts", (keyLength) => {
    const key = randomBytes(keyLength);
    const iv = randomBytes(16);
    const plain = seeded(4096, keyLength);
    const ecb = createCipheriv(`aes-${keyLength * 8}-ecb`, key, null).setAutoPadding(false);
    const cbc = createCipheriv(`aes-${keyLength * 8}-cbc`, key, iv).setAutoPadding(false);
    const aes = new AesDecryptor(key);
    expect(hex(aes.decrypt(Buffer.concat([ecb.update(plain), ecb.final()])))).toBe(hex(plain));
    expect(hex(aes.decrypt(Buffer.concat([cbc.update(plain), cbc.final()]), iv))).toBe(hex(plain));
  });
});
