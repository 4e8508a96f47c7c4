// Record 0 of a MOBI 6 or KF8 book: the 16-byte PalmDOC header, the MOBI header (232 bytes for a
// MOBI 6 file, 264 for KF8 and for the MOBI 6 half of a joint file), the EXTH block, the full
// title in UTF-8 and zero padding (Kindle tools leave 8 KB there for Amazon's own additions).
// Offsets below are from the start of the record.
import { ByteWriter, NULL_INDEX, utf8 } from "./mobi-bytes.ts";
import { TEXT_RECORD_SIZE } from "./text-records.ts";

export const MOBI6_HEADER_LENGTH = 232;
export const KF8_HEADER_LENGTH = 264;
/** EXTH present (0x40) and the bit Kindle tools always set with it (0x10). */
export const EXTH_FLAGS_BOOK = 0b1010000;
/** What kindlegen writes in the MOBI 6 header of a joint file. */
export const EXTH_FLAGS_JOINT = 0b100001010000;
const PADDING = 8192;
/** Full titles are cut to this many bytes (at a character boundary). */
const MAX_FULL_NAME_BYTES = 1024;

/** Windows primary language ids, which the MOBI header's locale field uses (sublanguage 0). */
const LANGUAGE_IDS: Readonly<Record<string, number>> = {
  ar: 1, bg: 2, ca: 3, zh: 4, cs: 5, da: 6, de: 7, el: 8, en: 9, es: 10, fi: 11, fr: 12, he: 13,
  hu: 14, is: 15, it: 16, ja: 17, ko: 18, nl: 19, no: 20, nb: 20, nn: 20, pl: 21, pt: 22, rm: 23, ro: 24,
  ru: 25, hr: 26, sr: 26, sk: 27, sq: 28, sv: 29, th: 30, tr: 31, ur: 32, id: 33, uk: 34, be: 35,
  sl: 36, et: 37, lv: 38, lt: 39, fa: 41, vi: 42, hy: 43, az: 44, eu: 45, mk: 47, af: 54, ka: 55,
  fo: 56, hi: 57, mt: 58, se: 59, ms: 62, kk: 63, sw: 65, uz: 67, tt: 68, bn: 69, pa: 70, gu: 71,
  or: 72, ta: 73, te: 74, kn: 75, ml: 76, as: 77, mr: 78, sa: 79, ne: 97,
};

/** The MOBI header's locale value for a BCP 47 tag (0 when unknown: "no language"). */
export function mobiLocale(language: string): number {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return LANGUAGE_IDS[primary] ?? 0;
}

export interface MobiHeaderFields {
  /** 6 for MOBI 6 (and the MOBI 6 half of a joint file), 8 for KF8 */
  version: 6 | 8;
  /** MOBI6_HEADER_LENGTH (a MOBI 6 file) or KF8_HEADER_LENGTH (KF8, and a joint file's MOBI 6 header) */
  headerLength: typeof MOBI6_HEADER_LENGTH | typeof KF8_HEADER_LENGTH;
  /** 2 PalmDOC, 1 none */
  compression: number;
  /** uncompressed text length in bytes */
  textLength: number;
  /** number of text records (they are records 1..n of this part) */
  textRecordCount: number;
  /** a random 32-bit id */
  uid: number;
  /** the first record after the text (index, image or FLIS record) */
  firstNonBookRecord: number;
  fullName: string;
  /** BCP 47 tag */
  language: string;
  /** first image (resource) record, NULL_INDEX when none */
  firstImageRecord: number;
  /** EXTH_FLAGS_BOOK unless a joint file's MOBI 6 header */
  exthFlags: number;
  exth: Uint8Array;
  /**
   * Offset 192: MOBI 6 writes the first and last content record as two 16-bit numbers
   * (firstContentRecord, lastContentRecord); KF8 writes the FDST record and FDST count.
   */
  contentRange?: { first: number; last: number };
  fdst?: { record: number; count: number };
  fcisRecord: number;
  flisRecord: number;
  /** the text records' trailing entry flags (see text-records.ts) */
  extraDataFlags: number;
  /** the NCX index's first record (MOBI 6: the "primary index"), NULL_INDEX when none */
  ncxIndex: number;
  /** KF8 only (264-byte header): fragment ("chunk"), skeleton and guide indexes */
  fragmentIndex?: number;
  skeletonIndex?: number;
  guideIndex?: number;
  /** book type; 2 (a book) by default */
  bookType?: number;
  /** zero bytes after the full name; 8192 by default */
  padding?: number;
}

