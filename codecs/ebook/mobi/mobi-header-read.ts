// Record 0 of a MOBI 6 or KF8 part: the 16-byte PalmDOC header (compression, text length, record
// count, encryption), the MOBI header (encoding, first image, indexes, extra data flags, KF8's FDST,
// skeleton and fragment indexes) and the EXTH metadata. Offsets follow the MobileRead wiki's MOBI page.
import { EbookError } from "../ebook-error.ts";
import { readExth, type ExthRecords } from "./exth-read.ts";
import { NULL_INDEX } from "./mobi-bytes.ts";

export { NULL_INDEX };

export const COMPRESSION_NONE = 1;
export const COMPRESSION_PALMDOC = 2;
export const COMPRESSION_HUFFCDIC = 17480;

export interface MobiHeader {
  compression: number;
  /** declared uncompressed text length */
  textLength: number;
  /** text records follow record 0 */
  textRecordCount: number;
  encryption: number;
  /** 8 for KF8, 6 or lower for MOBI 6 */
  version: number;
  /** "utf-8" or "windows-1252" */
  encoding: string;
  fullName: string;
  /** the Windows locale number of the MOBI header (language in the low byte) */
  locale: number;
  firstImageRecord: number;
  /** HUFF/CDIC books: the HUFF record (relative to this record 0) and how many records (HUFF + CDICs) */
  huffRecord: number;
  huffCount: number;
  extraFlags: number;
  ncxIndex: number;
  /** KF8 only (NULL_INDEX otherwise) */
  fdstIndex: number;
  fdstCount: number;
  fragmentIndex: number;
  skeletonIndex: number;
  guideIndex: number;
  exth: ExthRecords;
  /** a plain PalmDOC record 0 (TEXtREAd): no MOBI header, the text's encoding unsaid */
  palmDoc?: boolean;
}

export function readMobiHeader(record: Uint8Array): MobiHeader {
  if (record.length < 16) throw new EbookError("This Kindle book cannot be read: its first record is cut short.", "damaged");
  const view = new DataView(record.buffer, record.byteOffset, record.byteLength);
  const u32 = (at: number): number => (at + 4 <= record.length ? view.getUint32(at) : NULL_INDEX);
  const header: MobiHeader = {
    compression: view.getUint16(0),
    textLength: view.getUint32(4),
    textRecordCount: view.getUint16(8),
    encryption: view.getUint16(12),
    version: 0,
    encoding: "windows-1252",
    fullName: "",
    locale: 0,
    firstImageRecord: NULL_INDEX,
    huffRecord: NULL_INDEX,
    huffCount: 0,
    extraFlags: 0,
    ncxIndex: NULL_INDEX,
    fdstIndex: NULL_INDEX,
    fdstCount: 0,
    fragmentIndex: NULL_INDEX,
    skeletonIndex: NULL_INDEX,
    guideIndex: NULL_INDEX,
    exth: new Map(),
  };
  // plain PalmDOC: no MOBI header at all, and bytes 12–15 are the reader's saved position, not encryption
  if (record.length < 24 || String.fromCharCode(...record.subarray(16, 20)) !== "MOBI") return { ...header, encryption: 0, palmDoc: true };
  const length = view.getUint32(20);
  header.encoding = u32(28) === 65001 ? "utf-8" : "windows-1252";
  header.version = u32(0x68) === NULL_INDEX ? 0 : u32(0x68);
  header.firstImageRecord = u32(0x6c);
  header.huffRecord = u32(0x70);
  header.huffCount = u32(0x74) === NULL_INDEX ? 0 : u32(0x74);
  header.locale = u32(0x5c) === NULL_INDEX ? 0 : u32(0x5c);
  const nameOffset = u32(0x54);
  const nameLength = u32(0x58);
  const decoder = new TextDecoder(header.encoding);
  if (nameOffset + nameLength <= record.length) header.fullName = decoder.decode(record.subarray(nameOffset, nameOffset + nameLength)).replace(/\0/g, "").trim();
  // the extra data flags exist from header length 0xE4 on (calibre also caps odd lengths)
  if (length >= 0xe4 && length <= 500 && record.length >= 0xf4) header.extraFlags = view.getUint16(0xf2);
  if (record.length >= 0xf8) header.ncxIndex = u32(0xf4);
  if (header.version >= 8 && record.length >= 0x108) {
    header.fragmentIndex = u32(0xf8);
    header.skeletonIndex = u32(0xfc);
    header.guideIndex = u32(0x104);
    header.fdstIndex = u32(0xc0);
    header.fdstCount = u32(0xc4);
  }
  if (u32(0x80) !== NULL_INDEX && (u32(0x80) & 0x40) !== 0 && 16 + length < record.length) header.exth = readExth(record.subarray(16 + length));
  return header;
}
