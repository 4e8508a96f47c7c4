// The Palm database container of MOBI and AZW3 files: a 78-byte header (name, dates, type
// "BOOK", creator "MOBI"), a table of record offsets with unique ids, two bytes of gap, then the
// records one after another.
import { EbookError } from "../ebook-error.ts";
import { ByteWriter } from "./mobi-bytes.ts";

/** The record table holds a 16-bit count. */
export const MAX_PDB_RECORDS = 0xffff;
/** Offsets are 32-bit; real books stay far below this. */
export const MAX_PDB_BYTES = 0xffffffff;

const HEADER_SIZE = 78;
const ENTRY_SIZE = 8;
const GAP_SIZE = 2;

export interface PalmDbOptions {
  /** the database name (from the title); made ASCII, spaces to "_", at most 31 bytes */
  name: string;
  /** 4 ASCII letters; "BOOK" by default */
  type?: string;
  /** 4 ASCII letters; "MOBI" by default */
  creator?: string;
  /** creation and modification date; now by default */
  date?: Date;
}

/** Latin letters for Cyrillic and Greek, so Russian or Greek titles keep a readable PDB name. */
const LATIN: Readonly<Record<string, string>> = Object.fromEntries(
  [
    ..."абвгдезийклмнопрстуфхцы".split("").map((c, i) => [c, "abvgdezijklmnoprstufhcy"[i] ?? ""]),
    ["ё", "e"], ["ж", "zh"], ["ч", "ch"], ["ш", "sh"], ["щ", "sch"], ["ъ", ""], ["ь", ""], ["э", "e"], ["ю", "yu"], ["я", "ya"],
    ["є", "ye"], ["і", "i"], ["ї", "yi"], ["ґ", "g"],
    ..."αβγδεζηικλμνξοπρστυφχω".split("").map((c, i) => [c, "abgdeziiklmnxoprstyfho"[i] ?? ""]),
    ["θ", "th"], ["ψ", "ps"], ["ς", "s"],
  ],
);

function transliterate(text: string): string {
  let out = "";
  for (const char of text) {
    const lower = char.toLowerCase();
    const latin = LATIN[lower.normalize("NFD")[0] ?? lower] ?? LATIN[lower];
    out += latin === undefined ? char : lower === char ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
  }
  return out;
}

/** The PDB name for a title: printable ASCII letters, digits and "_", at most 31 bytes, never empty. */
export function palmDbName(title: string): string {
  const ascii = transliterate(title)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 31);
  return ascii || "book";
}

const fourCc = (text: string, what: string) => {
  if (!/^[\x20-\x7e]{4}$/.test(text)) throw new RangeError(`A PDB ${what} must be 4 ASCII characters, not "${text}"`);
  return text;
};

/**
 * The whole PDB file for `records` in order. Record i gets unique id 2·i and the seed is 2·n − 1
 * (what Kindle tools write); dates are seconds since 1970.
 */
export function writePalmDb(records: readonly Uint8Array[], options: PalmDbOptions): Uint8Array {
  if (records.length === 0) throw new RangeError("A PDB needs at least one record");
  if (records.length > MAX_PDB_RECORDS) {
    throw new EbookError(`The book needs ${records.length} records; a Kindle file holds at most ${MAX_PDB_RECORDS}.`, "too-large");
  }
  const tableEnd = HEADER_SIZE + ENTRY_SIZE * records.length + GAP_SIZE;
  let total = tableEnd;
  for (const record of records) total += record.length;
  if (total > MAX_PDB_BYTES) throw new EbookError("The book is larger than a Kindle file can be (4 GB).", "too-large");

  const date = options.date !== undefined && Number.isFinite(options.date.getTime()) ? options.date : new Date();
  const seconds = Math.max(0, Math.min(0xffffffff, Math.floor(date.getTime() / 1000)));
  const out = new ByteWriter(total);
  const name = palmDbName(options.name);
  out.ascii(name).zeros(32 - name.length);
  out.u16(0); // attributes
  out.u16(0); // version
  out.u32(seconds); // created
  out.u32(seconds); // modified
  out.u32(0); // last backup
  out.u32(0); // modification number
  out.u32(0); // app info
  out.u32(0); // sort info
  out.ascii(fourCc(options.type ?? "BOOK", "type"));
  out.ascii(fourCc(options.creator ?? "MOBI", "creator"));
  out.u32(2 * records.length - 1); // unique id seed
  out.u32(0); // next record list
  out.u16(records.length);
  let offset = tableEnd;
  records.forEach((record, index) => {
    out.u32(offset);
    out.u32((2 * index) & 0xffffff); // attributes 0, then the 24-bit unique id
    offset += record.length;
  });
  out.zeros(GAP_SIZE);
  for (const record of records) out.bytesOf(record);
  return out.result();
}
