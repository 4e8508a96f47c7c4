import { AesDecryptor } from "./aes.ts";
import { concat, fit, littleEndian32, sameBytes, slice, u16, u32, utf16le } from "./bytes.ts";
import { damagedEncryption, unsupportedProtection, wrongPassword } from "./crypto-errors.ts";
import { sha1 } from "#codecs/common/sha1.ts";
import { sha256 } from "./sha256.ts";
import { sha384, sha512 } from "./sha512.ts";

// A password-protected DOCX ([MS-OFFCRYPTO] 2.3.4): an OLE file whose EncryptionInfo stream says how
// the key comes from the password and whose EncryptedPackage stream is the DOCX's zip, encrypted.
// Agile encryption (version 4.4, an XML descriptor; Office 2010 and later, LibreOffice) and Standard
// encryption (3.2/4.2, AES-ECB; Office 2007) are read; the data-integrity HMAC is not checked (a
// damaged zip is refused by the DOCX reader anyway).

/** Agile encryption's block keys ([MS-OFFCRYPTO] 2.3.4.13): each derives its own key from the password hash. */
const VERIFIER_INPUT_KEY = Uint8Array.of(0xfe, 0xa7, 0xd2, 0x76, 0x3b, 0x4b, 0x9e, 0x79);
const VERIFIER_VALUE_KEY = Uint8Array.of(0xd7, 0xaa, 0x0f, 0x6d, 0x30, 0x61, 0x34, 0x4e);
const KEY_VALUE_KEY = Uint8Array.of(0x14, 0x6e, 0x0b, 0xe7, 0xab, 0xac, 0xd0, 0xd6);

const SEGMENT = 4096;
/** The spec's ceiling for the password hash's rounds: a larger count is a hostile file. */
const MAX_SPIN_COUNT = 10_000_000;
/** Standard encryption's fixed rounds. */
const STANDARD_SPIN_COUNT = 50_000;

const HASHES: Record<string, { hash: (data: Uint8Array) => Uint8Array; size: number }> = {
  SHA1: { hash: sha1, size: 20 },
  SHA256: { hash: sha256, size: 32 },
  SHA384: { hash: sha384, size: 48 },
  SHA512: { hash: sha512, size: 64 },
};

export type OoxmlEncryption = "agile" | "standard";

/** Which encryption the EncryptionInfo stream names, or a refusal naming one we do not read. */
export function ooxmlEncryption(info: Uint8Array): OoxmlEncryption {
  const major = u16(info, 0, "encryption information");
  const minor = u16(info, 2, "encryption information");
  if (major === 4 && minor === 4) return "agile";
  if ((major === 3 || major === 4) && minor === 2) return "standard";
  if ((major === 3 || major === 4) && minor === 3) return unsupported("extensible encryption (a third-party encryption module)");
  return unsupported(`an unknown kind of encryption (version ${major}.${minor})`);
}

const unsupported = (what: string): never => {
  throw unsupportedProtection(what);
};

/** The package's declared size and its encrypted bytes (whole 16-byte blocks), checked against each other. */
function packageData(pkg: Uint8Array): { size: number; data: Uint8Array } {
  const low = u32(pkg, 0, "encrypted package");
  const high = u32(pkg, 4, "encrypted package");
  const size = high * 2 ** 32 + low;
  const whole = Math.ceil(size / 16) * 16;
  if (whole > pkg.length - 8) throw damagedEncryption("its encrypted package is cut short");
  return { size, data: pkg.subarray(8, 8 + whole) };
}

// --- agile -----------------------------------------------------------------------------------------

const attributes = (tag: string): Map<string, string> => new Map([...tag.matchAll(/([\w:]+)="([^"]*)"/g)].map((m) => [m[1]!.replace(/^\w+:/, ""), m[2]!]));

function base64(text: string | undefined, what: string): Uint8Array {
  if (text === undefined) throw damagedEncryption(`its encryption information has no ${what}`);
  try {
    return Uint8Array.from(atob(text.trim()), (c) => c.charCodeAt(0));
  } catch {
    throw damagedEncryption(`its encryption information has an unreadable ${what}`);
  }
}

function number(value: string | undefined, what: string): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 0) throw damagedEncryption(`its encryption information has no valid ${what}`);
  return n;
}

