import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import * as CFB from "cfb";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_CATDOC, CATDOC, HAVE_MSOFFCRYPTO, MSOFFCRYPTO } from "#tests/support/reference-tools.ts";
import { encryptAgile, encryptDocCryptoApi } from "#tests/support/office-encrypt.ts";
import { scratch } from "#tests/support/scratch.ts";
import { convertDocument, type DocumentEngines } from "../convert-document.ts";
import { openCompoundFile } from "../doc-cfb.ts";
import { DocumentError } from "../document-error.ts";
import { probeDocument } from "../probe-document.ts";
import { readDoc } from "../read-doc.ts";
import { readDocx } from "../read-docx.ts";
import { writeTxt } from "../write-txt.ts";
import { officeProtection, openProtectedOffice } from "./index.ts";

// Password-protected Word files (decision 034). The fixtures: LibreOffice's own (Standard-encrypted
// DOCX, Office 97 RC4 DOC, made by tests/support/lo-encrypt.py, see fixtures/README.md) and, for
// the kinds no writer here makes, the test-only encrypters of tests/support/office-encrypt.ts, whose
// files msoffcrypto-tool (independent of ours) decrypts to the same bytes.

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`fixtures/${name}`, import.meta.url)));
const PASSWORD = "Pässwort-25";
const STANDARD_DOCX = fixture("libreoffice-standard.docx");
const RC4_DOC = fixture("libreoffice-rc4.doc");
const PLAIN_DOC = fixture("libreoffice-plain.doc");
const work = scratch("office-crypto");
afterAll(() => work.cleanup());

/** The DOCX zip (or .doc container) msoffcrypto-tool decrypts `file` to. */
function msoffcryptoDecrypt(file: Uint8Array, password: string): Uint8Array {
  const input = work.path(`in-${Math.random().toString(36).slice(2)}`);
  writeFileSync(input, file);
  execFileSync(MSOFFCRYPTO, ["-p", password, input, `${input}.out`]);
  return new Uint8Array(readFileSync(`${input}.out`));
}

const docxText = async (zip: Uint8Array) => writeTxt(await readDocx(zip));

