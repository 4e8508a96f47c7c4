import { CodecFailure } from "../common/codec-failure.ts";

/** Failure categories of the TIFF reader. */
export type TiffErrorCode = "bad-magic" | "truncated" | "corrupt" | "unsupported" | "too-large" | "too-much-work" | "no-pages";

/** Every failure of the TIFF reader is a TiffError with an English message meant for the visitor. */
export class TiffError extends CodecFailure<TiffErrorCode> {
  override readonly name = "TiffError";
}
