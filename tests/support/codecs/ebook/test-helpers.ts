// Helpers of the ebook codecs' tests.
import { EbookError } from "#codecs/ebook/ebook-error.ts";

/** The EbookError `run` throws (any other error, or none, fails the test). */
export function caughtEbookError(run: () => unknown): EbookError {
  try {
    run();
  } catch (error) {
    if (error instanceof EbookError) return error;
    throw error;
  }
  throw new Error("expected an EbookError");
}
