import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { blockBytes, decodeBlocksRgba8, type BlockFormat } from "./block.ts";
import { DdsError } from "./errors.ts";
import { HAVE_IMAGEMAGICK, IMAGEMAGICK } from "#tests/support/codecs/dds/test-helpers.ts";
import { psnrChannels } from "../image/psnr.ts";
import { propertyRuns } from "#tests/support/property.ts";

const IM = IMAGEMAGICK;
const HAVE_IM = HAVE_IMAGEMAGICK;
if (!HAVE_IM) console.log(`Skipping ImageMagick comparisons: ${IM} not found`);

type Rgba = [number, number, number, number];

function pixel(data: Uint8ClampedArray, width: number, x: number, y: number): Rgba {
  const i = (y * width + x) * 4;
  return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
}

/** All 16 pixels of a single decoded 4x4 block, row-major. */
function pixels(data: Uint8ClampedArray): Rgba[] {
  const out: Rgba[] = [];
  for (let i = 0; i < 16; i++) out.push(pixel(data, 4, i & 3, i >> 2));
  return out;
}

function u16(v: number): number[] {
  return [v & 255, v >> 8];
}

/** 2-bit indices: pixel i gets index f(i). */
function idx2(f: (i: number) => number): number[] {
  const out = [0, 0, 0, 0];
  for (let i = 0; i < 16; i++) out[i >> 2]! |= (f(i) & 3) << ((i & 3) * 2);
  return out;
}

/** 3-bit indices (48 bits): pixel i gets index f(i). */
function idx3(f: (i: number) => number): number[] {
  let v = 0n;
  for (let i = 0; i < 16; i++) v |= BigInt(f(i) & 7) << BigInt(i * 3);
  const out: number[] = [];
  for (let k = 0; k < 6; k++) out.push(Number((v >> BigInt(k * 8)) & 255n));
  return out;
}

function decode1(format: Exclude<BlockFormat, "BC6HU" | "BC6HS">, bytes: number[]): Rgba[] {
  return pixels(decodeBlocksRgba8(format, new Uint8Array(bytes), 4, 4));
}

describe("BC1", () => {
  it("4-colour mode interpolates (2*c0+c1)/3 and (c0+2*c1)/3 with rounding", () => {
    const px = decode1("BC1", [...u16(0xf800), ...u16(0x001f), ...idx2((i) => i)]);
    const pal: Rgba[] = [
      [255, 0, 0, 255],
      [0, 0, 255, 255],
      [170, 0, 85, 255],
      [85, 0, 170, 255],
    ];
    px.forEach((p, i) => expect(p).toEqual(pal[i & 3]));
  });

  it("3-colour mode (c0 <= c1): midpoint and transparent black", () => {
    const px = decode1("BC1", [...u16(0x001f), ...u16(0xf800), ...idx2((i) => i)]);
    const pal: Rgba[] = [
      [0, 0, 255, 255],
      [255, 0, 0, 255],
      [128, 0, 128, 255],
      [0, 0, 0, 0],
    ];
    px.forEach((p, i) => expect(p).toEqual(pal[i & 3]));
    // c0 == c1 is also 3-colour mode.
    const eq = decode1("BC1", [...u16(0x1234), ...u16(0x1234), ...idx2(() => 3)]);
    for (const p of eq) expect(p).toEqual([0, 0, 0, 0]);
  });

  it("expands 565 by bit replication", () => {
    // r=16 -> 132, g=1 -> 4, b=31 -> 255
    const c = (16 << 11) | (1 << 5) | 31;
    const px = decode1("BC1", [...u16(c), ...u16(0), ...idx2(() => 0)]);
    expect(px[0]).toEqual([132, 4, 255, 255]);
    const g = decode1("BC1", [...u16(0x07e0), ...u16(0), ...idx2(() => 0)]);
    expect(g[5]).toEqual([0, 255, 0, 255]);
  });
});

describe("BC2", () => {
  it("explicit 4-bit alpha (n*17) and colour always in 4-colour mode", () => {
    const alpha: number[] = [];
    for (let i = 0; i < 16; i += 2) alpha.push(i | ((i + 1) << 4));
    // c0 < c1 would be 3-colour mode in BC1; BC2 ignores the order.
    const px = decode1("BC2", [...alpha, ...u16(0x001f), ...u16(0xf800), ...idx2((i) => i)]);
    const pal = [
      [0, 0, 255],
      [255, 0, 0],
      [85, 0, 170],
      [170, 0, 85],
    ];
    px.forEach((p, i) => expect(p).toEqual([...pal[i & 3]!, i * 17]));
  });
});

