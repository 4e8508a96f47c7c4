// TEST-ONLY encrypters for password-protected Word files ([MS-OFFCRYPTO]), written from the spec
// with node:crypto, for the kinds no writer on this machine makes: LibreOffice writes Standard
// encryption (DOCX) and Office 97 RC4 (DOC) — see tests/support/lo-encrypt.py — but its agile
// writer hangs headless and it never writes RC4 CryptoAPI. msoffcrypto-tool (an independent
// decrypter, Debian's python3-msoffcrypto-tool) checks these files in the tests, so they are what
// Office would read. Never used by the converters.
import { createCipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import * as CFB from "cfb";

const le32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return b;
};
const b64 = (b: Buffer) => b.toString("base64");
const utf16 = (text: string) => Buffer.from(text, "utf16le");
const fit = (bytes: Buffer, length: number, pad: number) => (bytes.length >= length ? bytes.subarray(0, length) : Buffer.concat([bytes, Buffer.alloc(length - bytes.length, pad)]));
const padBlock = (bytes: Buffer) => (bytes.length % 16 === 0 ? bytes : Buffer.concat([bytes, Buffer.alloc(16 - (bytes.length % 16))]));
const aes = (mode: "cbc" | "ecb", key: Buffer, iv: Buffer | null, data: Buffer) => {
  const cipher = createCipheriv(`aes-${key.length * 8}-${mode}`, key, iv).setAutoPadding(false);
  return Buffer.concat([cipher.update(padBlock(data)), cipher.final()]);
};

/** RC4 (Node's OpenSSL 3 no longer has it): a test-only copy, checked by msoffcrypto reading its files. */
function testRc4(key: Buffer): { update(data: Buffer): Buffer } {
  const s = Array.from({ length: 256 }, (_, n) => n);
  for (let n = 0, j = 0; n < 256; n++) {
    j = (j + s[n]! + key[n % key.length]!) & 255;
    [s[n], s[j]] = [s[j]!, s[n]!];
  }
  let i = 0;
  let j = 0;
  return {
    update: (data) =>
      Buffer.from(
        data.map((byte) => {
          i = (i + 1) & 255;
          j = (j + s[i]!) & 255;
          [s[i], s[j]] = [s[j]!, s[i]!];
          return byte ^ s[(s[i]! + s[j]!) & 255]!;
        }),
      ),
  };
}

function compoundFile(streams: Record<string, Uint8Array>): Uint8Array {
  const container = CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) CFB.utils.cfb_add(container, `/${name}`, Buffer.from(content));
  // cfb_new adds a placeholder stream ("\u0001Sh33tJ5") that no Office file has
  CFB.utils.cfb_del(container, "/\u0001Sh33tJ5");
  return new Uint8Array(CFB.write(container, { type: "buffer" }) as Uint8Array);
}

export interface AgileOptions {
  hash?: "sha1" | "sha256" | "sha384" | "sha512";
  keyBits?: 128 | 256;
  spinCount?: number;
}

