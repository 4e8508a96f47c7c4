import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { scratch } from "#tests/support/scratch.ts";
import { HAVE_IMAGEMAGICK, IMAGEMAGICK } from "#tests/support/codecs/dds/test-helpers.ts";
import type { RgbaImage } from "../image/rgba-image.ts";
import { WorkBudget } from "../common/work-budget.ts";
import { decodePng, encodePng, PngError } from "./index.ts";
import {
  CHANNELS,
  type Chunk,
  expectedRgba,
  fastPngRgba,
  filteredRows,
  idatStream,
  ihdr,
  joinChunks,
  type RawImage,
  splitChunks,
  withIdat,
  writeRawPng,
} from "#tests/support/codecs/png/test-helpers.ts";
import { fuzzProperty, propertyRuns } from "#tests/support/property.ts";

/** Bytes inflated before a stream that holds too much is refused: the history window, one band and one symbol's overrun (./inflate.ts). */
const ONE_BAND = (1 << 15) + (1 << 18) + 266;
/** The most deflate produces from one input byte (./decode.ts). */
const MAX_INFLATE_RATIO = 1032;

const FORMATS: [RawImage["colorType"], RawImage["bitDepth"]][] = [
  [0, 1],
  [0, 2],
  [0, 4],
  [0, 8],
  [0, 16],
  [2, 8],
  [2, 16],
  [3, 1],
  [3, 2],
  [3, 4],
  [3, 8],
  [4, 8],
  [4, 16],
  [6, 8],
  [6, 16],
];

/** A deterministic image of the given format; palette images get `paletteSize` entries (and alphas for half). */
function rawImage(width: number, height: number, colorType: RawImage["colorType"], bitDepth: RawImage["bitDepth"], interlaced: boolean, seed = 1): RawImage {
  const channels = CHANNELS[colorType]!;
  const paletteSize = Math.min(1 << bitDepth, 5 + (seed % 200));
  const max = colorType === 3 ? paletteSize - 1 : 2 ** bitDepth - 1;
  const samples = new Uint16Array(width * height * channels);
  let s = seed;
  for (let i = 0; i < samples.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    // mostly smooth, some noise, so every filter meets both
    const smooth = Math.floor(((i % (width * channels)) / (width * channels)) * (max + 1));
    samples[i] = s >>> 30 === 0 ? Math.floor(((s >>> 8) / 2 ** 24) * (max + 1)) : Math.min(max, smooth);
  }
  const image: RawImage = { width, height, colorType, bitDepth, interlaced, samples };
  if (colorType === 3) {
    image.palette = Uint8Array.from({ length: paletteSize * 3 }, (_, i) => (i * 47 + seed) & 255);
    image.transparency = Uint8Array.from({ length: paletteSize >> 1 }, (_, i) => (i * 91) & 255);
  }
  return image;
}

function same(actual: RgbaImage, expected: Uint8Array): boolean {
  return Buffer.from(actual.data.buffer, actual.data.byteOffset, actual.data.length).equals(Buffer.from(expected));
}

