// ImageMagick 6 as the tests' independent image maker and decoder.
import { execFileSync } from "node:child_process";
import { IMAGEMAGICK } from "./reference-tools.ts";

/** Runs ImageMagick's convert with these arguments. */
export function magick(args: string[]): void {
  execFileSync(IMAGEMAGICK, args, { stdio: ["ignore", "ignore", "pipe"] });
}

/** ImageMagick's decode of a file (its first image, or one frame, `file[2]`) as 8-bit RGBA bytes. */
export function magickRgbaBytes(file: string): Uint8Array {
  return new Uint8Array(execFileSync(IMAGEMAGICK, [file, "-depth", "8", "rgba:-"], { maxBuffer: 1 << 28 }));
}

/** The same decode with the image's size. */
export function magickRgba(file: string): { width: number; height: number; data: Uint8Array } {
  const size = execFileSync(IMAGEMAGICK, [file, "-format", "%w %h\n", "info:"], { encoding: "utf8" }).trim().split("\n")[0]!.split(" ").map(Number);
  return { width: size[0]!, height: size[1]!, data: magickRgbaBytes(file) };
}

/** ImageMagick's `identify` line for a file. */
export function magickIdentify(file: string): string {
  return execFileSync(IMAGEMAGICK.replace("convert-", "identify-"), [file]).toString().trim();
}

/** ImageMagick's `identify -format` of a file ("%m %w %h" → "PNG 640 480"). */
export function magickFormat(file: string, format: string): string {
  return execFileSync(IMAGEMAGICK.replace("convert-", "identify-"), ["-format", format, file], { encoding: "utf8" });
}
