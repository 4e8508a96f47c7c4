import { constants, inflateRawSync, inflateSync as nodeInflate } from "node:zlib";
import fc from "fast-check";
import { unzlibSync, zlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import { decodeDds, encodeDds } from "../dds/index.ts";
import { syntheticPhoto } from "#tests/support/codecs/dds/synthetic-image.ts";
import { adler32 } from "./adler32.ts";
import { FastZlib, fastZlibSync, type FastZlibOptions } from "./fast-deflate.ts";
import { filterSubRgba, pixelWords } from "./filter.ts";
import { canonicalCodes, codeLengths } from "./huffman.ts";
import { propertyRuns } from "#tests/support/property.ts";

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

/** Deterministic pseudo-random bytes (xorshift32). */
function randomBytes(n: number, seed = 1): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = s;
  }
  return out;
}

/** Sub-filtered RGB rows of a BC1-decoded photo, as encodePng hands them over at level 1. */
function filteredPhoto(size: number): { rows: Uint8Array; rowDistance: number } {
  const image = decodeDds(encodeDds(syntheticPhoto(size, size), { format: "bc1", quality: "fast" }));
  const pixels = pixelWords(new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length));
  const rowDistance = size * 3 + 1;
  const rows = new Uint8Array(size * rowDistance);
  for (let y = 0; y < size; y++) filterSubRgba(pixels, size, y, 3, rows, y * rowDistance);
  return { rows, rowDistance };
}

/** Compresses `input` pushed in pieces of the given sizes (cycled), the last push final. */
function compressInPieces(input: Uint8Array, sizes: number[], options: FastZlibOptions = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  const finals: boolean[] = [];
  const z = new FastZlib((chunk, final) => {
    parts.push(chunk);
    finals.push(final);
  }, options);
  let at = 0;
  for (let k = 0; at < input.length; k++) {
    const n = Math.min(sizes[k % sizes.length]!, input.length - at);
    z.push(input.subarray(at, at + n), at + n === input.length);
    at += n;
  }
  if (input.length === 0) z.push(input, true);
  expect(finals.at(-1)).toBe(true);
  expect(finals.slice(0, -1).every((f) => !f)).toBe(true);
  return Buffer.concat(parts);
}

/** Both independent inflaters give `input` back, and the trailer is its Adler-32. */
function expectRoundTrip(compressed: Uint8Array, input: Uint8Array): void {
  expect((compressed[0]! * 256 + compressed[1]!) % 31).toBe(0);
  expect(compressed[0]! & 0x0f).toBe(8); // deflate
  expect(Buffer.from(unzlibSync(compressed)).equals(Buffer.from(input))).toBe(true);
  expect(nodeInflate(compressed).equals(Buffer.from(input))).toBe(true);
  expect(Buffer.from(compressed.subarray(-4)).readUInt32BE(0)).toBe(referenceAdler(input));
}

/** BTYPE of the first deflate block (0 stored, 1 fixed, 2 dynamic). */
const firstBlockType = (compressed: Uint8Array) => (compressed[2]! >> 1) & 3;

describe("adler32", () => {
  it("matches the definition, also over long runs of 255 (the largest sums) and when continued", () => {
    for (const bytes of [new Uint8Array(0), new Uint8Array([1, 2, 3]), new Uint8Array(100_000).fill(255), randomBytes(70_001)]) {
      expect(adler32(bytes)).toBe(referenceAdler(bytes));
      const half = bytes.length >> 1;
      expect(adler32(bytes.subarray(half), adler32(bytes.subarray(0, half)))).toBe(referenceAdler(bytes));
    }
    expect(adler32(new TextEncoder().encode("Wikipedia"))).toBe(0x11e60398);
  });
});

/** Kraft sum of `lengths` in units of 2^-limit: exactly 2^limit for a complete code. */
const kraft = (lengths: Uint8Array, limit: number) => lengths.reduce((sum, len) => sum + (len ? 2 ** (limit - len) : 0), 0);

