// Images to PDF, one page per image, with pdf-lib. Each page is the image drawn full-page at its
// resolution (points = pixels × 72 / dpi). The pixels go in as Flate-compressed image XObjects
// (rows PNG-Up-filtered, which makes photos about three times smaller)
// written through pdf-lib's low-level API: DeviceRGB, or DeviceGray when the page is grey, 1 bit a
// pixel when it is black and white, with an SMask only when some pixel is not opaque. Pages are
// added one at a time, so a caller can drop each image before decoding the next.
import { zlibSync } from "fflate";
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState, type PDFRef } from "pdf-lib";
import type { RgbaImage } from "../image/rgba-image.ts";

export interface PdfPageImage extends RgbaImage {
  /** pixels per inch across and down (72 makes one pixel one point) */
  dpiX: number;
  dpiY: number;
}

export type PdfColour = "rgb" | "grey" | "bilevel";

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
}

const thousandths = (v: number) => Math.round(v * 1000) / 1000;

/** Page size in points for an image at a resolution. */
export function pageSizePt(widthPx: number, heightPx: number, dpiX: number, dpiY: number): { widthPt: number; heightPt: number } {
  return { widthPt: thousandths((widthPx * 72) / dpiX), heightPt: thousandths((heightPx * 72) / dpiY) };
}

export class ImagePdfWriter {
  readonly pages: PdfPageInfo[] = [];
  private readonly doc: PDFDocument;

  private constructor(doc: PDFDocument) {
    this.doc = doc;
  }

  static async create(options: ImagePdfOptions = {}): Promise<ImagePdfWriter> {
    const doc = await PDFDocument.create();
    if (options.title) doc.setTitle(options.title);
    doc.setCreator("Image to PDF converter (in the browser)");
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
    const page = this.doc.addPage([widthPt, heightPt]);
    const name = page.node.newXObject("Im", ref);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(widthPt, 0, 0, heightPt, 0, 0), drawObject(name), popGraphicsState());
    const info: PdfPageInfo = { widthPx: width, heightPx: height, dpiX: image.dpiX, dpiY: image.dpiY, widthPt, heightPt, colour, alpha };
    this.pages.push(info);
    return info;
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: true, addDefaultPage: false });
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

/**
 * zlib-wrapped deflate (what FlateDecode reads). CompressionStream is the platform's own zlib, in
 * browsers, workers and Node alike, about twice as fast as fflate here; fflate is the fallback.
 */
async function deflate(data: Uint8Array): Promise<Uint8Array> {
  if (typeof CompressionStream === "function") {
    const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  return zlibSync(data, { level: 6 });
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Is every pixel grey (R = G = B)? black or white only? fully opaque? */
function analyse(data: Uint8Array | Uint8ClampedArray, pixels: number): { colour: PdfColour; alpha: boolean } {
  let grey = true;
  let bilevel = true;
  let alpha = false;
  if (LITTLE_ENDIAN && data.byteOffset % 4 === 0) {
    // one 32-bit read a pixel: 0xAABBGGRR
    const words = new Uint32Array(data.buffer, data.byteOffset, pixels);
    for (let i = 0; i < pixels; i++) {
      const p = words[i] as number;
      if (p >>> 24 !== 255) alpha = true;
      const colour = p & 0xffffff;
      if (colour === 0 || colour === 0xffffff) continue; // black or white
      bilevel = false;
      const r = p & 0xff;
      if (((p >>> 8) & 0xff) !== r || ((p >>> 16) & 0xff) !== r) {
        grey = false;
        if (alpha) break;
      }
    }
  } else {
    for (let i = 0, o = 0; i < pixels; i++, o += 4) {
      const r = data[o] as number;
      if (data[o + 3] !== 255) alpha = true;
      if (r !== data[o + 1] || r !== data[o + 2]) {
        grey = false;
        bilevel = false;
        if (alpha) break;
      } else if (r !== 0 && r !== 255) {
        bilevel = false;
      }
    }
  }
  return { colour: grey ? (bilevel ? "bilevel" : "grey") : "rgb", alpha };
}

function rgb(data: Uint8Array | Uint8ClampedArray, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels * 3);
  for (let i = 0, o = 0, p = 0; i < pixels; i++, o += 4, p += 3) {
    out[p] = data[o] as number;
    out[p + 1] = data[o + 1] as number;
    out[p + 2] = data[o + 2] as number;
  }
  return out;
}

function channel(data: Uint8Array | Uint8ClampedArray, pixels: number, index: number): Uint8Array {
  const out = new Uint8Array(pixels);
  for (let i = 0, o = index; i < pixels; i++, o += 4) out[i] = data[o] as number;
  return out;
}

/** 1 bit a pixel, rows padded to a byte; in DeviceGray a 1 bit is white. */
function bits(data: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const out = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    let from = y * width * 4;
    let to = y * rowBytes;
    for (let x = 0; x < width; x += 8, to++) {
      let byte = 0;
      const end = Math.min(8, width - x);
      for (let k = 0; k < end; k++, from += 4) if (data[from] === 255) byte |= 0x80 >> k;
      out[to] = byte;
    }
  }
  return out;
}

/** PNG "Up" filter (PDF predictor 12): each row as the difference from the row above, after a filter-type byte. */
function upFilter(samples: Uint8Array, rowBytes: number, height: number): Uint8Array {
  const out = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    const from = y * rowBytes;
    const to = y * (rowBytes + 1);
    out[to] = 2;
    if (y === 0) {
      out.set(samples.subarray(0, rowBytes), to + 1);
      continue;
    }
    for (let i = 0; i < rowBytes; i++) out[to + 1 + i] = ((samples[from + i] as number) - (samples[from - rowBytes + i] as number)) & 0xff;
  }
  return out;
}
