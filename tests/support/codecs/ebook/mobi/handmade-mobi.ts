// Handmade Kindle books for the reader's tests: a Palm database around any records, a minimal MOBI 6
// record 0 (with EXTH records when asked), and INDX header and data records with chosen counts.
import { concatBytes } from "#codecs/common/bytes.ts";

export interface HandmadeOptions {
  text?: Uint8Array[];
  compression?: number;
  textLength?: number;
  encryption?: number;
  extraFlags?: number;
  ncxIndex?: number;
  /** records after the text (indexes, pictures) */
  more?: Uint8Array[];
  /** declared text record count (the real count by default) */
  textRecords?: number;
  /** EXTH records: [type, data] (a number is written as 4 bytes) */
  exth?: [number, string | number][];
  /** the MOBI header's locale (9, English, by default) */
  locale?: number;
  /** the first picture record (absolute), when `more` holds pictures */
  firstImage?: number;
  /** HUFF/CDIC books: the HUFF record (absolute) and the count of HUFF and CDIC records */
  huff?: { record: number; count: number };
}

function exthBlock(records: [number, string | number][]): Uint8Array {
  const parts = records.map(([type, value]) => {
    const data = typeof value === "number" ? new Uint8Array([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]) : new TextEncoder().encode(value);
    const out = new Uint8Array(8 + data.length);
    new DataView(out.buffer).setUint32(0, type);
    new DataView(out.buffer).setUint32(4, out.length);
    out.set(data, 8);
    return out;
  });
  const body = concatBytes(parts);
  const head = new Uint8Array(12);
  head.set(new TextEncoder().encode("EXTH"), 0);
  new DataView(head.buffer).setUint32(4, 12 + body.length);
  new DataView(head.buffer).setUint32(8, records.length);
  return concatBytes([head, body]);
}


/** A Palm database of `records`, type BOOKMOBI unless `typeCreator` says another (TEXtREAd for PalmDOC). */
export function palmDatabase(records: Uint8Array[], typeCreator = "BOOKMOBI"): Uint8Array {
  const header = new Uint8Array(78 + records.length * 8 + 2);
  const view = new DataView(header.buffer);
  header.set(new TextEncoder().encode("handmade"), 0);
  header.set(new TextEncoder().encode(typeCreator), 60);
  view.setUint16(76, records.length);
  let offset = header.length;
  records.forEach((record, i) => {
    view.setUint32(78 + i * 8, offset);
    offset += record.length;
  });
  return concatBytes([header, ...records]);
}

/** A minimal MOBI 6 book: record 0 (PalmDOC + MOBI header, no EXTH), the text records, then `more`. */
export function handmadeMobi(options: HandmadeOptions = {}): Uint8Array {
  const text = options.text ?? [new TextEncoder().encode("<html><body><p>Hello there, reader.</p></body></html>")];
  const name = new TextEncoder().encode("Handmade");
  const exth = options.exth ? exthBlock(options.exth) : new Uint8Array(0);
  const record0 = new Uint8Array(16 + 232 + exth.length + name.length);
  const view = new DataView(record0.buffer);
  view.setUint16(0, options.compression ?? 1);
  view.setUint32(4, options.textLength ?? text.reduce((sum, t) => sum + t.length, 0));
  view.setUint16(8, options.textRecords ?? text.length);
  view.setUint16(10, 4096);
  view.setUint16(12, options.encryption ?? 0);
  record0.set(new TextEncoder().encode("MOBI"), 16);
  view.setUint32(20, 232);
  view.setUint32(24, 2);
  view.setUint32(28, 65001);
  view.setUint32(0x54, 16 + 232 + exth.length);
  view.setUint32(0x58, name.length);
  view.setUint32(0x5c, options.locale ?? 9);
  view.setUint32(0x68, 6);
  view.setUint32(0x6c, options.firstImage ?? 0xffffffff);
  view.setUint32(0x70, options.huff?.record ?? 0xffffffff);
  view.setUint32(0x74, options.huff?.count ?? 0);
  view.setUint32(0x80, options.exth ? 0x40 : 0);
  view.setUint16(0xf2, options.extraFlags ?? 0);
  view.setUint32(0xf4, options.ncxIndex ?? 0xffffffff);
  record0.set(exth, 16 + 232);
  record0.set(name, 16 + 232 + exth.length);
  return palmDatabase([record0, ...text, ...(options.more ?? [])]);
}

/** An INDX header record: one TAGX tag (1: one value, mask 1), `dataRecords` data records announced. */
export function indxHeader(dataRecords: number): Uint8Array {
  const tagx = [..."TAGX"].map((c) => c.charCodeAt(0));
  const record = new Uint8Array(192 + 16);
  const view = new DataView(record.buffer);
  record.set(new TextEncoder().encode("INDX"), 0);
  view.setUint32(4, 192);
  view.setUint32(24, dataRecords);
  view.setUint32(180, 192);
  record.set(tagx, 192);
  view.setUint32(196, 16);
  view.setUint32(200, 1);
  record.set([1, 1, 1, 0], 204);
  return record;
}

/** An INDX data record with `count` entries, each an empty name and a zero control byte. */
export function indxData(count: number): Uint8Array {
  const entriesAt = 192;
  const idxt = entriesAt + count * 2;
  const record = new Uint8Array(idxt + 4 + count * 2);
  const view = new DataView(record.buffer);
  record.set(new TextEncoder().encode("INDX"), 0);
  view.setUint32(20, idxt);
  view.setUint32(24, count);
  record.set(new TextEncoder().encode("IDXT"), idxt);
  for (let i = 0; i < count; i++) view.setUint16(idxt + 4 + i * 2, entriesAt + i * 2);
  return record;
}
