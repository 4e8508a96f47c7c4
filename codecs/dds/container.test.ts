import { describe, expect, it } from "vitest";
import { decodeDdsWith, parseDds, type BlockDecoders, type DecodeDdsOptions } from "./container.ts";
import { DdsError } from "./errors.ts";
import { f32, makeDds, u16, u32, type DdsFileSpec } from "#tests/support/codecs/dds/test-helpers.ts";
import { halfToFloat, toneMapByThresholds, toneMapChannel, toneThresholds } from "./uncompressed.ts";

const NO_BLOCKS: BlockDecoders = {
  decodeBlocksRgba8: () => {
    throw new Error("block decoder called for an uncompressed format");
  },
  decodeBlocksFloat: () => {
    throw new Error("block decoder called for an uncompressed format");
  },
};

const decode = (bytes: Uint8Array, options: DecodeDdsOptions = {}) => decodeDdsWith(bytes, options, NO_BLOCKS);
const rgba = (bytes: Uint8Array, options?: DecodeDdsOptions) => [...decode(bytes, options).data];
const dx10 = (dxgiFormat: number, width: number, height: number, extra: Partial<DdsFileSpec> = {}): DdsFileSpec => ({
  width,
  height,
  dx10: { dxgiFormat },
  ...extra,
});
const legacy = (bits: number, r: number, g: number, b: number, a: number, flags = a ? 0x41 : 0x40): DdsFileSpec => ({
  width: 2,
  height: 1,
  pixelFormat: { flags, bits, r, g, b, a },
});
/** round(v * 255 / max): the exact UNORM to 8-bit conversion. */
const n8 = (v: number, max: number) => Math.round((v * 255) / max);

function expectDdsError(f: () => unknown, code: DdsError["code"], message?: RegExp): DdsError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(DdsError);
    const err = e as DdsError;
    expect(err.code).toBe(code);
    if (message) expect(err.message).toMatch(message);
    return err;
  }
  throw new Error("expected a DdsError");
}

/** A packed 10-10-10-2 pixel. */
const pack1010102 = (r: number, g: number, b: number, a: number) => (r | (g << 10) | (b << 20) | (a << 30)) >>> 0;

