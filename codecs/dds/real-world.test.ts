// The real-world classes of issue 24, on a fast subset of tests/corpus/dds (Pillow's files, judged
// by Pillow) and on small files built here whose expected pixels follow from the formats' definitions.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scratch } from "#tests/support/scratch.ts";
import { decodeDds, parseDds } from "./dds.ts";
import { DdsError } from "./errors.ts";
import { HAVE_PILLOW, makeDds, PYTHON, u16, u32 } from "#tests/support/codecs/dds/test-helpers.ts";

const CORPUS = join(import.meta.dirname, "../../tests/corpus/dds");
const corpus = (name: string) => new Uint8Array(readFileSync(join(CORPUS, name)));
const rgba = (bytes: Uint8Array) => [...decodeDds(bytes).data];
const work = scratch("dds-real-world");
afterAll(() => work.cleanup());

/** Pillow's decode of an image file as RGBA bytes. */
function pillowRgba(path: string): Uint8Array {
  const script = "import sys\nfrom PIL import Image\nsys.stdout.buffer.write(Image.open(sys.argv[1]).convert('RGBA').tobytes())";
  return new Uint8Array(execFileSync(PYTHON, ["-c", script, path], { maxBuffer: 64 << 20 }));
}

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

function refusal(bytes: Uint8Array): DdsError {
  try {
    decodeDds(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(DdsError);
    return error as DdsError;
  }
  throw new Error("expected a refusal");
}

describe.skipIf(!HAVE_PILLOW)("Pillow's DDS files, judged by Pillow", () => {
  it("a DX10 header with array size 0 (bc1.dds) decodes as the same pixels as its DXT1 original", () => {
    const ours = decodeDds(corpus("bc1.dds")).data;
    expect(maxDifference(ours, pillowRgba(join(CORPUS, "dxt1-rgb-4bbp-noalpha_MipMaps-1.dds")))).toBeLessThanOrEqual(3);
  });
  it("P8 (palette.dds) is Pillow's expected picture exactly", () => {
    expect(maxDifference(decodeDds(corpus("palette.dds")).data, pillowRgba(join(CORPUS, "palette.expected.gif")))).toBe(0);
  });
  it("L8 whose masks do not fit the byte (uncompressed_l.dds) is Pillow's grey picture", () => {
    expect(maxDifference(decodeDds(corpus("uncompressed_l.dds")).data, pillowRgba(join(CORPUS, "uncompressed_l.dds")))).toBe(0);
  });
  it("signed BC5 matches Pillow's reference, blue a signed 0 (128)", () => {
    const ours = decodeDds(corpus("bc5s.dds")).data;
    expect(maxDifference(ours, pillowRgba(join(CORPUS, "bc5s.expected.png")))).toBeLessThanOrEqual(2);
    expect(maxDifference(decodeDds(corpus("bc5_snorm.dds")).data, ours)).toBe(0);
  });
});

describe.skipIf(!HAVE_PILLOW)("a volume texture (DirectXTex's testvoldxt1mip.dds, DXT1, depth 4, 6 levels)", () => {
  it("every depth slice of every level is the 2D DXT1 picture of its blocks, as Pillow reads it", () => {
    const bytes = corpus("testvoldxt1mip.dds");
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const [height, width, depth] = [view.getUint32(12, true), view.getUint32(16, true), view.getUint32(24, true)];
    let offset = 128;
    let surfaces = 0;
    for (let level = 0; level < 6; level++) {
      const [w, h] = [Math.max(1, width >> level), Math.max(1, height >> level)];
      const size = Math.ceil(w / 4) * Math.ceil(h / 4) * 8;
      for (let slice = 0; slice < Math.max(1, depth >> level); slice++) {
        // the slice's blocks under a plain 2D DXT1 header, for Pillow
        const flat = makeDds({ width: w, height: h, pixelFormat: { flags: 0x4, fourCC: "DXT1" } }, bytes.subarray(offset, offset + size));
        offset += size;
        const path = work.write(`slice-${level}-${slice}.dds`, flat);
        expect(maxDifference(decodeDds(bytes, { level, slice }).data, pillowRgba(path)), `level ${level} slice ${slice}`).toBeLessThanOrEqual(3);
        surfaces++;
      }
    }
    expect(surfaces).toBe(10);
  });
});

describe("image-dds's header quirks read as the readers that accept them", () => {
  it("header size 24, pixel format size 0 or 24, no pixel format flags, DX10 array size 0: the same picture", () => {
    const picture = decodeDds(corpus("wrong mipmap count 1.dds")).data;
    for (const file of ["dds header_size 24.dds", "dds pixel_format size 0.dds", "dds pixel_format size 24.dds", "no pixel_format flags.dds", "array_size 0.dds"]) {
      expect(maxDifference(decodeDds(corpus(file)).data, picture), file).toBeLessThanOrEqual(4);
    }
  });
  it("mip counts of 0xffffffff or beyond what the file holds keep the levels it holds", () => {
    expect(parseDds(corpus("wrong mipmap count 3.dds")).mipCount).toBe(1);
    expect(parseDds(corpus("wrong mipmap count 4.dds")).mipCount).toBe(6);
  });
  it("a DX10 cube whose array size counts faces is one cube of six faces with all their levels", () => {
    const info = parseDds(corpus("BC1 Pretoria Gardens DX10 - array_size=6 issue4.dds"));
    expect([info.isCubemap, info.faces, info.arraySize, info.mipCount]).toEqual([true, 6, 1, 8]);
  });
});

describe("Pillow's broken files are refused in plain words", () => {
  it.each([
    ["timeout-041dd17dfde800360a47a172269df127af138c6b.dds", "bad-header", /pixel format block says it is 4294967295 bytes long/],
    ["timeout-c60a3d7314213624607bfb3e38d551a8b24a7435.dds", "too-large", /1 × 16777217 pixels/],
    ["unimplemented_dxgi_format.dds", "truncated", /256 × 256 image needs 262144 bytes/],
    ["unimplemented_pfflags.dds", "unsupported-format", /4-bit palette/],
    ["unimplemented_pixel_format.dds", "unsupported-format", /names no compression format/],
    ["unsupported_bitcount.dds", "unsupported-format", /24-bit greyscale/],
  ])("%s", (file, code, message) => {
    const error = refusal(corpus(file));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.message).not.toMatch(/DXGI|FourCC|\(\d+\)/);
  });
  it("a 24-bit RGB file without masks is read as BGR (zero_mask_totals.dds, as ImageMagick)", () => {
    expect(rgba(corpus("zero_mask_totals.dds"))).toEqual([0, 0, 0, 255]);
  });
});