describe("decodePng on every colour type and bit depth", () => {
  it.each(FORMATS)("colour type %i, %i bits: every filter, plain and Adam7, many sizes", (colorType, bitDepth) => {
    for (const interlaced of [false, true]) {
      for (const [width, height] of [
        [1, 1],
        [2, 3],
        [5, 1],
        [13, 11],
        [33, 17],
      ] as const) {
        for (let filter = 0; filter < 5; filter++) {
          const image = rawImage(width, height, colorType, bitDepth, interlaced, width * 7 + filter);
          const png = writeRawPng(image, { filter: (row) => (row + filter) % 5 });
          expect(same(decodePng(png), expectedRgba(image)), `${width} × ${height}, interlaced ${interlaced}, filter ${filter}`).toBe(true);
        }
      }
    }
  });

  it("applies a grey or RGB colour key at full precision, and ignores a tRNS of the wrong length", () => {
    for (const [colorType, bitDepth] of FORMATS.filter(([t]) => t === 0 || t === 2)) {
      const image = rawImage(9, 7, colorType, bitDepth, false, 3);
      const channels = CHANNELS[colorType]!;
      const key = Array.from(image.samples).slice(4 * channels, 5 * channels);
      image.transparency = Uint8Array.from(key.flatMap((v) => [v >> 8, v & 255]));
      const decoded = decodePng(writeRawPng(image));
      expect(same(decoded, expectedRgba(image))).toBe(true);
      expect(decoded.data[4 * 4 + 3]).toBe(0);
      // 16-bit: a key one off in its low byte matches nothing
      if (bitDepth === 16) {
        image.transparency[1]! ^= 1;
        expect(decodePng(writeRawPng(image)).data.every((v, i) => i % 4 !== 3 || v === 255)).toBe(true);
      }
      image.transparency = new Uint8Array(3);
      expect(decodePng(writeRawPng(image)).data.every((v, i) => i % 4 !== 3 || v === 255)).toBe(true);
    }
  });

  it("shows palette indices past the palette as transparent black and ignores a tRNS longer than the palette", () => {
    const image: RawImage = { width: 4, height: 1, colorType: 3, bitDepth: 8, interlaced: false, samples: [0, 1, 2, 200], palette: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]) };
    expect(Array.from(decodePng(writeRawPng(image)).data)).toEqual([1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255, 0, 0, 0, 0]);
    image.transparency = new Uint8Array([0, 0, 0, 0]);
    expect(Array.from(decodePng(writeRawPng(image)).data.subarray(0, 4))).toEqual([1, 2, 3, 255]);
  });

  it("agrees with the reference pixels and with fast-png on random images", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORMATS),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        fc.nat(),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 300 }),
        ([colorType, bitDepth], width, height, interlaced, seed, filters, idatSize) => {
          const image = rawImage(width, height, colorType, bitDepth, interlaced, seed);
          const png = writeRawPng(image, { filter: (row) => filters[row % filters.length]!, idatSize });
          const ours = decodePng(png);
          expect(same(ours, expectedRgba(image))).toBe(true);
          // fast-png 8 misplaces the pixels of Adam7 images with samples under 8 bits (ImageMagick
          // agrees with us there, see below)
          if (!interlaced || bitDepth >= 8) expect(same(ours, fastPngRgba(png))).toBe(true);
        },
      ),
      propertyRuns(300),
    );
  });

  it("decodes a file whose image data is split into many small IDAT chunks", () => {
    const png = encodePng(rawPicture(97, 61));
    const chunks = splitChunks(png);
    const expected = decodePng(png);
    for (const size of [1, 7, 100]) {
      const split = joinChunks(withIdat(chunks, idatStream(chunks), size));
      expect(splitChunks(split).filter((c) => c.type === "IDAT").length).toBeGreaterThan(5);
      expect(same(decodePng(split), new Uint8Array(expected.data))).toBe(true);
    }
  });

  it("skips ancillary chunks, APNG's included (the default image is decoded), and data after IEND", () => {
    const png = encodePng(rawPicture(20, 10));
    const chunks = splitChunks(png);
    const idat = chunks.findIndex((c) => c.type === "IDAT");
    const apng = [...chunks.slice(0, idat), ancillary("acTL"), ancillary("fcTL"), ancillary("teXt"), ...chunks.slice(idat, -1), ancillary("fcTL"), ancillary("fdAT"), chunks.at(-1)!];
    const file = Buffer.concat([joinChunks(apng), Buffer.from("trailing garbage")]);
    expect(same(decodePng(file), new Uint8Array(decodePng(png).data))).toBe(true);
  });
});

/** An ancillary chunk of zeros. */
function ancillary(type: string): Chunk {
  return { type, data: new Uint8Array(26) };
}

/** An RGBA picture with some transparency. */
function rawPicture(width: number, height: number): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 37 + (i >> 7)) & 255;
  return { width, height, data };
}