interface CipherParams {
  salt: Uint8Array;
  blockSize: number;
  keyBytes: number;
  hash: (data: Uint8Array) => Uint8Array;
  hashSize: number;
}

function cipherParams(attrs: Map<string, string>): CipherParams {
  const cipher = attrs.get("cipherAlgorithm");
  if (cipher !== "AES") unsupported(`${cipher ?? "an unnamed"} cipher (only AES is read)`);
  const chaining = attrs.get("cipherChaining");
  if (chaining !== "ChainingModeCBC") unsupported(`the ${chaining ?? "unnamed"} chaining mode (only CBC is read)`);
  const hashName = attrs.get("hashAlgorithm") ?? "";
  const hash = HASHES[hashName];
  if (!hash) unsupported(`the ${hashName || "unnamed"} hash (SHA-1, SHA-256, SHA-384 and SHA-512 are read)`);
  const keyBits = number(attrs.get("keyBits"), "key size");
  if (keyBits !== 128 && keyBits !== 192 && keyBits !== 256) unsupported(`AES with a ${keyBits}-bit key`);
  const blockSize = number(attrs.get("blockSize"), "block size");
  if (blockSize !== 16) throw damagedEncryption("its encryption information gives AES a wrong block size");
  return { salt: base64(attrs.get("saltValue"), "salt"), blockSize, keyBytes: keyBits / 8, hash: hash!.hash, hashSize: hash!.size };
}

function decryptAgile(info: Uint8Array, pkg: Uint8Array, password: string): Uint8Array {
  const xml = new TextDecoder().decode(info.subarray(8));
  const keyDataTag = /<(?:\w+:)?keyData\b[^>]*>/.exec(xml)?.[0];
  // the password's key encryptor (a certificate's has no spinCount)
  const keyTag = [...xml.matchAll(/<(?:\w+:)?encryptedKey\b[^>]*>/g)].map((m) => m[0]).find((tag) => /\bspinCount=/.test(tag));
  if (!keyDataTag) throw damagedEncryption("its encryption information has no key data");
  if (!keyTag) unsupported("a certificate instead of a password");
  const keyData = cipherParams(attributes(keyDataTag));
  const keyAttrs = attributes(keyTag!);
  const encryptor = cipherParams(keyAttrs);
  const spinCount = number(keyAttrs.get("spinCount"), "spin count");
  if (spinCount > MAX_SPIN_COUNT) throw damagedEncryption(`it asks for ${spinCount} rounds of password hashing, more than Office ever uses`);

  const { hash, hashSize } = encryptor;
  let digest = hash(concat(encryptor.salt, utf16le(password)));
  const round = new Uint8Array(4 + hashSize);
  for (let i = 0; i < spinCount; i++) {
    round.set(littleEndian32(i), 0);
    round.set(digest, 4);
    digest = hash(round);
  }
  const keyFor = (blockKey: Uint8Array) => fit(hash(concat(digest, blockKey)), encryptor.keyBytes, 0x36);
  const iv = fit(encryptor.salt, encryptor.blockSize, 0x36);
  const decryptField = (blockKey: Uint8Array, name: string, what: string): Uint8Array => {
    const data = base64(keyAttrs.get(name), what);
    if (data.length === 0 || data.length % 16 !== 0) throw damagedEncryption(`its encryption information has a broken ${what}`);
    return new AesDecryptor(keyFor(blockKey)).decrypt(data, iv);
  };
  const verifierInput = decryptField(VERIFIER_INPUT_KEY, "encryptedVerifierHashInput", "password check").subarray(0, encryptor.salt.length);
  const verifierHash = decryptField(VERIFIER_VALUE_KEY, "encryptedVerifierHashValue", "password check").subarray(0, hashSize);
  if (!sameBytes(hash(verifierInput), verifierHash)) throw wrongPassword();
  const key = decryptField(KEY_VALUE_KEY, "encryptedKeyValue", "document key");
  if (key.length < keyData.keyBytes) throw damagedEncryption("its document key is too short");

  const aes = new AesDecryptor(key.subarray(0, keyData.keyBytes));
  const { size, data } = packageData(pkg);
  const out = new Uint8Array(data.length);
  for (let segment = 0, at = 0; at < data.length; segment++, at += SEGMENT) {
    const segmentIv = fit(keyData.hash(concat(keyData.salt, littleEndian32(segment))), keyData.blockSize, 0x36);
    out.set(aes.decrypt(data.subarray(at, Math.min(at + SEGMENT, data.length)), segmentIv), at);
  }
  return out.subarray(0, size);
}

