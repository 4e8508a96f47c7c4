import type { CompoundFile } from "../doc-cfb.ts";
import { concat, littleEndian32, sameBytes, slice, u16, u32, utf16le } from "./bytes.ts";
import { damagedEncryption, passwordRequired, unsupportedProtection, wrongPassword } from "./crypto-errors.ts";
import { md5 } from "./md5.ts";
import { Rc4 } from "./rc4.ts";
import { sha1 } from "#codecs/common/sha1.ts";

// A password-protected Word 97–2003 document ([MS-DOC] 2.2.6, [MS-OFFCRYPTO] 2.3.5–2.3.6): the FIB's
// fEncrypted flag, and an encryption header at the start of the table stream. The WordDocument,
// table and Data streams are RC4-encrypted in 512-byte blocks, each block with its own key; the
// first 68 bytes of WordDocument (the FIB's base) and the header stay in the clear. Office 97's
// "binary RC4" (MD5 keys) and RC4 CryptoAPI (SHA-1 keys) are read; XOR obfuscation is not.

const FLAG_WHICH_TABLE = 0x0200;
const FLAG_ENCRYPTED = 0x0100;
const FLAG_OBFUSCATED = 0x8000;
const NFIB_WORD97 = 0xc1;
/** The FIB's base: never encrypted, so the reader can find the table stream and the key. */
const CLEAR_FIB_BYTES = 68;
const BLOCK = 512;
/** Office 97 encryption hashes at most the first 15 characters (Word's password limit). */
const RC4_MAX_PASSWORD = 15;

export function isEncryptedDoc(word: Uint8Array): boolean {
  return word.length >= 12 && (u16(word, 10, "file header") & FLAG_ENCRYPTED) !== 0;
}

type BlockKey = (block: number) => Uint8Array;

/** Office 97 binary RC4 ([MS-OFFCRYPTO] 2.3.6.2): MD5 of the password, salted and cut to 40 bits. */
function binaryRc4Key(header: Uint8Array, password: string): BlockKey {
  const salt = slice(header, 4, 16, "encryption header");
  const encryptedVerifier = slice(header, 20, 16, "encryption header");
  const encryptedVerifierHash = slice(header, 36, 16, "encryption header");
  const truncated = md5(utf16le(password.slice(0, RC4_MAX_PASSWORD))).subarray(0, 5);
  const repeated = new Uint8Array(16 * 21);
  for (let i = 0; i < 16; i++) repeated.set(concat(truncated, salt), i * 21);
  const base = md5(repeated).subarray(0, 5);
  const keyFor: BlockKey = (block) => md5(concat(base, littleEndian32(block)));
  const rc4 = new Rc4(keyFor(0));
  const verifier = rc4.apply(encryptedVerifier);
  if (!sameBytes(md5(verifier), rc4.apply(encryptedVerifierHash))) throw wrongPassword();
  return keyFor;
}

