// The MOBI writer's building blocks checked against decoders written here from the format
// descriptions (PalmDOC, trailing entries, PDB, EXTH, INDX) and against calibre: a small book
// assembled by hand from the primitives is decompressed and indexed by calibre-debug.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { calibreText, CAN_INSPECT_MOBI, inspectMobi, words } from "#tests/support/ebook-fixtures.ts";
import { rampPng } from "#tests/support/office-fixtures.ts";
import { scratch } from "#tests/support/scratch.ts";
import { EXTH, writeExth } from "./exth-write.ts";
import { CncxBuilder, writeIndex, type TagTable } from "./indx-write.ts";
import { backwardVwi, concatBytes, forwardVwi, trailingEntry } from "./mobi-bytes.ts";
import { EXTH_FLAGS_BOOK, MOBI6_HEADER_LENGTH, writeMobiHeader } from "./mobi-header-write.ts";
import { palmDbName, writePalmDb } from "./palmdb-write.ts";
import { compressPalmDoc } from "./palmdoc-compress.ts";
import { eofRecord, fcisRecord, flisRecord, makeResourceRecords } from "./resource-records.ts";
import { makeTextRecords, TEXT_RECORD_SIZE } from "./text-records.ts";

const work = scratch("mobi-primitives-");
afterAll(() => work.cleanup());

/** PalmDOC decompression straight from the format description (MobileRead wiki, "PalmDOC"). */
function referenceDecompress(input: Uint8Array): Uint8Array {
  const out: number[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i++] as number;
    if (c >= 1 && c <= 8) {
      for (let k = 0; k < c; k++) out.push(input[i++] as number);
    } else if (c < 0x80) {
      out.push(c);
    } else if (c >= 0xc0) {
      out.push(0x20, c ^ 0x80);
    } else {
      const pair = (c << 8) | (input[i++] as number);
      const distance = (pair >> 3) & 0x7ff;
      const length = (pair & 7) + 3;
      if (distance === 0 || distance > out.length) throw new Error(`bad distance ${distance} at ${i}`);
      for (let k = 0; k < length; k++) out.push(out[out.length - distance] as number);
    }
  }
  return Uint8Array.from(out);
}

/** A text record's trailing entries stripped as a reader does (high flags first, multibyte last). */
function stripTrailing(record: Uint8Array, flags: number): { data: Uint8Array; overlap: Uint8Array; entries: Uint8Array[] } {
  let end = record.length;
  const entries: Uint8Array[] = [];
  for (let bit = 15; bit >= 1; bit--) {
    if ((flags & (1 << bit)) === 0) continue;
    // size: read backwards, the first byte of the number carries the high bit
    let size = 0;
    let shift = 0;
    for (let p = end - 1; p >= 0; p--) {
      const byte = record[p] as number;
      size |= (byte & 0x7f) << shift;
      shift += 7;
      if (byte & 0x80) break;
    }
    entries.unshift(record.subarray(end - size, end));
    end -= size;
  }
  let overlap: Uint8Array = new Uint8Array(0);
  if (flags & 1) {
    const count = (record[end - 1] as number) & 3;
    overlap = record.subarray(end - 1 - count, end - 1);
    end -= count + 1;
  }
  return { data: record.subarray(0, end), overlap, entries };
}

const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at);
const u16 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint16(at);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const encode = (text: string) => new TextEncoder().encode(text);

function seededBytes(length: number, seed: number, alphabet = 256): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = (state >>> 0) % alphabet;
  }
  return out;
}

const PROSE = "The harbour was quiet at dawn; gulls circled over the grey water while the ferry waited. Привет, мир: ёлка и зима. Ελληνικά γράμματα! ";

describe("PalmDOC compression", () => {
  const cases: Array<[string, Uint8Array]> = [
    ["empty", new Uint8Array(0)],
    ["one byte", Uint8Array.of(0x41)],
    ["prose", encode(PROSE.repeat(40)).subarray(0, 4096)],
    ["random bytes", seededBytes(4096, 7)],
    ["low control bytes", seededBytes(4096, 11, 12)],
    ["all zeros", new Uint8Array(4096)],
    ["space pairs and high bytes", encode(" A Я ~ \u0001 é".repeat(400)).subarray(0, 4096)],
  ];
  for (const [name, data] of cases) {
    it(`round-trips ${name} through an independent decoder`, () => {
      expect(Array.from(referenceDecompress(compressPalmDoc(data)))).toEqual(Array.from(data));
    });
  }

  it("shrinks prose", () => {
    const data = encode(PROSE.repeat(40)).subarray(0, 4096);
    expect(compressPalmDoc(data).length).toBeLessThan(data.length * 0.6);
  });

  it("refuses a record longer than 4096 bytes", () => {
    expect(() => compressPalmDoc(new Uint8Array(4097))).toThrow(RangeError);
  });
});