// --- standard --------------------------------------------------------------------------------------

const FLAG_EXTERNAL = 0x10;
const FLAG_AES = 0x20;
const AES_ALGORITHMS: Record<number, number> = { 0x660e: 128, 0x660f: 192, 0x6610: 256 };

function decryptStandard(info: Uint8Array, pkg: Uint8Array, password: string): Uint8Array {
  const flags = u32(info, 4, "encryption information");
  if (flags & FLAG_EXTERNAL) unsupported("an external encryption module");
  const headerSize = u32(info, 8, "encryption header");
  const header = slice(info, 12, headerSize, "encryption header");
  const algorithm = u32(header, 8, "encryption header");
  const hashAlgorithm = u32(header, 12, "encryption header");
  const keyBits = u32(header, 16, "encryption header");
  const aesBits = algorithm === 0 && flags & FLAG_AES ? 128 : AES_ALGORITHMS[algorithm];
  if (aesBits === undefined) unsupported(`Standard encryption with cipher 0x${algorithm.toString(16)} (only AES is read)`);
  if (hashAlgorithm !== 0 && hashAlgorithm !== 0x8004) unsupported(`Standard encryption with hash 0x${hashAlgorithm.toString(16)} (only SHA-1 is read)`);
  if (keyBits !== aesBits) throw damagedEncryption("its encryption header gives a key size that does not match its cipher");

  const verifier = 12 + headerSize;
  const saltSize = u32(info, verifier, "password check");
  if (saltSize !== 16) throw damagedEncryption("its password check has a wrong salt size");
  const salt = slice(info, verifier + 4, 16, "password check");
  const encryptedVerifier = slice(info, verifier + 20, 16, "password check");
  const encryptedVerifierHash = slice(info, verifier + 40, 32, "password check");

  let digest = sha1(concat(salt, utf16le(password)));
  const round = new Uint8Array(24);
  for (let i = 0; i < STANDARD_SPIN_COUNT; i++) {
    round.set(littleEndian32(i), 0);
    round.set(digest, 4);
    digest = sha1(round);
  }
  const final = sha1(concat(digest, littleEndian32(0)));
  // [MS-OFFCRYPTO] 2.3.4.7: the hash XORed into two 64-byte pads, hashed, joined and cut to the key size
  const pad = (value: number) => {
    const buffer = new Uint8Array(64).fill(value);
    final.forEach((byte, i) => (buffer[i] = byte ^ value));
    return sha1(buffer);
  };
  const key = concat(pad(0x36), pad(0x5c)).subarray(0, aesBits! / 8);

  const aes = new AesDecryptor(key);
  const check = aes.decrypt(encryptedVerifier);
  if (!sameBytes(sha1(check), aes.decrypt(encryptedVerifierHash).subarray(0, 20))) throw wrongPassword();
  const { size, data } = packageData(pkg);
  return aes.decrypt(data).subarray(0, size);
}

/** The DOCX zip inside a password-protected OOXML file, or "wrong-password" / a named refusal. */
export function decryptOoxmlPackage(info: Uint8Array, pkg: Uint8Array, password: string): Uint8Array {
  return ooxmlEncryption(info) === "agile" ? decryptAgile(info, pkg, password) : decryptStandard(info, pkg, password);
}
