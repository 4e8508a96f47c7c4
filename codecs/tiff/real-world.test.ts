// The classes of real-world TIFF files (issue 24) on a fast subset of tests/corpus/tiff: each page
// decoded by us and compared with an independent decoder's reading of the same file (libtiff's
// tiff2rgba, or ImageMagick where libtiff's RGBA reader cannot read the file), composited on white.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_IMAGEMAGICK, IMAGEMAGICK, scratch } from "#tests/support/codecs/pdf/test-helpers.ts";
import { HAVE_LIBTIFF_TOOLS, TIFF2RGBA } from "#tests/support/reference-tools.ts";
import { decodeTiff, readTiff, TiffError } from "./index.ts";

const CORPUS = join(import.meta.dirname, "../../tests/corpus/tiff");
const corpusFile = (name: string): Uint8Array => new Uint8Array(readFileSync(join(CORPUS, name)));

function onWhite(rgba: Uint8Array | Uint8ClampedArray): Uint8Array {
  const out = new Uint8Array((rgba.length / 4) * 3);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) {
    const a = (rgba[i + 3] as number) / 255;
    for (let c = 0; c < 3; c++) out[o + c] = Math.round((rgba[i + c] as number) * a + 255 * (1 - a));
  }
  return out;
}

function psnr(a: Uint8Array, b: Uint8Array): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += ((a[i] as number) - (b[i] as number)) ** 2;
  return sum === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / (sum / a.length));
}

/** ImageMagick's RGB (on white) of one directory of a file. */
function magickRgb(file: string, index = 0): Uint8Array {
  return new Uint8Array(execFileSync(IMAGEMAGICK, [`${file}[${index}]`, "-auto-orient", "-background", "white", "-alpha", "remove", "-alpha", "off", "-depth", "8", "rgb:-"], { maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "ignore"] }));
}

/** libtiff's RGBA reading of one directory (tiff2rgba), read back by ImageMagick, on white. */
const work = scratch("tiff-real-world");
afterAll(() => work.cleanup());

function libtiffRgb(file: string, index = 0): Uint8Array {
  const out = work.path(`${file.split("/").pop()}.rgba.tif`);
  execFileSync(TIFF2RGBA, ["-c", "none", file, out], { stdio: "ignore" });
  return magickRgb(out, index);
}

const CASES: { file: string; reference: "libtiff" | "magick"; min: number; what: string }[] = [
  { file: "libtiff-ojpeg_chewey_subsamp21_multi_strip.tiff", reference: "libtiff", min: 45, what: "old-style JPEG rebuilt from tables and 24 strips" },
  { file: "libtiffpic-zackthecat.tif", reference: "libtiff", min: 40, what: "old-style JPEG from JPEGQTables / DCTables / ACTables" },
  { file: "libtiff-quad-lzw-compat.tiff", reference: "libtiff", min: Number.POSITIVE_INFINITY, what: "old-style LZW (LSB-first)" },
  { file: "libtiffpic-ycbcr-cat.tif", reference: "libtiff", min: 45, what: "LZW YCbCr with 2×2 subsampling" },
  { file: "libtiffpic-flower-rgb-planar-14.tif", reference: "magick", min: 45, what: "14-bit samples in separate planes" },
  { file: "libtiffpic-flower-minisblack-12.tif", reference: "magick", min: 45, what: "12-bit grey" },
  { file: "libtiffpic-flower-rgb-planar-02.tif", reference: "magick", min: 45, what: "2-bit samples in separate planes" },
  { file: "pillow-16bit.s.tif", reference: "libtiff", min: 45, what: "signed 16-bit (shown as stored, as libtiff shows it)" },
  { file: "pillow-8bit.s.tif", reference: "libtiff", min: 45, what: "signed 8-bit (shown as stored)" },
  { file: "pillow-lab.tif", reference: "magick", min: 40, what: "CIE L*a*b*" },
  { file: "libtiff-test_float64_predictor2_le_lzw.tif", reference: "magick", min: 45, what: "64-bit float with the horizontal predictor" },
  { file: "libtiff-testfax4.tiff", reference: "libtiff", min: Number.POSITIVE_INFINITY, what: "CCITT Group 4 (our decoder)" },
  { file: "pillow-g4-fillorder-test.tif", reference: "libtiff", min: Number.POSITIVE_INFINITY, what: "CCITT Group 4, FillOrder 2" },
  { file: "libtiffpic-off_l16.tif", reference: "libtiff", min: Number.POSITIVE_INFINITY, what: "SGI LogL" },
  { file: "libtiffpic-text.tif", reference: "libtiff", min: Number.POSITIVE_INFINITY, what: "ThunderScan" },
  { file: "libtiff-logluv-3c-16b.tiff", reference: "libtiff", min: Number.POSITIVE_INFINITY, what: "SGI LogLuv32" },
  { file: "golang-image-invalid-palette-ref.tiff", reference: "libtiff", min: Number.POSITIVE_INFINITY, what: "resolution past the end of the file, ColorMap of the wrong length (both ignored)" },
  { file: "commons-imaging-oss-fuzz-53669.tiff", reference: "libtiff", min: Number.POSITIVE_INFINITY, what: "grey with three extra samples (no alpha, as libtiff)" },
  { file: "image-rs-clusterfuzz-jpeg-tall-last-strip.tif", reference: "libtiff", min: 40, what: "a last JPEG strip taller than the page" },
];