const legacy = (flags: number, bits: number, r: number, g: number, b: number, a: number) => ({ flags, bits, r, g, b, a });

describe("legacy layouts other readers accept", () => {
  it("luminance with zero masks, A8 flagged only DDPF_ALPHAPIXELS, L8 and A8L8 as Direct3D 9 FourCC codes", () => {
    expect(rgba(makeDds({ width: 2, height: 1, pixelFormat: legacy(0x20000, 8, 0, 0, 0, 0) }, [10, 200]))).toEqual([10, 10, 10, 255, 200, 200, 200, 255]);
    expect(rgba(makeDds({ width: 2, height: 1, pixelFormat: legacy(0x1, 8, 0, 0, 0, 0xff) }, [10, 200]))).toEqual([0, 0, 0, 10, 0, 0, 0, 200]);
    expect(rgba(makeDds({ width: 2, height: 1, pixelFormat: { flags: 0x4, fourCC: 50 } }, [10, 200]))).toEqual([10, 10, 10, 255, 200, 200, 200, 255]);
    expect(rgba(makeDds({ width: 1, height: 1, pixelFormat: { flags: 0x4, fourCC: 51 } }, [10, 200]))).toEqual([10, 10, 10, 200]);
    // 16-bit luminance with alpha but masks that do not fit: the standard A8L8
    expect(rgba(makeDds({ width: 1, height: 1, pixelFormat: legacy(0x20001, 16, 0xff0000, 0, 0, 0xff000000) }, [10, 200]))).toEqual([10, 10, 10, 200]);
  });
  it("DDPF_FOURCC and DDPF_RGB with an empty FourCC: the masks, as Pillow reads them; a known FourCC without its flag", () => {
    expect(rgba(makeDds({ width: 1, height: 1, pixelFormat: { flags: 0x44, fourCC: 0, bits: 32, r: 0xff0000, g: 0xff00, b: 0xff, a: 0 } }, [1, 2, 3, 4]))).toEqual([3, 2, 1, 255]);
    expect(rgba(makeDds({ width: 1, height: 1, pixelFormat: { flags: 0, fourCC: 50 } }, [7]))).toEqual([7, 7, 7, 255]);
  });
  it("P8: indices into the 256 RGBA entries after the header, whatever the bit count says", () => {
    const palette = new Uint8Array(1024);
    palette.set([1, 2, 3, 4], 0);
    palette.set([250, 251, 252, 0], 255 * 4);
    const file = makeDds({ width: 2, height: 1, pixelFormat: legacy(0x20, 24, 0, 0, 0, 0) }, [...palette, 255, 0]);
    expect(parseDds(file).format).toMatch(/P8/);
    expect(rgba(file)).toEqual([250, 251, 252, 0, 1, 2, 3, 4]);
    expect(refusal(file.subarray(0, 128 + 1000)).message).toMatch(/palette needs 1024 bytes/);
  });
});

