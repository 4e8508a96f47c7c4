// JPG and PNG photos and scans into one PDF, one page per image, in the order given (issue 15). The
// image goes in as it is: a JPEG's own compressed data (no re-encoding, no quality lost) and a PNG's
// pixels through pdf-lib. Each page is A4, turned to the image's orientation, with the image fitted
// inside the margins and centred; a small image is not blown up past its size at 96 DPI.
import { PDFDocument, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from "pdf-lib";
import { jpegOrientation } from "../jpeg/exif-orientation.ts";
import { swapsAxes, type Orientation } from "../image/orient.ts";
import { sniffImage } from "../image/image-sniff.ts";
import { decodePng } from "../png/index.ts";
import { DocumentError } from "./document-error.ts";
import { DEFAULT_PAGE } from "./model.ts";

import type { ImageFile } from "./read-images.ts";

export type { ImageFile };

export interface ImagesToPdfOptions {
  title?: string;
  onProgress?: (fraction: number) => void;
}

const MARGIN_PT = 36;
/** CSS pixels: a 96 DPI image is shown at its own size and never larger. */
const NATIVE_PT_PER_PX = 72 / 96;

/**
 * The matrix that draws a stored image (PDF's unit square, first row at the top) upright inside the
 * displayed `w` × `h` box at (x, y), for an EXIF orientation (how the stored rows must be turned).
 */
function orientedMatrix(o: Orientation, x: number, y: number, w: number, h: number): [number, number, number, number, number, number] {
  switch (o) {
    case 2: return [-w, 0, 0, h, x + w, y];
    case 3: return [-w, 0, 0, -h, x + w, y + h];
    case 4: return [w, 0, 0, -h, x, y + h];
    case 5: return [0, -h, -w, 0, x + w, y + h];
    case 6: return [0, -h, w, 0, x, y + h];
    case 7: return [0, h, w, 0, x, y];
    case 8: return [0, h, -w, 0, x + w, y];
    default: return [w, 0, 0, h, x, y];
  }
}

/** One PDF of every image, in order. Throws DocumentError for a file that is not a readable JPG or PNG. */
export async function imagesToPdf(images: readonly ImageFile[], options: ImagesToPdfOptions = {}): Promise<Uint8Array> {
  if (images.length === 0) throw new DocumentError("Choose at least one image to put in the PDF.", "unsupported");
  const doc = await PDFDocument.create();
  if (options.title) doc.setTitle(options.title);
  doc.setCreator("PDF converter (in the browser)");
  for (const [index, image] of images.entries()) {
    const kind = sniffImage(image.bytes);
    if (!kind) throw new DocumentError(`${image.name} is not a JPG or PNG image.`, "damaged");
    let embedded;
    try {
      // pdf-lib's PNG reader takes a cut file without a word (and slowly): ours checks it first
      if (kind === "png") decodePng(image.bytes);
      embedded = kind === "jpeg" ? await doc.embedJpg(image.bytes) : await doc.embedPng(image.bytes);
    } catch {
      throw new DocumentError(`${image.name} could not be read: the image data is damaged or incomplete.`, "damaged");
    }
    const orientation = kind === "jpeg" ? jpegOrientation(image.bytes) : 1;
    const turned = swapsAxes(orientation);
    const widthPx = turned ? embedded.height : embedded.width;
    const heightPx = turned ? embedded.width : embedded.height;
    const landscape = widthPx > heightPx;
    const pageW = landscape ? DEFAULT_PAGE.heightPt : DEFAULT_PAGE.widthPt;
    const pageH = landscape ? DEFAULT_PAGE.widthPt : DEFAULT_PAGE.heightPt;
    const scale = Math.min((pageW - 2 * MARGIN_PT) / widthPx, (pageH - 2 * MARGIN_PT) / heightPx, NATIVE_PT_PER_PX);
    const w = widthPx * scale;
    const h = heightPx * scale;
    const x = (pageW - w) / 2;
    const y = (pageH - h) / 2;
    const page = doc.addPage([pageW, pageH]);
    const name = page.node.newXObject("Im", embedded.ref);
    // the box is the upright image; the matrix maps the stored (unturned) image onto it
    const [a, b, c, d, e, f] = orientedMatrix(orientation, x, y, w, h);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(a, b, c, d, e, f), drawObject(name), popGraphicsState());
    options.onProgress?.((index + 1) / (images.length + 1));
  }
  const pdf = await doc.save({ useObjectStreams: true });
  options.onProgress?.(1);
  return pdf;
}
