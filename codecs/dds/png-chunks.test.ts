// DDS to PNG in chunks: the opacity scan agrees with the decoder, and the chunked PNG of a BC1-BC5
// surface holds exactly the rows and pixels of encodePng(decodeDds(...)).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { syntheticPhoto } from "#tests/support/codecs/dds/synthetic-image.ts";
import { makeDds } from "#tests/support/codecs/dds/test-helpers.ts";
import { zlibFilteredRows } from "#tests/support/codecs/png/png-file.ts";
import { propertyRuns } from "#tests/support/property.ts";
import { decodePng, encodePng } from "../png/index.ts";
import { joinParts, pngParts } from "../png/parallel-deflate.ts";
import { bc1to5Opaque } from "./bc1-5.ts";
import { blockBytes, decodeBlocksRgba8 } from "./block.ts";
import { decodeDds, encodeDds } from "./index.ts";
import { encodeDdsRowsJob, planDdsPng, type ChunkedBlockFormat } from "./png-chunks.ts";

const FORMATS: readonly ChunkedBlockFormat[] = ["BC1", "BC2", "BC3", "BC4U", "BC4S", "BC5U", "BC5S"];
/** DXGI format numbers (DX10 header) of each. */
const DXGI: Record<ChunkedBlockFormat, number> = { BC1: 71, BC2: 74, BC3: 77, BC4U: 80, BC4S: 81, BC5U: 83, BC5S: 84 };

/**
 * Blocks of `format` for a width × height image that are mostly opaque: BC1 blocks in 3-colour
 * mode, BC2 alphas of 15, BC3 alpha endpoints near 255, so a single transparent pixel (anywhere,
 * edge blocks included) decides.
 */
function nearlyOpaqueBlocks(format: ChunkedBlockFormat, width: number, height: number) {
  const count = Math.ceil(width / 4) * Math.ceil(height / 4);
  const size = count * blockBytes(format);
  return fc.tuple(fc.uint8Array({ minLength: size, maxLength: size }), fc.array(fc.nat(size - 1), { maxLength: 6 })).map(([bytes, holes]) => {
    const b = blockBytes(format);
    for (let o = 0; o < size; o += b) {
      if (format === "BC1") {
        // c0 <= c1: 3-colour mode, where index 3 is transparent; indices mostly not 3
        bytes[o] = 0;
        bytes[o + 1] = 0;
        for (let k = 4; k < 8; k++) bytes[o + k]! &= 0x66;
      } else if (format === "BC2") {
        bytes.fill(255, o, o + 8);
      } else if (format === "BC3") {
        // index 0 is 255; with a1 close to it, interpolated entries may round to 255 too
        bytes[o] = 255;
        bytes[o + 1] = 255 - (bytes[o + 1]! & 7);
        for (let k = 2; k < 8; k++) bytes[o + k] = 0;
      }
    }
    // a few random bytes put back: some land on an alpha, some on a pixel outside the image
    for (const at of holes) bytes[at] = (at * 97) & 255;
    return bytes;
  });
}

describe("bc1to5Opaque", () => {
  it.each(FORMATS)("%s: true exactly when every pixel inside the image decodes with alpha 255", (format) => {
    const sized = fc.record({ width: fc.integer({ min: 1, max: 13 }), height: fc.integer({ min: 1, max: 13 }) });
    const seen = new Set<boolean>();
    fc.assert(
      fc.property(sized.chain(({ width, height }) => nearlyOpaqueBlocks(format, width, height).map((blocks) => ({ width, height, blocks }))), ({ width, height, blocks }) => {
        const pixels = decodeBlocksRgba8(format, blocks, width, height);
        let opaque = true;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) opaque = false;
        expect(bc1to5Opaque(format, blocks, width, height)).toBe(opaque);
        seen.add(opaque);
      }),
      propertyRuns(300),
    );
    // both answers came up (BC4 and BC5 have no alpha: always opaque)
    expect(seen.size).toBe(format.startsWith("BC4") || format.startsWith("BC5") ? 1 : 2);
  });
});

