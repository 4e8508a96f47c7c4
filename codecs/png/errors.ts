import { CodecFailure } from "../common/codec-failure.ts";

/** Failure categories of the PNG codec. */
export type PngErrorCode = "bad-signature" | "truncated" | "bad-header" | "corrupt" | "too-large" | "too-much-work" | "bad-image";

/** Every failure of the PNG codec is a PngError with a clear English message. */
export class PngError extends CodecFailure<PngErrorCode> {
  override readonly name = "PngError";
}
