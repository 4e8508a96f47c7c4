// The MOBI writer (issue 16): the joint MOBI 6 + KF8 file Kindle tools make (calibre's
// --mobi-file-type both), so old Kindles read the MOBI 6 half and newer ones the KF8 half:
//   record 0                 MOBI 6 header (264 bytes), EXTH with 121 → the KF8 record 0
//   MOBI 6 text records, NCX index records (mobi6-write.ts)
//   picture records          shared by both halves
//   FLIS, FCIS, BOUNDARY
//   KF8 record 0 and the KF8 records (kf8-part.ts), ending with EOF
import type { Book, BookWriteOptions } from "../book.ts";
import { writeExth } from "./exth-write.ts";
import { fontRecord } from "./kf8-fonts.ts";
import { buildKf8Part } from "./kf8-part.ts";
import { NULL_INDEX } from "./mobi-bytes.ts";
import { EXTH_FLAGS_JOINT, KF8_HEADER_LENGTH, writeMobiHeader } from "./mobi-header-write.ts";
import { bookUuid, buildMobi6Text, randomUid } from "./mobi6-write.ts";
import { writePalmDb } from "./palmdb-write.ts";
import { boundaryRecord, fcisRecord, flisRecord, makeResourceRecords } from "./resource-records.ts";

export { writeMobi6 } from "./mobi6-write.ts";

/** The MOBI 6 half's share of the progress bar (the KF8 half does the rest). */
const MOBI6_SHARE = 0.4;

/** Writes `book` as a joint MOBI 6 + KF8 file. Throws EbookError for books beyond the limits. */
export function writeMobi(book: Book, options: BookWriteOptions = {}): Uint8Array {
  const modified = options.modified !== undefined && Number.isFinite(options.modified.getTime()) ? options.modified : new Date();
  const report = options.onProgress ?? (() => {});
  const uid = randomUid();
  // fonts go in too: the KF8 half's stylesheets point at them (the MOBI 6 half has no CSS)
  const resources = makeResourceRecords(book.resources, { ...(book.coverHref === undefined ? {} : { coverHref: book.coverHref }), other: fontRecord });
  const mobi6 = buildMobi6Text(book, resources, (fraction) => report(MOBI6_SHARE * fraction));
  const kf8 = buildKf8Part(book, { recindex: resources.recindex, count: resources.records.length }, {
    uid,
    // one identity for both halves, whatever the book's own identifier is
    uuid: bookUuid(book),
    modified,
    onProgress: (fraction) => report(MOBI6_SHARE + (1 - MOBI6_SHARE) * Math.min(1, Math.max(0, fraction))),
  });

  const records: Uint8Array[] = [new Uint8Array(0), ...mobi6.records];
  const firstNonBook = 1 + mobi6.textRecordCount;
  const firstImage = records.length;
  records.push(...resources.records);
  const lastContent = records.length - 1;
  const flis = records.length;
  records.push(flisRecord());
  const fcis = records.length;
  records.push(fcisRecord(mobi6.textLength, 6), boundaryRecord());
  const kf8Start = records.length;
  records.push(...kf8.records);

  const cover = resources.coverOffset ?? kf8.coverOffset;
  const count = resources.records.length;
  records[0] = writeMobiHeader({
    version: 6,
    headerLength: KF8_HEADER_LENGTH,
    compression: mobi6.compression,
    textLength: mobi6.textLength,
    textRecordCount: mobi6.textRecordCount,
    uid,
    firstNonBookRecord: firstNonBook,
    fullName: book.metadata.title,
    language: book.metadata.language,
    // with no pictures, the record after the (absent) pictures, as Kindle tools write
    firstImageRecord: count > 0 ? firstImage : flis,
    exthFlags: EXTH_FLAGS_JOINT,
    exth: writeExth({
      metadata: book.metadata,
      ...(book.layout === undefined ? {} : { layout: book.layout }),
      uuid: bookUuid(book),
      modified,
      ...(cover !== undefined ? { coverOffset: cover, thumbOffset: cover, kf8CoverUri: true } : {}),
      startReading: [mobi6.startOffset],
      kf8Boundary: kf8Start,
      resourceCount: count,
      ...(count > 0 ? { kf8UnknownCount: 0 } : {}),
      kindlegen2: true,
    }),
    contentRange: { first: 1, last: lastContent },
    fcisRecord: fcis,
    flisRecord: flis,
    extraDataFlags: mobi6.extraDataFlags,
    ncxIndex: mobi6.ncxIndex,
    fragmentIndex: NULL_INDEX,
    skeletonIndex: NULL_INDEX,
    guideIndex: NULL_INDEX,
  });
  report(1);
  return writePalmDb(records, { name: book.metadata.title, date: modified });
}
