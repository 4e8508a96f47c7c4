import { constants, deflateSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adler32 } from "./adler32.ts";
import { BitWriter } from "./bit-writer.ts";
import { PngError } from "./errors.ts";
import { INFLATE_PADDING, inflateZlib } from "./inflate.ts";
import { fuzzProperty, propertyRuns } from "#tests/support/property.ts";

/** Inflates `stream` (which must produce `total` bytes) and checks the pieces the sink gets are in order. */
function inflate(stream: Uint8Array, total: number): Uint8Array {
  const src = new Uint8Array(stream.length + INFLATE_PADDING);
  src.set(stream);
  const out = new Uint8Array(total);
  let at = 0;
  inflateZlib(src, stream.length, total, (bytes, start, stop) => {
    out.set(bytes.subarray(start, stop), at);
    at += stop - start;
  });
  expect(at).toBe(total);
  return out;
}

/** Deterministic test data of several kinds: noise, small-alphabet noise, runs, repeats at long distances. */
function sample(kind: number, n: number, seed = 1): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    const r = s >>> 24;
    if (kind === 0) out[i] = r;
    else if (kind === 1) out[i] = r & 3;
    else if (kind === 2) out[i] = (i >> 9) & 1 ? 0 : r >> 5;
    else out[i] = i >= 32768 && r > 8 ? out[i - 32768]! : i >= 12289 && r > 40 ? out[i - 12289]! + 1 : r;
  }
  return out;
}

/** zlib framing around raw deflate bits from `write`, with the Adler-32 of `expected`. */
function zlibStream(write: (w: BitWriter) => void, expected: Uint8Array): Uint8Array {
  const w = new BitWriter(1024);
  w.write(0x78, 8);
  w.write(0x01, 8);
  write(w);
  w.alignToByte();
  const adler = adler32(expected);
  for (const shift of [24, 16, 8, 0]) w.write((adler >>> shift) & 255, 8);
  return w.take();
}

/** Writes a Huffman code (sent most significant bit first). */
function code(w: BitWriter, value: number, length: number): void {
  for (let i = length - 1; i >= 0; i--) w.write((value >> i) & 1, 1);
}

/** Fixed-code literal (RFC 1951 §3.2.6), end of block, length 3-10 and distance 1-4 symbols. */
const literal = (w: BitWriter, v: number) => (v < 144 ? code(w, 0x30 + v, 8) : code(w, 0x190 + v - 144, 9));
const endOfBlock = (w: BitWriter) => code(w, 0, 7);
const shortMatch = (w: BitWriter, length: number, distance: number) => {
  code(w, length - 2, 7);
  code(w, distance - 1, 5);
};

