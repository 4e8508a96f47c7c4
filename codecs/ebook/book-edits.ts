// The visitor's edits to a book before it is written (issue 16): a new title, new authors, a new
// cover picture. Pure: returns a new Book and leaves the one read untouched.
import { sniffImage } from "../image/image-sniff.ts";
import type { Book, BookResource } from "./book.ts";
import { EbookError } from "./ebook-error.ts";
import { authorsOf, type CoverReplacement, type EbookChoice } from "./ebook-options.ts";

/** A cover larger than this is not a cover a reader shows (the largest Kindle screens are 2 MP). */
export const MAX_COVER_BYTES = 20 * 1024 * 1024;

const EXTENSIONS = { jpeg: "jpg", png: "png" } as const;

/** The cover `replacement` as a resource, checked to be a real JPG or PNG. */
function coverResource(replacement: CoverReplacement, used: ReadonlySet<string>): BookResource {
  if (replacement.bytes.length > MAX_COVER_BYTES) throw new EbookError("The new cover picture is larger than 20 MB: pick a smaller one.", "too-large");
  const type = sniffImage(replacement.bytes);
  if (type === null) throw new EbookError(`The new cover "${replacement.name}" is not a JPG or PNG picture.`, "unsupported");
  let href = `images/cover.${EXTENSIONS[type]}`;
  for (let n = 2; used.has(href); n++) href = `images/cover-${n}.${EXTENSIONS[type]}`;
  return { href, mediaType: type === "jpeg" ? "image/jpeg" : "image/png", data: replacement.bytes };
}

/** `book` with the overrides of `choice` and a replaced cover. */
export function applyEdits(book: Book, choice: Pick<EbookChoice, "title" | "author">, cover?: CoverReplacement): Book {
  const metadata = { ...book.metadata };
  if (choice.title) metadata.title = choice.title;
  if (choice.author) metadata.authors = authorsOf(choice.author);
  let { chapters, resources, coverHref } = book;
  if (cover) {
    const added = coverResource(cover, new Set(resources.map((resource) => resource.href)));
    const old = coverHref;
    resources = [...resources.filter((resource) => resource.href !== old), added];
    coverHref = added.href;
    // the book's own cover page shows the new picture
    if (old !== undefined) {
      const quoted = new RegExp(`(["'])${old.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\1`, "g");
      chapters = chapters.map((chapter) => ({ ...chapter, body: chapter.body.replace(quoted, `$1${added.href}$1`) }));
    }
  }
  return { ...book, metadata, chapters, resources, ...(coverHref === undefined ? {} : { coverHref }) };
}
