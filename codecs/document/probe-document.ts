// What the PDF converter's page shows about a file before converting (issue 15): its kind, and for a
// PDF its pages, title, author, whether it is locked and whether it has text; a text file's encoding;
// an image's size. Cheap reads only: no document is converted here.
import { readPngHeader } from "../png/index.ts";
import { jpegSize } from "../jpeg/jpeg-size.ts";
import type { DocumentFacts } from "./describe-document.ts";
import { documentKind, type DocumentSource } from "./convert-document.ts";
import { closePdf, needsPassword, openPdf, type PdfjsPlatform } from "./pdfjs.ts";
import { decodeText } from "./read-txt.ts";

/** Pages looked at for a text layer: a scan has none on any of them. */
const TEXT_PROBE_PAGES = 3;

const ENCODING_NAMES: Record<string, string> = { "utf-8": "UTF-8", "utf-16le": "UTF-16 (little-endian)", "utf-16be": "UTF-16 (big-endian)", "windows-1252": "Windows-1252" };

const infoText = (info: unknown, key: string): string | undefined => {
  const value = typeof info === "object" && info !== null ? (info as Record<string, unknown>)[key] : undefined;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
};

export async function probePdf(platform: PdfjsPlatform, bytes: Uint8Array): Promise<DocumentFacts> {
  let doc;
  try {
    doc = await openPdf(platform, bytes);
  } catch (error) {
    if (needsPassword(error)) return { kind: "pdf", encrypted: true };
    throw error;
  }
  try {
    // a broken /Info dictionary is no reason to turn the file away: poppler opens it too
    const { info } = await doc.getMetadata().catch(() => ({ info: {} }));
    let hasText = false;
    for (let n = 1; n <= Math.min(TEXT_PROBE_PAGES, doc.numPages) && !hasText; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      hasText = content.items.some((item) => "str" in item && item.str.trim() !== "");
    }
    return { kind: "pdf", pages: doc.numPages, title: infoText(info, "Title"), author: infoText(info, "Author"), hasText };
  } finally {
    await closePdf(doc);
  }
}

export async function probeDocument(source: DocumentSource, pdfjs: () => Promise<PdfjsPlatform>): Promise<DocumentFacts> {
  const kind = documentKind(source);
  if (kind === "pdf") return probePdf(await pdfjs(), new Uint8Array(source.bytes));
  if (kind === "txt") return { kind, encoding: ENCODING_NAMES[decodeText(source.bytes).encoding] };
  if (kind === "png") {
    const { width, height } = readPngHeader(source.bytes);
    return { kind, width, height };
  }
  if (kind === "jpeg") return { kind, ...jpegSize(source.bytes) };
  if (kind === "doc") {
    // a password-protected DOCX (an OLE file too, so sniffed as "doc") or DOC: the page names it
    // and shows its password field before Convert
    const protection = (await import("./office-crypto/index.ts")).officeProtection(source.bytes);
    if (protection === "ooxml") return { kind: "docx", encrypted: true };
    if (protection === "doc") return { kind, encrypted: true };
  }
  return { kind };
}
