// The chunked PNG encoding (pigz-style): chunks compressed apart, joined into one zlib stream that
// zlib, Pillow, ImageMagick and our decoder read as the single-thread encoder's rows and pixels.
import { constants, inflateRawSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { syntheticPhoto, type SyntheticAlpha } from "#tests/support/codecs/dds/synthetic-image.ts";
import { imageMagickRgba, pillowRgba, zlibFilteredRows } from "#tests/support/codecs/png/png-file.ts";
import { idatStream, splitChunks } from "#tests/support/codecs/png/test-helpers.ts";
import { propertyRuns } from "#tests/support/property.ts";
import { HAVE_IMAGEMAGICK, HAVE_PILLOW } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { adler32, adler32Combine } from "./adler32.ts";
import { decodePng, encodePng, PngError } from "./index.ts";
import {
  CHUNK_BYTES,
  chunkable,
  chunkRows,
  encodePngChunked,
  encodePngRowsJob,
  filteredRowBytes,
  joinParts,
  planPng,
  pngParts,
  type PngChunk,
} from "./parallel-deflate.ts";
import type { RgbaImage } from "../image/rgba-image.ts";

const work = scratch("parallel-png");
afterAll(() => work.cleanup());

/** Adler-32 the slow, obvious way (RFC 1950 §8.2). */
function referenceAdler(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const x of bytes) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

describe("adler32Combine", () => {
  it("gives the Adler-32 of two pieces joined, from theirs and the second's length", () => {
    // bytes of every kind, runs of 255 (the largest sums), lengths around multiples of 65521
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 3000 }),
      fc.integer({ min: 0, max: 140_000 }).map((n) => new Uint8Array(n).fill(255)),
      fc.constantFrom(65_520, 65_521, 65_522, 131_042).map((n) => Uint8Array.from({ length: n }, (_, i) => (i * 31) & 255)),
    );
    fc.assert(
      fc.property(bytes, bytes, (a, b) => {
        const joined = new Uint8Array(a.length + b.length);
        joined.set(a);
        joined.set(b, a.length);
        expect(adler32Combine(adler32(a), adler32(b), b.length)).toBe(referenceAdler(joined));
      }),
      propertyRuns(200),
    );
    expect(adler32Combine(adler32(new Uint8Array(0)), 1, 0)).toBe(1);
  });
});

describe("chunkRows", () => {
  it("covers every row once, in chunks of whole (aligned) rows of at least the asked size, the last taking the rest", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 2, max: 50_000 }), fc.integer({ min: 1, max: 1 << 20 }), fc.constantFrom(1, 4), (height, rowBytes, chunkBytes, align) => {
        const ranges = chunkRows(height, rowBytes, chunkBytes, align);
        expect(ranges[0]!.y0).toBe(0);
        expect(ranges.at(-1)!.y1).toBe(height);
        ranges.forEach((r, i) => {
          expect(r.y1).toBeGreaterThan(r.y0);
          if (i > 0) expect(r.y0).toBe(ranges[i - 1]!.y1);
          expect(r.y0 % align).toBe(0);
          if (i < ranges.length - 1) expect((r.y1 - r.y0) * rowBytes).toBeGreaterThanOrEqual(chunkBytes);
        });
      }),
      propertyRuns(300),
    );
    // a small last piece joins the chunk before it
    expect(chunkRows(41, 100, 1000)).toEqual([
      { y0: 0, y1: 10 },
      { y0: 10, y1: 20 },
      { y0: 20, y1: 30 },
      { y0: 30, y1: 41 },
    ]);
  });
});

/** The chunks of `image` compressed here, in order, with the plan. */
function compressChunks(image: RgbaImage, chunkBytes?: number) {
  const plan = planPng(image, chunkBytes === undefined ? {} : { chunkBytes });
  return { plan, chunks: plan.ranges.map((_, i) => encodePngRowsJob(plan.job(i))) };
}

/**
 * The chunked PNG against the single-thread one: the same colour type and filtered rows (inflated
 * by zlib, so the joined stream and its combined Adler-32 are checked), pixels through our decoder,
 * and each chunk a stream of its own (inflated alone, so it refers to nothing before it).
 */
function expectSameAsSingleThread(image: RgbaImage, chunkBytes?: number): { single: Uint8Array; chunked: Uint8Array; chunks: PngChunk[] } {
  const single = encodePng(image);
  const { plan, chunks } = compressChunks(image, chunkBytes);
  const chunked = joinParts(pngParts(plan.layout, chunks));
  expect(chunked[25], "colour type").toBe(single[25]);
  const rows = zlibFilteredRows(single);
  expect(zlibFilteredRows(chunked).equals(rows)).toBe(true);
  const decoded = decodePng(chunked);
  expect([decoded.width, decoded.height]).toEqual([image.width, image.height]);
  expect(Buffer.from(decoded.data).equals(Buffer.from(image.data))).toBe(true);
  // one IDAT chunk per compressed chunk; the stream starts with its header, each chunk but the
  // last ends with a sync flush (an empty stored block)
  const idat = splitChunks(chunked).filter((c) => c.type === "IDAT");
  expect(idat).toHaveLength(chunks.length);
  expect([...chunks[0]!.data.subarray(0, 2)]).toEqual([0x78, 0x01]);
  const rowBytes = filteredRowBytes(plan.layout);
  chunks.forEach((chunk, i) => {
    if (i < chunks.length - 1) expect([...chunk.data.subarray(-4)]).toEqual([0x00, 0x00, 0xff, 0xff]);
    const alone = inflateRawSync(chunk.data.subarray(i === 0 ? 2 : 0), { finishFlush: constants.Z_SYNC_FLUSH });
    const { y0, y1 } = plan.ranges[i]!;
    expect(alone.equals(rows.subarray(y0 * rowBytes, y1 * rowBytes))).toBe(true);
  });
  return { single, chunked, chunks };
}

