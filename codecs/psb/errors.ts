/** Failure categories of the PSB/PSD reader. */
export type PsbErrorCode = "bad-magic" | "truncated" | "corrupt" | "unsupported" | "too-large";

/** Every failure of the PSB/PSD reader is a PsbError with an English message meant for the visitor. */
export class PsbError extends Error {
  override readonly name = "PsbError";
  readonly code: PsbErrorCode;
  // a plain field, not a parameter property: Node runs this file with type stripping only
  constructor(message: string, code: PsbErrorCode) {
    super(message);
    this.code = code;
  }
}
