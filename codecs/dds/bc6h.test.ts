import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { bc6hLayoutLength } from "./bc6h.ts";
import { decodeBlocksFloat } from "./block.ts";
import { DdsError } from "./errors.ts";
import { BitWriter, HAVE_PILLOW, PYTHON } from "#tests/support/codecs/dds/test-helpers.ts";
import { Xorshift32 } from "#tests/support/bytes.ts";
import { propertyRuns } from "#tests/support/property.ts";


const W3 = [0, 9, 18, 27, 37, 46, 55, 64];
const W4 = [0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64];

/** Half-float bits to number (independent of the decoder's table). */
function halfToNumber(h: number): number {
  const dv = new DataView(new ArrayBuffer(4));
  // Via float32: re-bias the exponent (normal numbers only, which the tests use, plus zero).
  const sign = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 31;
  const f = h & 1023;
  if (e === 0) return sign * f * 2 ** -24;
  dv.setUint32(0, ((e - 15 + 127) << 23) | (f << 13));
  return sign * dv.getFloat32(0);
}

/** Reference maths of the format for expected values. */
function unqU(c: number, bits: number): number {
  if (bits >= 15 || c === 0) return c;
  if (c === (1 << bits) - 1) return 0xffff;
  return ((c << 16) + 0x8000) >> bits;
}
function unqS(c: number, bits: number): number {
  if (bits >= 16 || c === 0) return c;
  const m = Math.abs(c);
  const u = m >= (1 << (bits - 1)) - 1 ? 0x7fff : ((m << 15) + 0x4000) >> (bits - 1);
  return c < 0 ? -u : u;
}
function finalU(a: number, b: number, w: number): number {
  return halfToNumber((((a * (64 - w) + b * w + 32) >> 6) * 31) >> 6);
}
function finalS(a: number, b: number, w: number): number {
  const v = (a * (64 - w) + b * w + 32) >> 6;
  return v < 0 ? halfToNumber(0x8000 | ((-v * 31) >> 5)) : halfToNumber((v * 31) >> 5);
}

function rgbAt(data: Float32Array, width: number, i: number): number[] {
  const x = i & 3;
  const y = i >> 2;
  const k = (y * width + x) * 4;
  return [data[k]!, data[k + 1]!, data[k + 2]!, data[k + 3]!];
}

/** Mode 0x03 (mode 11): raw 10-bit endpoints, one subset, 4-bit indices; pixel i uses index i. */
function mode03(e0: number[], e1: number[]): Uint8Array {
  const bw = new BitWriter().put(0x03, 5);
  for (let c = 0; c < 3; c++) bw.put(e0[c]! & 1023, 10);
  for (let c = 0; c < 3; c++) bw.put(e1[c]! & 1023, 10);
  bw.put(0, 3);
  for (let i = 1; i < 16; i++) bw.put(i, 4);
  return bw.block();
}

/** Mode 0x07 (mode 12): 11-bit base endpoint, 9-bit signed delta, one subset. */
function mode07(base: number[], delta: number[]): Uint8Array {
  const bw = new BitWriter().put(0x07, 5);
  for (let c = 0; c < 3; c++) bw.range(base[c]!, 0, 9);
  for (let c = 0; c < 3; c++) bw.range(delta[c]! & 511, 0, 8).bit(base[c]!, 10);
  bw.put(0, 3);
  for (let i = 1; i < 16; i++) bw.put(15 - i, 4);
  return bw.block();
}

/** Low 5 bits (a 5-bit two's-complement delta). */
function five(v: number): number {
  return v & 31;
}

/** Wraps to 10 bits. */
function tenBits(v: number): number {
  return v & 1023;
}

describe("BC6H layouts", () => {
  it("every mode's header fills 82 bits (two subsets) or 65 bits (one subset)", () => {
    for (const m of [0x00, 0x01]) expect(bc6hLayoutLength(m)).toBe(80);
    for (const m of [0x02, 0x06, 0x0a, 0x0e, 0x12, 0x16, 0x1a, 0x1e]) expect(bc6hLayoutLength(m)).toBe(77);
    for (const m of [0x03, 0x07, 0x0b, 0x0f]) expect(bc6hLayoutLength(m)).toBe(60);
    for (const m of [0x13, 0x17, 0x1b, 0x1f]) expect(bc6hLayoutLength(m)).toBeUndefined();
  });
});