describe("decodePng on damaged and hostile files", () => {
  const png = encodePng(rawPicture(40, 30));
  const chunks = splitChunks(png);
  const without = (type: string) => chunks.filter((c) => c.type !== type);
  /** The picture with this zlib stream as its image data. */
  const file = (stream: Uint8Array) => joinChunks(chunks.map((c) => (c.type === "IDAT" ? { type: "IDAT", data: stream } : c)));
  const insertBefore = (type: string, chunk: Chunk) => {
    const at = chunks.findIndex((c) => c.type === type);
    return [...chunks.slice(0, at), chunk, ...chunks.slice(at)];
  };

  it("refuses a decompression bomb after one band, without allocating its size", () => {
    // a 1 × 1 RGBA image (5 bytes of rows) whose image data inflates to 128 MB
    const stream = new Uint8Array(deflateSync(new Uint8Array(128 << 20), { level: 9 }));
    const bomb = joinChunks([ihdr(1, 1, 8, 6), { type: "IDAT", data: stream }, { type: "IEND", data: new Uint8Array(0) }]);
    expect(bomb.length).toBeLessThan(200_000);
    const before = process.memoryUsage().arrayBuffers;
    const budget = new WorkBudget();
    expect(() => decodePng(bomb, { budget })).toThrow(/holds more than the image its header declares/);
    // it stopped after one band of the 128 MB, not at the end of the stream
    expect(budget.spent).toBeGreaterThan(0);
    expect(budget.spent).toBeLessThanOrEqual(ONE_BAND);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(50 << 20);
    expect(() => decodePng(bomb, { budget: new WorkBudget(1000) })).toThrow(expect.objectContaining({ name: "PngError", code: "too-much-work" }));
  });

  it("refuses image data too short for the declared size before allocating the image", () => {
    const claim = joinChunks([ihdr(16384, 16384, 8, 6), { type: "IDAT", data: new Uint8Array(deflateSync(new Uint8Array(1 << 20))) }, { type: "IEND", data: new Uint8Array(0) }]);
    const before = process.memoryUsage().arrayBuffers;
    expect(() => decodePng(claim)).toThrow(/bytes of image data cannot hold a 16384 × 16384 image/);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(50 << 20);
  });

  it("refuses a chunk whose CRC does not match", () => {
    for (const index of [0, 1, chunks.length - 1]) {
      const bad = png.slice();
      let at = 8;
      for (let i = 0; i < index; i++) at += 12 + new DataView(bad.buffer).getUint32(at);
      bad[at + 8 + new DataView(bad.buffer).getUint32(at)]! ^= 0x10;
      expect(() => decodePng(bad)).toThrow(new RegExp(`checksum of its ${chunks[index]!.type} chunk`));
    }
  });

  it("refuses a file without image data or without IEND", () => {
    expect(() => decodePng(joinChunks(without("IDAT")))).toThrow(/no image data/);
    expect(() => decodePng(joinChunks(without("IEND")))).toThrow(/ends before its IEND chunk/);
    expect(() => decodePng(png.subarray(0, png.length - 6))).toThrow(/ends before its IEND chunk/);
    expect(() => decodePng(png.subarray(0, png.length - 20))).toThrow(/ends inside its IDAT chunk/);
  });

  it("refuses an unknown critical chunk, a second IHDR and a chunk type that is not letters", () => {
    expect(() => decodePng(joinChunks(insertBefore("IDAT", { type: "ZZZZ", data: new Uint8Array(3) })))).toThrow(/does not know \(ZZZZ\)/);
    expect(() => decodePng(joinChunks(insertBefore("IDAT", ihdr(40, 30, 8, 6))))).toThrow(/second IHDR/);
    expect(() => decodePng(joinChunks(insertBefore("IDAT", { type: "ab1d", data: new Uint8Array(3) })))).toThrow(/not four letters/);
    expect(decodePng(joinChunks(insertBefore("IDAT", { type: "zzzz", data: new Uint8Array(3) }))).width).toBe(40);
  });

  it("refuses IDAT chunks that are not consecutive", () => {
    const split = withIdat(chunks, idatStream(chunks), 100);
    const last = split.findLastIndex((c) => c.type === "IDAT");
    split.splice(last, 0, { type: "tEXt", data: new TextEncoder().encode("a\0b") });
    expect(() => decodePng(joinChunks(split))).toThrow(/split by other chunks/);
  });

  it("refuses a palette image without PLTE, and a misplaced or impossible PLTE", () => {
    const image: RawImage = { width: 3, height: 2, colorType: 3, bitDepth: 8, interlaced: false, samples: [0, 1, 0, 1, 0, 1], palette: new Uint8Array(6) };
    const paletted = splitChunks(writeRawPng(image));
    expect(() => decodePng(joinChunks(paletted.filter((c) => c.type !== "PLTE")))).toThrow(/no palette \(PLTE chunk\)/);
    const late = paletted.filter((c) => c.type !== "PLTE");
    late.splice(-1, 0, { type: "PLTE", data: new Uint8Array(6) });
    expect(() => decodePng(joinChunks(late))).toThrow(/no palette/);
    for (const length of [0, 5, 771]) {
      expect(() => decodePng(joinChunks(paletted.map((c) => (c.type === "PLTE" ? { type: "PLTE", data: new Uint8Array(length) } : c))))).toThrow(/palette \(PLTE chunk\) has an impossible length/);
    }
  });

  it("refuses image data that is short, long, badly filtered or fails its checksum", () => {
    const rows = filteredRows(rawImage(40, 30, 6, 8, false));
    expect(decodePng(file(new Uint8Array(deflateSync(rows)))).width).toBe(40);
    expect(() => decodePng(file(new Uint8Array(deflateSync(rows.subarray(0, rows.length - 1)))))).toThrow(/shorter than its header declares/);
    expect(() => decodePng(file(new Uint8Array(deflateSync(Buffer.concat([rows, new Uint8Array(1)])))))).toThrow(/holds more than the image/);
    const badFilter = rows.slice();
    badFilter[161 * 3] = 5;
    expect(() => decodePng(file(new Uint8Array(deflateSync(badFilter))))).toThrow(/unknown filter type \(5\)/);
    const badSum = new Uint8Array(deflateSync(rows));
    badSum[badSum.length - 1]! ^= 1;
    expect(() => decodePng(file(badSum))).toThrow(/checksum of its image data/);
    expect(() => decodePng(file(badSum.subarray(0, badSum.length - 3)))).toThrow(/ends too early/);
  });

  it("throws nothing but PngError, its work bounded by its input, when the compressed image data is random or mutated (fuzz)", () => {
    const stream = idatStream(chunks);
    fuzzProperty(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 3000 }).map((b) => Uint8Array.from([0x78, 0x01, ...b])),
          fc.array(fc.tuple(fc.nat(stream.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }).map((edits) => {
            const bytes = stream.slice();
            for (const [at, value] of edits) bytes[at] = value;
            return bytes;
          }),
        ),
        (data) => {
          // the work done is bounded by the input: what its image data can inflate to, plus one band
          const budget = new WorkBudget();
          try {
            decodePng(joinChunks(withIdat(chunks, data)), { budget });
          } catch (error) {
            expect(error).toBeInstanceOf(PngError);
          }
          expect(budget.spent).toBeLessThanOrEqual(MAX_INFLATE_RATIO * data.length + ONE_BAND);
        },
      ),
      400,
    );
  });
});

