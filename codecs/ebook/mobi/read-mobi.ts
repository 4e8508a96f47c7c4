// PLACEHOLDER (issue 16, in progress): replaced by the real module; refuses until then.
import type { Book } from "../book.ts";
import { EbookError } from "../ebook-error.ts";

export function readMobi(_bytes: Uint8Array): Book {
  throw new EbookError("This conversion is not written yet.", "unsupported");
}
