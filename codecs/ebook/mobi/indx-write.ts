// The INDX indexes of MOBI 6 (the NCX: the Kindle's table of contents) and KF8 (skeleton,
// fragment, NCX and guide indexes). An index is a header record (INDX header, the TAGX table that
// says which tags an entry may carry, the last label and entry count of each index record, and an
// IDXT of offsets to those), then index records (INDX header, entries, IDXT of entry offsets),
// then CNCX records holding the strings entries point at.
//
// An entry is its label (length-prefixed), control bytes telling how many values of each tag it
// has, then the values as forward-encoded variable-width integers, in TAGX order.
import { EbookError } from "../ebook-error.ts";
import { ByteWriter, concatBytes, forwardVwi, utf8 } from "./mobi-bytes.ts";

const INDX_HEADER_LENGTH = 192;
/** Index records stay below the PDB's 64 KB record size with Kindle tools' margin. */
const RECORD_LIMIT = 0x10000 - INDX_HEADER_LENGTH - 1048;
const CNCX_RECORD_LIMIT = 0x10000 - 1024;
/** CNCX strings are cut to this many characters (a TOC title, a CSS selector...). */
export const MAX_CNCX_STRING = 500;
/** More index entries than any book has. */
export const MAX_INDEX_ENTRIES = 100_000;

/** One tag of the TAGX table: its number, values per entry and its bits in the control byte. */
export interface TagDefinition {
  tag: number;
  valuesPerEntry: number;
  /** the control byte bits counting this tag's entries (1, 2, 4... or a 2-bit field such as 3 or 12) */
  mask: number;
}

/** The TAGX table: tags, and "end" closing each control byte (one "end" per control byte). */
export type TagTable = ReadonlyArray<TagDefinition | "end">;

export interface IndexEntry {
  /** the entry's key: ASCII/UTF-8 text (at most 255 bytes) */
  label: string | Uint8Array;
  /** values of each tag, a multiple of the tag's valuesPerEntry; absent or empty tags are left out */
  tags: ReadonlyMap<number, readonly number[]>;
}

/** Strings of an index's CNCX records, each stored once; offsets are what entries refer to. */
export class CncxBuilder {
  private readonly offsets = new Map<string, number>();
  private readonly done: Uint8Array[] = [];
  private current = new ByteWriter(1024);

  /** The offset of `text` (added when new): record number × 0x10000 + position in the record. */
  add(text: string): number {
    const key = text.slice(0, MAX_CNCX_STRING);
    const known = this.offsets.get(key);
    if (known !== undefined) return known;
    const bytes = utf8(key.trim() || "Untitled");
    const raw = concatBytes([forwardVwi(bytes.length), bytes]);
    if (this.current.length + raw.length > CNCX_RECORD_LIMIT) {
      this.done.push(this.current.align(4).result());
      this.current = new ByteWriter(1024);
    }
    const offset = this.done.length * 0x10000 + this.current.length;
    this.current.bytesOf(raw);
    this.offsets.set(key, offset);
    return offset;
  }

  /** The CNCX records (none when no string was added). */
  records(): Uint8Array[] {
    const last = this.current.length > 0 ? [this.current.result()] : [];
    return [...this.done, ...last].map((record) => {
      const copy = new ByteWriter(record.length + 4).bytesOf(record);
      return copy.align(4).result();
    });
  }
}

const lowestBit = (mask: number) => {
  let shift = 0;
  while (shift < 8 && ((mask >> shift) & 1) === 0) shift++;
  return shift;
};

const bitCount = (mask: number) => {
  let count = 0;
  for (let bits = mask; bits > 0; bits >>= 1) count += bits & 1;
  return count;
};

function labelBytes(label: string | Uint8Array): Uint8Array {
  const bytes = typeof label === "string" ? utf8(label) : label;
  if (bytes.length === 0 || bytes.length > 255) throw new RangeError(`An index label must be 1 to 255 bytes, not ${bytes.length}`);
  return bytes;
}

/** The bytes of one entry (label, control bytes, values). */
function entryBytes(table: TagTable, entry: IndexEntry): Uint8Array {
  const out = new ByteWriter(64);
  const label = labelBytes(entry.label);
  out.u8(label.length).bytesOf(label);
  let control = 0;
  for (const item of table) {
    if (item === "end") {
      out.u8(control);
      control = 0;
      continue;
    }
    const values = entry.tags.get(item.tag) ?? [];
    if (values.length % item.valuesPerEntry !== 0) throw new RangeError(`Tag ${item.tag} needs values in groups of ${item.valuesPerEntry}`);
    const count = values.length / item.valuesPerEntry;
    const shift = lowestBit(item.mask);
    // a 2-bit field full of ones means "a byte length follows": keep counts below it
    const largest = (item.mask >> shift) - (bitCount(item.mask) > 1 ? 1 : 0);
    if (count > largest) throw new RangeError(`Tag ${item.tag} has ${count} groups of values; its control bits hold at most ${largest}`);
    control |= (count << shift) & item.mask;
  }
  for (const item of table) {
    if (item === "end") continue;
    for (const value of entry.tags.get(item.tag) ?? []) out.bytesOf(forwardVwi(value));
  }
  return out.result();
}

