/** Failure categories of the PNG codec. */
export type PngErrorCode = "bad-signature" | "truncated" | "bad-header" | "corrupt" | "too-large" | "bad-image";

/** Every failure of the PNG codec is a PngError with a clear English message. */
export class PngError extends Error {
  override readonly name = "PngError";
  readonly code: PngErrorCode;
  constructor(message: string, code: PngErrorCode) {
    super(message);
    this.code = code;
  }
}