const photo = (width: number, height: number, alpha: SyntheticAlpha) => syntheticPhoto(width, height, alpha);

describe("the chunked PNG", () => {
  it.each<[string, number, number, SyntheticAlpha, number | undefined]>([
    ["1 × 1 RGB", 1, 1, "opaque", undefined],
    ["1 × 1 RGBA", 1, 1, "gradient", undefined],
    ["odd width, one row a chunk (RGB)", 7, 5, "opaque", 1],
    ["odd width, height not a multiple of the chunk (RGBA)", 333, 517, "gradient", 65_536],
    ["odd width, height not a multiple of the chunk (RGB)", 1001, 131, "opaque", 100_000],
    ["cut-out alpha", 640, 480, "cutout", 200_000],
    ["one chunk", 64, 64, "opaque", undefined],
  ])("%s: the single-thread encoder's rows and pixels", (_name, width, height, alpha, chunkBytes) => {
    const image = photo(width, height, alpha);
    const { chunks } = expectSameAsSingleThread(image, chunkBytes);
    if (chunkBytes !== undefined && width * height * 3 > chunkBytes * 2) expect(chunks.length).toBeGreaterThan(2);
  });

  it.skipIf(!HAVE_PILLOW && !HAVE_IMAGEMAGICK).each<[string, SyntheticAlpha]>([
    ["RGB", "opaque"],
    ["RGBA", "gradient"],
  ])("%s: Pillow and ImageMagick read the same pixels", (kind, alpha) => {
    const image = photo(517, 333, alpha);
    const file = work.write(`chunked-${kind}.png`, encodePngChunked(image, { chunkBytes: 50_000 }));
    if (HAVE_PILLOW) expect(Buffer.from(pillowRgba(file)).equals(Buffer.from(image.data))).toBe(true);
    if (HAVE_IMAGEMAGICK) expect(Buffer.from(imageMagickRgba(file)).equals(Buffer.from(image.data))).toBe(true);
  });

  it("any image, cut anywhere: the same rows and pixels", () => {
    const image = fc
      .record({ width: fc.integer({ min: 1, max: 40 }), height: fc.integer({ min: 1, max: 40 }), opaque: fc.boolean() })
      .chain(({ width, height, opaque }) =>
        fc.uint8Array({ minLength: width * height * 4, maxLength: width * height * 4 }).map((data) => {
          // runs and repeated rows as well as noise, so every kind of match is tried
          for (let i = 0; i < data.length; i++) {
            if (data[i]! < 100) data[i] = i >= width * 4 ? data[i - width * 4]! : 7;
            if (opaque && i % 4 === 3) data[i] = 255;
          }
          return { width, height, data };
        }),
      );
    fc.assert(
      fc.property(image, fc.integer({ min: 1, max: 2000 }), (img, chunkBytes) => {
        expectSameAsSingleThread(img, chunkBytes);
      }),
      propertyRuns(60),
    );
  });

  it("4096² synthetic photo: identical pixels for zlib, Pillow and our decoder; chunking costs under 1% in size", { timeout: 120_000 }, () => {
    const image = photo(4096, 4096, "opaque");
    const { single, chunked, chunks } = expectSameAsSingleThread(image);
    expect(chunks.length).toBeGreaterThan(40);
    const cost = chunked.length / single.length - 1;
    console.log(`4096² photo, ${chunks.length} chunks of ${CHUNK_BYTES >> 10} KB: ${single.length} bytes on one thread, ${chunked.length} chunked (${(cost * 100).toFixed(2)}%)`);
    expect(Math.abs(cost)).toBeLessThan(0.01);
    if (HAVE_PILLOW) expect(Buffer.from(pillowRgba(work.write("photo-4096.png", chunked))).equals(Buffer.from(image.data))).toBe(true);
    expect(idatStream(splitChunks(chunked)).length).toBe(chunks.reduce((n, c) => n + c.data.length, 0) + 4);
  });

  it("is made at the default level only, and checks the image as encodePng does", () => {
    expect(chunkable()).toBe(true);
    expect(chunkable({ level: 6 })).toBe(false);
    const image = photo(8, 8, "opaque");
    expect(() => planPng(image, { level: 9 })).toThrow(PngError);
    expect(() => planPng({ width: 2, height: 2, data: new Uint8Array(15) })).toThrow(/16 of 2 × 2/);
    // keepAlpha writes RGBA whatever the pixels, as encodePng
    expect(encodePngChunked(image, { keepAlpha: true })[25]).toBe(6);
  });

  it("gives each job its own copy of the rows, so moving it to a worker leaves the image whole", () => {
    const image = photo(100, 100, "opaque");
    const plan = planPng(image, { chunkBytes: 3000 });
    const job = plan.job(1);
    expect(job.pixels.buffer).not.toBe(image.data.buffer);
    expect(job.pixels.byteOffset).toBe(0);
    expect(job.pixels.length).toBe((plan.ranges[1]!.y1 - plan.ranges[1]!.y0) * 100 * 4);
    expect([job.first, job.last, plan.job(0).first, plan.job(plan.ranges.length - 1).last]).toEqual([false, false, true, true]);
  });
});