function failure(run: () => unknown): DocumentError {
  try {
    run();
  } catch (error) {
    if (error instanceof DocumentError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

function opened(bytes: Uint8Array, password: string | undefined) {
  const result = openProtectedOffice(bytes, password);
  if (!result) throw new Error("not seen as protected");
  return result;
}

const compound = (streams: Record<string, Uint8Array>) => {
  const container = CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) CFB.utils.cfb_add(container, `/${name}`, Buffer.from(content));
  return new Uint8Array(CFB.write(container, { type: "buffer" }) as Uint8Array);
};

describe("password-protected DOCX", () => {
  it("opens LibreOffice's Standard-encrypted DOCX with its password, to msoffcrypto's bytes", async () => {
    expect(officeProtection(STANDARD_DOCX)).toBe("ooxml");
    const result = opened(STANDARD_DOCX, PASSWORD);
    if (result.kind !== "docx") throw new Error("not a DOCX");
    if (HAVE_MSOFFCRYPTO) expect(Buffer.from(result.bytes).equals(Buffer.from(msoffcryptoDecrypt(STANDARD_DOCX, PASSWORD)))).toBe(true);
    const text = await docxText(result.bytes);
    expect(text).toContain("The quick brown fox jumps over the lazy dog.");
    expect(text).toContain("Übergrößenträger and Καλημέρα κόσμε");
  });

  it("asks for the password without one, and says a wrong one is wrong", () => {
    expect(failure(() => openProtectedOffice(STANDARD_DOCX, undefined)).code).toBe("password-required");
    const wrong = failure(() => openProtectedOffice(STANDARD_DOCX, "pässwort-25"));
    expect(wrong.code).toBe("wrong-password");
    expect(wrong.message).toBe("The password is not right for this file. Check it and try again.");
  });

  it.each([
    ["SHA-512, AES-256, 100 000 rounds (Office's default)", { hash: "sha512", keyBits: 256 }],
    ["SHA-1, AES-128", { hash: "sha1", keyBits: 128, spinCount: 1000 }],
    ["SHA-384, AES-128", { hash: "sha384", keyBits: 128, spinCount: 10 }],
    ["SHA-256, AES-256 (Apache POI's choice)", { hash: "sha256", keyBits: 256, spinCount: 100 }],
  ] as const)("opens an agile-encrypted DOCX: %s", async (_, options) => {
    const plain = opened(STANDARD_DOCX, PASSWORD);
    if (plain.kind !== "docx") throw new Error("not a DOCX");
    const agile = encryptAgile(plain.bytes, "open sesame", options);
    if (HAVE_MSOFFCRYPTO) expect(Buffer.from(msoffcryptoDecrypt(agile, "open sesame")).equals(Buffer.from(plain.bytes))).toBe(true);
    const result = opened(agile, "open sesame");
    expect(result.kind === "docx" && Buffer.from(result.bytes).equals(Buffer.from(plain.bytes))).toBe(true);
    expect(failure(() => openProtectedOffice(agile, "open sesame!")).code).toBe("wrong-password");
  });

  it("refuses a cut-short or unknown EncryptionInfo, and Rights Management, in words", () => {
    const pkg = new Uint8Array(64);
    expect(failure(() => openProtectedOffice(compound({ EncryptionInfo: Uint8Array.of(4, 0), EncryptedPackage: pkg }), "x")).message).toMatch(/damaged: its encryption information is cut short/);
    const standardInfo = openCompoundFile(STANDARD_DOCX).stream("EncryptionInfo")!;
    expect(failure(() => openProtectedOffice(compound({ EncryptionInfo: standardInfo.subarray(0, 60), EncryptedPackage: pkg }), PASSWORD)).message).toMatch(/cut short/);
    const agileNoKey = new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0, ...new TextEncoder().encode("<encryption><keyData/></encryption>")]);
    expect(failure(() => openProtectedOffice(compound({ EncryptionInfo: agileNoKey, EncryptedPackage: pkg }), "x")).code).toMatch(/damaged|unsupported/);
    const extensible = failure(() => openProtectedOffice(compound({ EncryptionInfo: Uint8Array.of(3, 0, 3, 0, 0, 0, 0, 0), EncryptedPackage: pkg }), undefined));
    expect(extensible.code).toBe("unsupported");
    expect(extensible.message).toMatch(/extensible encryption/);
    const rights = failure(() => openProtectedOffice(compound({ EncryptedPackage: pkg, "\u0006DataSpaces/Version": new Uint8Array(8) }), "x"));
    expect(rights.code).toBe("unsupported");
    expect(rights.message).toMatch(/Rights Management/);
  });

  it("refuses a package that claims more bytes than it holds", () => {
    const container = CFB.read(Buffer.from(STANDARD_DOCX), { type: "buffer" });
    const pkg = Buffer.from(CFB.find(container, "EncryptedPackage")!.content);
    const info = openCompoundFile(STANDARD_DOCX).stream("EncryptionInfo")!;
    const cut = compound({ EncryptionInfo: info, EncryptedPackage: pkg.subarray(0, 1000) });
    expect(failure(() => openProtectedOffice(cut, PASSWORD)).message).toMatch(/encrypted package is cut short/);
  });
});

