// A model image as an inline Word picture, sized as the source showed it and scaled down to fit.
import { ImageRun, type PageBreak, Paragraph, TextRun } from "docx";
import { sniffImage } from "../image/image-sniff.ts";
import type { ImageBlock } from "./model.ts";
import { xmlSafe } from "./docx-runs.ts";

/** CSS pixels to points: a picture without a shown size is shown at 96 pixels to the inch. */
const PT_PER_PX = 72 / 96;

export interface Room {
  widthPt: number;
  heightPt: number;
}

/** The size in points `image` is shown at: its own, else its pixels at 96 dpi, fitted into `room`. */
export function fittedSizePt(image: ImageBlock, room: Room): { widthPt: number; heightPt: number } {
  const aspect = image.height > 0 && image.width > 0 ? image.height / image.width : 1;
  let widthPt = image.displayWidthPt ?? (image.displayHeightPt !== undefined ? image.displayHeightPt / aspect : image.width * PT_PER_PX);
  let heightPt = image.displayHeightPt ?? widthPt * aspect;
  if (!(widthPt > 0 && heightPt > 0 && Number.isFinite(widthPt) && Number.isFinite(heightPt))) {
    widthPt = image.width * PT_PER_PX;
    heightPt = image.height * PT_PER_PX;
  }
  const scale = Math.min(1, room.widthPt / widthPt, room.heightPt / heightPt);
  return { widthPt: widthPt * scale, heightPt: heightPt * scale };
}

/**
 * One paragraph holding the picture. Bytes that are neither PNG nor JPEG whatever the model says
 * become the text "[Image: alt]", so one bad picture does not make Word refuse the document.
 */
export function docxImage(image: ImageBlock, room: Room, before: PageBreak[] = [], indentTwips = 0): Paragraph {
  const indent = indentTwips > 0 ? { left: indentTwips } : undefined;
  const kind = sniffImage(image.data);
  const alt = xmlSafe(image.alt ?? "").trim();
  if (kind === null || image.width <= 0 || image.height <= 0) {
    return new Paragraph({ children: [...before, new TextRun(alt === "" ? "[Image]" : `[Image: ${alt}]`)], indent });
  }
  const { widthPt, heightPt } = fittedSizePt(image, { widthPt: Math.max(36, room.widthPt - indentTwips / 20), heightPt: room.heightPt });
  return new Paragraph({
    indent,
    children: [
      ...before,
      new ImageRun({
        type: kind === "png" ? "png" : "jpg",
        data: image.data,
        // docx takes pixels at 96 to the inch, fractions too, and writes EMUs (9525 a pixel)
        transformation: { width: toPixels(widthPt), height: toPixels(heightPt) },
        altText: { name: alt === "" ? "Picture" : alt, description: alt, title: alt },
      }),
    ],
  });
}

const EMU_PER_PT = 12700;
const EMU_PER_PX = 9525;

/** Whole EMUs rounded down (with slack for float error), so a fitted picture stays in its room. */
function toPixels(points: number): number {
  return Math.max(1, Math.floor(points * EMU_PER_PT + 1e-6)) / EMU_PER_PX;
}
