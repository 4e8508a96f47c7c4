import { CodecFailure, type CodecFailureOptions } from "../common/codec-failure.ts";

// Every refusal of the audio and video tools, with a message the visitor can act on. Both engines
// and the planner throw these; anything else is a bug and gets the tool's generic failure text.
export type MediaErrorCode =
  /** zero bytes */
  | "empty"
  /** no engine here reads this container (the ffmpeg probe failed too) */
  | "unsupported-format"
  /** mediabunny cannot read the container: the page retries with the ffmpeg engine */
  | "needs-ffmpeg"
  /** the file ends early or its structure is broken */
  | "corrupt"
  /** no decoder here for a codec in the file (e.g. AV1 in the ffmpeg core) */
  | "no-decoder"
  /** no encoder here for what the target needs */
  | "no-encoder"
  /** an audio target was asked of a file without sound */
  | "no-audio"
  /** a video target was asked of a file without pictures and no picture was given */
  | "no-video"
  /** an option is out of range or does not apply to the target */
  | "bad-option"
  /** the engine ran out of memory */
  | "out-of-memory"
  /** the engine's files failed to load */
  | "engine-load"
  /** the engine failed in a way none of the above names */
  | "engine-failed";

export class MediaError extends CodecFailure<MediaErrorCode> {
  constructor(message: string, code: MediaErrorCode, options?: CodecFailureOptions) {
    super(message, code, options);
    this.name = "MediaError";
  }
}