/** RC4 CryptoAPI ([MS-OFFCRYPTO] 2.3.5.2): SHA-1 of salt and password, then of that and the block number. */
function cryptoApiKey(header: Uint8Array, password: string): BlockKey {
  const headerSize = u32(header, 8, "encryption header");
  const body = slice(header, 12, headerSize, "encryption header");
  const algorithm = u32(body, 8, "encryption header");
  const hashAlgorithm = u32(body, 12, "encryption header");
  if (algorithm !== 0x6801 && algorithm !== 0) throw unsupportedProtection(`CryptoAPI encryption with cipher 0x${algorithm.toString(16)} (only RC4 is read)`);
  if (hashAlgorithm !== 0x8004 && hashAlgorithm !== 0) throw unsupportedProtection(`CryptoAPI encryption with hash 0x${hashAlgorithm.toString(16)} (only SHA-1 is read)`);
  const keyBits = u32(body, 16, "encryption header") || 40;
  if (keyBits < 40 || keyBits > 128 || keyBits % 8 !== 0) throw damagedEncryption("its encryption header gives an impossible key size");
  const verifier = 12 + headerSize;
  const saltSize = u32(header, verifier, "password check");
  if (saltSize !== 16) throw damagedEncryption("its password check has a wrong salt size");
  const salt = slice(header, verifier + 4, 16, "password check");
  const encryptedVerifier = slice(header, verifier + 20, 16, "password check");
  const encryptedVerifierHash = slice(header, verifier + 40, 20, "password check");
  const base = sha1(concat(salt, utf16le(password)));
  const keyFor: BlockKey = (block) => {
    const key = sha1(concat(base, littleEndian32(block))).subarray(0, keyBits / 8);
    // a 40-bit key goes to RC4 as 128 bits, the rest zero
    return keyBits === 40 ? concat(key, new Uint8Array(11)) : key;
  };
  const rc4 = new Rc4(keyFor(0));
  const check = rc4.apply(encryptedVerifier);
  if (!sameBytes(sha1(check), rc4.apply(encryptedVerifierHash))) throw wrongPassword();
  return keyFor;
}

/** A stream decrypted block by block from its start, its first `clear` bytes kept as they are. */
function decryptStream(stream: Uint8Array, keyFor: BlockKey, clear: number): Uint8Array {
  const out = new Uint8Array(stream.length);
  for (let at = 0, block = 0; at < stream.length; at += BLOCK, block++) {
    out.set(new Rc4(keyFor(block)).apply(stream.subarray(at, at + BLOCK)), at);
  }
  out.set(stream.subarray(0, Math.min(clear, stream.length)));
  return out;
}

/**
 * The container with its WordDocument, table and Data streams decrypted (the FIB no longer marked
 * encrypted, so the reader takes it as any other), or "wrong-password" / a named refusal.
 */
export function decryptDoc(container: CompoundFile, word: Uint8Array, password: string | undefined): CompoundFile {
  const flags = u16(word, 10, "file header");
  if (flags & FLAG_OBFUSCATED) throw unsupportedProtection("XOR obfuscation (an old, weak Word protection)");
  if (u16(word, 2, "file header") < NFIB_WORD97) throw unsupportedProtection("Word 6/95 encryption");
  const tableName = flags & FLAG_WHICH_TABLE ? "1Table" : "0Table";
  const table = container.stream(tableName);
  if (!table) throw damagedEncryption(`its ${tableName} stream is missing`);
  const headerLength = u32(word, 14, "file header");
  const header = slice(table, 0, headerLength, "encryption header");
  const major = u16(header, 0, "encryption header");
  const minor = u16(header, 2, "encryption header");
  const binary = major === 1 && minor === 1;
  const cryptoApi = (major === 2 || major === 3 || major === 4) && minor === 2;
  if (!binary && !cryptoApi) throw unsupportedProtection(`an unknown kind of encryption (version ${major}.${minor})`);
  // the kind is checked first: one we cannot read is refused without asking for a password
  if (!password) throw passwordRequired();
  const keyFor = binary ? binaryRc4Key(header, password) : cryptoApiKey(header, password);

  const decryptedWord = decryptStream(word, keyFor, CLEAR_FIB_BYTES);
  // the FIB's flags say "encrypted" no more: what the reader gets is the plain document
  decryptedWord[11] = decryptedWord[11]! & ~((FLAG_ENCRYPTED | FLAG_OBFUSCATED) >> 8);
  const streams = new Map<string, Uint8Array>([
    ["worddocument", decryptedWord],
    [tableName.toLowerCase(), decryptStream(table, keyFor, headerLength)],
  ]);
  const data = container.stream("Data");
  if (data) streams.set("data", decryptStream(data, keyFor, 0));
  return {
    has: (name) => container.has(name),
    stream: (name) => streams.get(name.toLowerCase()) ?? container.stream(name),
  };
}