describe("codeLengths", () => {
  it("limits skewed (Fibonacci) frequencies to 15 bits and keeps the code complete", () => {
    const freq = new Int32Array(40);
    for (let s = 0, a = 1, b = 1; s < 40; s++, [a, b] = [b, a + b]) freq[s] = a;
    const lengths = codeLengths(freq, 40, 15);
    expect(Math.max(...lengths)).toBe(15);
    expect(kraft(lengths, 15)).toBe(2 ** 15);
  });

  it("gives a lone symbol a one-bit partner, and none to an empty alphabet", () => {
    const one = new Int32Array(30);
    one[7] = 5;
    expect([...codeLengths(one, 30, 15)].filter((l) => l > 0)).toEqual([1, 1]);
    expect(codeLengths(one, 30, 15)[7]).toBe(1);
    expect(codeLengths(new Int32Array(30), 30, 15).every((l) => l === 0)).toBe(true);
  });

  it("always gives complete, prefix-free codes within the limit to every used symbol", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant(0), fc.nat(10), fc.nat(1 << 20)), { minLength: 2, maxLength: 286 }), fc.constantFrom(7, 15), (counts, limit) => {
        const freq = Int32Array.from(counts);
        const lengths = codeLengths(freq, freq.length, limit);
        const used = counts.filter((c) => c > 0).length;
        for (let s = 0; s < freq.length; s++) {
          if (freq[s]! > 0) expect(lengths[s]).toBeGreaterThan(0);
          expect(lengths[s]).toBeLessThanOrEqual(limit);
        }
        if (used > 0) expect(kraft(lengths, limit)).toBe(2 ** limit);
        // canonical codes (stored bit-reversed): no code is a prefix of another
        const codes = canonicalCodes(lengths);
        const words = [...lengths].flatMap((len, s) => (len ? [codes[s]!.toString(2).padStart(len, "0").split("").toReversed().join("")] : []));
        for (const a of words) for (const b of words) if (a !== b) expect(b.startsWith(a)).toBe(false);
      }),
      propertyRuns(150),
    );
  });
});

