/**
 * Support for the encoder tests: PSNR, and decoding our DDS files with independent tools
 * (ImageMagick 6, Pillow, ffmpeg) into RGBA8 bytes. Each probe says whether its tool is present.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { FFMPEG, PYTHON } from "#tests/support/reference-tools.ts";

export { FFMPEG, HAVE_FFMPEG, HAVE_IMAGEMAGICK, HAVE_PILLOW } from "#tests/support/reference-tools.ts";
export { magickIdentify as identifyWithImageMagick, magickRgbaBytes as decodeWithImageMagick } from "#tests/support/imagemagick.ts";
export { scratch } from "#tests/support/scratch.ts";

/** PSNR in dB over the first `channels` channels of RGBA pixels (Infinity when identical). */
export { psnrChannels as psnr } from "#codecs/image/psnr.ts";

/** PSNR of one channel (3 = alpha). */
export function psnrChannel(a: ArrayLike<number>, b: ArrayLike<number>, channel: number): number {
  let sum = 0;
  for (let i = channel; i < a.length; i += 4) sum += (a[i]! - b[i]!) ** 2;
  return sum === 0 ? Infinity : 10 * Math.log10((255 * 255) / (sum / (a.length / 4)));
}

const PILLOW_SCRIPT = `
import sys
from PIL import Image
im = Image.open(sys.argv[1])
sys.stdout.write("%s %d %d\\n" % (im.mode, im.width, im.height))
sys.stdout.flush()
sys.stdout.buffer.write(im.convert("RGBA").tobytes())
`;

/** Pillow's decode of a DDS file: its mode, size and RGBA8 pixels. */
export function decodeWithPillow(file: string): { mode: string; width: number; height: number; data: Uint8Array } {
  const out = execFileSync(PYTHON, ["-c", PILLOW_SCRIPT, file], { maxBuffer: 1 << 28 });
  const newline = out.indexOf(10);
  const [mode, width, height] = out.subarray(0, newline).toString().split(" ");
  return { mode: mode!, width: Number(width), height: Number(height), data: new Uint8Array(out.subarray(newline + 1)) };
}

/** ffmpeg's RGBA8 decode of a DDS file. */
export function decodeWithFfmpeg(file: string): Uint8Array {
  return new Uint8Array(
    execFileSync(FFMPEG, ["-v", "error", "-i", file, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"], {
      maxBuffer: 1 << 28,
    }),
  );
}

/** Writes bytes to a file and returns its path. */
export function writeFile(path: string, bytes: Uint8Array | Uint8ClampedArray): string {
  writeFileSync(path, bytes);
  return path;
}