describe("BC6H hand-built blocks", () => {
  it("unsigned mode 0x03: unquantize, interpolate, scale by 31/64 to half floats", () => {
    const e0 = [0, 512, 1023];
    const e1 = [1023, 512, 0];
    const out = decodeBlocksFloat("BC6HU", mode03(e0, e1), 4, 4);
    expect(out.length).toBe(64);
    // 1023 -> 0xffff -> half 0x7bff = 65504; 512 -> 32800 -> half 15887 = 0x3e0f = 1.5146484375.
    expect(rgbAt(out, 4, 0)).toEqual([0, 1.5146484375, 65504, 1]);
    expect(rgbAt(out, 4, 15)).toEqual([65504, 1.5146484375, 0, 1]);
    for (let i = 0; i < 16; i++) {
      const w = W4[i]!;
      const exp = [0, 1, 2].map((c) => finalU(unqU(e0[c]!, 10), unqU(e1[c]!, 10), w));
      expect(rgbAt(out, 4, i), `pixel ${i}`).toEqual([...exp, 1]);
    }
  });

  it("signed mode 0x03: sign-extended endpoints, -512 saturates to -65504", () => {
    const e0 = [-512, -100, 0];
    const e1 = [511, 37, -1];
    const out = decodeBlocksFloat("BC6HS", mode03(e0, e1), 4, 4);
    expect(rgbAt(out, 4, 0)[0]).toBe(-65504);
    expect(rgbAt(out, 4, 15)[0]).toBe(65504);
    for (let i = 0; i < 16; i++) {
      const w = W4[i]!;
      const exp = [0, 1, 2].map((c) => finalS(unqS(e0[c]!, 10), unqS(e1[c]!, 10), w));
      expect(rgbAt(out, 4, i), `pixel ${i}`).toEqual([...exp, 1]);
    }
  });

  it("unsigned transformed mode 0x07: endpoint 1 = base + signed delta, wrapped to 11 bits", () => {
    const base = [1000, 5, 2047];
    const delta = [-10, -6, 1]; // 5 - 6 wraps to 2047; 2047 + 1 wraps to 0.
    const e1 = [990, 2047, 0];
    const out = decodeBlocksFloat("BC6HU", mode07(base, delta), 4, 4);
    for (let i = 0; i < 16; i++) {
      const w = W4[i === 0 ? 0 : 15 - i]!;
      const exp = [0, 1, 2].map((c) => finalU(unqU(base[c]!, 11), unqU(e1[c]!, 11), w));
      expect(rgbAt(out, 4, i), `pixel ${i}`).toEqual([...exp, 1]);
    }
  });

  it("signed transformed mode 0x07: the sum is sign-extended from 11 bits", () => {
    const base = [-1000, 3, 1000]; // 11-bit two's complement
    const delta = [-20, -5, 255];
    const e1 = [-1020, -2, 1255 - 2048]; // 1000 + 255 = 1255 wraps to -793
    const out = decodeBlocksFloat("BC6HS", mode07(base.map((v) => v & 2047), delta), 4, 4);
    for (let i = 0; i < 16; i++) {
      const w = W4[i === 0 ? 0 : 15 - i]!;
      const exp = [0, 1, 2].map((c) => finalS(unqS(base[c]!, 11), unqS(e1[c]!, 11), w));
      expect(rgbAt(out, 4, i), `pixel ${i}`).toEqual([...exp, 1]);
    }
  });

  it("two-subset mode 0x00 (10-bit base, 5-bit deltas, shape from the partition table)", () => {
    // Fields: w = subset 0 endpoint 0 (base), x = subset 0 endpoint 1, y/z = subset 1 (deltas from w).
    const rw = 300;
    const gw = 600;
    const bwv = 900;
    const d = { rx: 3, gx: -4, bx: 15, ry: -16, gy: 0, by: 7, rz: 1, gz: -1, bz: 10 };
    const shape = 13; // rows 0-1 subset 0, rows 2-3 subset 1; anchor of subset 1 is pixel 15
    const bw = new BitWriter().put(0, 2);
    bw.bit(five(d.gy), 4).bit(five(d.by), 4).bit(five(d.bz), 4);
    bw.range(rw, 0, 9).range(gw, 0, 9).range(bwv, 0, 9);
    bw.range(five(d.rx), 0, 4).bit(five(d.gz), 4).range(five(d.gy), 0, 3);
    bw.range(five(d.gx), 0, 4).bit(five(d.bz), 0).range(five(d.gz), 0, 3);
    bw.range(five(d.bx), 0, 4).bit(five(d.bz), 1).range(five(d.by), 0, 3);
    bw.range(five(d.ry), 0, 4).bit(five(d.bz), 2).range(five(d.rz), 0, 4).bit(five(d.bz), 3);
    bw.range(shape, 0, 4);
    const idx = Array.from({ length: 16 }, (_, i) => (i === 0 || i === 15 ? 3 : i & 7));
    idx.forEach((v, i) => bw.put(v, i === 0 || i === 15 ? 2 : 3));
    const out = decodeBlocksFloat("BC6HU", bw.block(), 4, 4);
    const base = [rw, gw, bwv];
    const ends = [
      base,
      [tenBits(rw + d.rx), tenBits(gw + d.gx), tenBits(bwv + d.bx)],
      [tenBits(rw + d.ry), tenBits(gw + d.gy), tenBits(bwv + d.by)],
      [tenBits(rw + d.rz), tenBits(gw + d.gz), tenBits(bwv + d.bz)],
    ];
    for (let i = 0; i < 16; i++) {
      const s = i < 8 ? 0 : 1;
      const w = W3[idx[i]!]!;
      const exp = [0, 1, 2].map((c) => finalU(unqU(ends[s * 2]![c]!, 10), unqU(ends[s * 2 + 1]![c]!, 10), w));
      expect(rgbAt(out, 4, i), `pixel ${i}`).toEqual([...exp, 1]);
    }
  });

  it("reserved modes decode to black", () => {
    for (const mode of [0x13, 0x17, 0x1b, 0x1f]) {
      const block = new Uint8Array(16).fill(0xa5);
      block[0] = (0xa5 & ~31) | mode;
      const out = decodeBlocksFloat("BC6HU", block, 4, 4);
      for (let i = 0; i < 16; i++) expect(rgbAt(out, 4, i)).toEqual([0, 0, 0, 1]);
    }
  });

  it("crops partial blocks and rejects truncated data", () => {
    const block = mode03([0, 0, 0], [1023, 1023, 1023]);
    const out = decodeBlocksFloat("BC6HU", block, 3, 2);
    expect(out.length).toBe(3 * 2 * 4);
    expect(out[(1 * 3 + 2) * 4]).toBe(finalU(0, 0xffff, W4[6]!));
    expect(() => decodeBlocksFloat("BC6HU", block, 5, 4)).toThrow(DdsError);
  });

  it("property: random blocks never throw and give width*height*4 floats", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 1, max: 13 }),
        fc.integer({ min: 1, max: 13 }),
        fc.infiniteStream(fc.integer({ min: 0, max: 255 })),
        (signed, w, h, stream) => {
          const n = Math.ceil(w / 4) * Math.ceil(h / 4) * 16;
          const out = decodeBlocksFloat(signed ? "BC6HS" : "BC6HU", new Uint8Array(stream.take(n)), w, h);
          expect(out.length).toBe(w * h * 4);
        },
      ),
      propertyRuns(200),
    );
  });
});

