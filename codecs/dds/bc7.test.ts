import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { decodeBlocksRgba8 } from "./block.ts";
import { BitWriter, HAVE_PILLOW, PYTHON } from "#tests/support/codecs/dds/test-helpers.ts";
import { Xorshift32 } from "#tests/support/bytes.ts";
import { BC7_ANCHOR_2, BC7_ANCHOR_3A, BC7_ANCHOR_3B, BC7_PARTITIONS_2, BC7_PARTITIONS_3 } from "./bc7.ts";

/** Tiny LSB-first bit writer for hand-built 128-bit blocks. */

const W2 = [0, 21, 43, 64];
const W3 = [0, 9, 18, 27, 37, 46, 55, 64];
const W4 = [0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64];
const lerp = (e0: number, e1: number, w: number): number => (e0 * (64 - w) + e1 * w + 32) >> 6;

type Rgba = [number, number, number, number];
function decode(block: Uint8Array): Rgba[] {
  const d = decodeBlocksRgba8("BC7", block, 4, 4);
  return Array.from({ length: 16 }, (_, i) => [d[i * 4]!, d[i * 4 + 1]!, d[i * 4 + 2]!, d[i * 4 + 3]!] as Rgba);
}

/** Expands an n-bit value (5..8 bits) to 8 bits by bit replication. */
function expandBits(x: number, n: number): number {
  return ((x << (8 - n)) | (x >> (2 * n - 8))) & 255;
}

/** Whether pixel i is an anchor (pixel 0 or one of the given subset anchors). */
function isAnchor(i: number, a1: number, a2 = -1): boolean {
  return i === 0 || i === a1 || i === a2;
}

/** Writes colour endpoints channel-major: for each of R, G, B (then A): every endpoint in order. */
function putEndpoints(bw: BitWriter, eps: number[][], channels: number, bits: number[]): void {
  for (let c = 0; c < channels; c++) for (const e of eps) bw.put(e[c]!, bits[c]!);
}

describe("BC7 tables", () => {
  it("2-subset partitions match the shape masks of the specification", () => {
    const masks = [
      0xcccc, 0x8888, 0xeeee, 0xecc8, 0xc880, 0xfeec, 0xfec8, 0xec80, 0xc800, 0xffec, 0xfe80, 0xe800, 0xffe8, 0xff00,
      0xfff0, 0xf000, 0xf710, 0x008e, 0x7100, 0x08ce, 0x008c, 0x7310, 0x3100, 0x8cce, 0x088c, 0x3110, 0x6666, 0x366c,
      0x17e8, 0x0ff0, 0x718e, 0x399c, 0xaaaa, 0xf0f0, 0x5a5a, 0x33cc, 0x3c3c, 0x55aa, 0x9696, 0xa55a, 0x73ce, 0x13c8,
      0x324c, 0x3bdc, 0x6996, 0xc33c, 0x9966, 0x0660, 0x0272, 0x04e4, 0x4e40, 0x2720, 0xc936, 0x936c, 0x39c6, 0x639c,
      0x9336, 0x9cc6, 0x817e, 0xe718, 0xccf0, 0x0fcc, 0x7744, 0xee22,
    ];
    for (let s = 0; s < 64; s++) {
      let m = 0;
      for (let i = 0; i < 16; i++) m |= BC7_PARTITIONS_2[s * 16 + i]! << i;
      expect(m, `shape ${s}`).toBe(masks[s]);
    }
  });

  it("every anchor lies in its subset and pixel 0 is in subset 0", () => {
    for (let s = 0; s < 64; s++) {
      expect(BC7_PARTITIONS_2[s * 16]).toBe(0);
      expect(BC7_PARTITIONS_3[s * 16]).toBe(0);
      expect(BC7_PARTITIONS_2[s * 16 + BC7_ANCHOR_2[s]!]).toBe(1);
      expect(BC7_PARTITIONS_3[s * 16 + BC7_ANCHOR_3A[s]!]).toBe(1);
      expect(BC7_PARTITIONS_3[s * 16 + BC7_ANCHOR_3B[s]!]).toBe(2);
    }
  });
});

