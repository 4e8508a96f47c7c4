// Limits the document writers share, so a hostile model (from a reader that let it through) gets a
// clear refusal instead of a stack overflow.
import { DocumentError } from "./document-error.ts";

/** Lists and tables nested deeper than any real document: refused rather than recursed into. */
export const MAX_BLOCK_DEPTH = 64;

/** Throws the refusal when `depth` is past MAX_BLOCK_DEPTH. */
export function checkDepth(depth: number): void {
  if (depth > MAX_BLOCK_DEPTH) {
    throw new DocumentError(`This document nests lists or tables more than ${MAX_BLOCK_DEPTH} levels deep, which no real document does.`, "too-much-work");
  }
}
