// The zip-bomb guard (issue 15): before any library inflates a zip (DOCX, later EPUB), read its
// central directory ourselves and refuse what would unpack to far more than a real document: a
// declared total or one entry's compression ratio beyond the limits below, or an entry that
// inflates past the size it declares (checked with a streaming inflate that stops at the cap, so a
// lying header costs at most the declared size). Returns the entries, so callers need not read the
// directory again, and `readZipEntry` to unpack one of them with the same cap.
import { Inflate } from "fflate";
import { crc32 } from "../png/crc32.ts";
import { DocumentError } from "./document-error.ts";

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (the only two methods accepted) */
  method: number;
  crc32: number;
  compressedSize: number;
  /** the size the central directory declares */
  uncompressedSize: number;
  localHeaderOffset: number;
  /** where the entry's compressed bytes start */
  dataOffset: number;
}

export interface ZipLimits {
  /** the most all entries together may declare, in bytes */
  maxTotalBytes: number;
  /** the most entries a container may have */
  maxEntries: number;
  /** the highest uncompressed / compressed ratio of an entry larger than `ratioAppliesAbove` */
  maxRatio: number;
  ratioAppliesAbove: number;
}

const MB = 1024 * 1024;

/** Far beyond any real DOCX or EPUB (their XML compresses about 10:1), far below what hurts a tab. */
export const ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: 512 * MB,
  maxEntries: 20_000,
  maxRatio: 200,
  ratioAppliesAbove: 1 * MB,
};

/** Compressed bytes handed to the inflater per step: bounds one step's output to about 16 MB. */
const INFLATE_STEP = 16 * 1024;

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const CENTRAL_SIZE = 46;
const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_SIZE = 30;
const ZIP64_EXTRA_ID = 0x0001;
const FLAG_ENCRYPTED = 0x0001;
const STORED = 0;
const DEFLATED = 8;

const damaged = (why: string): DocumentError =>
  new DocumentError(`This file is not a readable document: its zip container is damaged (${why}).`, "damaged");

const megabytes = (bytes: number): string => `${Math.round(bytes / MB)} MB`;

const tooLarge = (what: string): DocumentError => new DocumentError(`${what}: it looks like a zip bomb, so it is not opened.`, "too-large");

class Reader {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  has(offset: number, length: number): boolean {
    return offset >= 0 && length >= 0 && offset + length <= this.bytes.length;
  }
  u16(offset: number): number {
    return this.view.getUint16(offset, true);
  }
  u32(offset: number): number {
    return this.view.getUint32(offset, true);
  }
  u64(offset: number): number {
    const value = this.view.getBigUint64(offset, true);
    // sizes past 2^53 are hostile anyway; Infinity trips every limit below
    return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(value);
  }
}

interface Directory {
  count: number;
  offset: number;
  size: number;
}

function findDirectory(r: Reader): Directory {
  const last = r.bytes.length - EOCD_SIZE;
  if (last < 0) throw damaged("it is too short to be a zip file");
  const first = Math.max(0, last - MAX_COMMENT);
  let at = -1;
  for (let i = last; i >= first; i--) {
    if (r.bytes[i] === 0x50 && r.u32(i) === EOCD_SIGNATURE) {
      at = i;
      break;
    }
  }
  if (at < 0) throw damaged("its table of contents is missing: the file may be cut short or not a zip file");
  if (r.u16(at + 4) !== 0 || r.u16(at + 6) !== 0) throw damaged("it is split across several files");
  let count = r.u16(at + 10);
  let size = r.u32(at + 12);
  let offset = r.u32(at + 16);
  const locator = at - 20;
  if ((count === 0xffff || size === 0xffffffff || offset === 0xffffffff) && locator >= 0 && r.u32(locator) === ZIP64_LOCATOR_SIGNATURE) {
    const zip64 = r.u64(locator + 8);
    if (!r.has(zip64, 56) || r.u32(zip64) !== ZIP64_EOCD_SIGNATURE) throw damaged("its zip64 table of contents is missing");
    count = r.u64(zip64 + 32);
    size = r.u64(zip64 + 40);
    offset = r.u64(zip64 + 48);
  }
  if (!r.has(offset, size)) throw damaged("its table of contents points outside the file; it may be cut short");
  return { count, offset, size };
}