function mode45(mode: 4 | 5, rotation: number, indexSel: number): { px: Rgba[]; expected: Rgba[] } {
  const cBitsEp = mode === 4 ? 5 : 7;
  const aBitsEp = mode === 4 ? 6 : 8;
  const bw = new BitWriter().put(1 << mode, mode + 1).put(rotation, 2);
  if (mode === 4) bw.put(indexSel, 1);
  const c0 = [3, 20, 31];
  const c1 = [30, 10, 0];
  const a0 = mode === 4 ? 60 : 250;
  const a1 = mode === 4 ? 5 : 17;
  for (let c = 0; c < 3; c++) bw.put(c0[c]!, cBitsEp).put(c1[c]!, cBitsEp);
  bw.put(a0, aBitsEp).put(a1, aBitsEp);
  const ib = 2;
  const ib2 = mode === 4 ? 3 : 2;
  const i1 = Array.from({ length: 16 }, (_, i) => (i === 0 ? 1 : (i * 5) & 3));
  const i2 = Array.from({ length: 16 }, (_, i) => (i === 0 ? (1 << (ib2 - 1)) - 1 : (i * 7 + 1) & ((1 << ib2) - 1)));
  i1.forEach((v, i) => bw.put(v, i === 0 ? ib - 1 : ib));
  i2.forEach((v, i) => bw.put(v, i === 0 ? ib2 - 1 : ib2));
  const e0 = [...c0.map((v) => expandBits(v, cBitsEp)), expandBits(a0, aBitsEp)];
  const e1 = [...c1.map((v) => expandBits(v, cBitsEp)), expandBits(a1, aBitsEp)];
  const expected: Rgba[] = [];
  for (let i = 0; i < 16; i++) {
    const [ci, cb, ai, ab] = indexSel ? [i2[i]!, ib2, i1[i]!, ib] : [i1[i]!, ib, i2[i]!, ib2];
    const cw = (cb === 2 ? W2 : W3)[ci]!;
    const aw = (ab === 2 ? W2 : W3)[ai]!;
    const p: Rgba = [lerp(e0[0]!, e1[0]!, cw), lerp(e0[1]!, e1[1]!, cw), lerp(e0[2]!, e1[2]!, cw), lerp(e0[3]!, e1[3]!, aw)];
    if (rotation) [p[rotation - 1], p[3]] = [p[3], p[rotation - 1]!];
    expected.push(p);
  }
  return { px: decode(bw.block()), expected };
}