function cutUtf8(text: string, max: number): Uint8Array {
  const bytes = utf8(text);
  if (bytes.length <= max) return bytes;
  let end = max;
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

/** Record 0 (see the file comment). */
export function writeMobiHeader(fields: MobiHeaderFields): Uint8Array {
  const name = cutUtf8(fields.fullName.trim() || "Untitled", MAX_FULL_NAME_BYTES);
  const out = new ByteWriter(16 + fields.headerLength + fields.exth.length + name.length + (fields.padding ?? PADDING) + 8);
  // PalmDOC header
  out.u16(fields.compression); // 0
  out.u16(0); // 2
  out.u32(fields.textLength); // 4
  out.u16(fields.textRecordCount); // 8
  out.u16(TEXT_RECORD_SIZE); // 10
  out.u16(0); // 12 encryption: none
  out.u16(0); // 14
  // MOBI header
  out.ascii("MOBI"); // 16
  out.u32(fields.headerLength); // 20
  out.u32(fields.bookType ?? 2); // 24
  out.u32(65001); // 28 text encoding: UTF-8
  out.u32(fields.uid); // 32
  out.u32(fields.version); // 36 file version
  out.fill(40, 0xff); // 40-79: orthographic, inflection, names, keys, extra indexes 0-5: none
  out.u32(fields.firstNonBookRecord); // 80
  const fullNameOffsetAt = out.length;
  out.u32(0); // 84 full name offset, set below
  out.u32(name.length); // 88 full name length
  out.u32(mobiLocale(fields.language)); // 92 locale
  out.u32(0); // 96 dictionary input language
  out.u32(0); // 100 dictionary output language
  out.u32(fields.version); // 104 minimum reader version
  out.u32(fields.firstImageRecord); // 108
  out.zeros(16); // 112-127: HUFF/CDIC record, count, table offset and length: none
  out.u32(fields.exthFlags); // 128
  out.zeros(32); // 132-163
  out.u32(NULL_INDEX); // 164
  out.u32(NULL_INDEX); // 168 DRM offset: none
  out.u32(0); // 172 DRM count
  out.u32(0); // 176 DRM size
  out.u32(0); // 180 DRM flags
  out.zeros(8); // 184-191
  if (fields.fdst) {
    out.u32(fields.fdst.record); // 192 FDST record
    out.u32(fields.fdst.count); // 196 FDST count
  } else {
    const range = fields.contentRange ?? { first: 1, last: fields.textRecordCount };
    out.u16(range.first); // 192 first content record
    out.u16(range.last); // 194 last content record
    out.u32(1); // 196
  }
  out.u32(fields.fcisRecord); // 200
  out.u32(1); // 204 FCIS count
  out.u32(fields.flisRecord); // 208
  out.u32(1); // 212 FLIS count
  out.zeros(8); // 216-223
  out.u32(NULL_INDEX); // 224 SRCS record: none
  out.u32(0); // 228 SRCS count
  out.fill(8, 0xff); // 232-239
  out.u32(fields.extraDataFlags); // 240
  out.u32(fields.ncxIndex); // 244
  if (fields.headerLength === KF8_HEADER_LENGTH) {
    out.u32(fields.fragmentIndex ?? NULL_INDEX); // 248
    out.u32(fields.skeletonIndex ?? NULL_INDEX); // 252
    out.u32(NULL_INDEX); // 256 DATP: none
    out.u32(fields.guideIndex ?? NULL_INDEX); // 260
    out.fill(4, 0xff).zeros(4).fill(4, 0xff).zeros(4); // 264-279
  }
  out.bytesOf(fields.exth);
  out.setU32(fullNameOffsetAt, out.length);
  out.bytesOf(name);
  out.zeros(fields.padding ?? PADDING);
  out.align(4);
  return out.result();
}