/** A DOCX zip encrypted with agile encryption (4.4), as Office 2010+ writes it. */
export function encryptAgile(zip: Uint8Array, password: string, options: AgileOptions = {}): Uint8Array {
  const hashName = options.hash ?? "sha512";
  const keyBytes = (options.keyBits ?? 256) / 8;
  const spinCount = options.spinCount ?? 100_000;
  const hash = (...parts: Buffer[]) => createHash(hashName).update(Buffer.concat(parts)).digest();
  const hashSize = hash().length;
  const keySalt = randomBytes(16);
  const passwordSalt = randomBytes(16);
  const packageKey = randomBytes(keyBytes);

  let h = hash(passwordSalt, utf16(password));
  for (let i = 0; i < spinCount; i++) h = hash(le32(i), h);
  const keyFor = (blockKey: string) => fit(hash(h, Buffer.from(blockKey, "hex")), keyBytes, 0x36);
  const verifierInput = randomBytes(16);
  const encryptedVerifierHashInput = aes("cbc", keyFor("fea7d2763b4b9e79"), passwordSalt, verifierInput);
  const encryptedVerifierHashValue = aes("cbc", keyFor("d7aa0f6d3061344e"), passwordSalt, hash(verifierInput));
  const encryptedKeyValue = aes("cbc", keyFor("146e0be7abacd0d6"), passwordSalt, packageKey);

  const data = Buffer.from(zip);
  const segments: Buffer[] = [];
  for (let at = 0, i = 0; at < data.length; at += 4096, i++) {
    segments.push(aes("cbc", packageKey, fit(hash(keySalt, le32(i)), 16, 0x36), data.subarray(at, at + 4096)));
  }
  const size = Buffer.alloc(8);
  size.writeBigUInt64LE(BigInt(data.length));
  const encryptedPackage = Buffer.concat([size, ...segments]);

  // the data-integrity HMAC over the whole EncryptedPackage stream, as Office writes it
  const hmacKey = randomBytes(hashSize);
  const hmacValue = createHmac(hashName, hmacKey).update(encryptedPackage).digest();
  const integrityIv = (blockKey: string) => fit(hash(keySalt, Buffer.from(blockKey, "hex")), 16, 0x36);
  const encryptedHmacKey = aes("cbc", packageKey, integrityIv("5fb2ad010cb9e1f6"), hmacKey);
  const encryptedHmacValue = aes("cbc", packageKey, integrityIv("a0677f02b22c8433"), hmacValue);

  const algorithm = hashName.toUpperCase();
  const common = `saltSize="16" blockSize="16" keyBits="${keyBytes * 8}" hashSize="${hashSize}" cipherAlgorithm="AES" cipherChaining="ChainingModeCBC" hashAlgorithm="${algorithm}"`;
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<encryption xmlns="http://schemas.microsoft.com/office/2006/encryption" xmlns:p="http://schemas.microsoft.com/office/2006/keyEncryptor/password" xmlns:c="http://schemas.microsoft.com/office/2006/keyEncryptor/certificate"><keyData ${common} saltValue="${b64(keySalt)}"/><dataIntegrity encryptedHmacKey="${b64(encryptedHmacKey)}" encryptedHmacValue="${b64(encryptedHmacValue)}"/><keyEncryptors><keyEncryptor uri="http://schemas.microsoft.com/office/2006/keyEncryptor/password"><p:encryptedKey spinCount="${spinCount}" ${common} saltValue="${b64(passwordSalt)}" encryptedVerifierHashInput="${b64(encryptedVerifierHashInput)}" encryptedVerifierHashValue="${b64(encryptedVerifierHashValue)}" encryptedKeyValue="${b64(encryptedKeyValue)}"/></keyEncryptor></keyEncryptors></encryption>`;
  const info = Buffer.concat([Buffer.from([4, 0, 4, 0]), le32(0x40), Buffer.from(xml, "utf8")]);
  return compoundFile({ EncryptionInfo: info, EncryptedPackage: encryptedPackage });
}

/**
 * A .doc re-encrypted with RC4 CryptoAPI (header version 4.2, SHA-1, `keyBits`-bit RC4), from an
 * unencrypted .doc: its table stream gets the encryption header in front (every FIB offset into the
 * table stream moves with it) and the WordDocument, table and Data streams are encrypted in
 * 512-byte blocks, the FIB's first 68 bytes and the header left clear.
 */
export function encryptDocCryptoApi(doc: Uint8Array, password: string, keyBits = 128): Uint8Array {
  const container = CFB.read(Buffer.from(doc), { type: "buffer" });
  const stream = (name: string) => Buffer.from(CFB.find(container, name)!.content);
  const word = stream("WordDocument");
  const tableName = (word[11]! & 0x02) !== 0 ? "1Table" : "0Table";
  const table = stream(tableName);

  const salt = randomBytes(16);
  const base = createHash("sha1").update(Buffer.concat([salt, utf16(password)])).digest();
  const keyFor = (block: number) => {
    const key = createHash("sha1").update(Buffer.concat([base, le32(block)])).digest().subarray(0, keyBits / 8);
    return keyBits === 40 ? Buffer.concat([key, Buffer.alloc(11)]) : key;
  };
  const rc4 = testRc4;
  const verifier = randomBytes(16);
  const cipher0 = rc4(keyFor(0));
  const encryptedVerifier = cipher0.update(verifier);
  const encryptedVerifierHash = cipher0.update(createHash("sha1").update(verifier).digest());
  const cspName = utf16("Microsoft Enhanced Cryptographic Provider v1.0\0");
  // EncryptionHeader: flags (fCryptoAPI), sizeExtra, algID RC4, algIDHash SHA-1, keySize, providerType RC4, 2 reserved, CSP name
  const header = Buffer.concat([le32(0x04), le32(0), le32(0x6801), le32(0x8004), le32(keyBits), le32(1), le32(0), le32(0), cspName]);
  const encryption = Buffer.concat([Buffer.from([4, 0, 2, 0]), le32(0x04), le32(header.length), header, le32(16), salt, encryptedVerifier, le32(20), encryptedVerifierHash]);

  // every (fc, lcb) pair of FibRgFcLcb97 points into the table stream: those in use move with it
  const fcLcbStart = 154;
  const pairs = word.readUInt16LE(fcLcbStart - 2);
  for (let i = 0; i < pairs; i++) {
    const at = fcLcbStart + i * 8;
    if (word.readUInt32LE(at + 4) > 0) word.writeUInt32LE(word.readUInt32LE(at) + encryption.length, at);
  }
  word.writeUInt16LE(word.readUInt16LE(10) | 0x0100, 10);
  word.writeUInt32LE(encryption.length, 14);

  const encryptStream = (plain: Buffer, clear: number) => {
    const out = Buffer.alloc(plain.length);
    for (let at = 0, block = 0; at < plain.length; at += 512, block++) rc4(keyFor(block)).update(plain.subarray(at, at + 512)).copy(out, at);
    plain.copy(out, 0, 0, clear);
    return out;
  };
  const replace = (name: string, content: Buffer) => {
    const entry = CFB.find(container, name)!;
    entry.content = content;
    entry.size = content.length;
  };
  replace("WordDocument", encryptStream(word, 68));
  replace(tableName, encryptStream(Buffer.concat([encryption, table]), encryption.length));
  if (CFB.find(container, "Data")) replace("Data", encryptStream(stream("Data"), 0));
  return new Uint8Array(CFB.write(container, { type: "buffer" }) as Uint8Array);
}
