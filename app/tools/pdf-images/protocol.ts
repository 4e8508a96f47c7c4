// The job the PDF-from-images worker runs (./images-to-pdf.worker.ts), shared by both sides.
import type { PdfPageInfo } from "#codecs/pdf/image-pdf.ts";

export type ImagesToPdfSource = "tiff" | "psb";

export interface ImagesToPdfRequest {
  file: Blob;
  source: ImagesToPdfSource;
  /** the PDF's title: the input file's name */
  title: string;
}

export interface ImagesToPdfResponse {
  pdf: Uint8Array;
  pages: PdfPageInfo[];
  /** what the conversion could not keep (a CMYK file's colour profile, a PSD's layer effects...) */
  notes: string[];
}
