import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { decodePng, encodePng } from "../png/index.ts";
import type { ImageBlock } from "./model.ts";
import { toRgba } from "./pdf-images.ts";
import { nodePdfjs } from "./pdfjs-node.ts";
import { readPdfModel } from "./read-pdf.ts";

describe("toRgba", () => {
  it("turns pdf.js's grey 1-bit, RGB and RGBA pixels into RGBA", () => {
    // 10 pixels wide: two bytes a row, the last 6 bits padding; 1 is white
    const bits = toRgba({ width: 10, height: 1, kind: 1, data: new Uint8Array([0b10100000, 0b01000000]) });
    expect(Array.from({ length: 10 }, (_, x) => bits![x * 4])).toEqual([255, 0, 255, 0, 0, 0, 0, 0, 0, 255]);
    expect(bits![3]).toBe(255);
    expect(Array.from(toRgba({ width: 1, height: 2, kind: 2, data: new Uint8Array([1, 2, 3, 4, 5, 6]) })!)).toEqual([1, 2, 3, 255, 4, 5, 6, 255]);
    expect(Array.from(toRgba({ width: 1, height: 1, kind: 3, data: new Uint8Array([9, 8, 7, 6]) })!)).toEqual([9, 8, 7, 6]);
    expect(toRgba({ width: 2, height: 2, kind: 2, data: new Uint8Array(3) })).toBeUndefined();
    expect(toRgba({ width: 1, height: 1, kind: 7, data: new Uint8Array(4) })).toBeUndefined();
  });
});

describe("pictures in readPdfModel", () => {
  it("keeps a PNG with transparency that pdf-lib stored with a soft mask, at its shown size and place", async () => {
    const width = 40;
    const height = 30;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set([(i * 7) % 256, 100, 200, i % width < 20 ? 255 : 64], i * 4);
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([400, 400]);
    page.drawText("Above the picture.", { x: 40, y: 350, size: 12, font });
    page.drawImage(await doc.embedPng(encodePng({ width, height, data })), { x: 40, y: 200, width: 80, height: 60 });
    page.drawText("Below the picture.", { x: 40, y: 150, size: 12, font });
    const model = await readPdfModel(await nodePdfjs(), await doc.save());
    expect(model.blocks.map((block) => block.kind)).toEqual(["paragraph", "image", "paragraph"]);
    const image = model.blocks[1] as ImageBlock;
    expect([image.width, image.height, image.displayWidthPt, image.displayHeightPt]).toEqual([40, 30, 80, 60]);
    const decoded = decodePng(image.data);
    expect(Array.from(decoded.data.subarray(0, 4))).toEqual([0, 100, 200, 255]);
    const right = (5 * width + 30) * 4;
    expect(Array.from(decoded.data.subarray(right, right + 4))).toEqual([Array.from(data.subarray(right, right + 1))[0], 100, 200, 64]);
  });
});
