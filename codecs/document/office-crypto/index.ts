import { isCompoundFile, openCompoundFile, type CompoundFile } from "../doc-cfb.ts";
import { damagedEncryption, passwordRequired, unsupportedProtection } from "./crypto-errors.ts";
import { decryptDoc, isEncryptedDoc } from "./doc-decrypt.ts";
import { decryptOoxmlPackage, ooxmlEncryption } from "./ooxml-decrypt.ts";

// Password-protected Word documents (issue 25), opened with the visitor's password before the
// DOCX or DOC reader sees them: an encrypted DOCX is an OLE file holding the encrypted zip, an
// encrypted .doc keeps its streams and marks its FIB. Everything here is synchronous and pure, the
// same in the browser worker and the CLI.

export type OfficeProtection = "ooxml" | "doc" | "rights-management";

/** What protects an OLE file, or undefined when nothing does (or it is no OLE file we can read). */
export function officeProtection(bytes: Uint8Array): OfficeProtection | undefined {
  if (!isCompoundFile(bytes)) return undefined;
  try {
    return protectionOf(openCompoundFile(bytes));
  } catch {
    // a damaged container: the reader says so in its own words
    return undefined;
  }
}

function protectionOf(container: CompoundFile): OfficeProtection | undefined {
  // Rights Management keeps a DOCX's package in EncryptedPackage too, with no EncryptionInfo (the
  // key is on the publisher's server), and a .doc's whole container in a DRMContent stream
  if (container.has("\u0009DRMContent")) return "rights-management";
  if (container.has("EncryptedPackage")) return container.has("EncryptionInfo") ? "ooxml" : "rights-management";
  const word = container.has("WordDocument") ? container.stream("WordDocument") : undefined;
  return word && isEncryptedDoc(word) ? "doc" : undefined;
}

/** What the reader gets: a DOCX's zip, or a .doc's container with its streams decrypted. */
export type OpenedOffice = { kind: "docx"; bytes: Uint8Array } | { kind: "doc"; container: CompoundFile };

const RIGHTS_MANAGEMENT = "Information Rights Management (IRM/DRM): only the publisher's rights server can open it";

/**
 * A protected Word document opened with `password`, or undefined when `bytes` is not protected.
 * Throws "password-required" without a password, "wrong-password" with a wrong one, and
 * "unsupported" naming a protection not read here (Rights Management, XOR obfuscation...).
 */
export function openProtectedOffice(bytes: Uint8Array, password: string | undefined): OpenedOffice | undefined {
  if (!isCompoundFile(bytes)) return undefined;
  let container: CompoundFile;
  try {
    container = openCompoundFile(bytes);
  } catch {
    return undefined;
  }
  const protection = protectionOf(container);
  if (protection === undefined) return undefined;
  if (protection === "rights-management") throw unsupportedProtection(RIGHTS_MANAGEMENT);
  if (protection === "ooxml") {
    const info = container.stream("EncryptionInfo");
    const pkg = container.stream("EncryptedPackage");
    if (!info || !pkg) throw damagedEncryption("its encryption information is missing");
    // the kind is checked before the password: an unreadable kind is refused even without one
    ooxmlEncryption(info);
    if (!password) throw passwordRequired();
    return { kind: "docx", bytes: decryptOoxmlPackage(info, pkg, password) };
  }
  return { kind: "doc", container: decryptDoc(container, container.stream("WordDocument")!, password) };
}
