// Turning what mediabunny, WebCodecs and the file system throw into MediaErrors the visitor can read.
// Their own text ("Assertion failed.", mediabunny's internal messages) goes to the console only.
import { MediaError } from "#codecs/media/media-error.ts";

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Logs the engine's own words for debugging; the visitor reads the MediaError's plain sentence. */
export function logEngineError(context: string, error: unknown): void {
  console.warn(`${context}:`, error);
}

/** A failure while converting: typed errors pass through; the others get plain words by their kind. */
export function conversionFailure(error: unknown): MediaError {
  if (error instanceof MediaError) return error;
  logEngineError("WebCodecs conversion failed", error);
  const message = messageOf(error);
  if (error instanceof DOMException && error.name === "QuotaExceededError") {
    return new MediaError("There is not enough storage space for the output file.", "out-of-memory", { cause: error });
  }
  if (error instanceof RangeError && /allocat|memory/i.test(message)) {
    return new MediaError("The browser ran out of memory during the conversion.", "out-of-memory", { cause: error });
  }
  // WebCodecs' decoders fail with an EncodingError ("Decoding error.") on data they cannot decode
  if ((error instanceof DOMException && error.name === "EncodingError") || /decod/i.test(message)) {
    return new MediaError("This file could not be decoded: it is damaged or in a form this browser cannot decode.", "corrupt", { cause: error });
  }
  if (error instanceof DOMException && error.name === "NotSupportedError") {
    return new MediaError("This browser cannot decode or encode something in this file.", "no-decoder", { cause: error });
  }
  return new MediaError("The conversion failed on something in this file that the converter cannot handle.", "engine-failed", { cause: error });
}
