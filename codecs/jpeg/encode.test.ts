import { afterAll, describe, expect, it } from "vitest";
import { magickIdentify, magickRgba } from "#tests/support/imagemagick.ts";
import { HAVE_IMAGEMAGICK } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import type { RgbaImage } from "../image/rgba-image.ts";
import { decodeJpegImage } from "./decoder.ts";
import { encodeJpeg } from "./encode.ts";
import { jpegDensity, jpegSize } from "./jpeg-size.ts";

const dir = scratch("encode-jpeg");
afterAll(() => dir.cleanup());

/** A smooth picture with some detail: a colour ramp with a soft diagonal wave. */
function picture(width: number, height: number): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const wave = 40 * Math.sin((x + y) / 6);
      data[i] = Math.max(0, Math.min(255, Math.round((255 * x) / width + wave)));
      data[i + 1] = Math.round((255 * y) / height);
      data[i + 2] = Math.max(0, Math.min(255, Math.round(200 - wave)));
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

/** PSNR in dB over R, G and B. */
function psnr(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if (i % 4 === 3) continue;
    const d = a[i]! - b[i]!;
    sum += d * d;
    n++;
  }
  return sum === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / (sum / n));
}

describe.skipIf(!HAVE_IMAGEMAGICK)("encodeJpeg, decoded by ImageMagick", () => {
  it.each([
    [64, 48],
    [33, 17],
    [1, 1],
    [250, 9],
  ])("encodes %i × %i close to the original", (width, height) => {
    const image = picture(width, height);
    const file = dir.write(`p${width}x${height}.jpg`, encodeJpeg(image, { quality: 92 }));
    expect(magickIdentify(file)).toMatch(new RegExp(`JPEG ${width}x${height} `));
    const decoded = magickRgba(file);
    expect([decoded.width, decoded.height]).toEqual([width, height]);
    expect(psnr(image.data, decoded.data)).toBeGreaterThan(width * height > 64 ? 32 : 25);
  });

  it("trades size for quality and writes its density", () => {
    const image = picture(200, 150);
    const low = encodeJpeg(image, { quality: 30 });
    const high = encodeJpeg(image, { quality: 95, density: { x: 300, y: 300 } });
    expect(low.length).toBeLessThan(high.length);
    expect(psnr(image.data, magickRgba(dir.write("low.jpg", low)).data)).toBeLessThan(psnr(image.data, magickRgba(dir.write("high.jpg", high)).data));
    expect(jpegSize(high)).toEqual({ width: 200, height: 150 });
    expect(jpegDensity(high)).toEqual({ x: 300, y: 300 });
    // quality 100 with a sharp checkerboard: every coefficient still codes
    const sharp = { width: 16, height: 16, data: Uint8Array.from({ length: 1024 }, (_, i) => ((i >> 2) % 2 === ((i >> 6) % 2) ? 255 : 0) | (i % 4 === 3 ? 255 : 0)) };
    expect(psnr(sharp.data, magickRgba(dir.write("sharp.jpg", encodeJpeg(sharp, { quality: 100 }))).data)).toBeGreaterThan(20);
  });

  it("is read back by our decoder", () => {
    const image = picture(40, 40);
    const bytes = encodeJpeg(image);
    const ours = decodeJpegImage(bytes);
    expect(psnr(image.data, ours.data)).toBeGreaterThan(30);
  });
});
