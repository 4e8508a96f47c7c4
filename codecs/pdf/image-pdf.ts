// The one image-to-PDF page writer (pdf-lib), for every tool that makes a PDF of pictures. Two kinds
// of page:
// - `addPage`: decoded pixels drawn full-page at their resolution (points = pixels × 72 / dpi), for
//   TIFF and PSB (./images-to-pdf.ts). The pixels go in as Flate-compressed image XObjects (rows
//   PNG-Up-filtered, which makes photos about three times smaller) written through pdf-lib's
//   low-level API: DeviceRGB, or DeviceGray when the page is grey, 1 bit a pixel when it is black and
//   white, with an SMask only when some pixel is not opaque. Pages are added one at a time, so a
//   caller can drop each image before decoding the next.
// - `addImageFile`: a JPG or PNG file as it is (a JPEG's own compressed data, no re-encoding; a PNG's
//   pixels through pdf-lib) on an A4 page turned to the image's orientation, fitted inside the
//   margins and centred; a small image is not blown up past its size at 96 DPI. `imagesToPdf` makes
//   the PDF converter's one PDF of photos and scans (issue 15) with it.
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState, type PDFRef } from "pdf-lib";
import { DocumentError } from "../document/document-error.ts";
import { DEFAULT_PAGE } from "../document/model.ts";
import type { ImageFile } from "../document/read-images.ts";
import { sniffImage } from "../image/image-sniff.ts";
import { swapsAxes, type Orientation } from "../image/orient.ts";
import type { RgbaImage } from "../image/rgba-image.ts";
import { jpegOrientation } from "../jpeg/exif-orientation.ts";
import { decodePng } from "../png/index.ts";
import { analyse, bits, channel, deflate, rgb, upFilter, type PdfColour } from "./image-samples.ts";

export type { ImageFile, PdfColour };

export interface PdfPageImage extends RgbaImage {
  /** pixels per inch across and down (72 makes one pixel one point) */
  dpiX: number;
  dpiY: number;
}

export interface PdfPageInfo {
  widthPx: number;
  heightPx: number;
  dpiX: number;
  dpiY: number;
  /** page size in points (1/72 inch) */
  widthPt: number;
  heightPt: number;
  colour: PdfColour;
  alpha: boolean;
}

export interface ImagePdfOptions {
  title?: string;
  /** the PDF's Creator (the tool that made it) */
  creator?: string;
}

type Matrix = [number, number, number, number, number, number];

const MARGIN_PT = 36;
/** CSS pixels: a 96 DPI image is shown at its own size and never larger. */
const NATIVE_PT_PER_PX = 72 / 96;

const thousandths = (v: number) => Math.round(v * 1000) / 1000;

/** Page size in points for an image at a resolution. */
export function pageSizePt(widthPx: number, heightPx: number, dpiX: number, dpiY: number): { widthPt: number; heightPt: number } {
  return { widthPt: thousandths((widthPx * 72) / dpiX), heightPt: thousandths((heightPx * 72) / dpiY) };
}

export class ImagePdfWriter {
  /** what `addPage` drew, page by page */
  readonly pages: PdfPageInfo[] = [];
  private readonly doc: PDFDocument;

  private constructor(doc: PDFDocument) {
    this.doc = doc;
  }

  static async create(options: ImagePdfOptions = {}): Promise<ImagePdfWriter> {
    const doc = await PDFDocument.create();
    if (options.title) doc.setTitle(options.title);
    doc.setCreator(options.creator ?? "Image to PDF converter (in the browser)");
    return new ImagePdfWriter(doc);
  }