describe("BC7 modes", () => {
  it("mode 0: 3 subsets, 4-bit colour + unique p-bits, 3-bit indices with two anchors", () => {
    // Shape 13: column 0 -> subset 0, column 1 -> subset 1, columns 2-3 -> subset 2; anchors 0, 5, 15.
    const eps = [
      [0, 0, 0],
      [15, 15, 15],
      [15, 0, 8],
      [0, 15, 8],
      [8, 4, 2],
      [8, 4, 2],
    ];
    const pbits = [0, 1, 0, 1, 1, 0];
    const bw = new BitWriter().put(1, 1).put(13, 4);
    putEndpoints(bw, eps, 3, [4, 4, 4]);
    pbits.forEach((p) => bw.put(p, 1));
    const idx = Array.from({ length: 16 }, (_, i) => (i === 0 || i === 5 || i === 15 ? 3 : i & 7));
    idx.forEach((v, i) => bw.put(v, i === 0 || i === 5 || i === 15 ? 2 : 3));
    // 5-bit values (v << 1 | p) expand as x << 3 | x >> 2.
    const un = eps.map((e, k) => e.map((v) => expandBits((v << 1) | pbits[k]!, 5)));
    expect(un[1]).toEqual([255, 255, 255]);
    expect(un[2]).toEqual([247, 0, 132]);
    const px = decode(bw.block());
    for (let i = 0; i < 16; i++) {
      const s = Math.min(i & 3, 2);
      const w = W3[idx[i]!]!;
      const e0 = un[s * 2]!;
      const e1 = un[s * 2 + 1]!;
      expect(px[i], `pixel ${i}`).toEqual([lerp(e0[0]!, e1[0]!, w), lerp(e0[1]!, e1[1]!, w), lerp(e0[2]!, e1[2]!, w), 255]);
    }
  });

  it("mode 1: 2 subsets, 6-bit colour + shared p-bit per subset", () => {
    // Shape 0: columns 0-1 subset 0, columns 2-3 subset 1; anchor of subset 1 is pixel 15.
    const eps = [
      [63, 0, 0],
      [0, 63, 0],
      [32, 16, 8],
      [0, 0, 0],
    ];
    const bw = new BitWriter().put(2, 2).put(0, 6);
    putEndpoints(bw, eps, 3, [6, 6, 6]);
    bw.put(1, 1).put(0, 1);
    const idx = Array.from({ length: 16 }, (_, i) => (isAnchor(i, 15) ? 3 : i & 7));
    idx.forEach((v, i) => bw.put(v, isAnchor(i, 15) ? 2 : 3));
    // 7-bit (v << 1 | p) expands as x << 1 | x >> 6.
    const un = [
      [255, 2, 2],
      [2, 255, 2],
      [129, 64, 32],
      [0, 0, 0],
    ];
    const px = decode(bw.block());
    for (let i = 0; i < 16; i++) {
      const s = (i & 3) >> 1;
      const w = W3[idx[i]!]!;
      const e0 = un[s * 2]!;
      const e1 = un[s * 2 + 1]!;
      expect(px[i], `pixel ${i}`).toEqual([lerp(e0[0]!, e1[0]!, w), lerp(e0[1]!, e1[1]!, w), lerp(e0[2]!, e1[2]!, w), 255]);
    }
    expect(px[1]).toEqual([219, 38, 2, 255]);
  });

  it("mode 2: 3 subsets, 5-bit colour, 2-bit indices", () => {
    // Shape 8: rows 0-1 subset 0, row 2 subset 1, row 3 subset 2; anchors 0, 8, 15.
    const eps = [
      [31, 0, 0],
      [0, 0, 0],
      [0, 31, 0],
      [0, 0, 31],
      [16, 16, 16],
      [31, 31, 31],
    ];
    const bw = new BitWriter().put(4, 3).put(8, 6);
    putEndpoints(bw, eps, 3, [5, 5, 5]);
    const idx = Array.from({ length: 16 }, (_, i) => (isAnchor(i, 8, 15) ? 1 : i & 3));
    idx.forEach((v, i) => bw.put(v, isAnchor(i, 8, 15) ? 1 : 2));
    const un = eps.map((e) => e.map((v) => (v << 3) | (v >> 2)));
    expect(un[4]).toEqual([132, 132, 132]);
    const px = decode(bw.block());
    for (let i = 0; i < 16; i++) {
      const s = i < 8 ? 0 : i < 12 ? 1 : 2;
      const w = W2[idx[i]!]!;
      const e0 = un[s * 2]!;
      const e1 = un[s * 2 + 1]!;
      expect(px[i], `pixel ${i}`).toEqual([lerp(e0[0]!, e1[0]!, w), lerp(e0[1]!, e1[1]!, w), lerp(e0[2]!, e1[2]!, w), 255]);
    }
    expect(px[1]).toEqual([171, 0, 0, 255]);
  });

  it("mode 3: 2 subsets, 7-bit colour + unique p-bits (8 bits, no expansion)", () => {
    // Shape 1: column 3 subset 1; anchor 15.
    const eps = [
      [0, 50, 100],
      [127, 60, 10],
      [1, 2, 3],
      [100, 90, 80],
    ];
    const pbits = [1, 0, 1, 1];
    const bw = new BitWriter().put(8, 4).put(1, 6);
    putEndpoints(bw, eps, 3, [7, 7, 7]);
    pbits.forEach((p) => bw.put(p, 1));
    const idx = Array.from({ length: 16 }, (_, i) => (isAnchor(i, 15) ? 1 : (i * 3) & 3));
    idx.forEach((v, i) => bw.put(v, isAnchor(i, 15) ? 1 : 2));
    const un = eps.map((e, k) => e.map((v) => (v << 1) | pbits[k]!));
    const px = decode(bw.block());
    for (let i = 0; i < 16; i++) {
      const s = (i & 3) === 3 ? 1 : 0;
      const w = W2[idx[i]!]!;
      const e0 = un[s * 2]!;
      const e1 = un[s * 2 + 1]!;
      expect(px[i], `pixel ${i}`).toEqual([lerp(e0[0]!, e1[0]!, w), lerp(e0[1]!, e1[1]!, w), lerp(e0[2]!, e1[2]!, w), 255]);
    }
  });

  it("mode 4: separate colour/alpha indices, index selection and every rotation", () => {
    for (const rotation of [0, 1, 2, 3]) {
      for (const sel of [0, 1]) {
        const { px, expected } = mode45(4, rotation, sel);
        expect(px, `rotation ${rotation} sel ${sel}`).toEqual(expected);
      }
    }
    // rotation 1 (swap R and A), colour 5-bit 3 -> 24, alpha 6-bit 60 -> 243.
    const { px } = mode45(4, 1, 0);
    expect(px[0]![3]).toBe(lerp(24, 247, W2[1]!));
  });

  it("mode 5: 7-bit colour, 8-bit alpha, 2-bit indices, rotation", () => {
    for (const rotation of [0, 1, 2, 3]) {
      const { px, expected } = mode45(5, rotation, 0);
      expect(px, `rotation ${rotation}`).toEqual(expected);
    }
  });

  it("mode 6: 7-bit RGBA + unique p-bits, 4-bit indices", () => {
    const eps = [
      [0, 127, 10, 64],
      [127, 0, 100, 5],
    ];
    const bw = new BitWriter().put(64, 7);
    for (let c = 0; c < 4; c++) bw.put(eps[0]![c]!, 7).put(eps[1]![c]!, 7);
    bw.put(0, 1).put(1, 1);
    bw.put(0, 3);
    for (let i = 1; i < 16; i++) bw.put(i, 4);
    const px = decode(bw.block());
    expect(px[0]).toEqual([0, 254, 20, 128]);
    expect(px[1]).toEqual([16, 238, 31, 121]);
    expect(px[5]).toEqual([84, 171, 79, 90]);
    expect(px[15]).toEqual([255, 1, 201, 11]);
    for (let i = 0; i < 16; i++) {
      const w = W4[i]!;
      expect(px[i]).toEqual([lerp(0, 255, w), lerp(254, 1, w), lerp(20, 201, w), lerp(128, 11, w)]);
    }
  });

  it("mode 7: 2 subsets, 5-bit RGBA + unique p-bits, 2-bit indices", () => {
    // Shape 2: column 0 subset 0, the rest subset 1; anchor 15.
    const eps = [
      [31, 0, 0, 31],
      [0, 31, 0, 0],
      [10, 20, 30, 15],
      [5, 5, 5, 31],
    ];
    const pbits = [1, 0, 0, 1];
    const bw = new BitWriter().put(128, 8).put(2, 6);
    putEndpoints(bw, eps, 4, [5, 5, 5, 5]);
    pbits.forEach((p) => bw.put(p, 1));
    const idx = Array.from({ length: 16 }, (_, i) => (isAnchor(i, 15) ? 1 : (i + 2) & 3));
    idx.forEach((v, i) => bw.put(v, isAnchor(i, 15) ? 1 : 2));
    const un = eps.map((e, k) =>
      e.map((v) => {
        return expandBits((v << 1) | pbits[k]!, 6);
      }),
    );
    expect(un[0]).toEqual([255, 4, 4, 255]);
    const px = decode(bw.block());
    for (let i = 0; i < 16; i++) {
      const s = (i & 3) === 0 ? 0 : 1;
      const w = W2[idx[i]!]!;
      const e0 = un[s * 2]!;
      const e1 = un[s * 2 + 1]!;
      expect(px[i], `pixel ${i}`).toEqual([0, 1, 2, 3].map((c) => lerp(e0[c]!, e1[c]!, w)));
    }
  });

  it("reserved mode (first byte 0) decodes to transparent black", () => {
    const block = new Uint8Array(16).fill(0xff);
    block[0] = 0;
    for (const p of decode(block)) expect(p).toEqual([0, 0, 0, 0]);
  });
});

