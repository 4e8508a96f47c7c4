/**
 * DDS encoder: header layout, the uncompressed default read back by independent tools, mip chains,
 * odd sizes, bad input, and a property test. Block-format quality is in encode-bc.test.ts.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { RgbaImage } from "../image/rgba-image.ts";
import { decodeDds, parseDds } from "./dds.ts";
import { encodeDds, type DdsEncodeFormat, type DdsEncodeQuality } from "./encode.ts";
import {
  decodeWithFfmpeg,
  decodeWithImageMagick,
  decodeWithPillow,
  HAVE_FFMPEG,
  HAVE_IMAGEMAGICK,
  HAVE_PILLOW,
  identifyWithImageMagick,
  psnr,
  scratch,
  writeFile,
} from "#tests/support/codecs/dds/encode-test-support.ts";
import { DdsError } from "./errors.ts";
import { linearToSrgb, srgbToLinear } from "./mipmap.ts";
import { syntheticPhoto } from "#tests/support/codecs/dds/synthetic-image.ts";
import { propertyRuns } from "#tests/support/property.ts";

if (!HAVE_IMAGEMAGICK) console.log("Skipping the ImageMagick checks of encoded DDS files: convert-im6.q16 is not installed");
if (!HAVE_PILLOW) console.log("Skipping the Pillow checks of encoded DDS files: python3-pil is not installed");
if (!HAVE_FFMPEG) console.log("Skipping the ffmpeg checks of encoded DDS files: /usr/bin/ffmpeg is not installed");

const work = scratch("dds-encode-");
afterAll(() => work.cleanup());

/** Deterministic noise image (xorshift32), every byte random, alpha included. */
function noiseImage(width: number, height: number, seed: number): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < data.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    data[i] = s & 255;
  }
  return { width, height, data };
}

/** A w x h piece of an image from (x, y). */
function crop(img: RgbaImage, x: number, y: number, w: number, h: number): RgbaImage {
  const data = new Uint8Array(w * h * 4);
  for (let row = 0; row < h; row++) {
    const from = ((y + row) * img.width + x) * 4;
    data.set(img.data.subarray(from, from + w * 4), row * w * 4);
  }
  return { width: w, height: h, data };
}

/** A copy with alpha 255. */
function opaque(img: RgbaImage): RgbaImage {
  const data = new Uint8Array(img.data);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width: img.width, height: img.height, data };
}

const u32 = (bytes: Uint8Array, offset: number) =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset, true);
const fourCC = (s: string) => s.charCodeAt(0) | (s.charCodeAt(1) << 8) | (s.charCodeAt(2) << 16) | (s.charCodeAt(3) << 24);

/** The header as little-endian words: 32 words (128 bytes), plus 5 for DX10. */
const words = (bytes: Uint8Array, count: number) => Array.from({ length: count }, (_, i) => u32(bytes, i * 4));

function ddsErrorOf(run: () => unknown): DdsError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DdsError);
    return error as DdsError;
  }
  throw new Error("expected a DdsError");
}