describe("BC3", () => {
  const colour = [...u16(0xffff), ...u16(0xffff), ...idx2(() => 0)];
  it("8-value alpha mode (a0 > a1)", () => {
    const px = decode1("BC3", [255, 0, ...idx3((i) => i), ...colour]);
    const a = [255, 0, 219, 182, 146, 109, 73, 36];
    px.forEach((p, i) => expect(p).toEqual([255, 255, 255, a[i & 7]]));
  });
  it("6-value alpha mode (a0 <= a1) with 0 and 255", () => {
    const px = decode1("BC3", [0, 255, ...idx3((i) => i), ...colour]);
    const a = [0, 255, 51, 102, 153, 204, 0, 255];
    px.forEach((p, i) => expect(p).toEqual([255, 255, 255, a[i & 7]]));
    const px2 = decode1("BC3", [10, 20, ...idx3((i) => i), ...colour]);
    const a2 = [10, 20, 12, 14, 16, 18, 0, 255];
    px2.forEach((p, i) => expect(p[3]).toBe(a2[i & 7]));
  });
});

describe("BC4", () => {
  it("unsigned 8- and 6-value modes give grey pixels", () => {
    const a = [200, 60, 180, 160, 140, 120, 100, 80];
    decode1("BC4U", [200, 60, ...idx3((i) => i)]).forEach((p, i) => {
      const v = a[i & 7]!;
      expect(p).toEqual([v, v, v, 255]);
    });
    const b = [60, 200, 88, 116, 144, 172, 0, 255];
    decode1("BC4U", [60, 200, ...idx3((i) => i)]).forEach((p, i) => {
      const v = b[i & 7]!;
      expect(p).toEqual([v, v, v, 255]);
    });
  });

  it("signed: -128 clamps to -127; v maps to round((v/127*0.5+0.5)*255)", () => {
    const a = [255, 0, 219, 182, 146, 109, 73, 36];
    decode1("BC4S", [0x7f, 0x80, ...idx3((i) => i)]).forEach((p, i) => expect(p[0]).toBe(a[i & 7]));
    const b = [0, 255, 51, 102, 153, 204, 0, 255];
    decode1("BC4S", [0x81, 0x7f, ...idx3((i) => i)]).forEach((p, i) => {
      const v = b[i & 7]!;
      expect(p).toEqual([v, v, v, 255]);
    });
    // 0 -> 128; -128 and -127 are equal, so 6-value mode.
    decode1("BC4S", [0, 0, ...idx3(() => 0)]).forEach((p) => expect(p).toEqual([128, 128, 128, 255]));
    const c = decode1("BC4S", [0x80, 0x81, ...idx3((i) => i)]);
    expect(c.slice(0, 8).map((p) => p[0])).toEqual([0, 0, 0, 0, 0, 0, 0, 255]);
  });
});

describe("BC5", () => {
  it("unsigned: R and G from two channels, B = 0, A = 255", () => {
    const px = decode1("BC5U", [200, 60, ...idx3((i) => i), 0, 255, ...idx3((i) => 7 - (i & 7))]);
    const r = [200, 60, 180, 160, 140, 120, 100, 80];
    const g = [0, 255, 51, 102, 153, 204, 0, 255];
    px.forEach((p, i) => expect(p).toEqual([r[i & 7], g[7 - (i & 7)], 0, 255]));
  });
  it("signed", () => {
    const px = decode1("BC5S", [0x7f, 0x80, ...idx3((i) => i), 0x81, 0x7f, ...idx3((i) => i)]);
    const r = [255, 0, 219, 182, 146, 109, 73, 36];
    const g = [0, 255, 51, 102, 153, 204, 0, 255];
    px.forEach((p, i) => expect(p).toEqual([r[i & 7], g[i & 7], 128, 255]));
  });
});

describe("layout", () => {
  it("places blocks row by row and crops widths/heights that are not multiples of 4", () => {
    // 9x6 image: 3x2 blocks, each a solid colour c = block number.
    const colours = [0xf800, 0x07e0, 0x001f, 0xffff, 0x0000, 0x8410];
    const src = new Uint8Array(colours.flatMap((c) => [...u16(c), ...u16(c), 0, 0, 0, 0]));
    const expected: Rgba[] = [
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
      [255, 255, 255, 255],
      [0, 0, 0, 255],
      [132, 130, 132, 255],
    ];
    const out = decodeBlocksRgba8("BC1", src, 9, 6);
    expect(out.length).toBe(9 * 6 * 4);
    for (let y = 0; y < 6; y++) {
      for (let x = 0; x < 9; x++) {
        expect(pixel(out, 9, x, y)).toEqual(expected[(y >> 2) * 3 + (x >> 2)]);
      }
    }
  });

  it("writes into a caller buffer, also an unaligned one", () => {
    const src = new Uint8Array([...u16(0xf800), ...u16(0xf800), 0, 0, 0, 0]);
    const backing = new Uint8ClampedArray(1 + 3 * 2 * 4);
    const view = backing.subarray(1);
    const res = decodeBlocksRgba8("BC1", src, 3, 2, view);
    expect(res).toBe(view);
    expect(Array.from(view)).toEqual(Array.from({ length: 6 }, () => [255, 0, 0, 255]).flat());
  });

  it("throws DdsError on truncated data and bad sizes", () => {
    expect(() => decodeBlocksRgba8("BC3", new Uint8Array(31), 8, 4)).toThrow(DdsError);
    try {
      decodeBlocksRgba8("BC1", new Uint8Array(7), 1, 1);
    } catch (e) {
      expect((e as DdsError).code).toBe("truncated");
    }
    expect(() => decodeBlocksRgba8("BC1", new Uint8Array(8), -1, 1)).toThrow(DdsError);
    expect(() => decodeBlocksRgba8("BC1", new Uint8Array(8), 4, 4, new Uint8ClampedArray(3))).toThrow(DdsError);
    expect(decodeBlocksRgba8("BC1", new Uint8Array(0), 0, 5).length).toBe(0);
  });
});

