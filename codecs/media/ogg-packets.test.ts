import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FFMPEG, HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { MediaError } from "./media-error.ts";
import { oggCrc, readOggPackets, writeOggStream } from "./ogg-packets.ts";
import { blockCenters, readBlock, readIdentification, readModes } from "./vorbis-packets.ts";

interface PageHeader {
  offset: number;
  type: number;
  granule: number;
  serial: number;
  sequence: number;
  segments: number[];
  bytes: number;
}

/** The page headers of an Ogg file, read here without the module under test. */
function pages(file: Uint8Array): PageHeader[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const out: PageHeader[] = [];
  for (let offset = 0; offset < file.length; ) {
    const segments = [...file.subarray(offset + 27, offset + 27 + (file[offset + 26] ?? 0))];
    const bytes = 27 + segments.length + segments.reduce((sum, value) => sum + value, 0);
    out.push({ offset, type: file[offset + 5] ?? 0, granule: Number(view.getBigInt64(offset + 6, true)), serial: view.getUint32(offset + 14, true), sequence: view.getUint32(offset + 18, true), segments, bytes });
    offset += bytes;
  }
  return out;
}

/** ffmpeg's decoding of a file as 16-bit samples. */
const decode = (file: string) => execFileSync(FFMPEG, ["-v", "error", "-i", file, "-f", "s16le", "-"], { maxBuffer: 1 << 26 });

/** `length` bytes counting up from `seed`. */
const packet = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (seed + i) & 0xff);

describe("Ogg packets", () => {
  it("computes Ogg's CRC-32 (polynomial 0x04c11db7, not reflected, start 0, no final xor)", () => {
    // CRC-32/CKSUM's check value for "123456789" is 0x765e7680, after its final inversion
    expect(oggCrc(new TextEncoder().encode("123456789"))).toBe(~0x765e7680 >>> 0);
    expect(oggCrc(new Uint8Array(0))).toBe(0);
  });

  it("writes headers on their own pages, audio pages of 4 KB and more, and reads every packet back", () => {
    const headers = [packet(30, 1), packet(300, 2), packet(4000, 3)];
    // sizes around the lacing edges: 0, 255 and 510 need a closing zero, 140 000 spans three pages
    const sizes = [0, 1, 254, 255, 256, 510, 600, 140_000, ...Array.from({ length: 40 }, (_, i) => 300 + 37 * i)];
    const audio = sizes.map((size, i) => ({ data: packet(size, i), granule: 1000 * (i + 1) }));
    const file = writeOggStream(0x1234, headers, audio);

    const read = readOggPackets(file);
    expect(read.serial).toBe(0x1234);
    expect(read.packets.map(({ data }) => data)).toEqual([...headers, ...audio.map(({ data }) => data)]);

    const list = pages(file);
    expect(list.map(({ sequence }) => sequence)).toEqual(list.map((_, i) => i));
    expect(list.every(({ serial }) => serial === 0x1234)).toBe(true);
    expect(list.map(({ type }) => type & 6)).toEqual([2, ...Array.from({ length: list.length - 2 }, () => 0), 4]);
    // the identification header alone, then comment and setup ending a page, then audio on a fresh one
    expect(list[0]?.segments).toEqual([30]);
    expect(list[1]?.segments.at(-1)).toBe(4000 % 255);
    expect(list[1]?.granule).toBe(0);
    // audio pages end at 4 KB or more (the long packet's pages are cut at 255 segments), the last may be short
    for (const page of list.slice(2, -1)) expect(page.bytes).toBeGreaterThanOrEqual(4096);
    for (const page of list.slice(2)) expect(page.bytes).toBeLessThanOrEqual(27 + 255 + 255 * 255);
    // a page's granule is that of the last packet ending on it; -1 on the page the long packet only passes through
    const granules = read.packets.slice(3).map(({ granule }) => granule);
    const ended = audio.filter((_, i) => granules[i] !== null).map(({ granule }) => granule);
    expect(list.slice(2).map(({ granule }) => granule).filter((granule) => granule !== -1)).toEqual(ended);
    expect(list.slice(2).some(({ granule, type }) => granule === -1 && (type & 1) === 1)).toBe(true);
    expect(list.at(-1)?.granule).toBe(1000 * sizes.length);
    expect(read.packets.at(-1)?.granule).toBe(1000 * sizes.length);
  });

  it("refuses a page with a wrong checksum, a second stream and a file cut short", () => {
    const file = writeOggStream(7, [packet(30, 1), packet(40, 2), packet(50, 3)], [{ data: packet(5000, 4), granule: 100 }, { data: packet(100, 5), granule: 200 }]);
    const broken = file.slice();
    broken[40] = (broken[40] ?? 0) ^ 1;
    expect(() => readOggPackets(broken)).toThrowError(/checksum/);
    const other = writeOggStream(8, [packet(30, 1)], []);
    expect(() => readOggPackets(new Uint8Array([...file, ...other]))).toThrowError(MediaError);
    expect(() => readOggPackets(file.subarray(0, file.length - 10))).toThrowError(/ends inside/);
    expect(() => readOggPackets(new Uint8Array(0))).toThrowError(/no page/);
  });

  it.skipIf(!HAVE_FFMPEG)("reads ffmpeg's Ogg Vorbis pages (libogg's checksums) and pages them again so that ffmpeg reads the same packets", () => {
    const dir = mkdtempSync(join(tmpdir(), "ogg-packets-"));
    try {
      const path = join(dir, "tone.ogg");
      execFileSync(FFMPEG, ["-v", "error", "-f", "lavfi", "-i", "sine=f=440:d=3", "-c:a", "libvorbis", "-f", "ogg", path]);
      const original = new Uint8Array(readFileSync(path));
      const { serial, packets } = readOggPackets(original);
      expect(packets.length).toBeGreaterThan(100);
      const audio = packets.slice(3);
      // the granule of each page, carried by the last packet ending on it, and nothing else
      expect(audio.filter(({ granule }) => granule !== null).length).toBe(pages(original).length - 2);
      // each packet's granule is its block's centre (vorbis-packets.ts), the last one ffmpeg's
      const [identification, , setup] = packets.map(({ data }) => data);
      const { blocksizes } = readIdentification(identification as Uint8Array);
      const modes = readModes(setup as Uint8Array);
      const granules = blockCenters(audio.map(({ data }) => readBlock(data, blocksizes, modes).size));
      granules[granules.length - 1] = audio.at(-1)?.granule ?? 0;
      const again = writeOggStream(serial, packets.slice(0, 3).map(({ data }) => data), audio.map(({ data }, i) => ({ data, granule: granules[i] ?? 0 })));
      expect(readOggPackets(again).packets.map(({ data }) => data)).toEqual(packets.map(({ data }) => data));
      const copy = join(dir, "again.ogg");
      writeFileSync(copy, again);
      expect(decode(copy).equals(decode(path))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
