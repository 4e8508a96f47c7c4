import { CodecFailure } from "../common/codec-failure.ts";

/** Failure categories of the SVG writers ("bad-png": embed input, "bad-image"/"bad-option": trace input). */
export type SvgErrorCode = "bad-png" | "bad-image" | "bad-option" | "too-large";

/** Every refusal of the SVG writers is an SvgError with a message meant for the visitor. */
export class SvgError extends CodecFailure<SvgErrorCode> {
  override readonly name = "SvgError";
}