describe("Doom 3 RXGB", () => {
  it("is BC3 whose alpha holds red: swapped back, opaque", () => {
    // one BC3 block: alpha endpoints 200/200 (every index 0 → 200), colour 565 pure green (0x07e0) both ends
    const block = [200, 200, 0, 0, 0, 0, 0, 0, ...u16(0x07e0, 0x07e0), 0, 0, 0, 0];
    const file = makeDds({ width: 1, height: 1, pixelFormat: { flags: 0x4, fourCC: "RXGB" } }, block);
    expect(rgba(file)).toEqual([200, 255, 0, 255]);
  });
});

const dx10 = (dxgiFormat: number) => ({ width: 1, height: 1, dx10: { dxgiFormat } });

describe("DX10 SNORM, UNORM and packed float formats", () => {
  it("R16G16B16A16_SNORM maps [-1, 1] to [0, 255]; -32768 is -1", () => {
    expect(rgba(makeDds(dx10(13), u16(0x8001, 0, 32767, 0x8000)))).toEqual([0, 128, 255, 0]);
  });
  it("R16G16_SNORM's missing blue is a signed 0", () => {
    expect(rgba(makeDds(dx10(37), u16(32767, 0x8001)))).toEqual([255, 0, 128, 255]);
  });
  it("R16G16B16A16_UNORM and R8G8B8A8_SNORM", () => {
    expect(rgba(makeDds(dx10(11), u16(0, 257 * 100, 65535, 257 * 7)))).toEqual([0, 100, 255, 7]);
    expect(rgba(makeDds(dx10(31), [0x81, 0, 127, 0x80]))).toEqual([0, 128, 255, 0]);
  });
  it("R9G9B9E5 and R11G11B10_FLOAT decode to the values the bits define (clamp operator shows them linearly)", () => {
    // shared exponent 15 + 1 (scale 2^(16-15-9) = 1/256): mantissas 128, 256, 0 → 0.5, 1, 0
    const e5 = (16 << 27) | (256 << 9) | 128;
    expect([...decodeDds(makeDds(dx10(67), u32(e5)), { tonemap: "clamp" }).data]).toEqual([128, 255, 0, 255]);
    // 11-bit 0.5 = exponent 14, mantissa 0; 10-bit 0.25 = exponent 13
    const packed = (14 << 6) | ((15 << 6) << 11) | ((13 << 5) << 22);
    expect([...decodeDds(makeDds(dx10(26), u32(packed >>> 0)), { tonemap: "clamp" }).data]).toEqual([128, 255, 64, 255]);
  });
  it("an R16F cube with a DX10 array size that counts faces (6) is one cube", () => {
    const faces = u16(0x3800, 0x3c00, 0x0000, 0x3400, 0x3a00, 0x3b00); // 0.5, 1, 0, 0.25, 0.75, 0.875
    const info = parseDds(makeDds({ width: 1, height: 1, caps2: 0xfe00, dx10: { dxgiFormat: 54, miscFlag: 4, arraySize: 6 } }, faces));
    expect([info.isCubemap, info.faces, info.arraySize]).toEqual([true, 6, 1]);
    const file = makeDds({ width: 1, height: 1, caps2: 0xfe00, dx10: { dxgiFormat: 54, miscFlag: 4, arraySize: 6 } }, faces);
    expect([...decodeDds(file, { face: 3, tonemap: "clamp" }).data]).toEqual([64, 0, 0, 255]);
  });
});

