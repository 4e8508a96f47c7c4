// The EXTH block after the MOBI header: typed metadata records (author, title, cover...). Each record
// is a 32-bit type, a 32-bit length (including these 8 bytes), then the data; a length that runs past
// the block ends the list rather than the book.

export { EXTH } from "./exth-types.ts";

/** More than any real book carries (a few dozen). */
const MAX_EXTH_RECORDS = 10_000;

export type ExthRecords = Map<number, Uint8Array[]>;

/** The EXTH records starting at `bytes` (the "EXTH" magic), or an empty map when there are none. */
export function readExth(bytes: Uint8Array): ExthRecords {
  const records: ExthRecords = new Map();
  if (bytes.length < 12 || bytes[0] !== 0x45 || bytes[1] !== 0x58 || bytes[2] !== 0x54 || bytes[3] !== 0x48) return records;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = Math.min(view.getUint32(4), bytes.length);
  const count = Math.min(view.getUint32(8), MAX_EXTH_RECORDS);
  let at = 12;
  for (let i = 0; i < count && at + 8 <= length; i++) {
    const type = view.getUint32(at);
    const size = view.getUint32(at + 4);
    if (size < 8 || at + size > length) break;
    const list = records.get(type) ?? [];
    list.push(bytes.subarray(at + 8, at + size));
    records.set(type, list);
    at += size;
  }
  return records;
}

export function exthNumber(records: ExthRecords, type: number): number | undefined {
  const data = records.get(type)?.[0];
  if (data === undefined || data.length !== 4) return undefined;
  return new DataView(data.buffer, data.byteOffset, 4).getUint32(0);
}

export function exthStrings(records: ExthRecords, type: number, decoder: TextDecoder): string[] {
  return (records.get(type) ?? []).map((data) => decoder.decode(data).replace(/\0/g, "").trim()).filter((text) => text !== "");
}
