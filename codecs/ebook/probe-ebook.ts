// What the ebook tools' pages read from the chosen book before converting (issue 16): its kind,
// title, authors, language, chapters, pictures and cover. The book is read whole by the same reader
// the conversion uses, so a book that cannot be converted (DRM, damaged) is refused here already,
// with the reader's own message.
import { CodecFailure } from "../common/codec-failure.ts";
import { ebookKind, readBook, type EbookSource } from "./convert-ebook.ts";
import type { EbookCover, EbookFacts } from "./describe-ebook.ts";
import { EbookError } from "./ebook-error.ts";

export type { EbookCover, EbookFacts };

/** A cover larger than this is not sent to the page for a thumbnail (no real cover is near it). */
export const MAX_THUMBNAIL_BYTES = 8 * 1024 * 1024;

const THUMBNAIL_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

export async function probeEbook(source: EbookSource): Promise<EbookFacts> {
  const kind = ebookKind(source);
  let book;
  try {
    book = await readBook(kind, source.bytes);
  } catch (error) {
    if (error instanceof CodecFailure) throw error;
    // a reader's bug or an engine failure: the visitor still learns the book could not be read
    throw new EbookError("This book could not be read: it may be damaged.", "damaged", { cause: error });
  }
  const pictures = book.resources.filter((resource) => resource.mediaType.startsWith("image/") && resource.href !== book.coverHref);
  const cover = book.resources.find((resource) => resource.href === book.coverHref);
  const facts: EbookFacts = {
    kind,
    title: book.metadata.title.trim(),
    authors: book.metadata.authors.map((name) => name.trim()).filter((name) => name !== ""),
    language: book.metadata.language,
    chapters: book.chapters.filter((chapter) => chapter.role !== "cover").length,
    pictures: pictures.length,
    size: source.bytes.length,
  };
  // a copy: the page gets the picture alone, not a buffer it may share
  if (cover && THUMBNAIL_TYPES.has(cover.mediaType) && cover.data.length <= MAX_THUMBNAIL_BYTES) facts.cover = { bytes: cover.data.slice(), mediaType: cover.mediaType };
  return facts;
}
