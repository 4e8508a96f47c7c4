// The text stream of a MOBI 6 or KF8 part: the text records after record 0, each stripped of its
// trailing entries and decompressed, joined and capped. Returned as bytes: MOBI 6 links (filepos)
// and KF8 tables (skeletons, fragments, FDST flows) count positions in bytes of this stream.
import { EbookError } from "../ebook-error.ts";
import { huffCdicDecompress, readHuffCdic, type HuffCdic } from "./huffcdic.ts";
import { COMPRESSION_HUFFCDIC, COMPRESSION_NONE, COMPRESSION_PALMDOC, NULL_INDEX, type MobiHeader } from "./mobi-header-read.ts";
import { palmdocDecompress, stripTrailingEntries, MAX_RECORD_TEXT } from "./palmdoc-decompress.ts";

/** Far beyond real books (a long novel is a few MB of markup). */
export const MAX_TEXT_BYTES = 256 * 1024 * 1024;

export function checkReadable(header: MobiHeader, title: string): void {
  if (header.encryption !== 0) {
    throw new EbookError(`This book${title ? ` ("${title}")` : ""} is protected by DRM (it is locked to a Kindle account), so it cannot be converted. Only DRM-free books can be.`, "drm");
  }
  if (header.compression !== COMPRESSION_NONE && header.compression !== COMPRESSION_PALMDOC && header.compression !== COMPRESSION_HUFFCDIC) {
    throw new EbookError(`This Kindle book uses an unknown text compression (type ${header.compression}).`, "unsupported");
  }
}

/** The decompressed text of the part whose record 0 is `records[base]`. */
export function readText(records: Uint8Array[], base: number, header: MobiHeader): Uint8Array {
  if (header.textLength > MAX_TEXT_BYTES) {
    throw new EbookError(`This Kindle book declares ${Math.round(header.textLength / 1024 / 1024)} MB of text, beyond the ${MAX_TEXT_BYTES / 1024 / 1024} MB any real book stays under.`, "too-large");
  }
  const count = header.textRecordCount;
  if (count === 0) throw new EbookError("This Kindle book cannot be read: it has no text records.", "damaged");
  if (base + count >= records.length) throw new EbookError(`This Kindle book cannot be read: it declares ${count} text records but holds only ${records.length - base - 1}.`, "damaged");
  const huff = header.compression === COMPRESSION_HUFFCDIC ? huffTables(records, base, header) : undefined;
  // the declared length sizes the buffer; a book that lies about it still stops at the cap
  const pieces: Uint8Array[] = [];
  let total = 0;
  for (let r = base + 1; r <= base + count; r++) {
    const raw = stripTrailingEntries(records[r]!, header.extraFlags);
    const text = huff ? huffCdicDecompress(raw, huff, MAX_RECORD_TEXT) : header.compression === COMPRESSION_PALMDOC ? palmdocDecompress(raw, MAX_RECORD_TEXT) : raw;
    total += text.length;
    if (total > Math.max(header.textLength, 0) + MAX_RECORD_TEXT || total > MAX_TEXT_BYTES) {
      throw new EbookError("This Kindle book cannot be read: its text records hold more than its header declares.", "damaged");
    }
    pieces.push(text);
  }
  // text shorter than declared: cut short when the text records end the file, else a sloppy writer
  const cutShort = total < header.textLength;
  if (cutShort && base + count === records.length - 1) throw new EbookError("This Kindle book cannot be read: the file is cut short in the middle of its text.", "damaged");
  const out = new Uint8Array(total);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** The HUFF record and its CDIC records that the header names. */
function huffTables(records: Uint8Array[], base: number, header: MobiHeader): HuffCdic {
  const first = base + header.huffRecord;
  if (header.huffRecord === NULL_INDEX || header.huffCount < 2 || first + header.huffCount > records.length) {
    throw new EbookError("This Kindle book cannot be read: it says its text is HUFF/CDIC-compressed but its dictionary records are missing.", "damaged");
  }
  return readHuffCdic(records[first]!, records.slice(first + 1, first + header.huffCount));
}