describe("text records", () => {
  it("cuts at 4096 bytes and repeats a cut character's rest as the multibyte entry", () => {
    // Cyrillic is two bytes a letter; a leading "a" puts every record end inside a letter
    const text = encode(`a${"ёлка ".repeat(3000)}`);
    const result = makeTextRecords(text);
    expect(result.textLength).toBe(text.length);
    expect(result.records.length).toBe(Math.ceil(text.length / TEXT_RECORD_SIZE));
    expect(result.extraDataFlags).toBe(1);
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const parts: Uint8Array[] = [];
    let cut = 0;
    result.records.forEach((record, index) => {
      const { data, overlap } = stripTrailing(record, result.extraDataFlags);
      const plain = referenceDecompress(data);
      parts.push(plain);
      const start = index * TEXT_RECORD_SIZE;
      expect(Array.from(overlap)).toEqual(Array.from(text.subarray(start + plain.length, start + plain.length + overlap.length)));
      if (overlap.length > 0) cut++;
      // the record's text followed by its overlap never ends inside a character
      let from = 0;
      while (from < plain.length && ((plain[from] ?? 0) & 0xc0) === 0x80) from++; // the previous record's cut character
      expect(() => decoder.decode(concatBytes([plain.subarray(from), overlap]))).not.toThrow();
    });
    expect(cut).toBeGreaterThan(0);
    expect(decoder.decode(concatBytes(parts))).toBe(decoder.decode(text));
  });

  it("adds TBS entries after the multibyte entry", () => {
    const text = encode("x".repeat(9000));
    const result = makeTextRecords(text, { tbs: (index) => Uint8Array.of(0x80 | index, 0x42) });
    expect(result.extraDataFlags).toBe(3);
    result.records.forEach((record, index) => {
      const { data, overlap, entries } = stripTrailing(record, result.extraDataFlags);
      expect(overlap.length).toBe(0);
      expect(Array.from(entries[0] ?? [])).toEqual([0x80 | index, 0x42, 0x83]);
      expect(referenceDecompress(data).length).toBe(Math.min(4096, 9000 - index * 4096));
    });
  });

  it("encodes variable-width integers both ways", () => {
    expect(Array.from(forwardVwi(0x11111))).toEqual([0x04, 0x22, 0x91]);
    expect(Array.from(backwardVwi(0x11111))).toEqual([0x84, 0x22, 0x11]);
    expect(Array.from(trailingEntry(new Uint8Array(200))).slice(-2)).toEqual([0x81, 0x4a]); // 202
  });
});

