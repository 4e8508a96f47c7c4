import { CodecFailure } from "../common/codec-failure.ts";

/** Failure categories of the DDS decoder and encoder ("bad-image", "bad-option": encoder input). */
export type DdsErrorCode =
  | "truncated"
  | "bad-magic"
  | "bad-header"
  | "unsupported-format"
  | "too-large"
  | "too-much-work"
  | "bad-selection"
  | "bad-image"
  | "bad-option";

/** Every failure of the DDS decoder is a DdsError with a clear English message. */
export class DdsError extends CodecFailure<DdsErrorCode> {
  override readonly name = "DdsError";
}
