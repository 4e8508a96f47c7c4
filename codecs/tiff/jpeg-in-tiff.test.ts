// JPEG-compressed TIFF strips (compression 7) in the JPEG processes and depths tiffcp does not
// write, decoded by our JPEG decoder (../jpeg/): arithmetic coding, lossless and 12-bit streams
// from libjpeg-turbo's test images and ffmpeg, wrapped in a TIFF by a small writer and compared
// with djpeg's or ffmpeg's decode of the same stream.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DJPEG, FFMPEG, HAVE_FFMPEG, HAVE_LIBJPEG_TOOLS } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { jpegInTiff, type JpegInTiffOptions } from "#tests/corpus/tiff/jpeg-in-tiff.ts";
import { decodeTiff } from "./index.ts";

const JPEG_CORPUS = join(import.meta.dirname, "../../tests/corpus/jpeg");
const work = scratch("tiff-jpeg-in-tiff");
afterAll(() => work.cleanup());

function rgbOf(rgba: Uint8Array | Uint8ClampedArray): Uint8Array {
  const rgb = new Uint8Array((rgba.length / 4) * 3);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) rgb.set(rgba.subarray(i, i + 3), o);
  return rgb;
}

function psnr(a: Uint8Array, b: Uint8Array): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return sum === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / (sum / a.length));
}

function ourRgb(jpeg: Uint8Array, options: JpegInTiffOptions): Uint8Array {
  const [page] = decodeTiff(jpegInTiff(jpeg, options));
  expect([page!.width, page!.height]).toEqual([options.width, options.height]);
  return rgbOf(page!.data);
}

const ffmpegRgb = (path: string): Uint8Array => new Uint8Array(execFileSync(FFMPEG, ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], { maxBuffer: 1 << 26 }));

describe.skipIf(!HAVE_LIBJPEG_TOOLS)("arithmetic-coded JPEG strips", () => {
  it("testimgari.jpg (libjpeg-turbo) as a YCbCr strip decodes as djpeg decodes it", () => {
    const path = join(JPEG_CORPUS, "testimgari.jpg");
    const reference = new Uint8Array(execFileSync(DJPEG, ["-rgb", "-ppm", path]));
    // a 227 × 149 PPM: its header is "P6\n227 149\n255\n"
    const pixels = reference.subarray(reference.length - 227 * 149 * 3);
    const ours = ourRgb(new Uint8Array(readFileSync(path)), { width: 227, height: 149, samplesPerPixel: 3, bitsPerSample: 8, photometric: 6, subsampling: [2, 2] });
    expect(psnr(ours, pixels)).toBeGreaterThan(45);
  });
});

describe.skipIf(!HAVE_FFMPEG)("12-bit and lossless JPEG strips", () => {
  it("monkey12.jpg (libjpeg-turbo, 12-bit) as a 12-bit YCbCr strip decodes as ffmpeg decodes the stream", () => {
    const path = join(JPEG_CORPUS, "monkey12.jpg");
    const ours = ourRgb(new Uint8Array(readFileSync(path)), { width: 149, height: 227, samplesPerPixel: 3, bitsPerSample: 12, photometric: 6, subsampling: [2, 2] });
    // ffmpeg's chroma upsampling differs from libjpeg's, as for the whole file in ../jpeg/decoder.test.ts
    expect(psnr(ours, ffmpegRgb(path))).toBeGreaterThan(40);
  });

  it("a lossless JPEG stream (ffmpeg, 4:4:4) as a YCbCr strip decodes as ffmpeg decodes it", () => {
    const path = work.path("lossless.jpg");
    execFileSync(FFMPEG, ["-v", "error", "-i", join(JPEG_CORPUS, "testorig.jpg"), "-c:v", "ljpeg", "-pix_fmt", "yuvj444p", "-pred", "1", "-strict", "-1", "-y", path]);
    const ours = ourRgb(new Uint8Array(readFileSync(path)), { width: 227, height: 149, samplesPerPixel: 3, bitsPerSample: 8, photometric: 6, subsampling: [1, 1] });
    expect(psnr(ours, ffmpegRgb(path))).toBeGreaterThan(50);
  });
});