describe("PDB, EXTH and record 0", () => {
  it("lays out the PDB header and record table", () => {
    const records = [Uint8Array.of(1, 2, 3), new Uint8Array(10), Uint8Array.of(9)];
    const file = writePalmDb(records, { name: "Книга: a tale / 2", date: new Date("2026-01-02T00:00:00Z") });
    expect(ascii(file, 0, 32).replace(/\0+$/, "")).toBe(palmDbName("Книга: a tale / 2"));
    expect(palmDbName("Книга: a tale / 2")).toBe("Kniga_a_tale_2");
    expect(palmDbName("Ёлка и Ελληνικά")).toBe("Elka_i_Ellinika");
    expect(palmDbName("戦争と平和")).toBe("book");
    expect(ascii(file, 60, 68)).toBe("BOOKMOBI");
    expect(u32(file, 36)).toBe(Date.UTC(2026, 0, 2) / 1000);
    expect(u32(file, 68)).toBe(5);
    expect(u16(file, 76)).toBe(3);
    const offsets = [0, 1, 2].map((i) => u32(file, 78 + 8 * i));
    expect(offsets[0]).toBe(78 + 24 + 2);
    expect(u32(file, 78 + 8 * 2 + 4)).toBe(4);
    expect(Array.from(file.subarray(offsets[0], offsets[1]))).toEqual([1, 2, 3]);
    expect(file.length).toBe((offsets[2] ?? 0) + 1);
  });

  it("writes EXTH records a reader can walk", () => {
    const exth = writeExth({
      metadata: { title: "Книга о ёлке", authors: ["Иван Петров", "Jane Roe"], language: "ru-RU", identifier: "urn:isbn:978-3-16-148410-0" },
      uuid: "0f0e",
      modified: new Date("2026-01-02T00:00:00Z"),
      coverOffset: 2,
      kf8CoverUri: true,
      kf8Boundary: 40,
    });
    expect(ascii(exth, 0, 4)).toBe("EXTH");
    expect(exth.length % 4).toBe(0);
    const count = u32(exth, 8);
    const found = new Map<number, Uint8Array[]>();
    let at = 12;
    for (let i = 0; i < count; i++) {
      const type = u32(exth, at);
      const size = u32(exth, at + 4);
      found.set(type, [...(found.get(type) ?? []), exth.subarray(at + 8, at + size)]);
      at += size;
    }
    expect(at).toBe(u32(exth, 4));
    const text = (type: number) => (found.get(type) ?? []).map((bytes) => new TextDecoder().decode(bytes));
    expect(text(EXTH.author)).toEqual(["Иван Петров", "Jane Roe"]);
    expect(text(EXTH.updatedTitle)).toEqual(["Книга о ёлке"]);
    expect(text(EXTH.language)).toEqual(["ru"]);
    expect(text(EXTH.isbn)).toEqual(["9783161484100"]);
    expect(text(EXTH.kf8CoverUri)).toEqual(["kindle:embed:0003"]);
    expect(u32((found.get(EXTH.coverOffset) ?? [])[0] ?? new Uint8Array(4), 0)).toBe(2);
    expect(u32((found.get(EXTH.kf8Boundary) ?? [])[0] ?? new Uint8Array(4), 0)).toBe(40);
  });
});

describe("INDX", () => {
  const table: TagTable = [{ tag: 1, valuesPerEntry: 1, mask: 1 }, { tag: 2, valuesPerEntry: 1, mask: 2 }, { tag: 3, valuesPerEntry: 1, mask: 4 }, { tag: 4, valuesPerEntry: 1, mask: 8 }, "end"];

  it("writes header, entry and CNCX records that parse back", () => {
    const cncx = new CncxBuilder();
    const entries = Array.from({ length: 9000 }, (_, i) => ({
      label: i.toString(16).toUpperCase().padStart(4, "0"),
      tags: new Map([[1, [i * 1000]], [2, [1000]], [3, [cncx.add(`Chapter ${i} — глава`)]], [4, [0]]]),
    }));
    const records = writeIndex(table, entries, cncx.records());
    const header = records[0] as Uint8Array;
    expect(ascii(header, 0, 4)).toBe("INDX");
    const indexRecords = u32(header, 24);
    expect(indexRecords).toBeGreaterThan(1);
    expect(u32(header, 36)).toBe(9000);
    const cncxCount = u32(header, 52);
    expect(records.length).toBe(1 + indexRecords + cncxCount);
    expect(ascii(header, 192, 196)).toBe("TAGX");
    expect(ascii(header, u32(header, 20), u32(header, 20) + 4)).toBe("IDXT");
    // walk every entry of every index record
    const cncxData = records.slice(1 + indexRecords);
    const cncxString = (offset: number) => {
      const record = cncxData[Math.floor(offset / 0x10000)] as Uint8Array;
      let at = offset % 0x10000;
      let length = 0;
      for (;;) {
        const byte = record[at++] as number;
        length = (length << 7) | (byte & 0x7f);
        if (byte & 0x80) break;
      }
      return new TextDecoder().decode(record.subarray(at, at + length));
    };
    let seen = 0;
    for (const record of records.slice(1, 1 + indexRecords)) {
      expect(record.length).toBeLessThanOrEqual(0x10000);
      const idxt = u32(record, 20);
      const count = u32(record, 24);
      for (let e = 0; e < count; e++) {
        let at = u16(record, idxt + 4 + 2 * e);
        const labelLength = record[at++] as number;
        const label = ascii(record, at, at + labelLength);
        at += labelLength;
        expect(record[at++]).toBe(0b1111);
        const values: number[] = [];
        for (let v = 0; v < 4; v++) {
          let value = 0;
          for (;;) {
            const byte = record[at++] as number;
            value = value * 128 + (byte & 0x7f);
            if (byte & 0x80) break;
          }
          values.push(value);
        }
        expect(parseInt(label, 16)).toBe(seen);
        expect(values[0]).toBe(seen * 1000);
        expect(cncxString(values[2] ?? 0)).toBe(`Chapter ${seen} — глава`);
        seen++;
      }
    }
    expect(seen).toBe(9000);
  });

  it("refuses more values than the control bits hold", () => {
    expect(() => writeIndex(table, [{ label: "00", tags: new Map([[1, [1, 2]]]) }])).toThrow(RangeError);
  });
});

