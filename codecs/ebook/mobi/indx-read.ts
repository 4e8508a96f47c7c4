// The INDX indexes of Kindle books (the NCX, KF8's skeleton and fragment tables, the guide): a header
// record with the TAGX table that says how entries encode their values, then data records whose
// IDXT lists the entries, then CNCX records holding the strings (titles) the entries point at.
// Every count is checked against the records that exist and the limits below.
import { EbookError } from "../ebook-error.ts";

/** Far beyond real books (a dictionary-sized NCX has tens of thousands). */
export const MAX_INDEX_ENTRIES = 200_000;
const MAX_TAGS = 64;

export interface IndexEntry {
  /** the entry's name: a number written as text for KF8 tables, a title id for the NCX */
  name: string;
  /** tag number → its values */
  tags: Map<number, number[]>;
}

export interface KindleIndex {
  entries: IndexEntry[];
  /** CNCX offset → string */
  strings: Map<number, string>;
}

interface Tagx {
  tag: number;
  valuesPerEntry: number;
  mask: number;
  endFlag: number;
}

function damaged(why: string): EbookError {
  return new EbookError(`This Kindle book's index cannot be read: ${why}.`, "damaged");
}

const magic = (bytes: Uint8Array, at: number, text: string): boolean =>
  at >= 0 && at + 4 <= bytes.length && text.split("").every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** A forward variable-width integer: 7 bits a byte, the last byte marked by its high bit. */
function readVarint(bytes: Uint8Array, at: number, end: number): { value: number; next: number } {
  let value = 0;
  for (let p = at; p < end && p < at + 5; p++) {
    const b = bytes[p]!;
    value = value * 128 + (b & 0x7f);
    if (b & 0x80) return { value, next: p + 1 };
  }
  throw damaged("a number in an index entry is cut short");
}

function readTagx(record: Uint8Array, view: DataView): { controlBytes: number; tags: Tagx[] } {
  let at = view.getUint32(180);
  if (!magic(record, at, "TAGX")) {
    at = -1;
    for (let p = 184; p + 4 <= record.length; p++) if (magic(record, p, "TAGX")) { at = p; break; }
  }
  if (at < 0 || at + 12 > record.length) throw damaged("its tag table (TAGX) is missing");
  const length = view.getUint32(at + 4);
  const controlBytes = view.getUint32(at + 8);
  if (length > record.length - at || (length - 12) / 4 > MAX_TAGS || controlBytes > 16) throw damaged("its tag table (TAGX) is malformed");
  const tags: Tagx[] = [];
  for (let p = at + 12; p + 4 <= at + length; p += 4) tags.push({ tag: record[p]!, valuesPerEntry: record[p + 1]!, mask: record[p + 2]!, endFlag: record[p + 3]! });
  return { controlBytes, tags };
}

function bitCount(n: number): number {
  let count = 0;
  for (let v = n; v !== 0; v >>= 1) count += v & 1;
  return count;
}

function readEntryTags(bytes: Uint8Array, start: number, end: number, controlBytes: number, tagx: Tagx[]): Map<number, number[]> {
  const tags = new Map<number, number[]>();
  let control = start;
  let at = start + controlBytes;
  if (at > end) throw damaged("an entry is cut short");
  const wanted: { tag: number; count?: number; bytes?: number; perEntry: number }[] = [];
  for (const t of tagx) {
    if (t.endFlag === 1) {
      control++;
      continue;
    }
    let value = bytes[control]! & t.mask;
    if (value === 0) continue;
    if (value === t.mask && bitCount(t.mask) > 1) {
      // all bits set: a varint follows giving the byte length of the values
      const length = readVarint(bytes, at, end);
      at = length.next;
      wanted.push({ tag: t.tag, bytes: length.value, perEntry: t.valuesPerEntry });
    } else {
      for (let mask = t.mask; (mask & 1) === 0; mask >>= 1) value >>= 1;
      wanted.push({ tag: t.tag, count: value, perEntry: t.valuesPerEntry });
    }
  }
  for (const w of wanted) {
    const values: number[] = [];
    if (w.count !== undefined) {
      for (let i = 0; i < w.count * w.perEntry; i++) {
        const v = readVarint(bytes, at, end);
        values.push(v.value);
        at = v.next;
      }
    } else {
      const stop = at + w.bytes!;
      if (stop > end) throw damaged("an entry's values run past its end");
      while (at < stop) {
        const v = readVarint(bytes, at, stop);
        values.push(v.value);
        at = v.next;
      }
    }
    tags.set(w.tag, values);
  }
  return tags;
}

