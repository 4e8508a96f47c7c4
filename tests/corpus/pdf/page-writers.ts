// Pages that pdf-lib writes for the PDF corpus: a page turned a quarter by /Rotate (a landscape scan's
// text layer, a table printed sideways), its text drawn upright in the page's own frame.
import { degrees, PDFDocument, StandardFonts } from "pdf-lib";
import { paragraph } from "./odt-writers.ts";

/** Two pages: one turned 90° by /Rotate, one turned 270°, each with a heading and wrapped paragraphs. */
export async function rotatedPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (const turn of [90, 270]) {
    const page = doc.addPage([595, 842]);
    page.setRotation(degrees(turn));
    page.drawText(`Page turned ${turn} degrees`, { x: 60, y: 780, size: 16, font });
    const words = paragraph(`turn${turn}`, 1, 14).split(" ");
    let line = "";
    let y = 750;
    for (const word of words) {
      if (font.widthOfTextAtSize(`${line} ${word}`, 11) > 470) {
        page.drawText(line, { x: 60, y, size: 11, font });
        y -= 14;
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    page.drawText(line, { x: 60, y, size: 11, font });
  }
  return doc.save();
}
