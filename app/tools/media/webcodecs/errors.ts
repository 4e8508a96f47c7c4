// Turning what mediabunny, WebCodecs and the file system throw into MediaErrors the visitor can read.
import { MediaError } from "#codecs/media/media-error.ts";

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A failure while converting: typed errors pass through; storage and memory exhaustion get their codes. */
export function conversionFailure(error: unknown): MediaError {
  if (error instanceof MediaError) return error;
  const message = messageOf(error);
  if (error instanceof DOMException && error.name === "QuotaExceededError") {
    return new MediaError("There is not enough storage space for the output file.", "out-of-memory", { cause: error });
  }
  if (error instanceof RangeError && /allocat|memory/i.test(message)) {
    return new MediaError("The browser ran out of memory during the conversion.", "out-of-memory", { cause: error });
  }
  return new MediaError(`The conversion failed: ${message}`, "engine-failed", { cause: error });
}