describe("password-protected DOC", () => {
  it("opens LibreOffice's Office 97 RC4 .doc with its password", () => {
    expect(officeProtection(RC4_DOC)).toBe("doc");
    const result = opened(RC4_DOC, PASSWORD);
    if (result.kind !== "doc") throw new Error("not a DOC");
    if (HAVE_MSOFFCRYPTO) {
      const theirs = openCompoundFile(msoffcryptoDecrypt(RC4_DOC, PASSWORD));
      // the same bytes past what each decrypter rewrites: the FIB's flags and key size (WordDocument
      // bytes 10–17), and the 52-byte encryption header msoffcrypto blanks at the table stream's start
      const same = (name: string, from: number) => Buffer.from(result.container.stream(name)!.subarray(from)).equals(Buffer.from(theirs.stream(name)!.subarray(from)));
      expect(same("WordDocument", 18)).toBe(true);
      expect(same("1Table", 52)).toBe(true);
    }
    const text = writeTxt(readDoc(RC4_DOC, result.container));
    expect(text).toContain("The quick brown fox jumps over the lazy dog.");
    expect(text).toContain("Übergrößenträger and Καλημέρα κόσμε");
    expect(failure(() => openProtectedOffice(RC4_DOC, "wrong")).code).toBe("wrong-password");
    expect(failure(() => openProtectedOffice(RC4_DOC, undefined)).code).toBe("password-required");
  });

  it.each([128, 40])("opens a %i-bit RC4 CryptoAPI .doc", (keyBits) => {
    const encrypted = encryptDocCryptoApi(PLAIN_DOC, "hunter2", keyBits);
    if (HAVE_MSOFFCRYPTO && HAVE_CATDOC) {
      const input = work.path(`capi-${keyBits}.doc`);
      writeFileSync(input, msoffcryptoDecrypt(encrypted, "hunter2"));
      expect(execFileSync(CATDOC, [input], { encoding: "utf8" })).toContain("The quick brown fox");
    }
    const result = opened(encrypted, "hunter2");
    if (result.kind !== "doc") throw new Error("not a DOC");
    expect(writeTxt(readDoc(encrypted, result.container))).toBe(writeTxt(readDoc(PLAIN_DOC)));
    expect(failure(() => openProtectedOffice(encrypted, "hunter3")).code).toBe("wrong-password");
  });

  it("names XOR obfuscation instead of asking for a password", () => {
    const container = CFB.read(Buffer.from(RC4_DOC), { type: "buffer" });
    const entry = CFB.find(container, "WordDocument")!;
    const word = Buffer.from(entry.content);
    word[11] = word[11]! | 0x80;
    entry.content = word;
    const obfuscated = new Uint8Array(CFB.write(container, { type: "buffer" }) as Uint8Array);
    const refusal = failure(() => openProtectedOffice(obfuscated, undefined));
    expect(refusal.code).toBe("unsupported");
    expect(refusal.message).toMatch(/XOR obfuscation/);
  });

  it("leaves an unprotected .doc to the reader", () => {
    expect(officeProtection(PLAIN_DOC)).toBeUndefined();
    expect(openProtectedOffice(PLAIN_DOC, "anything")).toBeUndefined();
  });
});

describe("the document pipeline", () => {
  const engines: DocumentEngines = {
    pdfjs: () => Promise.reject(new Error("not needed")),
    canvas: () => Promise.reject(new Error("not needed")),
    fonts: () => Promise.reject(new Error("not needed")),
    fallbackFonts: () => Promise.reject(new Error("not needed")),
  };

  it.each([
    ["report.docx", STANDARD_DOCX, "docx"],
    ["report.doc", RC4_DOC, "doc"],
  ] as const)("converts %s with the password, asks for one without, and the probe says it is locked", async (name, bytes, kind) => {
    const output = await convertDocument({ bytes, name }, { target: "txt", password: PASSWORD }, engines);
    expect(new TextDecoder().decode(output.files[0]!.bytes)).toContain("The quick brown fox jumps over the lazy dog.");
    expect(output.files[0]!.name).toBe("report.txt");
    await expect(convertDocument({ bytes, name }, { target: "txt" }, engines)).rejects.toMatchObject({ code: "password-required" });
    await expect(convertDocument({ bytes, name }, { target: "txt", password: "nope" }, engines)).rejects.toMatchObject({ code: "wrong-password" });
    expect(await probeDocument({ bytes, name }, engines.pdfjs)).toEqual({ kind, encrypted: true });
  });
});
