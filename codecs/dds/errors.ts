/** Failure categories of the DDS decoder and encoder ("bad-image", "bad-option": encoder input). */
export type DdsErrorCode =
  | "truncated"
  | "bad-magic"
  | "bad-header"
  | "unsupported-format"
  | "too-large"
  | "bad-selection"
  | "bad-image"
  | "bad-option";

/** Every failure of the DDS decoder is a DdsError with a clear English message. */
export class DdsError extends Error {
  override readonly name = "DdsError";
  readonly code: DdsErrorCode;
  // a plain field, not a parameter property: Node runs this file with type stripping only
  constructor(message: string, code: DdsErrorCode) {
    super(message);
    this.code = code;
  }
}
