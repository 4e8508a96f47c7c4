// The book's text cut into the 4096-byte text records of MOBI and KF8. Records are cut at exactly
// 4096 bytes of text even inside a UTF-8 character; the bytes that finish a character cut at the
// end of a record are repeated after the (compressed) record as the "multibyte" trailing entry,
// followed by one byte counting them (flag bit 0 of the header's extra data flags). A reader that
// honours the flag never sees half a character at a record's end.
import { EbookError } from "../ebook-error.ts";
import { concatBytes, trailingEntry } from "./mobi-bytes.ts";
import { compressPalmDoc, PALMDOC_RECORD_SIZE } from "./palmdoc-compress.ts";

export const TEXT_RECORD_SIZE = PALMDOC_RECORD_SIZE;
/** PalmDOC compression (2); 1 is none. */
export const COMPRESSION_PALMDOC = 2;
export const COMPRESSION_NONE = 1;
/** Extra data flag bits: the multibyte entry, and TBS index data (MOBI 6 navigation). */
export const EXTRA_MULTIBYTE = 0b1;
export const EXTRA_TBS = 0b10;
/** 200 MB of markup: far beyond any book, and within the 65,535 records a PDB can hold. */
export const MAX_TEXT_BYTES = 200 * 1024 * 1024;

export interface TextRecordOptions {
  /** PalmDOC compression (the default) or none */
  compress?: boolean;
  /**
   * The TBS indexing data of text record `index` (0-based), written as a trailing entry after the
   * multibyte one; when given, EXTRA_TBS is set in the flags.
   */
  tbs?: (index: number) => Uint8Array;
  /** called after each record, with records done and records in all */
  onRecord?: (done: number, total: number) => void;
}

export interface TextRecords {
  /** the records, in order (record 1 onwards of the book) */
  records: Uint8Array[];
  /** the uncompressed text's length in bytes (the PalmDOC header's text length) */
  textLength: number;
  /** the header's extra data flags for these records */
  extraDataFlags: number;
  /** the header's compression value */
  compression: number;
}

/** How many bytes after `end` complete a UTF-8 character that starts before `end` (0 to 3). */
export function overlapAt(text: Uint8Array, end: number): number {
  if (end >= text.length) return 0;
  // walk back over continuation bytes to the lead byte of the character that holds byte `end`
  let lead = end;
  while (lead > 0 && end - lead < 3 && ((text[lead] ?? 0) & 0xc0) === 0x80) lead--;
  if (lead === end) return 0; // `end` begins a character: nothing is cut
  const byte = text[lead] ?? 0;
  const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
  return Math.max(0, Math.min(lead + length, text.length) - end);
}

/** Cuts UTF-8 `text` into text records (see the file comment). */
export function makeTextRecords(text: Uint8Array, options: TextRecordOptions = {}): TextRecords {
  if (text.length > MAX_TEXT_BYTES) throw new EbookError(`The book's text is ${Math.round(text.length / 1048576)} MB; at most ${MAX_TEXT_BYTES / 1048576} MB can be written.`, "too-large");
  const compress = options.compress ?? true;
  const total = Math.ceil(text.length / TEXT_RECORD_SIZE);
  const records: Uint8Array[] = [];
  for (let index = 0; index < total; index++) {
    const start = index * TEXT_RECORD_SIZE;
    const end = Math.min(start + TEXT_RECORD_SIZE, text.length);
    const chunk = text.subarray(start, end);
    const overlap = text.subarray(end, end + overlapAt(text, end));
    const parts = [compress ? compressPalmDoc(chunk) : chunk.slice(), overlap, Uint8Array.of(overlap.length)];
    if (options.tbs) parts.push(trailingEntry(options.tbs(index)));
    records.push(concatBytes(parts));
    options.onRecord?.(index + 1, total);
  }
  return {
    records,
    textLength: text.length,
    extraDataFlags: EXTRA_MULTIBYTE | (options.tbs ? EXTRA_TBS : 0),
    compression: compress ? COMPRESSION_PALMDOC : COMPRESSION_NONE,
  };
}

/** Index of the text record holding byte `offset` of the uncompressed text (0-based). */
export const recordOfOffset = (offset: number): number => Math.floor(offset / TEXT_RECORD_SIZE);