function tagxBytes(table: TagTable): Uint8Array {
  const controlBytes = table.filter((item) => item === "end").length;
  if (controlBytes === 0 || table[table.length - 1] !== "end") throw new RangeError("A TAGX table must end with \"end\"");
  const out = new ByteWriter(12 + 4 * table.length);
  out.ascii("TAGX").u32(12 + 4 * table.length).u32(controlBytes);
  for (const item of table) {
    if (item === "end") out.u8(0).u8(0).u8(0).u8(1);
    else out.u8(item.tag).u8(item.valuesPerEntry).u8(item.mask).u8(0);
  }
  return out.result();
}

interface IndexBlock {
  entries: Uint8Array[];
  size: number;
  lastLabel: Uint8Array;
}

function indexRecord(block: IndexBlock): Uint8Array {
  const body = new ByteWriter(block.size + 8);
  const offsets: number[] = [];
  for (const entry of block.entries) {
    offsets.push(INDX_HEADER_LENGTH + body.length);
    body.bytesOf(entry);
  }
  body.align(4);
  const out = new ByteWriter(INDX_HEADER_LENGTH + body.length + 4 + 2 * offsets.length + 4);
  out.ascii("INDX").u32(INDX_HEADER_LENGTH).u32(0).u32(1).u32(0);
  out.u32(INDX_HEADER_LENGTH + body.length); // 20: IDXT offset
  out.u32(block.entries.length); // 24: entries in this record
  out.fill(8, 0xff).zeros(156);
  out.bytesOf(body.result());
  out.ascii("IDXT");
  for (const offset of offsets) out.u16(offset);
  out.align(4);
  return out.result();
}

/**
 * The records of one index, in order: header record, index records, CNCX records. Entries must
 * already be in the order readers look them up (by label).
 */
export function writeIndex(table: TagTable, entries: readonly IndexEntry[], cncx: readonly Uint8Array[] = []): Uint8Array[] {
  if (entries.length === 0) throw new RangeError("An index needs at least one entry");
  if (entries.length > MAX_INDEX_ENTRIES) throw new EbookError(`The book's index has ${entries.length} entries; at most ${MAX_INDEX_ENTRIES} can be written.`, "too-large");
  const blocks: IndexBlock[] = [];
  let block: IndexBlock = { entries: [], size: 0, lastLabel: new Uint8Array(0) };
  for (const entry of entries) {
    const bytes = entryBytes(table, entry);
    if (block.entries.length > 0 && block.size + 2 * (block.entries.length + 1) + bytes.length > RECORD_LIMIT) {
      blocks.push(block);
      block = { entries: [], size: 0, lastLabel: new Uint8Array(0) };
    }
    block.entries.push(bytes);
    block.size += bytes.length;
    block.lastLabel = labelBytes(entry.label);
  }
  blocks.push(block);
  const records = blocks.map(indexRecord);

  const tagx = new ByteWriter(64).bytesOf(tagxBytes(table)).align(4).result();
  const geometry = new ByteWriter(64);
  const geometryOffsets: number[] = [];
  for (const each of blocks) {
    geometryOffsets.push(INDX_HEADER_LENGTH + tagx.length + geometry.length);
    geometry.u8(each.lastLabel.length).bytesOf(each.lastLabel).u16(each.entries.length);
  }
  geometry.align(4);
  const idxtOffset = INDX_HEADER_LENGTH + tagx.length + geometry.length;
  const header = new ByteWriter(idxtOffset + 8 + 2 * blocks.length);
  header.ascii("INDX").u32(INDX_HEADER_LENGTH).zeros(8);
  header.u32(2); // 16: index type (what Kindle tools write for these indexes)
  header.u32(idxtOffset); // 20
  header.u32(records.length); // 24: index records
  header.u32(65001); // 28: UTF-8
  header.u32(0xffffffff); // 32
  header.u32(entries.length); // 36: entries in all
  header.u32(0).u32(0).u32(0); // 40-51: ORDT, LIGT: none
  header.u32(cncx.length); // 52: CNCX records
  header.zeros(124); // 56-179
  header.u32(INDX_HEADER_LENGTH); // 180: TAGX offset
  header.zeros(8); // 184-191
  header.bytesOf(tagx).bytesOf(geometry.result());
  header.ascii("IDXT");
  for (const offset of geometryOffsets) header.u16(offset);
  header.align(4);
  return [header.result(), ...records, ...cncx];
}
