// The requests and results the ebook tools' pages exchange with their worker (./ebook.worker.ts). Pure types.
import type { EbookFacts } from "#codecs/ebook/describe-ebook.ts";
import type { EbookChoice, EbookKind, EbookTarget } from "#codecs/ebook/ebook-options.ts";

export type { EbookFacts };

export interface EbookProbeRequest {
  file: File;
}

/** The book's kind and the output the page offers: the worker loads what converting needs while the visitor looks. */
export interface EbookWarmRequest {
  kind: EbookKind;
  target: EbookTarget;
}

export interface EbookConvertRequest {
  file: File;
  choice: EbookChoice;
  /** a new cover picture (JPG or PNG) */
  cover: File | null;
}

export interface EbookConvertResult {
  output: Blob;
  /** the download's name: the book's base name and the target's extension */
  fileName: string;
  /** what the conversion could not keep, for the visitor */
  notes: string[];
  /** one line: "AZW3 file, 1.2 MB" */
  summary: string;
}