function readStrings(records: Uint8Array[], decoder: TextDecoder): Map<number, string> {
  const strings = new Map<number, string>();
  records.forEach((record, n) => {
    let at = 0;
    while (at < record.length) {
      let length: { value: number; next: number };
      try {
        length = readVarint(record, at, record.length);
      } catch {
        break;
      }
      if (length.value === 0) {
        at = length.next;
        continue;
      }
      strings.set(n * 0x10000 + at, decoder.decode(record.subarray(length.next, Math.min(record.length, length.next + length.value))));
      at = length.next + length.value;
    }
  });
  return strings;
}

/** Reads the index whose header is `records[first]`. */
export function readIndex(records: Uint8Array[], first: number, encoding: string): KindleIndex {
  const header = records[first];
  if (header === undefined || !magic(header, 0, "INDX") || header.length < 184) throw damaged(`record ${first} is not an index header`);
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const dataRecords = view.getUint32(24);
  const cncxRecords = view.getUint32(52);
  if (first + 1 + dataRecords + cncxRecords > records.length) throw damaged(`it claims ${dataRecords} data records and ${cncxRecords} string records, more than the book holds`);
  const decoder = new TextDecoder(encoding);
  const { controlBytes, tags } = readTagx(header, view);
  const strings = readStrings(records.slice(first + 1 + dataRecords, first + 1 + dataRecords + cncxRecords), decoder);
  const entries: IndexEntry[] = [];
  for (let r = first + 1; r <= first + dataRecords; r++) {
    const record = records[r]!;
    if (!magic(record, 0, "INDX") || record.length < 28) throw damaged(`record ${r} is not an index record`);
    const rv = new DataView(record.buffer, record.byteOffset, record.byteLength);
    const idxt = rv.getUint32(20);
    const count = rv.getUint32(24);
    if (!magic(record, idxt, "IDXT") || idxt + 4 + count * 2 > record.length) throw damaged(`record ${r} has a broken entry list`);
    if (entries.length + count > MAX_INDEX_ENTRIES) throw new EbookError(`This Kindle book's index has more than ${MAX_INDEX_ENTRIES} entries, beyond any real book.`, "too-much-work");
    for (let i = 0; i < count; i++) {
      const start = rv.getUint16(idxt + 4 + i * 2);
      const end = i + 1 < count ? rv.getUint16(idxt + 4 + (i + 1) * 2) : idxt;
      if (start >= end || end > record.length) throw damaged(`entry ${i} of record ${r} lies outside its record`);
      const nameLength = record[start]!;
      if (start + 1 + nameLength > end) throw damaged(`entry ${i} of record ${r} is cut short`);
      const name = decoder.decode(record.subarray(start + 1, start + 1 + nameLength));
      entries.push({ name, tags: readEntryTags(record, start + 1 + nameLength, end, controlBytes, tags) });
    }
  }
  return { entries, strings };
}

export interface NcxEntry {
  /** MOBI 6: a byte position in the text */
  position?: number;
  /** KF8: [fragment number, offset] */
  posFid?: [number, number];
  title: string;
  level: number;
  /** index of the parent entry, -1 at the top */
  parent: number;
}

/** The NCX index (the book's table of contents). Tags: 1 position, 3 title (CNCX), 4 level, 6 KF8 position, 21 parent. */
export function readNcx(records: Uint8Array[], first: number, encoding: string): NcxEntry[] {
  const index = readIndex(records, first, encoding);
  return index.entries.map((entry) => {
    const tags = entry.tags;
    const titleOffset = tags.get(3)?.[0];
    const out: NcxEntry = {
      title: (titleOffset === undefined ? undefined : index.strings.get(titleOffset)) ?? "",
      level: tags.get(4)?.[0] ?? 0,
      parent: tags.get(21)?.[0] ?? -1,
    };
    const position = tags.get(1)?.[0];
    if (position !== undefined) out.position = position;
    const fid = tags.get(6);
    if (fid !== undefined && fid.length >= 2) out.posFid = [fid[0]!, fid[1]!];
    return out;
  });
}