describe("inflateZlib", () => {
  it("reads what zlib writes at every level and strategy, across output bands and window edges", () => {
    for (const kind of [0, 1, 2, 3]) {
      for (const n of [0, 1, 300, 70_000, 600_000]) {
        const data = sample(kind, n, kind + n);
        for (const [level, strategy] of [
          [0, 0],
          [1, 0],
          [6, 0],
          [9, constants.Z_FILTERED],
          [6, constants.Z_HUFFMAN_ONLY],
          [6, constants.Z_RLE],
          [6, constants.Z_FIXED],
        ] as const) {
          if (n > 70_000 && level === 9) continue;
          const stream = new Uint8Array(deflateSync(data, { level, strategy }));
          expect(Buffer.from(inflate(stream, n)).equals(Buffer.from(data)), `kind ${kind}, ${n} bytes, level ${level}, strategy ${strategy}`).toBe(true);
        }
      }
    }
  });

  it("reads fixed-code blocks with overlapping copies", () => {
    const expected = new TextEncoder().encode("ababababbbb");
    const stream = zlibStream((w) => {
      w.write(1, 1);
      w.write(1, 2);
      literal(w, 97);
      literal(w, 98);
      shortMatch(w, 6, 2);
      shortMatch(w, 3, 1);
      endOfBlock(w);
    }, expected);
    expect(new TextDecoder().decode(inflate(stream, expected.length))).toBe("ababababbbb");
  });

  it("refuses a stream that holds more than expected before handing any of it over", () => {
    const stream = new Uint8Array(deflateSync(new Uint8Array(4 << 20), { level: 9 }));
    const src = new Uint8Array(stream.length + INFLATE_PADDING);
    src.set(stream);
    let delivered = 0;
    expect(() => inflateZlib(src, stream.length, 10, (_bytes, start, stop) => (delivered += stop - start))).toThrow(/holds more than the image/);
    expect(delivered).toBe(0);
  });

  it("refuses a stream that ends early, has too little data or a wrong checksum", () => {
    const data = sample(3, 50_000);
    const stream = new Uint8Array(deflateSync(data));
    expect(() => inflate(stream.subarray(0, stream.length - 100), data.length)).toThrow(PngError);
    expect(() => inflate(stream.subarray(0, stream.length - 2), data.length)).toThrow(/ends too early/);
    expect(() => inflate(stream, data.length + 1)).toThrow(/shorter than its header declares/);
    expect(() => inflate(stream, data.length - 1)).toThrow(/holds more/);
    const bad = stream.slice();
    bad[bad.length - 1]! ^= 1;
    expect(() => inflate(bad, data.length)).toThrow(/checksum/);
    expect(() => inflate(new Uint8Array([0x78]), 1)).toThrow(/ends too early/);
    expect(() => inflate(new Uint8Array([0x78, 0x02, 0, 0]), 1)).toThrow(/not a zlib stream/);
    expect(() => inflate(new Uint8Array([0x78, 0xbb, 0, 0, 0, 0]), 1)).toThrow(/preset dictionary/);
  });

  it("refuses impossible deflate data with a message", () => {
    const cases: [string, (w: BitWriter) => void, RegExp][] = [
      ["block type 3", (w) => w.write(7, 3), /unknown type/],
      ["a distance before the start", (w) => (w.write(3, 3), literal(w, 1), shortMatch(w, 3, 2)), /before its start/],
      ["literal/length symbol 286", (w) => (w.write(3, 3), code(w, 0xc6, 8)), /invalid literal or length/],
      ["distance symbol 30", (w) => (w.write(3, 3), literal(w, 1), code(w, 1, 7), code(w, 30, 5)), /invalid distance/],
      ["a stored block whose length check fails", (w) => (w.write(1, 3), w.alignToByte(), w.write(5, 16), w.write(5, 16)), /bad stored block/],
      ["287 literal/length codes", (w) => (w.write(5, 3), w.write(30, 5)), /too many Huffman codes/],
      [
        "an over-subscribed code-length code",
        (w) => {
          w.write(5, 3);
          w.write(0, 5);
          w.write(0, 5);
          w.write(15, 4);
          for (let i = 0; i < 19; i++) w.write(1, 3);
        },
        /impossible Huffman code/,
      ],
      [
        "a repeat before the first code length",
        (w) => {
          w.write(5, 3);
          w.write(0, 5);
          w.write(0, 5);
          w.write(0, 4);
          // code-length code: only symbols 16 and 17 (order 16, 17, 18, 0), one bit each
          w.write(1, 3);
          w.write(1, 3);
          w.write(0, 3);
          w.write(0, 3);
          code(w, 0, 1);
        },
        /repeats a code length before the first/,
      ],
      [
        "no end-of-block code",
        (w) => {
          w.write(5, 3);
          w.write(0, 5);
          w.write(0, 5);
          w.write(0, 4);
          // code-length code: symbols 17 and 18 (zeros), one bit each; 258 lengths all zero
          w.write(0, 3);
          w.write(1, 3);
          w.write(1, 3);
          w.write(0, 3);
          code(w, 1, 1);
          w.write(138 - 11, 7);
          code(w, 1, 1);
          w.write(120 - 11, 7);
        },
        /no end-of-block code/,
      ],
    ];
    for (const [name, write, message] of cases) {
      const stream = zlibStream(write, new Uint8Array(0));
      expect(() => inflate(stream, 4), name).toThrow(message);
    }
  });

  it("throws nothing but PngError, and stops, on random and mutated streams (fuzz)", () => {
    const good = new Uint8Array(deflateSync(sample(3, 20_000)));
    fuzzProperty(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }).map((b) => Uint8Array.from([0x78, 0x9c, ...b])),
          fc.array(fc.tuple(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }).map((edits) => {
            const bytes = good.slice();
            for (const [at, value] of edits) bytes[at] = value;
            return bytes;
          }),
        ),
        fc.integer({ min: 0, max: 40_000 }),
        (stream, total) => {
          try {
            inflate(stream, total);
          } catch (error) {
            expect(error).toBeInstanceOf(PngError);
          }
        },
      ),
      500,
    );
  });
});

describe("adler32", () => {
  it("matches byte-at-a-time summing at any offset, length and starting value", () => {
    const data = sample(0, 5000, 9);
    data.fill(255, 1000, 3000);
    fc.assert(
      fc.property(fc.nat(4999), fc.nat(5000), fc.nat(65520), fc.nat(65520), (start, length, a0, b0) => {
        const bytes = data.subarray(start, start + length);
        let a = a0;
        let b = b0;
        for (const x of bytes) {
          a = (a + x) % 65521;
          b = (b + a) % 65521;
        }
        expect(adler32(bytes, ((b0 << 16) | a0) >>> 0)).toBe(((b << 16) | a) >>> 0);
      }),
      propertyRuns(500),
    );
  });
});
