import { CodecFailure } from "../common/codec-failure.ts";

// The failures the ebook readers and writers report to the visitor (issue 16).
export type EbookErrorCode =
  /** not the format its name says, cut short, or broken beyond reading */
  | "damaged"
  /** DRM: the book is locked to a reader's account and cannot be converted */
  | "drm"
  /** a zip bomb, a huge image or more chapters than any real book */
  | "too-large"
  /** nesting, entities or counts beyond what any real book has */
  | "too-much-work"
  /** a variant this converter does not read (say which) */
  | "unsupported";

export class EbookError extends CodecFailure<EbookErrorCode> {}