if (!HAVE_PILLOW) console.log("Skipping the BC6H cross-check against Pillow: python3-pil is not installed");

const SCRIPT = `
import sys, struct
from PIL import Image
w, h, dxgi = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
data = open(sys.argv[4], 'rb').read()
hdr = bytearray(128)
struct.pack_into('<4sIIIIIII', hdr, 0, b'DDS ', 124, 0x81007, h, w, len(data), 0, 1)
struct.pack_into('<II4s', hdr, 76, 32, 4, b'DX10')
open(sys.argv[5], 'wb').write(bytes(hdr) + struct.pack('<IIIII', dxgi, 3, 0, 1, 0) + data)
open(sys.argv[6], 'wb').write(Image.open(sys.argv[5]).convert('RGB').tobytes())
`;

/**
 * Pillow clamps BC6H to [0, 1] and truncates to 8 bits, and interpolates without the +32 rounding:
 * so agreement is within one 8-bit step. It does not sign-extend transformed signed endpoints, so
 * signed blocks are compared only in the untransformed modes 0x03 and 0x1e.
 */
describe.skipIf(!HAVE_PILLOW)("BC6H against Pillow's decoder (8-bit, clamped)", () => {
  const dir = HAVE_PILLOW ? mkdtempSync(join(tmpdir(), "bc6h-test-")) : "";
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("agrees within one 8-bit step on random blocks of every mode", () => {
    const w = 64;
    const h = 32;
    const nb = (w / 4) * (h / 4);
    const noise = new Xorshift32(5);
    const cases: [boolean, number][] = [
      ...[0x00, 0x01, 0x02, 0x06, 0x0a, 0x0e, 0x12, 0x16, 0x1a, 0x1e, 0x03, 0x07, 0x0b, 0x0f].map(
        (m): [boolean, number] => [false, m],
      ),
      [true, 0x03],
      [true, 0x1e],
    ];
    for (const [signed, mode] of cases) {
      const src = noise.bytes(nb * 16);
      for (let b = 0; b < nb; b++) src[b * 16] = mode < 2 ? (src[b * 16]! & ~3) | mode : (src[b * 16]! & ~31) | mode;
      const bin = join(dir, "in.bin");
      const rgb = join(dir, "out.rgb");
      writeFileSync(bin, src);
      execFileSync(PYTHON, ["-c", SCRIPT, String(w), String(h), signed ? "96" : "95", bin, join(dir, "t.dds"), rgb]);
      const ref = readFileSync(rgb);
      const ours = decodeBlocksFloat(signed ? "BC6HS" : "BC6HU", src, w, h);
      let worst = 0;
      for (let p = 0; p < w * h; p++) {
        for (let c = 0; c < 3; c++) {
          const f = Math.fround(ours[p * 4 + c]!);
          const o8 = f < 0 ? 0 : f > 1 ? 255 : Math.floor(Math.fround(f * 255));
          worst = Math.max(worst, Math.abs(o8 - ref[p * 3 + c]!));
        }
      }
      expect(worst, `${signed ? "signed" : "unsigned"} mode 0x${mode.toString(16)}`).toBeLessThanOrEqual(1);
    }
  });
});
