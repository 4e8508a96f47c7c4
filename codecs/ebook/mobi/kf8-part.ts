// The KF8 half of a Kindle book (issue 16): record 0 (MOBI header version 8 + EXTH), the compressed
// text records, the fragment (chunk), skeleton, guide and NCX indexes, the FDST, FLIS, FCIS and EOF
// records. writeAzw3 writes it alone (with the pictures inside it); writeMobi puts it after the MOBI 6
// part, the shared pictures and the BOUNDARY record (the joint file calibre writes with
// --mobi-file-type both).
import type { Book, BookWriteOptions } from "../book.ts";
import { EbookError } from "../ebook-error.ts";

/** Where the book's pictures are, as resource records. */
export interface Kf8Resources {
  /**
   * href of each picture resource of the book → its 1-based number among the resource records
   * (the "recindex" resource-records.ts gives). kindle:embed:XXXX links use it (base 32). A picture
   * the map lacks is dropped from the chapters (its <img> is removed).
   */
  recindex: ReadonlyMap<string, number>;
  /**
   * AZW3 alone: the resource records themselves, in recindex order; the part places them after its
   * indexes and points its first-resource field at the first of them.
   * Joint file: leave undefined; the pictures are the shared records before the BOUNDARY, and the
   * KF8 header's first-resource field is set as calibre does (the record after KF8's own indexes:
   * readers find the shared pictures through the MOBI 6 header's first-image field).
   */
  records?: readonly Uint8Array[];
  /** how many resource records there are (EXTH 125); records.length when records is given */
  count: number;
}

export interface Kf8PartOptions extends BookWriteOptions {
  /** the unique id written into the MOBI header (the joint file's two headers share one); random by default */
  uid?: number;
}

export interface Kf8Part {
  /**
   * KF8's records, record 0 first: the caller appends them as they are (after the BOUNDARY record in
   * a joint file). Every record number inside them is relative to KF8's record 0. The last record is
   * the EOF record (0xE9 0x8E 0x0D 0x0A), so nothing needs to follow them.
   */
  records: Uint8Array[];
  /** bytes of uncompressed text (the FCIS and MOBI header text length) */
  textLength: number;
  /** the number of text records (records 1..textRecordCount) */
  textRecordCount: number;
  /** the offset of the cover among the resource records (EXTH 201), when the book has one */
  coverOffset?: number;
}

/**
 * Builds the KF8 records of `book`. The chapters are written as they are (XHTML, their CSS as flows),
 * links become kindle:pos:fid:XXXX:off:XXXXXXXXXX and pictures kindle:embed:XXXX. Reports progress per
 * chapter through options.onProgress. Throws EbookError "too-large" for books beyond the limits.
 */
export function buildKf8Part(_book: Book, _resources: Kf8Resources, _options: Kf8PartOptions = {}): Kf8Part {
  throw new EbookError("This conversion is not written yet.", "unsupported");
}