/** The zip64 extra field's values for the sizes and offset the fixed header marks as 0xFFFFFFFF. */
function applyZip64(r: Reader, start: number, length: number, entry: ZipEntry): void {
  let at = start;
  const end = start + length;
  while (at + 4 <= end) {
    const id = r.u16(at);
    const size = r.u16(at + 2);
    if (id === ZIP64_EXTRA_ID) {
      let field = at + 4;
      const take = (): number => {
        if (field + 8 > at + 4 + size) throw damaged("an entry's zip64 sizes are cut short");
        const value = r.u64(field);
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = take();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = take();
      return;
    }
    at += 4 + size;
  }
}

/** Reads the central directory, checking the declared sizes against `limits`; inflates nothing. */
export function listZip(bytes: Uint8Array, limits: Partial<ZipLimits> = {}): ZipEntry[] {
  const limit: ZipLimits = { ...ZIP_LIMITS, ...limits };
  const r = new Reader(bytes);
  const directory = findDirectory(r);
  if (directory.count > limit.maxEntries) {
    throw new DocumentError(`This file's zip container lists ${directory.count} entries; a real document has far fewer than ${limit.maxEntries}.`, "too-much-work");
  }
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = directory.offset;
  for (let i = 0; i < directory.count; i++) {
    if (!r.has(at, CENTRAL_SIZE) || r.u32(at) !== CENTRAL_SIGNATURE) throw damaged("an entry of its table of contents is broken");
    const flags = r.u16(at + 8);
    const nameLength = r.u16(at + 28);
    const extraLength = r.u16(at + 30);
    const commentLength = r.u16(at + 32);
    if (!r.has(at + CENTRAL_SIZE, nameLength + extraLength + commentLength)) throw damaged("an entry of its table of contents is cut short");
    const name = new TextDecoder().decode(bytes.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength));
    const entry: ZipEntry = {
      name,
      method: r.u16(at + 10),
      crc32: r.u32(at + 16),
      compressedSize: r.u32(at + 20),
      uncompressedSize: r.u32(at + 24),
      localHeaderOffset: r.u32(at + 42),
      dataOffset: 0,
    };
    applyZip64(r, at + CENTRAL_SIZE + nameLength, extraLength, entry);
    at += CENTRAL_SIZE + nameLength + extraLength + commentLength;

    if (flags & FLAG_ENCRYPTED) throw new DocumentError(`This file's part "${name}" is encrypted with a zip password, which documents never use.`, "damaged");
    if (entry.method !== STORED && entry.method !== DEFLATED) throw damaged(`"${name}" uses compression method ${entry.method}`);
    total += entry.uncompressedSize;
    if (total > limit.maxTotalBytes) throw tooLarge(`This file unpacks to more than ${megabytes(total)}, far beyond any real document (the limit is ${megabytes(limit.maxTotalBytes)})`);
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (entry.uncompressedSize > limit.ratioAppliesAbove && ratio > limit.maxRatio) {
      throw tooLarge(`Its part "${name}" unpacks to ${megabytes(entry.uncompressedSize)}, ${Math.round(ratio)} times its packed size, far beyond any real document`);
    }
    const local = entry.localHeaderOffset;
    if (!r.has(local, LOCAL_SIZE) || r.u32(local) !== LOCAL_SIGNATURE) throw damaged(`the data of "${name}" is missing; the file may be cut short`);
    entry.dataOffset = local + LOCAL_SIZE + r.u16(local + 26) + r.u16(local + 28);
    if (!r.has(entry.dataOffset, entry.compressedSize)) throw damaged(`the data of "${name}" is cut short`);
    entries.push(entry);
  }
  return entries;
}

/**
 * Unpacks one entry, refusing it ("too-large") as soon as it inflates past its declared size, and
 * ("damaged") when it is shorter than declared, its deflate stream is broken or its CRC is wrong.
 * With `keep` false nothing is kept: the bytes are only counted and checksummed.
 */
function inflateEntry(bytes: Uint8Array, entry: ZipEntry, keep: boolean): Uint8Array {
  const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  const declared = entry.uncompressedSize;
  if (entry.method === STORED) {
    if (data.length !== declared) throw damaged(`"${entry.name}" is stored with the wrong size`);
    if (crc32(data) !== entry.crc32) throw damaged(`"${entry.name}" fails its checksum`);
    return keep ? data.slice() : new Uint8Array(0);
  }
  const out = new Uint8Array(keep ? declared : 0);
  const state = { produced: 0, crc: 0, ended: false, overflow: false };
  const inflater = new Inflate((chunk, final) => {
    if (state.produced + chunk.length > declared) {
      state.overflow = true;
      // stop fflate mid-stream: the error is replaced by the too-large failure below
      throw new RangeError("zip entry past its declared size");
    }
    if (keep) out.set(chunk, state.produced);
    state.produced += chunk.length;
    state.crc = crc32(chunk, state.crc);
    if (final) state.ended = true;
  });
  try {
    for (let at = 0; at < data.length && !state.ended; at += INFLATE_STEP) {
      const end = Math.min(data.length, at + INFLATE_STEP);
      inflater.push(data.subarray(at, end), end === data.length);
    }
    if (data.length === 0) inflater.push(data, true);
  } catch (error) {
    if (state.overflow) throw tooLarge(`Its part "${entry.name}" unpacks to more than the ${megabytes(declared)} it declares`);
    throw damaged(`"${entry.name}" cannot be unpacked: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (state.produced !== declared || !state.ended) throw damaged(`"${entry.name}" is shorter than it declares`);
  if (state.crc !== entry.crc32) throw damaged(`"${entry.name}" fails its checksum`);
  return out;
}

/**
 * Checks a zip before any library inflates it: the declared sizes against `limits`, then every
 * entry inflated with a cap at its declared size (nothing is kept). Throws DocumentError
 * "too-large" (a zip bomb), "too-much-work" (too many entries) or "damaged" (not a zip, cut short,
 * broken). Returns the entries.
 */
export function checkZip(bytes: Uint8Array, limits: Partial<ZipLimits> = {}): ZipEntry[] {
  const entries = listZip(bytes, limits);
  for (const entry of entries) inflateEntry(bytes, entry, false);
  return entries;
}

/** One entry's bytes (from `checkZip`'s list), inflated with the same cap. */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  return inflateEntry(bytes, entry, true);
}

/** The entry called `name` (zip names are case-sensitive; Office writes them as the spec does). */
export function findZipEntry(entries: readonly ZipEntry[], name: string): ZipEntry | undefined {
  return entries.find((entry) => entry.name === name);
}