describe.skipIf(!CAN_INSPECT_MOBI)("a hand-assembled MOBI 6 book read by calibre", () => {
  it("decompresses the text and reads the NCX index and picture", () => {
    const paragraphs = Array.from({ length: 120 }, (_, i) => `<p>Paragraph ${i}: ${PROSE}</p>`).join("");
    const html = `<html><head><guide></guide></head><body>${paragraphs}</body></html>`;
    const text = makeTextRecords(encode(html));
    const png = rampPng(30, 20);
    const pictures = makeResourceRecords([{ href: "a.png", mediaType: "image/png", data: png }], { coverHref: "a.png" });
    const cncx = new CncxBuilder();
    const half = Math.floor(text.textLength / 2);
    const entries = [
      { label: "00", tags: new Map([[1, [0]], [2, [half]], [3, [cncx.add("Первая")]], [4, [0]]]) },
      { label: "01", tags: new Map([[1, [half]], [2, [text.textLength - half]], [3, [cncx.add("Second")]], [4, [0]]]) },
    ];
    const table: TagTable = [{ tag: 1, valuesPerEntry: 1, mask: 1 }, { tag: 2, valuesPerEntry: 1, mask: 2 }, { tag: 3, valuesPerEntry: 1, mask: 4 }, { tag: 4, valuesPerEntry: 1, mask: 8 }, "end"];
    const index = writeIndex(table, entries, cncx.records());
    const records: Uint8Array[] = [new Uint8Array(0), ...text.records];
    const ncx = records.length;
    records.push(...index);
    const firstImage = records.length;
    records.push(...pictures.records);
    const flis = records.length;
    records.push(flisRecord());
    const fcis = records.length;
    records.push(fcisRecord(text.textLength, 6), eofRecord());
    records[0] = writeMobiHeader({
      version: 6,
      headerLength: MOBI6_HEADER_LENGTH,
      compression: text.compression,
      textLength: text.textLength,
      textRecordCount: text.records.length,
      uid: 1234,
      firstNonBookRecord: ncx,
      fullName: "Книга о ёлке",
      language: "ru",
      firstImageRecord: firstImage,
      exthFlags: EXTH_FLAGS_BOOK,
      exth: writeExth({ metadata: { title: "Книга о ёлке", authors: ["Иван Петров"], language: "ru" }, uuid: "abc", modified: new Date(0), coverOffset: 0, thumbOffset: 0 }),
      contentRange: { first: 1, last: firstImage },
      fcisRecord: fcis,
      flisRecord: flis,
      extraDataFlags: text.extraDataFlags,
      ncxIndex: ncx,
    });
    const file = work.write("hand.mobi", writePalmDb(records, { name: "Книга о ёлке" }));
    const inspected = inspectMobi(file, work.dir);
    expect(inspected.header).toMatch(/Number of records\s*:\s*\d+/);
    expect(inspected.header).toContain(`Full name length: ${encode("Книга о ёлке").length} bytes`);
    expect(inspected.header).toMatch(/NCX index: Absolute: 7 /);
    expect(inspected.images.length).toBe(1);
    const indexText = readFileSync(join(inspected.dir, "index.txt"), "utf8");
    expect(indexText).toContain("Label offset in CNCX : 0 ['Первая']");
    expect(indexText).toContain(`Offset in HTML : ${half}`);
    expect(indexText).toContain("HTML after offset: b'<html><head><guide></guide></head><body><p>Paragra'");
    const plain = calibreText(file);
    expect(words(plain)).toEqual(words(paragraphs.replace(/<[^>]+>/g, " ")));
  });
});