describe("header layout, byte by byte", () => {
  const reserved = Array<number>(11).fill(0);

  it("rgba8: the spec's 128-byte header (124-byte structure, 32-bit RGBA masks) then raw pixels", () => {
    const img = noiseImage(5, 3, 7);
    const dds = encodeDds(img);
    expect(dds.length).toBe(128 + 5 * 3 * 4);
    expect(words(dds, 32)).toEqual([
      fourCC("DDS "),
      124, // dwSize
      0x1 | 0x2 | 0x4 | 0x8 | 0x1000, // CAPS | HEIGHT | WIDTH | PITCH | PIXELFORMAT
      3, // height
      5, // width
      20, // pitch: width * 4
      0, // depth
      0, // mip count (no chain)
      ...reserved,
      32, // ddspf.dwSize
      0x40 | 0x1, // DDPF_RGB | DDPF_ALPHAPIXELS
      0, // FourCC
      32, // bits per pixel
      0x000000ff,
      0x0000ff00,
      0x00ff0000,
      0xff000000,
      0x1000, // DDSCAPS_TEXTURE
      0,
      0,
      0,
      0,
    ]);
    expect([...dds.subarray(128)]).toEqual([...img.data]);
  });

  it("bc1 with mipmaps: DXT1, linear size, mip count and COMPLEX | MIPMAP | TEXTURE", () => {
    const dds = encodeDds(noiseImage(13, 7, 3), { format: "bc1", mipmaps: true });
    // Levels 13x7, 6x3, 3x1, 1x1: 4x2, 2x1, 1x1 and 1x1 blocks of 8 bytes.
    expect(dds.length).toBe(128 + (8 + 2 + 1 + 1) * 8);
    expect(words(dds, 32)).toEqual([
      fourCC("DDS "),
      124,
      0x1 | 0x2 | 0x4 | 0x1000 | 0x20000 | 0x80000, // + MIPMAPCOUNT | LINEARSIZE
      7,
      13,
      64, // linear size of the top level
      0,
      4, // levels
      ...reserved,
      32,
      0x4, // DDPF_FOURCC
      fourCC("DXT1"),
      0,
      0,
      0,
      0,
      0,
      0x1000 | 0x8 | 0x400000,
      0,
      0,
      0,
      0,
    ]);
  });

  it("bc3: DXT5 and 16-byte blocks", () => {
    const dds = encodeDds(noiseImage(8, 4, 5), { format: "bc3" });
    expect(dds.length).toBe(128 + 2 * 16);
    expect(u32(dds, 8)).toBe(0x1 | 0x2 | 0x4 | 0x1000 | 0x80000);
    expect(u32(dds, 20)).toBe(32);
    expect(u32(dds, 84)).toBe(fourCC("DXT5"));
    expect(u32(dds, 108)).toBe(0x1000);
  });

  it("bc7: FourCC DX10 and the DX10 header (BC7_UNORM, 2D texture, one element)", () => {
    const dds = encodeDds(noiseImage(4, 4, 9), { format: "bc7" });
    expect(dds.length).toBe(148 + 16);
    expect(u32(dds, 80)).toBe(0x4);
    expect(u32(dds, 84)).toBe(fourCC("DX10"));
    expect(u32(dds, 20)).toBe(16);
    expect(words(dds, 37).slice(32)).toEqual([98, 3, 0, 1, 0]);
  });

  it("mipmaps on a 1x1 image: one level, the count written, no COMPLEX/MIPMAP caps", () => {
    const dds = encodeDds(noiseImage(1, 1, 2), { mipmaps: true });
    expect(u32(dds, 8) & 0x20000).toBe(0x20000);
    expect(u32(dds, 28)).toBe(1);
    expect(u32(dds, 108)).toBe(0x1000);
    expect(dds.length).toBe(132);
  });

  it("is read back by our parser with the expected format names and sizes", () => {
    const img = noiseImage(20, 12, 1);
    const names: Record<DdsEncodeFormat, string> = {
      rgba8: "D3DFMT_A8B8G8R8 (RGBA8)",
      bc1: "BC1 (DXT1)",
      bc3: "BC3 (DXT5)",
      bc7: "DXGI_FORMAT_BC7_UNORM",
    };
    for (const format of ["rgba8", "bc1", "bc3", "bc7"] as const) {
      const info = parseDds(encodeDds(img, { format, mipmaps: true }));
      expect(info).toMatchObject({ format: names[format], width: 20, height: 12, mipCount: 5, faces: 1, arraySize: 1 });
      expect(info.surfaces.map((s) => `${s.width}x${s.height}`)).toEqual(["20x12", "10x6", "5x3", "2x1", "1x1"]);
    }
  });
});

