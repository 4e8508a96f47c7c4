// Fixtures and independent checks for the image tool e2e specs: images made and decoded by
// ImageMagick 6 and icoutils (not our code), a scratch folder each spec removes, pixel metrics.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { psnrChannels } from "#codecs/image/psnr.ts";
export { HAVE_IMAGEMAGICK, IMAGEMAGICK } from "#tests/support/reference-tools.ts";
import { IMAGEMAGICK } from "#tests/support/reference-tools.ts";
import { magickRgbaBytes } from "#tests/support/imagemagick.ts";
import { scratch } from "#tests/support/scratch.ts";

export { HAVE_ICOTOOL, ICOTOOL } from "#tests/support/reference-tools.ts";
import { ICOTOOL } from "#tests/support/reference-tools.ts";

/** The shared scratch folder (tests/support/scratch.ts) under the names these specs use: `at(name)`, `remove()`. */
export function scratchDir(prefix: string) {
  const folder = scratch(prefix);
  return { ...folder, at: folder.path, remove: folder.cleanup };
}

/** Runs ImageMagick 6 (the `convert` on PATH here is a stand-in). */
export function magick(...args: string[]): Buffer {
  return execFileSync(IMAGEMAGICK, args, { stdio: ["ignore", "pipe", "pipe"], maxBuffer: 256 << 20 });
}

/** ImageMagick's own decode of a file to straight 8-bit RGBA, checked against the size it should have. */
export function magickRgba(file: string, width: number, height: number): RgbaImage {
  const data = magickRgbaBytes(file);
  if (data.length !== width * height * 4) throw new Error(`ImageMagick decoded ${data.length} bytes from ${file}, expected ${width}×${height}×4`);
  return { width, height, data };
}

/** Swaps R and B in place: ImageMagick 6 reads every 32-bit DDS as BGRA, whatever its channel masks say. */
export function swapRedBlue(image: RgbaImage): RgbaImage {
  const data = Uint8Array.from(image.data);
  for (let i = 0; i < data.length; i += 4) [data[i], data[i + 2]] = [data[i + 2]!, data[i]!];
  return { ...image, data };
}

/** icotool's list of an ICO's images: width, height and bit depth of each. */
export function icoEntries(file: string): { width: number; height: number; bitDepth: number }[] {
  const listing = execFileSync(ICOTOOL, ["-l", file], { encoding: "utf8" });
  return listing
    .trim()
    .split("\n")
    .map((line) => ({
      width: Number(/--width=(\d+)/.exec(line)?.[1]),
      height: Number(/--height=(\d+)/.exec(line)?.[1]),
      bitDepth: Number(/--bit-depth=(\d+)/.exec(line)?.[1]),
    }));
}

/** icotool's extraction of the image of one width, as PNG bytes. */
export function icoImagePng(file: string, width: number, outDir: string): Uint8Array {
  const out = path.join(outDir, `icon-${width}.png`);
  execFileSync(ICOTOOL, ["-x", `--width=${width}`, "-o", out, file]);
  return new Uint8Array(readFileSync(out));
}

/** PSNR over all four channels (straight alpha); Infinity when equal. */
export function psnrRgba(a: RgbaImage, b: RgbaImage): number {
  expectSameSize(a, b);
  return psnrChannels(a.data, b.data, 4);
}

export function maxAbsDiff(a: RgbaImage, b: RgbaImage): number {
  expectSameSize(a, b);
  let max = 0;
  for (let i = 0; i < a.data.length; i++) max = Math.max(max, Math.abs(a.data[i]! - b.data[i]!));
  return max;
}

export function meanAbsDiff(a: RgbaImage, b: RgbaImage): number {
  expectSameSize(a, b);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

function expectSameSize(a: RgbaImage, b: RgbaImage): void {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`sizes differ: ${a.width}×${a.height} and ${b.width}×${b.height}`);
}

/** The alpha of pixel (x, y). */
export function alphaAt(image: RgbaImage, x: number, y: number): number {
  return image.data[(y * image.width + x) * 4 + 3]!;
}

/** A deterministic RGBA image with a gradient, a pattern of its own and varied alpha. */
export function patternImage(width: number, height: number, seed: number): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 255) / Math.max(1, width - 1);
      data[i + 1] = (y * 255) / Math.max(1, height - 1);
      data[i + 2] = ((x ^ y) * 16 + seed * 40) & 0xff;
      data[i + 3] = 255 - ((x + y + seed) % 4) * 60;
    }
  }
  return { width, height, data };
}