if (!HAVE_PILLOW) console.log("Skipping the BC7 cross-check against Pillow: python3-pil is not installed");

describe.skipIf(!HAVE_PILLOW)("BC7 against Pillow's decoder", () => {
  const dir = HAVE_PILLOW ? mkdtempSync(join(tmpdir(), "bc7-test-")) : "";
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const script = `
import sys, struct
from PIL import Image
w, h = int(sys.argv[1]), int(sys.argv[2])
data = open(sys.argv[3], 'rb').read()
hdr = bytearray(128)
struct.pack_into('<4sIIIIIII', hdr, 0, b'DDS ', 124, 0x81007, h, w, len(data), 0, 1)
struct.pack_into('<II4s', hdr, 76, 32, 4, b'DX10')
open(sys.argv[4], 'wb').write(bytes(hdr) + struct.pack('<IIIII', 98, 3, 0, 1, 0) + data)
open(sys.argv[5], 'wb').write(Image.open(sys.argv[4]).convert('RGBA').tobytes())
`;

  it("matches bit for bit on random blocks of every mode", () => {
    const w = 128;
    const h = 64;
    const nb = (w / 4) * (h / 4);
    const noise = new Xorshift32(99);
    for (let mode = 0; mode < 8; mode++) {
      const src = noise.bytes(nb * 16);
      for (let b = 0; b < nb; b++) src[b * 16] = ((src[b * 16]! << (mode + 1)) & 255) | (1 << mode);
      const bin = join(dir, "in.bin");
      const rgba = join(dir, "out.rgba");
      writeFileSync(bin, src);
      execFileSync(PYTHON, ["-c", script, String(w), String(h), bin, join(dir, "t.dds"), rgba]);
      const ref = readFileSync(rgba);
      const ours = decodeBlocksRgba8("BC7", src, w, h);
      let diff = 0;
      for (let i = 0; i < ref.length; i++) if (ref[i] !== ours[i]) diff++;
      expect(diff, `mode ${mode}`).toBe(0);
    }
  });
});
