import { describe, expect, it } from "vitest";
import { rampPng } from "#tests/support/office-fixtures.ts";
import { checkDocumentChoice, checkTarget, sniffDocument } from "./document-options.ts";

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe("sniffDocument", () => {
  it("tells the kinds from their first bytes, not their names", () => {
    expect(sniffDocument(text("%PDF-1.7\n"), "a.docx")).toBe("pdf");
    expect(sniffDocument(text("junk before %PDF-1.4"), "a.pdf")).toBe("pdf");
    expect(sniffDocument(bytes(0x50, 0x4b, 3, 4, 20), "report.doc")).toBe("docx");
    expect(sniffDocument(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), "old.doc")).toBe("doc");
    expect(sniffDocument(rampPng(), "x.jpg")).toBe("png");
    expect(sniffDocument(bytes(0xff, 0xd8, 0xff, 0xe0), "x.png")).toBe("jpeg");
  });

  it("takes anything else as text only when it is named .txt", () => {
    expect(sniffDocument(text("Dear reader"), "letter.TXT")).toBe("txt");
    expect(sniffDocument(text("Dear reader"), "letter.pdf")).toBeNull();
  });
});

describe("checkTarget and checkDocumentChoice", () => {
  it("names what a kind converts to when the target is not one of them", () => {
    expect(checkTarget("pdf", "png")).toBe("png");
    expect(() => checkTarget("txt", "jpg")).toThrow("Plain text (TXT) converts to PDF or Word (DOCX), not to JPG images.");
  });

  it("keeps numbers in range and fills the defaults", () => {
    expect(checkDocumentChoice({ target: "png" })).toEqual({ target: "png", dpi: 150, jpegQuality: 90, pages: "", password: undefined });
    expect(() => checkDocumentChoice({ target: "png", dpi: 600 })).toThrow("between 72 and 300 DPI");
    expect(() => checkDocumentChoice({ target: "jpg", jpegQuality: 20 })).toThrow("between 50 and 100");
  });
});
