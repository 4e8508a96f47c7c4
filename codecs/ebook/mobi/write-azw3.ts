// The AZW3 writer (issue 16): a Book becomes a KF8 file (Kindle Format 8) on its own: a PalmDB whose
// records are KF8's record 0, text, indexes, the pictures and fonts, FDST, FLIS, FCIS and EOF
// (kf8-part.ts).
// The pictures arrive already scaled for Kindles (kindle-images.ts).
import type { Book, BookWriteOptions } from "../book.ts";
import { fontRecord } from "./kf8-fonts.ts";
import { buildKf8Part } from "./kf8-part.ts";
import { writePalmDb } from "./palmdb-write.ts";
import { makeResourceRecords } from "./resource-records.ts";

export function writeAzw3(book: Book, options: BookWriteOptions = {}): Uint8Array {
  const resources = makeResourceRecords(book.resources, { ...(book.coverHref === undefined ? {} : { coverHref: book.coverHref }), other: fontRecord });
  const part = buildKf8Part(book, { recindex: resources.recindex, records: resources.records, count: resources.records.length }, options);
  return writePalmDb(part.records, { name: book.metadata.title, ...(options.modified ? { date: options.modified } : {}) });
}
