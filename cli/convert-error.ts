import { CodecFailure } from "#codecs/common/codec-failure.ts";

/** A refusal of `npm run convert` (unreadable file, unsupported pair...): its message is for the user ("io": a file could not be read or written). */
export class ConvertError extends CodecFailure<"bad-input" | "io"> {
  override readonly name = "ConvertError";
  constructor(message: string, code: "bad-input" | "io" = "bad-input") {
    super(message, code);
  }
}