const FORMATS = ["BC1", "BC2", "BC3", "BC4U", "BC4S", "BC5U", "BC5S", "BC7"] as const;

describe("source alignment", () => {
  it("decodes the same from a source at any byte offset (word-read fast path vs byte path)", () => {
    for (const format of FORMATS) {
      const n = 3 * 2 * blockBytes(format);
      const bytes = new Uint8Array(n + 3);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 97 + 13) & 255;
      const ref = decodeBlocksRgba8(format, bytes.slice(0, n), 12, 8);
      for (let off = 1; off < 4; off++) {
        const shifted = new Uint8Array(n + 3);
        shifted.set(bytes.subarray(0, n), off);
        expect(decodeBlocksRgba8(format, shifted.subarray(off, off + n), 12, 8), `${format} +${off}`).toEqual(ref);
      }
    }
  });
});

describe("property: random block data", () => {
  const formats = FORMATS;
  it("never throws and returns width*height*4 bytes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...formats),
        fc.integer({ min: 1, max: 19 }),
        fc.integer({ min: 1, max: 19 }),
        fc.infiniteStream(fc.integer({ min: 0, max: 255 })),
        (format, w, h, stream) => {
          const n = Math.ceil(w / 4) * Math.ceil(h / 4) * blockBytes(format);
          const src = new Uint8Array(stream.take(n));
          const out = decodeBlocksRgba8(format, src, w, h);
          expect(out.length).toBe(w * h * 4);
        },
      ),
      propertyRuns(300),
    );
  });
});

function run(args: string[]): Buffer {
  return execFileSync(IM, args, { maxBuffer: 1 << 28 });
}

/** PSNR over all four channels. */
const psnr = (a: ArrayLike<number>, b: ArrayLike<number>) => psnrChannels(a, b, 4);

describe.skipIf(!HAVE_IM)("against ImageMagick's decode of its own encodes", () => {
  const dir = HAVE_IM ? mkdtempSync(join(tmpdir(), "bc-test-")) : "";
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function compare(format: "BC1" | "BC3", compression: string, inputArgs: string[]): number {
    const dds = join(dir, `${compression}.dds`);
    run([...inputArgs, "-define", `dds:compression=${compression}`, "-define", "dds:mipmaps=0", dds]);
    const file = readFileSync(dds);
    const bytes = new Uint8Array(file.buffer, file.byteOffset, file.length);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getUint32(0, true)).toBe(0x20534444);
    const height = view.getUint32(12, true);
    const width = view.getUint32(16, true);
    const ours = decodeBlocksRgba8(format, bytes.subarray(128), width, height);
    const theirs = run([dds, "-depth", "8", "rgba:-"]);
    const ref = new Uint8Array(theirs.buffer, theirs.byteOffset, theirs.length);
    // ImageMagick truncates the interpolation where Direct3D rounds: at most 1 apart.
    let maxDiff = 0;
    for (let i = 0; i < ref.length; i++) maxDiff = Math.max(maxDiff, Math.abs(ours[i]! - ref[i]!));
    expect(maxDiff).toBeLessThanOrEqual(1);
    return psnr(ours, ref);
  }

  it("DXT1 of a gradient + noise image: PSNR >= 50 dB", () => {
    const p = compare("BC1", "dxt1", [
      "-size",
      "70x45",
      "gradient:red-blue",
      "(",
      "-seed",
      "1",
      "-size",
      "70x45",
      "plasma:fractal",
      ")",
      "-compose",
      "blend",
      "-define",
      "compose:args=50",
      "-composite",
    ]);
    console.log(`BC1 vs ImageMagick DXT1: PSNR ${p === Infinity ? "exact" : `${p.toFixed(2)} dB`}`);
    expect(p).toBeGreaterThanOrEqual(50);
  });

  it("DXT5 of a noise image with an alpha gradient: PSNR >= 50 dB", () => {
    const p = compare("BC3", "dxt5", [
      "-seed",
      "3",
      "-size",
      "66x50",
      "plasma:fractal",
      "(",
      "-size",
      "66x50",
      "gradient:white-black",
      ")",
      "-alpha",
      "off",
      "-compose",
      "CopyOpacity",
      "-composite",
    ]);
    console.log(`BC3 vs ImageMagick DXT5: PSNR ${p === Infinity ? "exact" : `${p.toFixed(2)} dB`}`);
    expect(p).toBeGreaterThanOrEqual(50);
  });
});