describe.skipIf(!HAVE_IMAGEMAGICK || !HAVE_LIBTIFF_TOOLS)("real-world TIFF classes against libtiff and ImageMagick", () => {
  for (const { file, reference, min, what } of CASES) {
    it(`${what}: ${file}`, () => {
      const path = join(CORPUS, file);
      const [page] = decodeTiff(corpusFile(file));
      const expected = reference === "libtiff" ? libtiffRgb(path) : magickRgb(path);
      const score = psnr(onWhite(page!.data), expected);
      expect(score).toBeGreaterThanOrEqual(min);
    });
  }

  it("reads 24-bit samples as the same picture at 16 bits (ImageMagick misreads them)", () => {
    const [deep] = decodeTiff(corpusFile("libtiffpic-flower-rgb-contig-24.tif"));
    const expected = libtiffRgb(join(CORPUS, "libtiffpic-flower-rgb-contig-16.tif"));
    expect(psnr(onWhite(deep!.data), expected)).toBeGreaterThan(45);
  });

  it("reads a 16-bit palette (65536 colour-map entries)", () => {
    const [page] = decodeTiff(corpusFile("libtiffpic-flower-palette-16.tif"));
    expect(psnr(onWhite(page!.data), magickRgb(join(CORPUS, "libtiffpic-flower-palette-16.tif")))).toBeGreaterThan(45);
  });
});

describe("page chains and broken files", () => {
  it("stops at a chain that loops, keeping the pages before it, with a note", () => {
    const bytes = corpusFile("libtiff-test_ifd_loop_to_first.tif");
    expect(decodeTiff(bytes)).toHaveLength(2);
    expect(readTiff(bytes).notes.join(" ")).toMatch(/loops back/);
    expect(decodeTiff(corpusFile("libtiff-test_ifd_loop_subifd.tif"))).toHaveLength(5);
  });

  it("refuses a strip that ends past the end of the file, saying so", () => {
    expect(() => decodeTiff(corpusFile("pillow-crash-0c7e0e8e11ce787078f00b5b0ca409a167f070e0.tif"))).toThrow(/truncated.*strip 1 ends at byte/);
  });

  it("refuses a first directory past the end of the file", () => {
    expect(() => readTiff(corpusFile("pillow-oom-225817ca0f8c663be7ab4b9e717b02c661e66834.tif"))).toThrow(TiffError);
  });

  it("names the compression it cannot decode", () => {
    expect(() => decodeTiff(corpusFile("libtiff-webp_lossless_rgba_alpha_fully_opaque.tif"))).toThrow(/WebP/);
  });
});
