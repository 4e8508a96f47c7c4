// PLACEHOLDER (issue 16, in progress): replaced by the real module; refuses until then.
import type { DocModel } from "../document/model.ts";
import type { Book } from "./book.ts";
import { EbookError } from "./ebook-error.ts";

export function bookToModel(_book: Book): DocModel {
  throw new EbookError("This conversion is not written yet.", "unsupported");
}
