import { execFileSync } from "node:child_process";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_POPPLER } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { psnr } from "#tests/support/codecs/pdf/test-helpers.ts";
import { closePdf, openPdf } from "./pdfjs.ts";
import { nodePdfjs } from "./pdfjs-node.ts";
import { nodeCanvas } from "./render-pdf-node.ts";
import { renderPdfPages } from "./render-pdf.ts";
import { blockMeans, handWrittenPdf, popplerPage, rgbOf } from "#tests/support/codecs/document/render-pdf-test-helpers.ts";
import { magickRgba } from "#tests/support/imagemagick.ts";

const dir = scratch("pdfjs-node");
afterAll(() => dir.cleanup());

/** Japanese text in a font the PDF does not embed, encoded through Adobe's predefined UniJIS-UCS2-H CMap. */
function predefinedCMapPdf(text: string): Uint8Array {
  const hex = Buffer.from(text, "utf16le").swap16().toString("hex").toUpperCase();
  const content = `BT /F1 24 Tf 20 100 Td <${hex}> Tj ET`;
  return handWrittenPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type0 /BaseFont /KozMinPr6N-Regular /Encoding /UniJIS-UCS2-H /DescendantFonts [6 0 R] >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /KozMinPr6N-Regular /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 6 >> /FontDescriptor 7 0 R >>",
    "<< /Type /FontDescriptor /FontName /KozMinPr6N-Regular /Flags 6 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >>",
  ]);
}

describe("nodePdfjs reads pdf.js's data folders from node_modules", () => {
  it("decodes text through a predefined CMap (cmaps/UniJIS-UCS2-H.bcmap)", async () => {
    const doc = await openPdf(await nodePdfjs(), predefinedCMapPdf("日本語のテキスト"));
    const text = await (await doc.getPage(1)).getTextContent();
    expect(text.items.map((item) => ("str" in item ? item.str : "")).join("")).toBe("日本語のテキスト");
    await closePdf(doc);
  });

  // Before useWorkerFetch was turned off in Node, pdf.js could not fetch the font data by path and
  // drew Times-BoldItalic in a plain sans: 17.9 dB (21.7 over 4 × 4 blocks) against poppler; with
  // its own Foxit and Liberation fonts it scores 21.4 dB (26.5).
  it.skipIf(!HAVE_POPPLER)("draws the standard 14 fonts a PDF names without embedding them", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 200]);
    page.drawText("Helvetica not embedded", { x: 20, y: 150, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
    page.drawText("Times Bold Italic", { x: 20, y: 100, size: 18, font: await doc.embedFont(StandardFonts.TimesRomanBoldItalic) });
    const file = dir.write("standard-fonts.pdf", await doc.save());
    expect(execFileSync("pdffonts", [file], { encoding: "utf8" })).toMatch(/Times-BoldItalic\s+Type 1\s+WinAnsi\s+no/);
    const [image] = await renderPdfPages(await nodePdfjs(), nodeCanvas, dir.read("standard-fonts.pdf"), { dpi: 150, format: "png" });
    const ours = magickRgba(dir.write("standard-fonts.png", image!.bytes));
    const oursRgb = rgbOf(ours.width, ours.height, ours.data);
    const poppler = popplerPage(file, 1, 150);
    expect([poppler.width, poppler.height]).toEqual([ours.width, ours.height]);
    expect(psnr(oursRgb.rgb, poppler.rgb, 3)).toBeGreaterThanOrEqual(20);
    expect(psnr(blockMeans(oursRgb, 4).rgb, blockMeans(poppler, 4).rgb, 3)).toBeGreaterThanOrEqual(25);
  });
});
