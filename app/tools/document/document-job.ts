// The requests and results the PDF converter's page exchanges with its worker (./document.worker.ts). Pure types.
import type { DocumentFacts } from "#codecs/document/describe-document.ts";
import type { DocumentChoice } from "#codecs/document/document-options.ts";

export type { DocumentFacts };

export interface DocumentProbeRequest {
  file: File;
}

export interface DocumentConvertRequest {
  file: File;
  choice: DocumentChoice;
}

export interface DocumentCombineRequest {
  files: File[];
}

export interface DocumentConvertResult {
  /** the download: the converted file, or a zip of page images */
  output: Blob;
  /** the download's extension: the target's, or "zip" for several page images */
  extension: string;
  /** the page images when there are several (each also in the zip) */
  pages: { name: string; blob: Blob }[];
  /** a picture of the result for the preview (the first page image), if any */
  preview: Blob | null;
  /** the first lines of a text result */
  textPreview: string | null;
  /** what the conversion could not keep, for the visitor */
  notes: string[];
  /** one line: "3 pages, 48 KB" */
  summary: string;
}
