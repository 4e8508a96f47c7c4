// The EXTH block of a MOBI/KF8 record 0: the book's metadata as numbered records ("EXTH", length,
// count, then type + length + data each, padded to 4 bytes). Kindles read the title (503), authors
// (100), language (524), the cover (201) and, in a joint MOBI 6 + KF8 file, where KF8 starts (121).
import type { BookLayout, BookMetadata } from "../book.ts";
import { ByteWriter, utf8 } from "./mobi-bytes.ts";

export { EXTH } from "./exth-types.ts";
import { EXTH } from "./exth-types.ts";

/** Longer strings are cut: no real title, name or description needs more. */
const MAX_STRING_BYTES = 16_000;
const MAX_REPEATED = 100;

export interface ExthOptions {
  metadata: BookMetadata;
  /** the book's UUID (no "urn:uuid:"), written as ASIN (113, 504) and source (112) */
  uuid: string;
  /** publishing date when the metadata has none */
  modified: Date;
  /** index of the cover among the resource records (0-based from the first image record) */
  coverOffset?: number;
  /** same for the thumbnail (the cover itself is fine) */
  thumbOffset?: number;
  /** also name the cover as a "kindle:embed:XXXX" URI (129), as Kindle tools do for KF8 and joint files */
  kf8CoverUri?: boolean;
  /** byte offsets (text position) where reading starts (116); several for a joint file */
  startReading?: number[];
  /** joint files: the record number of the KF8 part's record 0 (121) */
  kf8Boundary?: number;
  /** resource records (125), KF8 and joint files */
  resourceCount?: number;
  /** the unknown KF8 count (131): 0 when there are resources */
  kf8UnknownCount?: number;
  /** fixed layout (122, 307) and right-to-left page turns (525, 527): comics and manga */
  layout?: BookLayout;
  /** claim to be kindlegen 2 (KF8 and joint files) rather than kindlegen 1.2 (MOBI 6) */
  kindlegen2?: boolean;
}

const clean = (text: string) => text.replace(/[\s]+/g, " ").trim();

function cut(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= MAX_STRING_BYTES) return bytes;
  let end = MAX_STRING_BYTES;
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--; // not inside a character
  return bytes.subarray(0, end);
}

/** An ISBN-10/13 in the identifier, or null (EXTH 104 is for ISBNs only). */
function isbnOf(identifier: string | undefined): string | null {
  if (!identifier) return null;
  const digits = identifier.replace(/^urn:isbn:/i, "").replace(/[-\s]/g, "");
  return /^(97[89]\d{10}|\d{9}[\dXx])$/.test(digits) ? digits : null;
}

/** The language as a two-letter code where there is one ("ru"), the tag's first part otherwise. */
export function exthLanguage(language: string): string {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return /^[a-z]{2,3}$/.test(primary) && primary !== "und" ? primary : "en";
}

/** The EXTH block for record 0. */
export function writeExth(options: ExthOptions): Uint8Array {
  const records: Array<[number, Uint8Array]> = [];
  const text = (type: number, value: string | undefined) => {
    const value2 = value === undefined ? "" : type === EXTH.description ? value.trim() : clean(value);
    if (value2) records.push([type, cut(utf8(value2))]);
  };
  const number = (type: number, value: number) => {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint32(0, value >>> 0);
    records.push([type, bytes]);
  };
  const { metadata } = options;

  for (const author of metadata.authors.slice(0, MAX_REPEATED)) text(EXTH.author, author);
  text(EXTH.publisher, metadata.publisher);
  text(EXTH.description, metadata.description);
  const isbn = isbnOf(metadata.identifier);
  if (isbn) text(EXTH.isbn, isbn);
  for (const subject of (metadata.subjects ?? []).slice(0, MAX_REPEATED)) text(EXTH.subject, subject);
  text(EXTH.publishingDate, metadata.date || options.modified.toISOString());
  text(EXTH.asin, options.uuid);
  text(EXTH.asin504, options.uuid);
  text(EXTH.source, `urn:uuid:${options.uuid}`);
  text(EXTH.cdeType, "EBOK");
  text(EXTH.updatedTitle, metadata.title || "Untitled");
  text(EXTH.language, exthLanguage(metadata.language));

  const creator = options.kindlegen2 ? [201, 2, 9, 0] : [201, 1, 2, 33307];
  number(EXTH.creatorSoftware, creator[0] ?? 0);
  number(EXTH.creatorMajor, creator[1] ?? 0);
  number(EXTH.creatorMinor, creator[2] ?? 0);
  number(EXTH.creatorBuild, creator[3] ?? 0);
  if (options.kindlegen2) text(EXTH.creatorBuildRevision, "0730-890adc2");

  if (options.coverOffset !== undefined) {
    number(EXTH.coverOffset, options.coverOffset);
    number(EXTH.hasFakeCover, 0);
  }
  if (options.thumbOffset !== undefined) number(EXTH.thumbOffset, options.thumbOffset);
  // kindle:embed numbers count resources from 1
  if (options.kf8CoverUri && options.coverOffset !== undefined) text(EXTH.kf8CoverUri, `kindle:embed:${base32(options.coverOffset + 1, 4)}`);
  for (const offset of options.startReading ?? []) number(EXTH.startReading, offset);
  if (options.kf8Boundary !== undefined) number(EXTH.kf8Boundary, options.kf8Boundary);
  if (options.resourceCount !== undefined) number(EXTH.resourceCount, options.resourceCount);
  if (options.kf8UnknownCount !== undefined) number(EXTH.kf8UnknownCount, options.kf8UnknownCount);
  text(EXTH.overrideKindleFonts, "true");
  const layout = options.layout;
  if (layout?.fixed) {
    text(EXTH.fixedLayout, "true");
    if (layout.width !== undefined && layout.height !== undefined) text(EXTH.originalResolution, `${layout.width}x${layout.height}`);
  }
  if (layout?.rightToLeft) {
    text(EXTH.primaryWritingMode, "horizontal-rl");
    text(EXTH.pageProgressionDirection, "rtl");
  }

  let body = 0;
  for (const [, data] of records) body += 8 + data.length;
  const out = new ByteWriter(12 + body + 4);
  out.ascii("EXTH").u32(12 + body).u32(records.length);
  for (const [type, data] of records) out.u32(type).u32(8 + data.length).bytesOf(data);
  // always at least one byte of padding (what Kindle tools write), to a multiple of 4
  out.zeros(4 - (body % 4));
  return out.result();
}

/** Kindle's base-32 numbers ("0-9A-V"), zero-padded: the "kindle:embed:0001" resource names. */
export function base32(value: number, digits = 4): string {
  return value.toString(32).toUpperCase().padStart(digits, "0");
}
