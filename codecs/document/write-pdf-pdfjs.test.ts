// Our PDFs through pdf.js, the reader behind the converter's page images (DOCX → PNG/JPG goes
// model → writePdf → renderPdfPages): its text matches the model, and its rendering of a page
// matches poppler's.
import { afterAll, describe, expect, it } from "vitest";
import { magickRgba } from "#tests/support/imagemagick.ts";
import { rampPng, words, wordsInOrder } from "#tests/support/office-fixtures.ts";
import { HAVE_IMAGEMAGICK, HAVE_POPPLER } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { psnr } from "#tests/support/codecs/pdf/test-helpers.ts";
import type { Block, DocModel } from "./model.ts";
import { nodePdfFonts } from "./pdf-fonts-node.ts";
import { closePdf, openPdf } from "./pdfjs.ts";
import { nodePdfjs } from "./pdfjs-node.ts";
import { nodeCanvas } from "./render-pdf-node.ts";
import { blockMeans, crop, popplerPage, rgbOf } from "#tests/support/codecs/document/render-pdf-test-helpers.ts";
import { renderPdfPages } from "./render-pdf.ts";
import { writePdf } from "./write-pdf.ts";

const dir = scratch("write-pdf-pdfjs");
afterAll(() => dir.cleanup());

const plain = (text: string): Block => ({ kind: "paragraph", runs: [{ text }] });

const fillers = Array.from({ length: 40 }, (_, i) => `Filler paragraph ${i + 1} about ledgers, harbours and lanterns.`);

const model: DocModel = {
  blocks: [
    { kind: "heading", level: 1, runs: [{ text: "Quarterly Report" }] },
    { kind: "paragraph", runs: [{ text: "Bold", bold: true }, { text: " and " }, { text: "italic", italic: true }, { text: " words, Привет мир, Καλημέρα κόσμε." }] },
    { kind: "list", ordered: true, items: [{ blocks: [plain("Count the crates")] }, { blocks: [plain("Ship the crates")] }] },
    { kind: "table", rows: [{ header: true, cells: [{ blocks: [plain("Name")] }, { blocks: [plain("Count")] }] }, { cells: [{ blocks: [plain("Alpha")] }, { blocks: [plain("12")] }] }] },
    { kind: "image", data: rampPng(), mime: "image/png", width: 120, height: 80 },
    ...fillers.map(plain),
  ],
  notes: [],
};

/** The model's text in reading order (list markers and the picture aside). */
const expected = words(
  ["Quarterly Report", "Bold and italic words, Привет мир, Καλημέρα κόσμε.", "Count the crates", "Ship the crates", "Name Count Alpha 12", ...fillers].join(" "),
);

describe("writePdf's output in pdf.js", async () => {
  const pdf = await writePdf(model, await nodePdfFonts());
  const file = dir.write("report.pdf", pdf);

  it("has the model's words, in order, in pdf.js's text", async () => {
    const doc = await openPdf(await nodePdfjs(), pdf.slice());
    const texts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
    }
    await closePdf(doc);
    expect(wordsInOrder(expected, words(texts.join(" ")))).toBeGreaterThanOrEqual(0.99);
  });

  it.skipIf(!HAVE_POPPLER || !HAVE_IMAGEMAGICK)("is drawn by pdf.js as poppler draws it (page 1 at 72 dpi)", async () => {
    const [page] = await renderPdfPages(await nodePdfjs(), nodeCanvas, pdf.slice(), { dpi: 72, format: "png", pages: [{ from: 1, to: 1 }] });
    const decoded = magickRgba(dir.write("page-1.png", page!.bytes));
    const reference = popplerPage(file, 1, 72);
    const width = Math.min(decoded.width, reference.width);
    const height = Math.min(decoded.height, reference.height);
    const ours = crop(rgbOf(decoded.width, decoded.height, decoded.data), width, height);
    const theirs = crop(reference, width, height);
    // over 4 × 4 blocks, so anti-aliasing differences between the two renderers do not count
    const score = psnr(blockMeans(ours, 4).rgb, blockMeans(theirs, 4).rgb, 3);
    expect(score).toBeGreaterThanOrEqual(29);
    // the control: a blank page does not pass
    const blank = { ...ours, rgb: new Uint8Array(ours.rgb.length).fill(255) };
    expect(psnr(blockMeans(blank, 4).rgb, blockMeans(theirs, 4).rgb, 3)).toBeLessThan(29);
  });
});
