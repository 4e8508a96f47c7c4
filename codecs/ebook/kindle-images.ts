// PLACEHOLDER (issue 16, in progress): replaced by the real module; refuses until then.
import type { Book } from "./book.ts";
import type { KindleImageSize } from "./ebook-options.ts";
import { EbookError } from "./ebook-error.ts";

export function fitKindleImages(_book: Book, _size: KindleImageSize): Book {
  throw new EbookError("This conversion is not written yet.", "unsupported");
}