  /** Adds one page showing `image`. The image's pixels are not kept. */
  async addPage(image: PdfPageImage): Promise<PdfPageInfo> {
    const { width, height, data } = image;
    if (data.length < width * height * 4) throw new RangeError("The image's pixel data is shorter than its size");
    const { colour, alpha } = analyse(data, width * height);
    const context = this.doc.context;
    let smask: PDFRef | undefined;
    if (alpha) smask = context.register(await this.imageStream(channel(data, width * height, 3), width, height, 1, 8));
    const pixels = colour === "rgb" ? rgb(data, width * height) : colour === "grey" ? channel(data, width * height, 0) : bits(data, width, height);
    const ref = context.register(await this.imageStream(pixels, width, height, colour === "rgb" ? 3 : 1, colour === "bilevel" ? 1 : 8, smask));

    const { widthPt, heightPt } = pageSizePt(width, height, image.dpiX, image.dpiY);
    this.drawPage(ref, widthPt, heightPt, [widthPt, 0, 0, heightPt, 0, 0]);
    const info: PdfPageInfo = { widthPx: width, heightPx: height, dpiX: image.dpiX, dpiY: image.dpiY, widthPt, heightPt, colour, alpha };
    this.pages.push(info);
    return info;
  }

  /**
   * Adds one A4 page showing a JPG or PNG file upright (a JPEG's EXIF orientation applied). Throws
   * DocumentError ("damaged") for a file that is not a readable JPG or PNG, naming it.
   */
  async addImageFile(image: ImageFile): Promise<void> {
    const kind = sniffImage(image.bytes);
    if (!kind) throw new DocumentError(`${image.name} is not a JPG or PNG image.`, "damaged");
    let embedded;
    try {
      // pdf-lib's PNG reader takes a cut file without a word (and slowly): ours checks it first
      if (kind === "png") decodePng(image.bytes);
      embedded = kind === "jpeg" ? await this.doc.embedJpg(image.bytes) : await this.doc.embedPng(image.bytes);
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
    // the box is the upright image; the matrix maps the stored (unturned) image onto it
    this.drawPage(embedded.ref, pageW, pageH, orientedMatrix(orientation, (pageW - w) / 2, (pageH - h) / 2, w, h));
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: true, addDefaultPage: false });
  }

  /** A new page of the given size showing the image XObject `ref` through `matrix`. */
  private drawPage(ref: PDFRef, widthPt: number, heightPt: number, [a, b, c, d, e, f]: Matrix): void {
    const page = this.doc.addPage([widthPt, heightPt]);
    const name = page.node.newXObject("Im", ref);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(a, b, c, d, e, f), drawObject(name), popGraphicsState());
  }

  /** An image XObject: rows PNG-"Up"-filtered (8-bit data) and Flate-compressed. */
  private async imageStream(samples: Uint8Array, width: number, height: number, colours: 1 | 3, bitsPerComponent: 1 | 8, smask?: PDFRef) {
    const rowBytes = bitsPerComponent === 1 ? Math.ceil(width / 8) : width * colours;
    const filtered = bitsPerComponent === 8 ? upFilter(samples, rowBytes, height) : samples;
    const compressed = await deflate(filtered);
    return this.doc.context.stream(compressed, {
      Type: "XObject",
      Subtype: "Image",
      Width: width,
      Height: height,
      ColorSpace: colours === 3 ? "DeviceRGB" : "DeviceGray",
      BitsPerComponent: bitsPerComponent,
      Filter: "FlateDecode",
      ...(bitsPerComponent === 8 ? { DecodeParms: { Predictor: 12, Colors: colours, BitsPerComponent: 8, Columns: width } } : {}),
      ...(smask ? { SMask: smask } : {}),
    });
  }
}

/** One PDF of every JPG or PNG image, in order, one A4 page each. Throws DocumentError for a file that is not a readable JPG or PNG. */
export async function imagesToPdf(images: readonly ImageFile[], options: { title?: string; onProgress?: (fraction: number) => void } = {}): Promise<Uint8Array> {
  if (images.length === 0) throw new DocumentError("Choose at least one image to put in the PDF.", "unsupported");
  const writer = await ImagePdfWriter.create({ title: options.title, creator: "PDF converter (in the browser)" });
  for (const [index, image] of images.entries()) {
    await writer.addImageFile(image);
    options.onProgress?.((index + 1) / (images.length + 1));
  }
  const pdf = await writer.save();
  options.onProgress?.(1);
  return pdf;
}

/**
 * The matrix that draws a stored image (PDF's unit square, first row at the top) upright inside the
 * displayed `w` × `h` box at (x, y), for an EXIF orientation (how the stored rows must be turned).
 */
function orientedMatrix(o: Orientation, x: number, y: number, w: number, h: number): Matrix {
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
