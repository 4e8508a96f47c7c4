import { createRequire } from "node:module";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { closePdf, openPdf } from "./pdfjs.ts";
import { nodePdfjs, nodePdfjsText } from "./pdfjs-node.ts";

async function onePagePdf(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 18, font });
  return pdf.save();
}

describe("nodePdfjsText: pdf.js without its canvas addon", () => {
  it("reads text without loading @napi-rs/canvas, and nodePdfjs() afterwards gets the real DOMMatrix", async () => {
    const require = createRequire(import.meta.url);
    const addon = require.resolve("@napi-rs/canvas");
    const loadedBefore = require.cache[addon] !== undefined;
    const doc = await openPdf(await nodePdfjsText(), await onePagePdf("Hello without canvas"));
    const content = await (await doc.getPage(1)).getTextContent();
    expect(content.items.map((item) => ("str" in item ? item.str : "")).join("")).toBe("Hello without canvas");
    await closePdf(doc);
    // the stand-in is gone from the cache: whoever requires the addon next gets the real one
    if (!loadedBefore) expect(require.cache[addon]).toBeUndefined();

    await nodePdfjs();
    const matrix = new DOMMatrix([2, 0, 0, 2, 5, 6]);
    expect(matrix.multiply(new DOMMatrix()).e).toBe(5);
  });
});