/** One BC3 block (alpha 100 everywhere, colour 565 0x8410 = (132, 130, 132) everywhere) with GIMP's tag in the reserved word. */
function tagged(tag: string): Uint8Array {
  const file = makeDds({ width: 1, height: 1, pixelFormat: { flags: 0x4, fourCC: "DXT5" } }, [100, 100, 0, 0, 0, 0, 0, 0, ...u16(0x8410, 0x8410), 0, 0, 0, 0]);
  file.set([...tag].map((c) => c.charCodeAt(0)), 44);
  return file;
}

describe("GIMP's DDS plug-in tags (read by ffmpeg)", () => {
  it("YCG1: Y in alpha, Co and Cg in red and green, the alpha kept in blue", () => {
    expect(rgba(tagged("YCG1"))).toEqual([102, 102, 94, 132]);
  });
  it("YCG2: Co and Cg scaled down by blue / 8 + 1, opaque", () => {
    expect(rgba(tagged("YCG2"))).toEqual([100, 100, 100, 255]);
  });
  it("AEXP: colour times alpha, opaque; no tag: the stored channels", () => {
    expect(rgba(tagged("AEXP"))).toEqual([51, 50, 51, 255]);
    expect(rgba(tagged("\0\0\0\0"))).toEqual([132, 130, 132, 100]);
  });
});

describe("pixel pairs and 1-bit pixels", () => {
  it("RGBG and GRGB share R and B across a pair; an odd width stores its last pair whole", () => {
    const rgbg = makeDds({ width: 3, height: 1, pixelFormat: { flags: 0x4, fourCC: "RGBG" } }, [10, 20, 30, 40, 50, 60, 70, 80]);
    expect(rgba(rgbg)).toEqual([10, 20, 30, 255, 10, 40, 30, 255, 50, 60, 70, 255]);
    const grgb = makeDds({ width: 2, height: 1, dx10: { dxgiFormat: 69 } }, [20, 10, 40, 30]);
    expect(rgba(grgb)).toEqual([10, 20, 30, 255, 10, 40, 30, 255]);
  });
  it("YUY2 and UYVY: BT.601 studio range, the odd pixel's chroma the mean of its neighbours'", () => {
    // grey: Y 126 → 1.164 × 110 = 128; white Y 235 → 255; neutral chroma 128
    const yuy2 = makeDds({ width: 2, height: 1, pixelFormat: { flags: 0x4, fourCC: "YUY2" } }, [126, 128, 235, 128]);
    expect(rgba(yuy2)).toEqual([128, 128, 128, 255, 255, 255, 255, 255]);
    const uyvy = makeDds({ width: 2, height: 1, pixelFormat: { flags: 0x4, fourCC: "UYVY" } }, [128, 126, 128, 235]);
    expect(rgba(uyvy)).toEqual([128, 128, 128, 255, 255, 255, 255, 255]);
  });
  it("R1_UNORM: the leftmost pixel in the top bit, red like the other one-channel formats", () => {
    expect(rgba(makeDds({ width: 3, height: 1, dx10: { dxgiFormat: 66 } }, [0b1010_0000]))).toEqual([255, 0, 0, 255, 0, 0, 0, 255, 255, 0, 0, 255]);
  });
});
