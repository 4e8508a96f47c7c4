import { CodecFailure } from "../common/codec-failure.ts";

/** Failure categories of the AVIF probe. */
export type AvifErrorCode = "not-avif" | "corrupt" | "too-large" | "too-much-work" | "undecodable";

/** A refusal of an AVIF file, with a message meant for the visitor. */
export class AvifError extends CodecFailure<AvifErrorCode> {
  override readonly name = "AvifError";
}
