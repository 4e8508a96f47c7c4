import { CodecFailure } from "../common/codec-failure.ts";

/** Failure categories of the JPEG decoder. */
export type JpegErrorCode = "not-jpeg" | "truncated" | "corrupt" | "unsupported" | "too-large";

/** Every refusal of the JPEG decoder: a JpegError whose message names the file's problem in plain words. */
export class JpegError extends CodecFailure<JpegErrorCode> {
  override readonly name = "JpegError";
}