/** The chunked PNG of `dds` against encodePng(decodeDds(dds)): the same colour type, filtered rows (zlib) and pixels. */
function expectSameAsSingleThread(dds: Uint8Array, chunkBytes: number, several = false): Uint8Array {
  const single = encodePng(decodeDds(dds));
  const plan = planDdsPng(dds, { chunkBytes });
  expect(plan).not.toBeNull();
  if (several) expect(plan!.ranges.length).toBeGreaterThan(2);
  // out of order, as workers may run them: each job depends on its own data only
  const order = plan!.ranges.map((_, i) => i).toReversed();
  const chunks = order.map((i) => encodeDdsRowsJob(plan!.job(i))).toReversed();
  const chunked = joinParts(pngParts(plan!.layout, chunks));
  expect(chunked[25], "colour type").toBe(single[25]);
  expect(zlibFilteredRows(chunked).equals(zlibFilteredRows(single))).toBe(true);
  expect(Buffer.from(decodePng(chunked).data).equals(Buffer.from(decodeDds(dds).data))).toBe(true);
  return chunked;
}

describe("planDdsPng", () => {
  it.each([
    ["BC1, 1 × 1", 1, 1, "bc1", "opaque", false],
    ["BC1 photo, odd size, height not a multiple of 4 or of the chunk", 1030, 701, "bc1", "opaque", true],
    ["BC1 with cut-out alpha (RGBA)", 517, 333, "bc1", "cutout", true],
    ["BC3 with alpha (RGBA)", 333, 517, "bc3", "gradient", true],
    ["BC3, opaque (RGB)", 333, 517, "bc3", "opaque", true],
  ] as const)("%s: the single-thread PNG's rows and pixels", (_name, width, height, format, alpha, several) => {
    const dds = encodeDds(syntheticPhoto(width, height, alpha), { format, quality: "fast" });
    expectSameAsSingleThread(dds, 100_000, several);
  });

  it.each(FORMATS)("%s from random blocks, edge blocks included: the single-thread PNG's rows and pixels", (format) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 3000 }), fc.integer(), (width, height, chunkBytes, seed) => {
        const size = Math.ceil(width / 4) * Math.ceil(height / 4) * blockBytes(format);
        const blocks = Uint8Array.from({ length: size }, (_, i) => (Math.imul(i + 1, seed | 1) >>> 13) & 255);
        expectSameAsSingleThread(makeDds({ width, height, dx10: { dxgiFormat: DXGI[format] } }, blocks), chunkBytes);
      }),
      propertyRuns(25),
    );
  });

  it("leaves other formats and colour transforms to the whole-image path", () => {
    const rgba = makeDds({ width: 4, height: 4 }, new Uint8Array(64));
    expect(planDdsPng(rgba)).toBeNull();
    const bc7 = encodeDds(syntheticPhoto(8, 8), { format: "bc7", quality: "fast" });
    expect(planDdsPng(bc7)).toBeNull();
    const rxgb = makeDds({ width: 4, height: 4, pixelFormat: { flags: 0x4, fourCC: "RXGB" } }, new Uint8Array(16));
    expect(planDdsPng(rxgb)).toBeNull();
    expect(planDdsPng(encodeDds(syntheticPhoto(8, 8), { format: "bc1", quality: "fast" }))).not.toBeNull();
  });

  it("refuses what decodeDds refuses, with the same message", () => {
    const bc1 = encodeDds(syntheticPhoto(8, 8), { format: "bc1", quality: "fast" });
    for (const options of [{ level: 9 }, { face: 2 }, { exposure: 101 }]) {
      let expected = "";
      try {
        decodeDds(bc1, options);
      } catch (error) {
        expected = (error as Error).message;
      }
      expect(expected).not.toBe("");
      expect(() => planDdsPng(bc1, options)).toThrow(expected);
    }
  });

  it("gives each job its own copy of its block rows (a Node Buffer's slice would be a view)", () => {
    const dds = Buffer.from(encodeDds(syntheticPhoto(64, 64), { format: "bc1", quality: "fast" }));
    const plan = planDdsPng(dds, { chunkBytes: 1000 })!;
    const job = plan.job(1);
    expect(job.blocks.buffer).not.toBe(dds.buffer);
    expect([job.blocks.byteOffset, job.blocks.length, job.rows]).toEqual([0, (job.rows / 4) * 16 * 8, plan.ranges[1]!.y1 - plan.ranges[1]!.y0]);
  });
});
