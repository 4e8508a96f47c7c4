/** Failure categories of the AVIF probe. */
export type AvifErrorCode = "not-avif" | "corrupt" | "too-large";

/** A refusal of an AVIF file, with a message meant for the visitor. */
export class AvifError extends Error {
  override readonly name = "AvifError";
  readonly code: AvifErrorCode;
  // a plain field, not a parameter property: Node runs this file with type stripping only
  constructor(message: string, code: AvifErrorCode) {
    super(message);
    this.code = code;
  }
}