describe("rgba8 (the default) decodes exactly", () => {
  const img = syntheticPhoto(37, 23, "gradient");
  const dds = encodeDds(img);
  const file = writeFile(work.path("rgba8.dds"), dds);

  it("with our decoder", () => {
    const decoded = decodeDds(dds);
    expect([decoded.width, decoded.height]).toEqual([37, 23]);
    expect(Buffer.from(decoded.data).equals(Buffer.from(img.data))).toBe(true);
  });

  it.skipIf(!HAVE_PILLOW)("with Pillow", () => {
    const decoded = decodeWithPillow(file);
    expect([decoded.mode, decoded.width, decoded.height]).toEqual(["RGBA", 37, 23]);
    expect(Buffer.from(decoded.data).equals(Buffer.from(img.data))).toBe(true);
  });

  it.skipIf(!HAVE_FFMPEG)("with ffmpeg", () => {
    expect(Buffer.from(decodeWithFfmpeg(file)).equals(Buffer.from(img.data))).toBe(true);
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("with ImageMagick 6 (which ignores 32-bit masks and reads BGRA)", () => {
    expect(identifyWithImageMagick(file)).toMatch(/DDS 37x23 /);
    const decoded = decodeWithImageMagick(file);
    const swapped = new Uint8Array(img.data);
    for (let i = 0; i < swapped.length; i += 4) {
      swapped[i] = img.data[i + 2]!;
      swapped[i + 2] = img.data[i]!;
    }
    // ImageMagick 6.9 takes every 32-bit RGB DDS as B, G, R, A whatever its masks say; a version
    // that honours the masks returns the pixels as they are. Either way every byte is accounted for.
    const exact = Buffer.from(decoded).equals(Buffer.from(img.data));
    const asBgra = Buffer.from(decoded).equals(Buffer.from(swapped));
    expect(exact || asBgra).toBe(true);
  });
});

/** Length of [lo, hi) inside the unit pixel [i, i + 1). */
const overlap = (lo: number, hi: number, i: number) => Math.max(0, Math.min(hi, i + 1) - Math.max(lo, i));

/** Independent reference of the mip filter: box/area weights, linear light, alpha-weighted colour. */

function referenceDownsample(img: RgbaImage): RgbaImage {
  const { width: w, height: h, data } = img;
  const dw = Math.max(1, Math.floor(w / 2));
  const dh = Math.max(1, Math.floor(h / 2));
  const out = new Uint8Array(dw * dh * 4);
  for (let y = 0; y < dh; y++) {
    for (let x = 0; x < dw; x++) {
      const [x0, x1] = [(x * w) / dw, ((x + 1) * w) / dw];
      const [y0, y1] = [(y * h) / dh, ((y + 1) * h) / dh];
      let total = 0;
      let alpha = 0;
      const weighted = [0, 0, 0];
      const plain = [0, 0, 0];
      for (let sy = 0; sy < h; sy++) {
        for (let sx = 0; sx < w; sx++) {
          const wt = overlap(x0, x1, sx) * overlap(y0, y1, sy);
          if (wt === 0) continue;
          const p = (sy * w + sx) * 4;
          total += wt;
          alpha += wt * data[p + 3]!;
          for (let c = 0; c < 3; c++) {
            weighted[c]! += wt * data[p + 3]! * srgbToLinear(data[p + c]!);
            plain[c]! += wt * srgbToLinear(data[p + c]!);
          }
        }
      }
      const o = (y * dw + x) * 4;
      for (let c = 0; c < 3; c++) {
        const linear = alpha > 0 ? weighted[c]! / alpha : plain[c]! / total;
        out[o + c] = Math.round(linearToSrgb(Math.min(1, linear)) * 255);
      }
      out[o + 3] = Math.round(alpha / total);
    }
  }
  return { width: dw, height: dh, data: out };
}

describe("mip chains", () => {
  it("rgba8: every level is the filtered previous level (13x7 down to 1x1, within one step)", () => {
    const img = syntheticPhoto(13, 7, "gradient");
    const dds = encodeDds(img, { mipmaps: true });
    let expected: RgbaImage = img;
    for (let level = 0; level < 4; level++) {
      const decoded = decodeDds(dds, { level });
      expect([decoded.width, decoded.height]).toEqual([expected.width, expected.height]);
      let worst = 0;
      for (let i = 0; i < decoded.data.length; i++) worst = Math.max(worst, Math.abs(decoded.data[i]! - expected.data[i]!));
      expect(worst).toBeLessThanOrEqual(1);
      // The next expectation starts from the stored level, as the encoder does.
      expected = referenceDownsample({ width: decoded.width, height: decoded.height, data: new Uint8Array(decoded.data) });
    }
  });

  it.each(["bc1", "bc3", "bc7"] as const)("%s: each level is close to the filtered level above", (format) => {
    const img = crop(syntheticPhoto(256, 256, format === "bc1" ? "opaque" : "gradient"), 60, 90, 128, 80);
    const dds = encodeDds(img, { format, mipmaps: true });
    const info = parseDds(dds);
    expect(info.mipCount).toBe(8);
    let expected: RgbaImage = img;
    const quality: string[] = [];
    for (let level = 0; level < info.mipCount; level++) {
      const decoded = decodeDds(dds, { level });
      expect([decoded.width, decoded.height]).toEqual([expected.width, expected.height]);
      const db = psnr(decoded.data, expected.data, format === "bc1" ? 3 : 4);
      quality.push(`${decoded.width}x${decoded.height} ${db.toFixed(1)} dB`);
      // Small levels hold the whole picture in a few blocks: several colours in every block.
      expect(db).toBeGreaterThan(decoded.width >= 32 ? 30 : 20);
      expected = referenceDownsample(expected);
    }
    console.log(`${format} mip levels against the reference filter: ${quality.join(", ")}`);
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("ImageMagick reads files with a chain (it checks the surfaces are all there)", () => {
    for (const format of ["rgba8", "bc1", "bc3"] as const) {
      const file = writeFile(work.path(`mips-${format}.dds`), encodeDds(syntheticPhoto(32, 16), { format, mipmaps: true }));
      expect(decodeWithImageMagick(file).length).toBe(32 * 16 * 4);
    }
  });
});

describe("odd sizes", () => {
  // A 13x7 piece of a photo-like picture (a whole picture shrunk to 13x7 would be all edges).
  const piece = crop(syntheticPhoto(256, 256, "gradient"), 100, 40, 13, 7);
  it.each(["rgba8", "bc1", "bc3", "bc7"] as const)("%s: 13x7 round-trips through our decoder", (format) => {
    const source = format === "bc1" ? opaque(piece) : piece;
    const decoded = decodeDds(encodeDds(source, { format }));
    expect([decoded.width, decoded.height]).toEqual([13, 7]);
    if (format === "rgba8") expect([...decoded.data]).toEqual([...source.data]);
    else expect(psnr(decoded.data, source.data, format === "bc1" ? 3 : 4)).toBeGreaterThan(30);
  });

  it.each(["bc1", "bc3", "bc7"] as const)("%s: partial blocks are padded by replication (5x5)", (format) => {
    // The 5th column and row are one colour: replicated, the partial blocks are that colour only.
    const img = noiseImage(5, 5, 77);
    for (let i = 0; i < 5; i++) {
      img.data.set([200, 40, 90, 255], (i * 5 + 4) * 4);
      img.data.set([200, 40, 90, 255], (4 * 5 + i) * 4);
    }
    const decoded = decodeDds(encodeDds(img, { format }));
    for (let i = 0; i < 5; i++) {
      for (const p of [(i * 5 + 4) * 4, (4 * 5 + i) * 4]) {
        const pixel = [...decoded.data.subarray(p, p + 4)];
        pixel.forEach((v, c) => expect(Math.abs(v - [200, 40, 90, 255][c]!)).toBeLessThanOrEqual(3));
      }
    }
  });

  it.skipIf(!HAVE_IMAGEMAGICK)("bc1/bc3 13x7 decode in ImageMagick to the same size and close pixels", () => {
    // (BC1 drops the colour of pixels with alpha < 128, so compare it on an opaque copy.)
    for (const format of ["bc1", "bc3"] as const) {
      const source = format === "bc1" ? opaque(piece) : piece;
      const file = writeFile(work.path(`odd-${format}.dds`), encodeDds(source, { format }));
      const decoded = decodeWithImageMagick(file);
      expect(decoded.length).toBe(13 * 7 * 4);
      expect(psnr(decoded, source.data, format === "bc1" ? 3 : 4)).toBeGreaterThan(30);
    }
  });

  it("1x1, 1xN and Nx1 images", () => {
    for (const [w, h] of [[1, 1], [1, 9], [9, 1], [2, 3]] as const) {
      const small = noiseImage(w, h, w * 10 + h);
      for (const format of ["rgba8", "bc1", "bc3", "bc7"] as const) {
        const decoded = decodeDds(encodeDds(small, { format, mipmaps: true }));
        expect([decoded.width, decoded.height]).toEqual([w, h]);
      }
    }
  });
});

const pixels = (w: number, h: number) => new Uint8Array(Math.max(0, w * h * 4));

describe("bad input", () => {

  it("refuses zero, negative and fractional sizes", () => {
    for (const [w, h] of [[0, 4], [4, 0], [-1, 4], [2.5, 4]]) {
      const error = ddsErrorOf(() => encodeDds({ width: w!, height: h!, data: pixels(4, 4) }));
      expect(error.code).toBe("bad-image");
      expect(error.name).toBe("DdsError");
      expect(error.message).toMatch(/at least 1/);
    }
  });

  it("refuses more than 16384 pixels a side before allocating", () => {
    const error = ddsErrorOf(() => encodeDds({ width: 16385, height: 1, data: new Uint8Array(4) }));
    expect(error.code).toBe("too-large");
    expect(error.message).toMatch(/16385x1 .*at most 16384/);
  });

  it("refuses data of the wrong length", () => {
    const error = ddsErrorOf(() => encodeDds({ width: 4, height: 4, data: new Uint8Array(63) }));
    expect(error.code).toBe("bad-image");
    expect(error.message).toBe("Image data holds 63 bytes, a 4x4 RGBA image needs 64.");
  });

  it("refuses unknown formats and qualities (a caller without types)", () => {
    const img = noiseImage(4, 4, 1);
    const format = ddsErrorOf(() => encodeDds(img, { format: "dxt9" as DdsEncodeFormat }));
    expect(format.code).toBe("bad-option");
    expect(format.message).toMatch(/"dxt9".*rgba8, bc1, bc3, bc7/);
    const quality = ddsErrorOf(() => encodeDds(img, { quality: "ultra" as DdsEncodeQuality }));
    expect(quality.code).toBe("bad-option");
  });

  it("leaves the input image untouched", () => {
    const img = syntheticPhoto(9, 9, "cutout");
    const copy = new Uint8Array(img.data);
    for (const format of ["rgba8", "bc1", "bc3", "bc7"] as const) encodeDds(img, { format, mipmaps: true });
    expect([...img.data]).toEqual([...copy]);
  });
});

describe("progress", () => {
  it("reports rising fractions of the work, ending with 1", () => {
    for (const format of ["rgba8", "bc1", "bc7"] as const) {
      const seen: number[] = [];
      encodeDds(syntheticPhoto(32, 32), { format, quality: "fast", mipmaps: true, onProgress: (f) => seen.push(f) });
      expect(seen.length).toBeGreaterThan(5);
      expect(seen.at(-1)).toBe(1);
      for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!);
      expect(seen[0]!).toBeGreaterThan(0);
    }
  });
});

describe("property: random small images", () => {
  it("never throw and decode back to the right size at every level", () => {
    fc.assert(
      fc.property(
        fc.record({
          width: fc.integer({ min: 1, max: 12 }),
          height: fc.integer({ min: 1, max: 12 }),
          seed: fc.integer({ min: 1, max: 0x7fffffff }),
          format: fc.constantFrom<DdsEncodeFormat>("rgba8", "bc1", "bc3", "bc7"),
          quality: fc.constantFrom<DdsEncodeQuality>("fast", "balanced", "best"),
          mipmaps: fc.boolean(),
        }),
        ({ width, height, seed, format, quality, mipmaps }) => {
          const img = noiseImage(width, height, seed);
          const dds = encodeDds(img, { format, quality, mipmaps });
          const info = parseDds(dds);
          expect([info.width, info.height]).toEqual([width, height]);
          for (const surface of info.surfaces) {
            const decoded = decodeDds(dds, { level: surface.level });
            expect(decoded.data.length).toBe(surface.width * surface.height * 4);
          }
          if (format === "rgba8") expect([...decodeDds(dds).data]).toEqual([...img.data]);
        },
      ),
      propertyRuns(150),
    );
  });
});