describe("legacy mask formats", () => {
  it("RGBA8 (A8B8G8R8)", () => {
    const f = makeDds(legacy(32, 0xff, 0xff00, 0xff0000, 0xff000000), [1, 2, 3, 4, 250, 251, 252, 253]);
    expect(parseDds(f).format).toBe("D3DFMT_A8B8G8R8 (RGBA8)");
    expect(rgba(f)).toEqual([1, 2, 3, 4, 250, 251, 252, 253]);
  });
  it("RGBX8 ignores the X byte", () => {
    const f = makeDds(legacy(32, 0xff, 0xff00, 0xff0000, 0), [1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rgba(f)).toEqual([1, 2, 3, 255, 5, 6, 7, 255]);
  });
  it("BGRA8 (A8R8G8B8)", () => {
    const f = makeDds(legacy(32, 0xff0000, 0xff00, 0xff, 0xff000000), [1, 2, 3, 4, 10, 20, 30, 40]);
    expect(parseDds(f).format).toBe("D3DFMT_A8R8G8B8 (BGRA8)");
    expect(rgba(f)).toEqual([3, 2, 1, 4, 30, 20, 10, 40]);
  });
  it("BGRX8 (X8R8G8B8)", () => {
    const f = makeDds(legacy(32, 0xff0000, 0xff00, 0xff, 0), [1, 2, 3, 4, 10, 20, 30, 40]);
    expect(rgba(f)).toEqual([3, 2, 1, 255, 30, 20, 10, 255]);
  });
  it("alpha mask is ignored without DDPF_ALPHAPIXELS", () => {
    const f = makeDds(legacy(32, 0xff0000, 0xff00, 0xff, 0xff000000, 0x40), [1, 2, 3, 4, 10, 20, 30, 40]);
    expect(rgba(f)).toEqual([3, 2, 1, 255, 30, 20, 10, 255]);
  });
  it("BGR8 (R8G8B8, 24-bit) with an odd width (no row padding)", () => {
    const spec = { ...legacy(24, 0xff0000, 0xff00, 0xff, 0), width: 3, height: 2 };
    const px = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18];
    const out = rgba(makeDds(spec, px));
    expect(out).toEqual([3, 2, 1, 255, 6, 5, 4, 255, 9, 8, 7, 255, 12, 11, 10, 255, 15, 14, 13, 255, 18, 17, 16, 255]);
  });
  it("RGB8 (24-bit, R first)", () => {
    const f = makeDds(legacy(24, 0xff, 0xff00, 0xff0000, 0), [1, 2, 3, 4, 5, 6]);
    expect(rgba(f)).toEqual([1, 2, 3, 255, 4, 5, 6, 255]);
  });
  it("R5G6B5", () => {
    const f = makeDds(legacy(16, 0xf800, 0x07e0, 0x001f, 0), u16(0xf800, (16 << 11) | (33 << 5) | 7));
    expect(parseDds(f).format).toBe("D3DFMT_R5G6B5");
    expect(rgba(f)).toEqual([255, 0, 0, 255, 132, 134, 58, 255]);
    expect([n8(16, 31), n8(33, 63), n8(7, 31)]).toEqual([132, 134, 58]);
  });
  it("A1R5G5B5 (B5G5R5A1)", () => {
    const f = makeDds(legacy(16, 0x7c00, 0x03e0, 0x001f, 0x8000), u16(0x8000 | (31 << 10), (1 << 10) | (2 << 5) | 3));
    expect(rgba(f)).toEqual([255, 0, 0, 255, n8(1, 31), n8(2, 31), n8(3, 31), 0]);
  });
  it("A4R4G4B4 (B4G4R4A4)", () => {
    const f = makeDds(legacy(16, 0x0f00, 0x00f0, 0x000f, 0xf000), u16(0x1234, 0xfedc));
    expect(rgba(f)).toEqual([0x22, 0x33, 0x44, 0x11, 0xee, 0xdd, 0xcc, 0xff]);
  });
  it("A2B10G10R10 (R10G10B10A2) and A2R10G10B10 (B10G10R10A2)", () => {
    const f1 = makeDds(legacy(32, 0x3ff, 0xffc00, 0x3ff00000, 0xc0000000), u32(pack1010102(1023, 0, 512, 3), pack1010102(1, 2, 3, 1)));
    expect(rgba(f1)).toEqual([255, 0, 128, 255, n8(1, 1023), n8(2, 1023), n8(3, 1023), 85]);
    const f2 = makeDds(legacy(32, 0x3ff00000, 0xffc00, 0x3ff, 0xc0000000), u32(pack1010102(1023, 0, 512, 3), pack1010102(1, 2, 3, 2)));
    expect(parseDds(f2).format).toBe("D3DFMT_A2R10G10B10 (B10G10R10A2)");
    expect(rgba(f2)).toEqual([128, 0, 255, 255, n8(3, 1023), n8(2, 1023), n8(1, 1023), 170]);
  });
  it("L8, A8, L8A8 (A8L8), A4L4", () => {
    const l8 = makeDds({ width: 2, height: 1, pixelFormat: { flags: 0x20000, bits: 8, r: 0xff } }, [7, 200]);
    expect(parseDds(l8).format).toBe("D3DFMT_L8");
    expect(rgba(l8)).toEqual([7, 7, 7, 255, 200, 200, 200, 255]);
    const a8 = makeDds({ width: 2, height: 1, pixelFormat: { flags: 0x2, bits: 8, a: 0xff } }, [7, 200]);
    expect(parseDds(a8).format).toBe("D3DFMT_A8");
    expect(rgba(a8)).toEqual([0, 0, 0, 7, 0, 0, 0, 200]);
    const la = makeDds({ width: 2, height: 1, pixelFormat: { flags: 0x20001, bits: 16, r: 0xff, a: 0xff00 } }, [7, 8, 9, 10]);
    expect(parseDds(la).format).toBe("D3DFMT_A8L8 (L8A8)");
    expect(rgba(la)).toEqual([7, 7, 7, 8, 9, 9, 9, 10]);
    const a4l4 = makeDds({ width: 2, height: 1, pixelFormat: { flags: 0x20001, bits: 8, r: 0x0f, a: 0xf0 } }, [0x3c, 0xf0]);
    expect(rgba(a4l4)).toEqual([0xcc, 0xcc, 0xcc, 0x33, 0, 0, 0, 0xff]);
  });
  it("general masks: ARGB with alpha in the low byte, 3-3-2 and 16-bit luminance", () => {
    const argb = makeDds(legacy(32, 0xff000000, 0xff0000, 0xff00, 0xff), u32(0x11223344, 0xaabbccdd));
    expect(parseDds(argb).format).toMatch(/^RGB 32-bit \(R 0xff000000/);
    expect(rgba(argb)).toEqual([0x11, 0x22, 0x33, 0x44, 0xaa, 0xbb, 0xcc, 0xdd]);
    const r3g3b2 = makeDds(legacy(8, 0xe0, 0x1c, 0x03, 0), [0b101_010_01, 0xff]);
    expect(rgba(r3g3b2)).toEqual([n8(5, 7), n8(2, 7), n8(1, 3), 255, 255, 255, 255, 255]);
    const l16 = makeDds({ width: 2, height: 1, pixelFormat: { flags: 0x20000, bits: 16, r: 0xffff } }, u16(0x8080, 0xffff));
    expect(rgba(l16)).toEqual([128, 128, 128, 255, 255, 255, 255, 255]);
  });
});

describe("DXGI formats", () => {
  it("R8G8B8A8_UNORM and _SRGB (stored bytes, srgb flag)", () => {
    const px = [1, 2, 3, 4, 5, 6, 7, 8];
    const unorm = makeDds(dx10(28, 2, 1), px);
    expect(parseDds(unorm)).toMatchObject({ format: "DXGI_FORMAT_R8G8B8A8_UNORM", srgb: false, dx10: true });
    expect(rgba(unorm)).toEqual(px);
    const srgb = makeDds(dx10(29, 2, 1), px);
    expect(parseDds(srgb)).toMatchObject({ format: "DXGI_FORMAT_R8G8B8A8_UNORM_SRGB", srgb: true });
    expect(rgba(srgb)).toEqual(px);
  });
  it("B8G8R8A8 / B8G8R8X8 (UNORM and SRGB)", () => {
    const px = [1, 2, 3, 4, 5, 6, 7, 8];
    for (const fmt of [87, 91]) expect(rgba(makeDds(dx10(fmt, 2, 1), px))).toEqual([3, 2, 1, 4, 7, 6, 5, 8]);
    for (const fmt of [88, 93]) expect(rgba(makeDds(dx10(fmt, 2, 1), px))).toEqual([3, 2, 1, 255, 7, 6, 5, 255]);
    expect(parseDds(makeDds(dx10(93, 2, 1), px)).srgb).toBe(true);
  });
  it("R10G10B10A2_UNORM", () => {
    const f = makeDds(dx10(24, 1, 1), u32((1023 | (341 << 10) | (0 << 20) | (2 << 30)) >>> 0));
    expect(rgba(f)).toEqual([255, 85, 0, 170]);
  });
  it("R8_UNORM, R8G8_UNORM, A8_UNORM", () => {
    expect(rgba(makeDds(dx10(61, 2, 1), [9, 250]))).toEqual([9, 0, 0, 255, 250, 0, 0, 255]);
    expect(rgba(makeDds(dx10(49, 2, 1), [9, 10, 250, 251]))).toEqual([9, 10, 0, 255, 250, 251, 0, 255]);
    expect(rgba(makeDds(dx10(65, 2, 1), [9, 250]))).toEqual([0, 0, 0, 9, 0, 0, 0, 250]);
  });
  it("B5G6R5, B5G5R5A1, B4G4R4A4", () => {
    expect(rgba(makeDds(dx10(85, 2, 1), u16(0x001f, 0x07e0)))).toEqual([0, 0, 255, 255, 0, 255, 0, 255]);
    expect(rgba(makeDds(dx10(86, 2, 1), u16(0x801f, 0x7c00)))).toEqual([0, 0, 255, 255, 255, 0, 0, 0]);
    expect(rgba(makeDds(dx10(115, 2, 1), u16(0x1234, 0xf00f)))).toEqual([0x22, 0x33, 0x44, 0x11, 0, 0, 0xff, 0xff]);
  });
  it("R16G16B16A16_UNORM (DXGI 11 and D3DFMT 36), R16G16_UNORM, R16_UNORM", () => {
    const px = u16(0xffff, 0x8080, 0, 0x0101);
    expect(rgba(makeDds(dx10(11, 1, 1), px))).toEqual([255, 128, 0, 1]);
    const legacy36 = makeDds({ width: 1, height: 1, pixelFormat: { flags: 0x4, fourCC: 36 } }, px);
    expect(rgba(legacy36)).toEqual([255, 128, 0, 1]);
    expect(rgba(makeDds(dx10(35, 1, 1), u16(0x0101, 0xfefe)))).toEqual([1, 254, 0, 255]);
    expect(rgba(makeDds(dx10(56, 1, 1), u16(0x7f7f)))).toEqual([127, 0, 0, 255]);
  });
});

// Reinhard + sRGB by hand: 1 → 0.5 → 1.055·0.5^(1/2.4) − 0.055 = 0.73536 → 188.
const srgbReinhard = (x: number) => {
const t = x / (1 + x);
return Math.round(255 * (t <= 0.0031308 ? 12.92 * t : 1.055 * t ** (1 / 2.4) - 0.055));
};

describe("float formats", () => {
  it("converts half floats by hand", () => {
    expect(halfToFloat(0x3c00)).toBe(1);
    expect(halfToFloat(0xc000)).toBe(-2);
    expect(halfToFloat(0x7bff)).toBe(65504);
    expect(halfToFloat(0x0400)).toBe(2 ** -14);
    expect(halfToFloat(0x0001)).toBe(2 ** -24);
    expect(halfToFloat(0x3555)).toBeCloseTo(1 / 3, 3);
    expect(halfToFloat(0x7c00)).toBe(Infinity);
    expect(halfToFloat(0xfc00)).toBe(-Infinity);
    expect(halfToFloat(0x7e00)).toBeNaN();
    expect(Object.is(halfToFloat(0x8000), -0)).toBe(true);
  });


  it("R16G16B16A16_FLOAT (DXGI 10 and D3DFMT 113): default and clamp operators, alpha clamped", () => {
    // (1, 0.5, -1, 0.5) and (Inf, NaN, 2, 2)
    const px = u16(0x3c00, 0x3800, 0xbc00, 0x3800, 0x7c00, 0x7e00, 0x4000, 0x4000);
    const f = makeDds(dx10(10, 2, 1), px);
    expect(parseDds(f).hdr).toBe(true);
    expect(srgbReinhard(1)).toBe(188);
    expect(rgba(f)).toEqual([188, srgbReinhard(0.5), 0, 128, 255, 0, srgbReinhard(2), 255]);
    expect(rgba(f, { tonemap: "clamp" })).toEqual([255, 128, 0, 128, 255, 0, 255, 255]);
    expect(rgba(f, { tonemap: "clamp", exposure: -1 })).toEqual([128, 64, 0, 128, 255, 0, 255, 255]);
    expect(rgba(f, { exposure: 1 })).toEqual([srgbReinhard(2), 188, 0, 128, 255, 0, srgbReinhard(4), 255]);
    const legacy113 = makeDds({ width: 2, height: 1, pixelFormat: { flags: 0x4, fourCC: 113 } }, px);
    expect(rgba(legacy113)).toEqual(rgba(f));
  });
  it("R16_FLOAT (DXGI 54 and D3DFMT 111)", () => {
    const px = u16(0x3c00, 0x3400);
    expect(rgba(makeDds(dx10(54, 2, 1), px), { tonemap: "clamp" })).toEqual([255, 0, 0, 255, 64, 0, 0, 255]);
    const l = makeDds({ width: 2, height: 1, pixelFormat: { flags: 0x4, fourCC: 111 } }, px);
    expect(rgba(l, { tonemap: "clamp" })).toEqual([255, 0, 0, 255, 64, 0, 0, 255]);
  });
  it("R32_FLOAT (DXGI 41 and D3DFMT 114), R32G32B32A32_FLOAT (DXGI 2 and D3DFMT 116)", () => {
    expect(rgba(makeDds(dx10(41, 2, 1), f32(0.25, 3)))).toEqual([srgbReinhard(0.25), 0, 0, 255, srgbReinhard(3), 0, 0, 255]);
    const l114 = makeDds({ width: 2, height: 1, pixelFormat: { flags: 0x4, fourCC: 114 } }, f32(0.25, 3));
    expect(rgba(l114, { tonemap: "clamp" })).toEqual([64, 0, 0, 255, 255, 0, 0, 255]);
    const px = f32(1, 0.5, 0, -0.5, 10, 1e30, Number.NaN, 0.25);
    const f = makeDds(dx10(2, 2, 1), px);
    expect(rgba(f)).toEqual([188, srgbReinhard(0.5), 0, 0, srgbReinhard(10), 255, 0, 64]);
    const l116 = makeDds({ width: 2, height: 1, pixelFormat: { flags: 0x4, fourCC: 116 } }, px);
    expect(rgba(l116, { tonemap: "clamp" })).toEqual([255, 128, 0, 0, 255, 255, 0, 64]);
  });
  it("rejects a bad exposure or operator", () => {
    const f = makeDds(dx10(41, 1, 1), f32(1));
    expectDdsError(() => decode(f, { exposure: Number.NaN }), "bad-selection", /exposure/);
    expectDdsError(() => decode(f, { exposure: 101 }), "bad-selection", /-100 to 100/);
    expectDdsError(() => decode(f, { tonemap: "foo" as "clamp" }), "bad-selection", /tone-mapping/);
  });
});

/** A solid 2×2 RGBA8 surface of one colour, plus its mips (1×1). */
const solid = (c: number[], pixels: number) => Array.from({ length: pixels }, () => c).flat();
const COLOURS = [
  [255, 0, 0, 255],
  [0, 255, 0, 255],
  [0, 0, 255, 255],
  [255, 255, 0, 255],
  [0, 255, 255, 255],
  [255, 0, 255, 255],
];

const colour = (a: number, f: number) => COLOURS[f]!.map((v, i) => (i === 3 ? 255 - a : v));

describe("layout and selection", () => {
  it("selects mip levels of an odd-sized texture", () => {
    // 5×3 RGBA8 with 3 levels: 5×3, 2×1, 1×1.
    const l0 = solid([1, 1, 1, 1], 15);
    const l1 = [2, 2, 2, 2, 3, 3, 3, 3];
    const l2 = [4, 4, 4, 4];
    const f = makeDds(dx10(28, 5, 3, { mipCount: 3 }), [...l0, ...l1, ...l2]);
    const info = parseDds(f);
    expect(info.surfaces.map((s) => [s.level, s.width, s.height, s.offset, s.byteLength])).toEqual([
      [0, 5, 3, 148, 60],
      [1, 2, 1, 208, 8],
      [2, 1, 1, 216, 4],
    ]);
    expect(decode(f, { level: 1 })).toMatchObject({ width: 2, height: 1 });
    expect(rgba(f, { level: 1 })).toEqual(l1);
    expect(rgba(f, { level: 2 })).toEqual(l2);
    expectDdsError(() => decode(f, { level: 3 }), "bad-selection", /mip level 3.*0 to 2/);
  });

  it("legacy cubemap: six faces, each with its mips, in +X -X +Y -Y +Z -Z order", () => {
    const px = COLOURS.flatMap((c) => [...solid(c, 4), ...c]);
    const f = makeDds({ width: 2, height: 2, mipCount: 2, caps2: 0x200 | 0xfc00, caps: 0x401008 }, px);
    const info = parseDds(f);
    expect(info).toMatchObject({ isCubemap: true, faces: 6, arraySize: 1, mipCount: 2 });
    expect(info.faceNames).toEqual(["+X", "-X", "+Y", "-Y", "+Z", "-Z"]);
    for (let face = 0; face < 6; face++) {
      expect(rgba(f, { face })).toEqual(solid(COLOURS[face]!, 4));
      expect(rgba(f, { face, level: 1 })).toEqual(COLOURS[face]);
    }
    expectDdsError(() => decode(f, { face: 6 }), "bad-selection", /cube face 6/);
  });

  it("legacy cubemap with only some faces stored", () => {
    const px = [...solid(COLOURS[0]!, 4), ...solid(COLOURS[1]!, 4)];
    const f = makeDds({ width: 2, height: 2, caps2: 0x200 | 0x1000 | 0x8000 }, px);
    expect(parseDds(f).faceNames).toEqual(["+Y", "-Z"]);
    expect(rgba(f, { face: 1 })).toEqual(solid(COLOURS[1]!, 4));
  });

  it("DX10 cubemap array: array element → face → mips", () => {
    // 2 cubes × 6 faces × 2 mips (2×2, 1×1); colour index = (element * 6 + face) % 6 shifted per element.
    const px: number[] = [];
    for (let a = 0; a < 2; a++) for (let f = 0; f < 6; f++) px.push(...solid(colour(a, f), 4), ...colour(a, f));
    const file = makeDds(dx10(28, 2, 2, { mipCount: 2, dx10: { dxgiFormat: 28, miscFlag: 4, arraySize: 2 } }), px);
    const info = parseDds(file);
    expect(info).toMatchObject({ isCubemap: true, faces: 6, arraySize: 2 });
    expect(info.surfaces).toHaveLength(24);
    for (let a = 0; a < 2; a++) {
      for (let f = 0; f < 6; f++) {
        expect(rgba(file, { slice: a, face: f })).toEqual(solid(colour(a, f), 4));
        expect(rgba(file, { slice: a, face: f, level: 1 })).toEqual(colour(a, f));
      }
    }
  });

  it("DX10 texture array of 3 elements with a solid colour each", () => {
    const px = [0, 1, 2].flatMap((a) => solid(COLOURS[a]!, 6));
    const f = makeDds(dx10(28, 3, 2, { dx10: { dxgiFormat: 28, arraySize: 3 } }), px);
    expect(parseDds(f)).toMatchObject({ arraySize: 3, faces: 1, isCubemap: false });
    for (let a = 0; a < 3; a++) expect(rgba(f, { slice: a })).toEqual(solid(COLOURS[a]!, 6));
    expectDdsError(() => decode(f, { slice: 3 }), "bad-selection", /array element 3/);
    expectDdsError(() => decode(f, { face: 1 }), "bad-selection", /cube face 1.*only 0/);
  });

  it("volume texture: mip → slices, the depth halving per level", () => {
    // 2×2×4 R8 with 2 levels: level 0 has 4 slices of 4 bytes, level 1 (1×1) has 2 slices of 1 byte.
    const px = [...solid([10], 4), ...solid([11], 4), ...solid([12], 4), ...solid([13], 4), 20, 21];
    for (const f of [
      makeDds({ width: 2, height: 2, depth: 4, mipCount: 2, caps2: 0x200000, pixelFormat: { flags: 0x20000, bits: 8, r: 0xff } }, px),
      makeDds(dx10(61, 2, 2, { depth: 4, mipCount: 2, dx10: { dxgiFormat: 61, resourceDimension: 4 } }), px),
    ]) {
      const info = parseDds(f);
      expect(info).toMatchObject({ isVolume: true, depth: 4, mipCount: 2 });
      expect(info.surfaces.map((s) => [s.level, s.slice])).toEqual([
        [0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 1],
      ]);
      for (let s = 0; s < 4; s++) expect(decode(f, { slice: s }).data[0]).toBe(10 + s);
      expect(decode(f, { level: 1, slice: 1 }).data[0]).toBe(21);
      expectDdsError(() => decode(f, { level: 1, slice: 2 }), "bad-selection", /depth slice/);
    }
  });

  it("DX10 1D texture", () => {
    const f = makeDds(dx10(61, 3, 1, { dx10: { dxgiFormat: 61, resourceDimension: 2 } }), [1, 2, 3]);
    expect(decode(f)).toMatchObject({ width: 3, height: 1 });
  });

  it("block format layout: max(1, ceil(w/4)) × max(1, ceil(h/4)) × block bytes", () => {
    // 10×5 DXT1 with 4 levels: 3×2, 2×1, 1×1, 1×1 blocks of 8 bytes.
    const spec: DdsFileSpec = { width: 10, height: 5, mipCount: 4, pixelFormat: { flags: 0x4, fourCC: "DXT1" } };
    const f = makeDds(spec, new Uint8Array((6 + 2 + 1 + 1) * 8));
    const info = parseDds(f);
    expect(info.format).toBe("BC1 (DXT1)");
    expect(info.surfaces.map((s) => [s.width, s.height, s.offset, s.byteLength])).toEqual([
      [10, 5, 128, 48],
      [5, 2, 176, 16],
      [2, 1, 192, 8],
      [1, 1, 200, 8],
    ]);
    const bc7 = makeDds(dx10(98, 5, 5, { mipCount: 2 }), new Uint8Array((4 + 1) * 16));
    expect(parseDds(bc7).surfaces.map((s) => s.byteLength)).toEqual([64, 16]);
  });

  it("passes the chosen surface to the block decoders (BC6H in strips)", () => {
    const calls: string[] = [];
    const blocks: BlockDecoders = {
      decodeBlocksRgba8: (format, src, width, height, out) => {
        calls.push(`${format} ${src.length} ${width}x${height}`);
        out!.fill(7);
        return out!;
      },
      decodeBlocksFloat: (format, src, width, height) => {
        calls.push(`${format} ${src.length} ${width}x${height}`);
        return new Float32Array(width * height * 3).fill(1);
      },
    };
    const bc1 = makeDds({ width: 8, height: 4, mipCount: 2, pixelFormat: { flags: 0x4, fourCC: "DXT5" } }, new Uint8Array(48));
    expect([...decodeDdsWith(bc1, { level: 1 }, blocks).data]).toEqual(Array.from({ length: 4 * 2 * 4 }, () => 7));
    const bc6 = makeDds(dx10(95, 4, 70), new Uint8Array(18 * 16));
    const out = decodeDdsWith(bc6, { tonemap: "clamp" }, blocks);
    expect(out.data.every((v) => v === 255)).toBe(true);
    expect(calls).toEqual(["BC3 16 4x2", "BC6HU 256 4x64", "BC6HU 32 4x6"]);
  });
});

const good = () => makeDds(dx10(28, 4, 4, { mipCount: 3 }), new Uint8Array(64 + 16 + 4));
/** The message of an "unsupported-format" refusal. */
const msg = (bytes: Uint8Array) => expectDdsError(() => parseDds(bytes), "unsupported-format").message;
const fourcc = (code: string | number) => makeDds({ width: 2, height: 1, pixelFormat: { flags: 0x4, fourCC: code } }, [0, 0, 0, 0]);

describe("errors", () => {

  it("bad magic: says what the file is in plain words, the signature only in the detail", () => {
    const f = good();
    f[0] = 0x50;
    const damaged = expectDdsError(() => parseDds(f), "bad-magic", /^This file is not a DDS texture\.$/);
    expect(damaged.detail).toMatch(/"DDS "/);
    expectDdsError(() => parseDds(new Uint8Array(0)), "bad-magic", /too short to be a DDS texture/);
    expectDdsError(() => parseDds(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])), "bad-magic", /^This file is a PNG image, not a DDS texture\.$/);
    const csv = new TextEncoder().encode("name,width,height\nstone,512,512\nbrick,256,256\n");
    expectDdsError(() => parseDds(csv), "bad-magic", /^This file is a CSV table, not a DDS texture\.$/);
  });
  it("a header size field of 24 (a known writer bug) is read past, any other wrong one refused; a wrong pixel format size only when its content is sound", () => {
    expect(rgba(makeDds({ ...legacy(32, 0xff, 0xff00, 0xff0000, 0xff000000), headerSize: 24 }, [1, 2, 3, 4, 5, 6, 7, 8]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const headerSize of [0, 100, 128]) {
      expectDdsError(() => parseDds(makeDds({ ...legacy(32, 0xff, 0xff00, 0xff0000, 0xff000000), headerSize }, [1, 2, 3, 4, 5, 6, 7, 8])), "bad-header", new RegExp(`damaged: its size field says ${headerSize} bytes`));
    }
    expect(rgba(makeDds({ ...legacy(32, 0xff, 0xff00, 0xff0000, 0xff000000), pixelFormatSize: 0 }, [1, 2, 3, 4, 5, 6, 7, 8]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const garbage = { width: 1, height: 1, pixelFormatSize: 0xffffffff, pixelFormat: { flags: 0xffff, fourCC: 0 } };
    expectDdsError(() => parseDds(makeDds(garbage, [0, 0, 0, 0])), "bad-header", /damaged: its pixel format block says it is 4294967295 bytes long instead of 32/);
  });
  it("truncated header, DX10 header and pixel data say how many bytes are missing", () => {
    expectDdsError(() => parseDds(good().subarray(0, 100)), "truncated", /truncated.*28 bytes missing/);
    expectDdsError(() => parseDds(good().subarray(0, 140)), "truncated", /DX10 header.*8 bytes missing/);
    expectDdsError(() => parseDds(good().subarray(0, 148)), "truncated", /needs 64 bytes.*holds 0 \(64 bytes missing\)/);
    expectDdsError(() => parseDds(good().subarray(0, 148 + 63)), "truncated", /1 bytes missing/);
  });
  it("a file that stops inside its mip chain keeps the levels it holds whole", () => {
    expect(parseDds(good().subarray(0, 148 + 80)).mipCount).toBe(2);
    expect(parseDds(good().subarray(0, 148 + 79)).mipCount).toBe(1);
    expect(parseDds(good().subarray(0, 148 + 64)).mipCount).toBe(1);
  });
  it("zero and absurd dimensions are refused before allocating", () => {
    expectDdsError(() => parseDds(makeDds(dx10(28, 0, 4), [])), "bad-header", /size of 0 × 4 pixels.*0 pixels wide/);
    expectDdsError(() => parseDds(makeDds(dx10(28, 4, 0), [])), "bad-header", /0 pixels high/);
    expectDdsError(() => parseDds(makeDds(dx10(28, 16385, 1), [])), "too-large", /16385 × 1.*16384/);
    expectDdsError(() => parseDds(makeDds(dx10(28, 0xffffffff, 0xffffffff), [])), "too-large");
    // an array size or depth past the limits that the file cannot hold anyway: its one image, as Pillow and ffmpeg show it
    expect(parseDds(makeDds(dx10(28, 4, 4, { dx10: { dxgiFormat: 28, arraySize: 100000 } }), new Uint8Array(64))).arraySize).toBe(1);
    expect(parseDds(makeDds({ width: 4, height: 4, depth: 20000, caps2: 0x200000 }, new Uint8Array(64))).isVolume).toBe(false);
    // The largest legal size is only refused as truncated, without allocating 1 GiB.
    expectDdsError(() => parseDds(makeDds(dx10(28, 16384, 16384), [])), "truncated", /1073741824 bytes missing/);
    expectDdsError(() => parseDds(makeDds({ width: 4, height: 4, depth: 20000, caps2: 0x200000 }, [])), "truncated");
  });
  it("mip count 0 is 1, and a count beyond the chain is the whole chain", () => {
    expect(parseDds(makeDds(dx10(28, 4, 4, { mipCount: 4 }), new Uint8Array(100))).mipCount).toBe(3);
    expect(parseDds(makeDds(dx10(28, 4, 4, { mipCount: 3 }), new Uint8Array(84))).mipCount).toBe(3);
    expect(parseDds(makeDds(dx10(28, 4, 4, { mipCount: 0 }), new Uint8Array(84))).mipCount).toBe(1);
  });
  it("unsupported formats are refused in plain words", () => {
    expect(msg(makeDds(dx10(45, 1, 1), [0, 0, 0, 0]))).toBe("This DDS file uses the D24_UNORM_S8_UINT depth-stencil format, which this tool cannot convert yet.");
    expect(msg(makeDds(dx10(12, 1, 1), new Uint8Array(8)))).toMatch(/R16G16B16A16_UINT integer format/);
    expect(msg(makeDds(dx10(500, 1, 1), [0, 0, 0, 0]))).toBe("This DDS file's header is damaged: its DX10 header names pixel format number 500, which does not exist.");
    expect(msg(fourcc("ETC1"))).toBe("This DDS file uses ETC1 compression (a mobile format), which this tool cannot convert yet.");
    expect(msg(makeDds(dx10(134, 4, 4), new Uint8Array(16)))).toBe("This DDS file uses ASTC 4×4 compression (a mobile format), which this tool cannot convert yet.");
    expect(msg(fourcc("ZZZZ"))).toMatch(/compression format called "ZZZZ"/);
    expect(msg(fourcc(0))).toMatch(/damaged: it says the pixels are compressed but names no compression format/);
    expect(msg(fourcc(0x01020304))).toMatch(/not readable text/);
    // L6V5U5 stays refused; V8U8 (the same flag, 8-bit masks) is signed RG
    const l6v5u5 = { width: 1, height: 1, pixelFormat: { flags: 0x80000, bits: 16, r: 0x1f, g: 0x3e0, b: 0xfc00 } };
    expect(msg(makeDds(l6v5u5, [0, 0]))).toMatch(/bump-map/);
    const v8u8 = { width: 1, height: 1, pixelFormat: { flags: 0x80000, bits: 16, r: 0xff, g: 0xff00 } };
    expect(rgba(makeDds(v8u8, [0x7f, 0x81]))).toEqual([255, 0, 128, 255]);
    const odd = { width: 1, height: 1, pixelFormat: { flags: 0x40, bits: 12, r: 0xf } };
    expect(msg(makeDds(odd, [0, 0]))).toMatch(/12-bit pixels/);
    const l24 = { width: 1, height: 1, pixelFormat: { flags: 0x20000, bits: 24, r: 0xff000000 } };
    expect(msg(makeDds(l24, [0, 0, 0]))).toMatch(/24-bit greyscale/);
    for (const bytes of [fourcc("ETC1"), makeDds(dx10(45, 1, 1), [0, 0, 0, 0]), makeDds(dx10(500, 1, 1), [0, 0, 0, 0])]) {
      expect(msg(bytes)).not.toMatch(/DXGI|FourCC|\(\d+\)/);
    }
  });
  it("lenient structure: DX10 array size 0, array volume, cubemap flag without faces, faces without the flag, cube array size counting faces", () => {
    expectDdsError(() => parseDds(makeDds(dx10(28, 1, 1, { dx10: { dxgiFormat: 28, resourceDimension: 9 } }), [0, 0, 0, 0])), "bad-header", /texture kind as 9/);
    expect(parseDds(makeDds(dx10(28, 1, 1, { dx10: { dxgiFormat: 28, arraySize: 0 } }), [1, 2, 3, 4])).arraySize).toBe(1);
    expect(rgba(makeDds(dx10(28, 1, 1, { dx10: { dxgiFormat: 28, arraySize: 0 } }), [1, 2, 3, 4]))).toEqual([1, 2, 3, 4]);
    const vol = dx10(28, 1, 1, { depth: 2, dx10: { dxgiFormat: 28, resourceDimension: 4, arraySize: 2 } });
    expect(parseDds(makeDds(vol, new Uint8Array(8))).isVolume).toBe(true);
    const sixFaces = new Uint8Array(24).map((_, i) => i);
    const flagOnly = parseDds(makeDds({ width: 1, height: 1, caps2: 0x200, pixelFormat: legacy(32, 0xff, 0xff00, 0xff0000, 0xff000000).pixelFormat }, sixFaces));
    expect([flagOnly.isCubemap, flagOnly.faces]).toEqual([true, 6]);
    const facesOnly = parseDds(makeDds({ width: 1, height: 1, caps2: 0xfc00, pixelFormat: legacy(32, 0xff, 0xff00, 0xff0000, 0xff000000).pixelFormat }, sixFaces));
    expect([facesOnly.isCubemap, facesOnly.faces]).toEqual([true, 6]);
    // a cube flag on a file that holds one image: the one image
    expect(parseDds(makeDds({ width: 1, height: 1, caps2: 0x200, pixelFormat: legacy(32, 0xff, 0xff00, 0xff0000, 0xff000000).pixelFormat }, [1, 2, 3, 4])).isCubemap).toBe(false);
    const cube6 = parseDds(makeDds(dx10(28, 1, 1, { dx10: { dxgiFormat: 28, miscFlag: 4, arraySize: 6 } }), sixFaces));
    expect([cube6.isCubemap, cube6.faces, cube6.arraySize]).toEqual([true, 6, 1]);
    // a 1D texture whose height is not 1 is read as the 2D image it holds
    expect(parseDds(makeDds(dx10(28, 2, 2, { dx10: { dxgiFormat: 28, resourceDimension: 2 } }), new Uint8Array(16))).height).toBe(2);
  });
  it("selection out of range", () => {
    expectDdsError(() => decode(good(), { level: -1 }), "bad-selection");
    expectDdsError(() => decode(good(), { level: 1.5 }), "bad-selection");
    expectDdsError(() => decode(good(), { slice: 1 }), "bad-selection", /array element 1/);
  });
});

describe("tone-mapping thresholds", () => {
  it("agree with the direct operator on many values, exposures and both operators", () => {
    const values = [0, 1e-9, 1e-4, 0.0031, 0.01, 0.1, 0.25, 0.5, 1, 2, 10, 100, 1e4, 1e30, -1, Infinity, -Infinity, Number.NaN];
    for (let i = 0; i < 2000; i++) values.push(Math.exp((i / 2000) * 20 - 12));
    for (const tonemap of ["default", "clamp"] as const) {
      for (const exposure of [0, -3, 2.5, 100, -100]) {
        const tone = { tonemap, exposure };
        const t = toneThresholds(tone);
        for (const v of values) expect(toneMapByThresholds(v, t)).toBe(toneMapChannel(v, tone));
        for (const x of t) {
          if (x > 0 && x < Infinity) expect(toneMapChannel(x, tone)).toBe(toneMapByThresholds(x, t));
        }
      }
    }
  });
});
