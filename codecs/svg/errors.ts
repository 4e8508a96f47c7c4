/** Failure categories of the SVG writers ("bad-png": embed input, "bad-image"/"bad-option": trace input). */
export type SvgErrorCode = "bad-png" | "bad-image" | "bad-option" | "too-large";

/** Every refusal of the SVG writers is an SvgError with a message meant for the visitor. */
export class SvgError extends Error {
  override readonly name = "SvgError";
  readonly code: SvgErrorCode;
  // a plain field, not a parameter property: Node runs this file with type stripping only
  constructor(message: string, code: SvgErrorCode) {
    super(message);
    this.code = code;
  }
}
