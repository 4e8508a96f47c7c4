import { readFileSync, writeFileSync } from "node:fs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_QPDF } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { attachmentOnlyEncryption } from "#tests/corpus/pdf/security-writers.ts";
import { withoutAttachmentOnlyEncryption } from "./pdf-encryption.ts";
import { looksCutShort } from "./pdfjs.ts";
import { nodePdfjs } from "./pdfjs-node.ts";
import { readPdfText } from "./read-pdf.ts";

const dir = scratch("pdf-encryption");
afterAll(() => dir.cleanup());

const bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "latin1"));
const text = (data: Uint8Array): string => Buffer.from(data).toString("latin1");

/** The tail of a PDF: an encryption dictionary and a trailer naming it. */
const tail = (filters: string): string =>
  `7 0 obj\n<< /Filter /Standard /V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /AESV2 /AuthEvent /EFOpen >> >> ${filters} /O <00> /U <00> /P -4 /EncryptMetadata false >>\nendobj\ntrailer\n<< /Size 8 /Root 1 0 R /Encrypt 7 0 R >>\n%%EOF\n`;

describe("withoutAttachmentOnlyEncryption", () => {
  it("renames the trailer's /Encrypt (same length) when strings and streams are in the clear", () => {
    for (const filters of ["/StmF /Identity /StrF /Identity /EFF /StdCF", "/EFF /StdCF"]) {
      const input = bytes(`%PDF-1.6\n${tail(filters)}`);
      const out = withoutAttachmentOnlyEncryption(input);
      expect(out.length).toBe(input.length);
      expect(text(out)).toContain("/NoCrypt 7 0 R");
      // /EncryptMetadata is another name
      expect(text(out)).toContain("/EncryptMetadata false");
      // the caller's bytes are left alone
      expect(text(input)).toContain("/Encrypt 7 0 R");
    }
  });

  it("leaves every other file as it is", () => {
    const encrypted = bytes(`%PDF-1.6\n${tail("/StmF /StdCF /StrF /StdCF /EFF /StdCF")}`);
    expect(withoutAttachmentOnlyEncryption(encrypted)).toBe(encrypted);
    const plain = bytes("%PDF-1.4\n1 0 obj << /Type /Catalog /EFFECT 1 >> endobj\n%%EOF\n");
    expect(withoutAttachmentOnlyEncryption(plain)).toBe(plain);
  });
});

describe("looksCutShort", () => {
  it("is a PDF's start without a %%EOF near the end", () => {
    expect(looksCutShort(bytes("%PDF-1.7\n1 0 obj << >> endobj\n"))).toBe(true);
    expect(looksCutShort(bytes("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n"))).toBe(false);
    expect(looksCutShort(bytes("GIF89a, not a PDF at all"))).toBe(false);
  });
});

describe.skipIf(!HAVE_QPDF)("readPdfText on PDFs whose encryption protects only the attachments (qpdf, byte surgery)", () => {
  beforeAll(async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([300, 200]).drawText("Readable without a password.", { x: 20, y: 150, size: 12, font });
    writeFileSync(dir.path("plain.pdf"), await doc.save({ useObjectStreams: false }));
    writeFileSync(dir.path("note.txt"), "attached\n");
    for (const event of ["EFOpen", "DocOpen"] as const) {
      attachmentOnlyEncryption(dir.path("plain.pdf"), dir.path("note.txt"), "open-sesame", dir.path(`eff-${event}.pdf`), dir.dir, event);
    }
  });

  it.each(["EFOpen", "DocOpen"])("opens without asking for a password (/AuthEvent /%s), as poppler", async (event) => {
    const read = await readPdfText(await nodePdfjs(), new Uint8Array(readFileSync(dir.path(`eff-${event}.pdf`))));
    expect(read.trim()).toBe("Readable without a password.");
  });

  it("says a PDF cut short is cut short", async () => {
    const whole = readFileSync(dir.path("eff-DocOpen.pdf"));
    await expect(readPdfText(await nodePdfjs(), new Uint8Array(whole.subarray(0, 200)))).rejects.toThrow(/cut short/);
  });
});
