/** Failure categories of the TIFF reader. */
export type TiffErrorCode = "bad-magic" | "truncated" | "corrupt" | "unsupported" | "too-large" | "no-pages";

/** Every failure of the TIFF reader is a TiffError with an English message meant for the visitor. */
export class TiffError extends Error {
  override readonly name = "TiffError";
  readonly code: TiffErrorCode;
  // a plain field, not a parameter property: Node runs this file with type stripping only
  constructor(message: string, code: TiffErrorCode) {
    super(message);
    this.code = code;
  }
}
