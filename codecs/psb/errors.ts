import { CodecFailure } from "../common/codec-failure.ts";

/** Failure categories of the PSB/PSD reader. */
export type PsbErrorCode = "bad-magic" | "truncated" | "corrupt" | "unsupported" | "too-large" | "too-much-work";

/** Every failure of the PSB/PSD reader is a PsbError with an English message meant for the visitor. */
export class PsbError extends CodecFailure<PsbErrorCode> {
  override readonly name = "PsbError";
}
