// TIFF to PDF and PSB to PDF: what the tools' worker runs, runnable in Node too. A TIFF is
// converted page by page (decode one page, compress it into the PDF, drop its pixels, next), so
// memory holds one decoded page and the compressed PDF, never every page at once.
import { decodePsb } from "../psb/index.ts";
import { decodeTiffPages, readTiff } from "../tiff/index.ts";
import { ImagePdfWriter, type PdfPageInfo } from "./image-pdf.ts";

export interface ImagesToPdfOptions {
  /** the PDF's title (the input file's name) */
  title?: string;
  /** real progress: a fraction in [0, 1] after each decoded chunk, compressed page and the save */
  onProgress?: (fraction: number) => void;
}

export interface ImagesToPdfResult {
  pdf: Uint8Array;
  pages: PdfPageInfo[];
  /** what the conversion could not keep or had to work around (a TIFF page chain that loops, a PSD's effects...), in plain words for the visitor; empty when nothing */
  notes: string[];
}

// share of each page's work spent decoding (the rest is compressing it into the PDF)
const DECODE_SHARE = 0.7;
// share of the whole run before the final save
const PAGES_SHARE = 0.95;

/** Every page of a TIFF, one PDF page each, sized from the page's resolution. Throws TiffError on bad input. */
export async function tiffToPdf(bytes: Uint8Array, options: ImagesToPdfOptions = {}): Promise<ImagesToPdfResult> {
  const report = options.onProgress ?? (() => {});
  const structure = readTiff(bytes);
  const count = structure.pages.length;
  const writer = await ImagePdfWriter.create({ title: options.title });
  let index = 0;
  const pages = decodeTiffPages(bytes, structure, {
    onProgress: (overall) => {
      const withinPage = Math.min(1, Math.max(0, overall * count - index));
      report(((index + withinPage * DECODE_SHARE) / count) * PAGES_SHARE);
    },
  });
  for (const page of pages) {
    await writer.addPage(page);
    index++;
    report((index / count) * PAGES_SHARE);
  }
  const pdf = await writer.save();
  report(1);
  return { pdf, pages: writer.pages, notes: structure.notes };
}

/**
 * The picture of a PSB (or PSD) as a one-page PDF sized from the document's resolution: its composite
 * image, or its layers drawn when the composite is a stand-in; `notes` says what could not be kept
 * (colour profile, effects...). Throws PsbError on bad input.
 */
export async function psbToPdf(bytes: Uint8Array, options: ImagesToPdfOptions = {}): Promise<ImagesToPdfResult> {
  const report = options.onProgress ?? (() => {});
  report(0);
  const image = decodePsb(bytes);
  report(DECODE_SHARE * PAGES_SHARE);
  const writer = await ImagePdfWriter.create({ title: options.title });
  await writer.addPage(image);
  report(PAGES_SHARE);
  const pdf = await writer.save();
  report(1);
  return { pdf, pages: writer.pages, notes: image.notes };
}