interface Variant {
  name: string;
  input: string;
  args: string[];
  colorType: number;
  bitDepth: number;
  tolerance: number;
  /** ImageMagick's output format: PNG8 picks an 8-bit palette (with a tRNS) itself. */
  format?: "PNG8";
}
const variant = (name: string, input: string, args: string[], colorType: number, bitDepth: number, format?: "PNG8"): Variant => ({
  name,
  input,
  args,
  colorType,
  bitDepth,
  tolerance: bitDepth === 16 ? 1 : 0,
  format,
});

describe.skipIf(!HAVE_IMAGEMAGICK)("decodePng on ImageMagick's PNGs of every format, Adam7 and not", () => {
  const work = scratch("png-decode-test");
  const dir = work.dir;
  afterAll(() => work.cleanup());
  const source = join(dir, "source.png");
  writeFileSync(source, encodePng(rawPicture(37, 29)));
  // one colour (10, 20, 30) fully transparent, everything else opaque: written with a tRNS colour key
  const keyed = join(dir, "keyed.png");
  const keyedImage = rawPicture(37, 29);
  for (let i = 0; i < keyedImage.data.length; i += 4) {
    const transparent = (i >> 2) % 11 === 0;
    keyedImage.data.set(transparent ? [10, 20, 30, 0] : [keyedImage.data[i]! | 1, keyedImage.data[i + 1]!, keyedImage.data[i + 2]!, 255], i);
  }
  writeFileSync(keyed, encodePng(keyedImage));
  const grey = ["-alpha", "off", "-colorspace", "Gray"];
  const variants: Variant[] = [
    variant("1-bit grey", source, [...grey, "-depth", "1"], 0, 1),
    variant("2-bit grey", source, [...grey, "-depth", "2"], 0, 2),
    variant("4-bit grey", source, [...grey, "-depth", "4"], 0, 4),
    variant("8-bit grey", source, grey, 0, 8),
    variant("16-bit grey", source, [...grey, "-depth", "16"], 0, 16),
    variant("8-bit grey, colour key", keyed, ["-colorspace", "Gray"], 0, 8),
    variant("16-bit grey, colour key", keyed, ["-colorspace", "Gray", "-depth", "16"], 0, 16),
    variant("8-bit RGB", source, ["-alpha", "off"], 2, 8),
    variant("16-bit RGB", source, ["-alpha", "off", "-depth", "16"], 2, 16),
    variant("8-bit RGB, colour key", keyed, [], 2, 8),
    variant("16-bit RGB, colour key", keyed, ["-depth", "16"], 2, 16),
    variant("1-bit palette", source, ["-alpha", "off", "-monochrome"], 3, 1),
    variant("2-bit palette", source, [...grey, "-colors", "4"], 3, 2),
    variant("4-bit palette", source, ["-alpha", "off", "-colors", "16"], 3, 4),
    variant("8-bit palette", source, ["-colors", "200"], 3, 8),
    variant("8-bit palette, tRNS", source, ["-colors", "60"], 3, 8, "PNG8"),
    variant("8-bit grey and alpha", source, ["-colorspace", "Gray"], 4, 8),
    variant("16-bit grey and alpha", source, ["-colorspace", "Gray", "-depth", "16"], 4, 16),
    variant("8-bit RGBA", source, [], 6, 8),
    variant("16-bit RGBA", source, ["-depth", "16"], 6, 16),
  ];
  const cases = variants.flatMap((v) => [false, true].map((interlaced) => ({ ...v, interlaced })));
  it.each(cases)("$name, interlaced $interlaced", ({ name, input, args, colorType, bitDepth, tolerance, format, interlaced }) => {
    const file = join(dir, `${name.replace(/\W+/g, "-")}-${interlaced}.png`);
    const defines = format ? [] : ["-define", `png:bit-depth=${bitDepth}`, "-define", `png:color-type=${colorType}`];
    execFileSync(IMAGEMAGICK, [input, ...args, ...defines, "-interlace", interlaced ? "PNG" : "none", `${format ?? "PNG"}:${file}`], { stdio: "ignore" });
    const bytes = readFileSync(file);
    // what ImageMagick wrote is what the case is about
    expect([bytes[25], bytes[24], bytes[28]]).toEqual([colorType, bitDepth, interlaced ? 1 : 0]);
    if (/key|tRNS/.test(name)) expect(splitChunks(bytes).some((c) => c.type === "tRNS")).toBe(true);
    const ours = decodePng(bytes);
    const theirs = new Uint8Array(execFileSync(IMAGEMAGICK, [file, "-depth", "8", "rgba:-"], { maxBuffer: 1 << 26 }));
    expect(ours.data.length).toBe(theirs.length);
    let worst = 0;
    for (let i = 0; i < theirs.length; i++) worst = Math.max(worst, Math.abs(ours.data[i]! - theirs[i]!));
    expect(worst).toBeLessThanOrEqual(tolerance);
  });
});
