// The KF8 half of a Kindle book (issue 16): record 0 (MOBI header version 8 + EXTH), the compressed
// text records, the fragment (chunk), skeleton, guide and NCX indexes, the FDST, FLIS, FCIS and EOF
// records. writeAzw3 writes it alone (with the pictures inside it); writeMobi puts it after the MOBI 6
// part, the shared pictures and the BOUNDARY record (the joint file calibre writes with
// --mobi-file-type both).
import type { Book, BookWriteOptions } from "../book.ts";
import { EbookError } from "../ebook-error.ts";
import { writeExth } from "./exth-write.ts";
import { isFont } from "./kf8-fonts.ts";
import { fragmentIndex, guideIndex, ncxIndex, skeletonIndex, type GuideReference } from "./kf8-indexes.ts";
import { layOutBook, type Kf8Layout, type Position } from "./kf8-layout.ts";
import { ByteWriter, concatBytes, NULL_INDEX } from "./mobi-bytes.ts";
import { EXTH_FLAGS_BOOK, KF8_HEADER_LENGTH, writeMobiHeader } from "./mobi-header-write.ts";
import { eofRecord, fcisRecord, flisRecord } from "./resource-records.ts";
import { makeTextRecords } from "./text-records.ts";

/** A Kindle file holds at most 65535 records of 4 KB of text: about 256 MB, well past any book. */
export const MAX_TEXT_CHARACTERS = 200 * 1024 * 1024;

/** The EXTH flags bit Kindle tools set when the book embeds fonts. */
const EXTH_FLAG_FONTS = 0x1000;

/** More chapters than any real book has (a long novel has a few hundred). */
export const MAX_CHAPTERS = 20_000;