describe("FastZlib", () => {
  const text = new TextEncoder().encode(
    "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife. ".repeat(40),
  );

  it.each([
    ["empty input", new Uint8Array(0)],
    ["one byte", new Uint8Array([42])],
    ["nine bytes", new Uint8Array([1, 1, 1, 1, 1, 1, 1, 1, 1])],
    ["all zeros (long runs)", new Uint8Array(300_000)],
    ["random bytes", randomBytes(200_000)],
    ["text", text],
    ["runs in random data", Uint8Array.from(randomBytes(50_000, 9), (x, i) => ((i >> 6) % 3 === 0 ? 7 : x))],
  ])("round-trips %s", (_name, input) => {
    expectRoundTrip(fastZlibSync(input), input);
    expectRoundTrip(fastZlibSync(input, { rowDistance: 100 }), input);
  });

  it("stores what it cannot compress, with little overhead", () => {
    const input = randomBytes(500_000, 3);
    const compressed = fastZlibSync(input);
    expect(firstBlockType(compressed)).toBe(0);
    expect(compressed.length).toBeLessThan(input.length + 100);
  });

  it("uses a fixed-code block when that is cheapest, and Huffman codes of its own for text", () => {
    expect(firstBlockType(fastZlibSync(new Uint8Array(0)))).toBe(1);
    expect(firstBlockType(fastZlibSync(text))).toBe(2);
  });

  it("shrinks runs of zeros to almost nothing", () => {
    expect(fastZlibSync(new Uint8Array(1 << 20)).length).toBeLessThan(3000);
  });

  it("round-trips PNG-filtered image rows spanning many blocks, within 15% of fflate level 1", () => {
    const { rows, rowDistance } = filteredPhoto(512);
    const compressed = compressInPieces(rows, [1 << 20], { rowDistance });
    expectRoundTrip(compressed, rows);
    expect(compressed.length).toBeLessThan(1.15 * zlibSync(rows, { level: 1 }).length);
    // without the row hint it still round-trips, only larger
    const plain = fastZlibSync(rows);
    expectRoundTrip(plain, rows);
    expect(plain.length).toBeGreaterThan(compressed.length);
  });

  it("gives the same stream however the input is split", () => {
    const { rows, rowDistance } = filteredPhoto(128);
    const whole = fastZlibSync(rows, { rowDistance });
    for (const sizes of [[1], [7, 4095], [65_537], [3, 131_071, 1]]) {
      expect(Buffer.from(compressInPieces(rows, sizes, { rowDistance })).equals(Buffer.from(whole))).toBe(true);
    }
  });

  it("flush() ends the output so far with an empty stored block: byte-aligned, decodable at once, and the stream goes on", () => {
    const { rows, rowDistance } = filteredPhoto(128);
    const cut = 20_000;
    for (const raw of [false, true]) {
      const parts: Uint8Array[] = [];
      const z = new FastZlib((chunk) => parts.push(chunk), { rowDistance, raw });
      z.push(rows.subarray(0, cut));
      z.flush();
      const flushed = Buffer.concat(parts);
      expect([...flushed.subarray(-4)]).toEqual([0x00, 0x00, 0xff, 0xff]);
      const soFar = raw ? inflateRawSync(flushed, { finishFlush: constants.Z_SYNC_FLUSH }) : nodeInflate(flushed, { finishFlush: constants.Z_SYNC_FLUSH });
      expect(soFar.equals(Buffer.from(rows.subarray(0, cut)))).toBe(true);
      z.push(rows.subarray(cut), true);
      const whole = Buffer.concat(parts);
      if (raw) expect(inflateRawSync(whole).equals(Buffer.from(rows))).toBe(true);
      else expectRoundTrip(whole, rows);
      expect(z.adler).toBe(referenceAdler(rows));
      expect(() => z.flush()).toThrow(/final/);
    }
  });

  it("reset() starts a new stream with the same options: the same bytes as a fresh compressor", () => {
    const { rows, rowDistance } = filteredPhoto(64);
    const parts: Uint8Array[] = [];
    const z = new FastZlib((chunk) => parts.push(chunk), { rowDistance });
    z.push(randomBytes(50_000, 4), true);
    z.reset();
    parts.length = 0;
    z.push(rows, true);
    expect(Buffer.concat(parts).equals(Buffer.from(fastZlibSync(rows, { rowDistance })))).toBe(true);
  });

  it("refuses a push after the final one", () => {
    const z = new FastZlib(() => {});
    z.push(text, true);
    expect(() => z.push(text)).toThrow(/final/);
  });

  it("round-trips random data of every kind, in random pieces, through both inflaters", () => {
    // mixes of random bytes, runs, short patterns and copies of earlier bytes (some a "row" back,
    // some anywhere), so every match path is taken
    const piece = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 700 })).map(([v, n]) => new Uint8Array(n).fill(v)),
      fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 2000 })).map(([v, n]) => Uint8Array.from({ length: n }, (_, i) => (i * v) & 3)),
      fc.record({ back: fc.integer({ min: 1, max: 40_000 }), length: fc.integer({ min: 1, max: 3000 }) }),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 70_000 }), { minLength: 1, maxLength: 5 }),
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40_000 })),
        (pieces, sizes, rowDistance) => {
          const bytes: number[] = [];
          for (const p of pieces) {
            if (p instanceof Uint8Array) bytes.push(...p);
            else for (let k = 0, from = Math.max(0, bytes.length - p.back); k < p.length && from < bytes.length; k++) bytes.push(bytes[from + k]!);
          }
          const input = Uint8Array.from(bytes);
          expectRoundTrip(compressInPieces(input, sizes, { rowDistance }), input);
        },
      ),
      propertyRuns(200),
    );
  });

  it("finds repeats at any distance where they pay, also after pausing that search on a photo", () => {
    // photo rows make the hash search pause; it tries again within 8 blocks (1 MB) and then keeps
    // going through the repeated text (2.5 MB), which Huffman codes alone would shrink only to ~70%
    const { rows, rowDistance } = filteredPhoto(256);
    const lines = Array.from({ length: 48_000 }, (_, i) => `line ${i % 37}: the quick brown fox jumps over the lazy dog\n`).join("");
    const repeated = new TextEncoder().encode(lines);
    const input = Buffer.concat([rows, rows, rows, rows, repeated, rows]);
    const compressed = fastZlibSync(input, { rowDistance });
    expectRoundTrip(compressed, input);
    const photoOnly = fastZlibSync(Buffer.concat([rows, rows, rows, rows, rows]), { rowDistance }).length;
    expect(compressed.length - photoOnly).toBeLessThan(repeated.length / 4);
    expect(fastZlibSync(repeated).length).toBeLessThan(repeated.length / 20);
  });

  it("round-trips a large input made of repeats at the row distance and the window's edge", () => {
    const rowDistance = 32_768;
    const row = randomBytes(rowDistance, 5);
    const input = new Uint8Array(rowDistance * 12);
    for (let k = 0; k < 12; k++) input.set(k % 3 === 2 ? randomBytes(rowDistance, k + 10) : row, k * rowDistance);
    const compressed = compressInPieces(input, [10_000, 333_333], { rowDistance });
    expectRoundTrip(compressed, input);
    // a copy of `row` right after another costs almost nothing; the other 8 of 12 rows cannot shrink
    expect(compressed.length).toBeLessThan(input.length * (8 / 12) + 2000);
  });
});
