// The MOBI 6 writer: calibre's "old" MOBI (what first-generation Kindles read). The layout:
//   record 0                 PalmDOC + MOBI 6 header, EXTH, full title
//   text records             the document of mobi6-markup.ts, PalmDOC-compressed, 4096 bytes each
//   NCX index records        INDX header, entries, CNCX (mobi6-index.ts), when there is a TOC
//   picture records          JPEG/PNG/GIF (resource-records.ts)
//   FLIS, FCIS, EOF
// The joint MOBI 6 + KF8 file (write-mobi.ts) reuses the text and index half.
import type { Book, BookWriteOptions } from "../book.ts";
import { writeExth } from "./exth-write.ts";
import { NULL_INDEX } from "./mobi-bytes.ts";
import { EXTH_FLAGS_BOOK, MOBI6_HEADER_LENGTH, writeMobiHeader } from "./mobi-header-write.ts";
import { ncxIndexRecords, ncxNodes, tbsPerRecord } from "./mobi6-index.ts";
import { mobi6Markup } from "./mobi6-markup.ts";
import { writePalmDb } from "./palmdb-write.ts";
import { eofRecord, fcisRecord, flisRecord, makeResourceRecords, type ResourceRecords } from "./resource-records.ts";
import { makeTextRecords } from "./text-records.ts";

/** The MOBI 6 text and index records (record 1 onwards; record 0 is left to the caller). */
export interface Mobi6Text {
  /** text records then the NCX index records */
  records: Uint8Array[];
  textLength: number;
  textRecordCount: number;
  compression: number;
  extraDataFlags: number;
  /** record number (counting record 0) of the NCX index header, or NULL_INDEX */
  ncxIndex: number;
  /** where reading starts in the text (EXTH 116) */
  startOffset: number;
}

/** The book's MOBI 6 text and NCX records. `report` gets fractions 0 to 1 of this work. */
export function buildMobi6Text(book: Book, resources: ResourceRecords, report: (fraction: number) => void = () => {}): Mobi6Text {
  const markup = mobi6Markup(book, resources.recindex, (done, total) => report((0.6 * done) / total));
  const nodes = ncxNodes(markup.toc, markup.bodyEnd);
  const recordCount = Math.ceil(markup.text.length / 4096);
  const tbs = nodes.length > 0 ? tbsPerRecord(nodes, recordCount) : null;
  const text = makeTextRecords(markup.text, {
    ...(tbs ? { tbs: (index: number) => tbs[index] ?? new Uint8Array(0) } : {}),
    onRecord: (done, total) => {
      if (done % 64 === 0 || done === total) report(0.6 + (0.4 * done) / total);
    },
  });
  const index = ncxIndexRecords(nodes);
  return {
    records: [...text.records, ...index],
    textLength: text.textLength,
    textRecordCount: text.records.length,
    compression: text.compression,
    extraDataFlags: text.extraDataFlags,
    ncxIndex: index.length > 0 ? 1 + text.records.length : NULL_INDEX,
    startOffset: markup.startOffset,
  };
}

/** The book's UUID (from its identifier when that is one, a new one otherwise). */
export function bookUuid(book: Book): string {
  const match = book.metadata.identifier?.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
  return match ? match[0].toLowerCase() : crypto.randomUUID();
}

/** A random 32-bit id for the MOBI header. */
export const randomUid = (): number => crypto.getRandomValues(new Uint32Array(1))[0] ?? 1;

const validDate = (date: Date | undefined) => (date !== undefined && Number.isFinite(date.getTime()) ? date : new Date());

/** Writes `book` as a MOBI 6 file (calibre's "old" MOBI). */
export function writeMobi6(book: Book, options: BookWriteOptions = {}): Uint8Array {
  const modified = validDate(options.modified);
  const resources = makeResourceRecords(book.resources, book.coverHref !== undefined ? { coverHref: book.coverHref } : {});
  const part = buildMobi6Text(book, resources, options.onProgress);
  const records: Uint8Array[] = [new Uint8Array(0), ...part.records];
  const firstNonBook = 1 + part.textRecordCount;
  const firstImage = resources.records.length > 0 ? records.length : NULL_INDEX;
  records.push(...resources.records);
  const lastContent = records.length - 1;
  const flis = records.length;
  records.push(flisRecord());
  const fcis = records.length;
  records.push(fcisRecord(part.textLength, 6), eofRecord());
  const cover = resources.coverOffset;
  records[0] = writeMobiHeader({
    version: 6,
    headerLength: MOBI6_HEADER_LENGTH,
    compression: part.compression,
    textLength: part.textLength,
    textRecordCount: part.textRecordCount,
    uid: randomUid(),
    firstNonBookRecord: firstNonBook,
    fullName: book.metadata.title,
    language: book.metadata.language,
    firstImageRecord: firstImage === NULL_INDEX ? flis : firstImage,
    exthFlags: EXTH_FLAGS_BOOK,
    exth: writeExth({
      metadata: book.metadata,
      ...(book.layout === undefined ? {} : { layout: book.layout }),
      uuid: bookUuid(book),
      modified,
      ...(cover !== undefined ? { coverOffset: cover, thumbOffset: cover } : {}),
      startReading: [part.startOffset],
    }),
    contentRange: { first: 1, last: lastContent },
    fcisRecord: fcis,
    flisRecord: flis,
    extraDataFlags: part.extraDataFlags,
    ncxIndex: part.ncxIndex,
  });
  options.onProgress?.(1);
  return writePalmDb(records, { name: book.metadata.title, date: modified });
}