/** Where the book's pictures are, as resource records. */
export interface Kf8Resources {
  /**
   * href of each picture (and font) resource of the book → its 1-based number among the resource
   * records (the "recindex" resource-records.ts gives). kindle:embed:XXXX links use it (base 32). A
   * picture the map lacks is dropped from the chapters (its <img> is removed). Fonts are stored as
   * FONT records: pass kf8-fonts.ts fontRecord as makeResourceRecords' `other` to keep them.
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
  /**
   * the book's UUID for the EXTH (ASIN 113/504, source 112); the joint file's two halves should
   * share one. By default the identifier when it is a UUID, else a new one.
   */
  uuid?: string;
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
export function buildKf8Part(book: Book, resources: Kf8Resources, options: Kf8PartOptions = {}): Kf8Part {
  if (book.chapters.length > MAX_CHAPTERS) throw new EbookError(`The book has ${book.chapters.length} chapters; at most ${MAX_CHAPTERS} can be written.`, "too-large");
  // checked before laying out, which holds the text several times over in memory
  const characters = book.chapters.reduce((sum, chapter) => sum + chapter.body.length, 0);
  if (characters > MAX_TEXT_CHARACTERS) throw new EbookError(`The book's text is ${Math.round(characters / 1048576)} million characters long; a Kindle book can hold at most ${MAX_TEXT_CHARACTERS / 1048576} million.`, "too-large");
  const progress = options.onProgress ?? (() => {});
  const chapters = Math.max(1, book.chapters.length);
  // laying out is most of the work; compressing and indexing take the last tenth
  const layout = layOutBook(withOneChapter(book), resources.recindex, (done) => progress((0.9 * done) / chapters));
  const text = concatBytes(layout.flows);
  // compressing a long book takes a while too: report it every 64 records
  const textRecords = makeTextRecords(text, {
    onRecord: (done, total) => {
      if (done % 64 === 0 || done === total) progress(0.9 + (0.08 * done) / total);
    },
  });

  const start = startOfText(book, layout);
  const guide: GuideReference[] = start === undefined ? [] : [{ type: "text", title: "Beginning", position: start }];
  const records: Uint8Array[] = [new Uint8Array(0), ...textRecords.records];
  const firstNonBookRecord = records.length;
  const fragmentIndexRecord = records.length;
  records.push(...fragmentIndex(layout.fragments));
  const skeletonIndexRecord = records.length;
  records.push(...skeletonIndex(layout.files));
  let guideIndexRecord = NULL_INDEX;
  if (guide.length > 0) {
    guideIndexRecord = records.length;
    records.push(...guideIndex(guide));
  }
  const ncx = ncxIndex(book.toc, layout, layout.flows[0]!.length);
  let ncxIndexRecord = NULL_INDEX;
  if (ncx.length > 0) {
    ncxIndexRecord = records.length;
    records.push(...ncx);
  }
  // AZW3 alone keeps its pictures here; a joint file's are before the BOUNDARY, and calibre points
  // this field at the same place anyway (readers use the MOBI 6 header's field for them)
  const firstImageRecord = resources.count > 0 ? records.length : NULL_INDEX;
  if (resources.records !== undefined) records.push(...resources.records);
  const fdstRecord = records.length;
  records.push(fdst(layout.flows));
  const flisRecordNumber = records.length;
  records.push(flisRecord());
  const fcisRecordNumber = records.length;
  records.push(fcisRecord(textRecords.textLength, 8));
  records.push(eofRecord());

  const coverOffset = book.coverHref === undefined ? undefined : resources.recindex.get(book.coverHref);
  const uid = options.uid ?? Math.floor(Math.random() * 0xffffffff);
  const exth = writeExth({
    metadata: book.metadata,
    ...(book.layout === undefined ? {} : { layout: book.layout }),
    uuid: options.uuid ?? uuidOf(book.metadata.identifier),
    modified: options.modified ?? new Date(),
    // 129 names the cover as kindle:embed too, as Kindle tools write for KF8
    ...(coverOffset !== undefined ? { coverOffset: coverOffset - 1, thumbOffset: coverOffset - 1, kf8CoverUri: true } : {}),
    ...(start !== undefined ? { startReading: [start.flowOffset] } : {}),
    resourceCount: resources.count,
    ...(resources.count > 0 ? { kf8UnknownCount: 0 } : {}),
    kindlegen2: true,
  });
  records[0] = writeMobiHeader({
    version: 8,
    headerLength: KF8_HEADER_LENGTH,
    compression: textRecords.compression,
    textLength: textRecords.textLength,
    textRecordCount: textRecords.records.length,
    uid,
    firstNonBookRecord,
    fullName: book.metadata.title,
    language: book.metadata.language,
    firstImageRecord,
    exthFlags: hasFonts(book, resources) ? EXTH_FLAGS_BOOK | EXTH_FLAG_FONTS : EXTH_FLAGS_BOOK,
    exth,
    fdst: { record: fdstRecord, count: layout.flows.length },
    fcisRecord: fcisRecordNumber,
    flisRecord: flisRecordNumber,
    extraDataFlags: textRecords.extraDataFlags,
    ncxIndex: ncxIndexRecord,
    fragmentIndex: fragmentIndexRecord,
    skeletonIndex: skeletonIndexRecord,
    guideIndex: guideIndexRecord,
  });
  progress(1);
  return {
    records,
    textLength: textRecords.textLength,
    textRecordCount: textRecords.records.length,
    ...(coverOffset !== undefined ? { coverOffset: coverOffset - 1 } : {}),
  };
}

/** Whether any resource record is a font (the EXTH flags say so, as Kindle tools write them). */
function hasFonts(book: Book, resources: Kf8Resources): boolean {
  return book.resources.some((resource) => resources.recindex.has(resource.href) && isFont(resource));
}

/** A book without chapters still needs one file for its text: an empty one. */
function withOneChapter(book: Book): Book {
  return book.chapters.length > 0 ? book : { ...book, chapters: [{ href: "empty.xhtml", body: "<p></p>" }] };
}

/** Where reading starts: the first chapter that is not the cover. */
function startOfText(book: Book, layout: Kf8Layout): Position | undefined {
  const index = book.chapters.findIndex((chapter) => chapter.role !== "cover");
  return index < 0 ? undefined : layout.locate(index, "");
}

/** The FDST record: the start and end of each flow in the text. */
function fdst(flows: readonly Uint8Array[]): Uint8Array {
  const out = new ByteWriter(12 + 8 * flows.length).ascii("FDST").u32(12).u32(flows.length);
  let at = 0;
  for (const flow of flows) {
    out.u32(at).u32(at + flow.length);
    at += flow.length;
  }
  return out.result();
}

/** The book's UUID when its identifier is one, else a new one. */
function uuidOf(identifier: string | undefined): string {
  const match = identifier?.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
  if (match) return match[0].toLowerCase();
  return globalThis.crypto.randomUUID();
}
