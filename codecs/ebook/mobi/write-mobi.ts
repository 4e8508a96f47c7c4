// PLACEHOLDER (issue 16, in progress): replaced by the real module; refuses until then.
import type { Book, BookWriteOptions } from "../book.ts";
import { EbookError } from "../ebook-error.ts";

export function writeMobi(_book: Book, _options: BookWriteOptions = {}): Uint8Array {
  throw new EbookError("This conversion is not written yet.", "unsupported");
}
