// The Palm database container of MOBI, AZW and AZW3 files (issue 16): a 78-byte header, then a list
// of record offsets. Each record runs from its offset to the next one's (the last to the end of the
// file). Offsets are checked to lie inside the file and to increase, so a hostile list cannot make
// records overlap or run backwards.
import { EbookError } from "../ebook-error.ts";

const HEADER_SIZE = 78;
const ENTRY_SIZE = 8;

export interface PalmDatabase {
  /** the database name from the header (Latin-1, NULs removed) */
  name: string;
  /** type and creator, "BOOKMOBI" for MOBI/AZW3, "TEXtREAd" for plain PalmDOC */
  typeCreator: string;
  /** each record's bytes (views into the file) */
  records: Uint8Array[];
}

export function latin1(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

/** Palm ebooks that are not MOBI or PalmDOC, by their type and creator. */
const OTHER_PALM_BOOKS: Readonly<Record<string, string>> = { PNRdPPrs: "an eReader (Peanut Press)", PDctPPrs: "an eReader (Peanut Press)", zTXTGPlm: "a zTXT (Weasel Reader)" };

function damaged(why: string): EbookError {
  return new EbookError(`This Kindle book cannot be read: ${why}.`, "damaged");
}

export function readPalmDatabase(bytes: Uint8Array): PalmDatabase {
  if (bytes.length < HEADER_SIZE) throw damaged("the file is too short to be a MOBI or AZW3 book");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const typeCreator = latin1(bytes.subarray(60, 68));
  const other = OTHER_PALM_BOOKS[typeCreator];
  if (other !== undefined) throw new EbookError(`This is ${other} ebook for old Palm handhelds, a format this converter does not read (only MOBI, AZW3 and PalmDOC are).`, "unsupported");
  if (typeCreator !== "BOOKMOBI" && typeCreator.toUpperCase() !== "TEXTREAD") {
    throw new EbookError("This file is not a MOBI or AZW3 book (its header does not say BOOKMOBI).", "damaged");
  }
  const count = view.getUint16(76);
  if (count === 0) throw damaged("its record list is empty");
  const listEnd = HEADER_SIZE + count * ENTRY_SIZE;
  if (listEnd > bytes.length) throw damaged(`its header lists ${count} records but the file is cut short before the list ends`);
  const offsets: number[] = [];
  for (let i = 0; i < count; i++) {
    const offset = view.getUint32(HEADER_SIZE + i * ENTRY_SIZE);
    if (offset < listEnd || offset > bytes.length) throw damaged(`record ${i} starts at byte ${offset}, outside the file (${bytes.length} bytes)`);
    if (i > 0 && offset < offsets[i - 1]!) throw damaged(`record ${i} starts before record ${i - 1} (the record list runs backwards)`);
    offsets.push(offset);
  }
  const records = offsets.map((start, i) => bytes.subarray(start, i + 1 < count ? offsets[i + 1]! : bytes.length));
  return { name: latin1(bytes.subarray(0, 32)).replace(/\0.*$/s, ""), typeCreator, records };
}
