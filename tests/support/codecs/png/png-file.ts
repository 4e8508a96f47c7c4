// Reading a PNG file back in tests with decoders that are not ours: its filtered rows inflated by
// zlib (node:zlib, which checks the Adler-32), and its pixels as Pillow and ImageMagick decode them
// (tests skip those when the tool is absent: HAVE_PILLOW, HAVE_IMAGEMAGICK).
import { execFileSync } from "node:child_process";
import { inflateSync } from "node:zlib";
import { IMAGEMAGICK, PYTHON } from "#tests/support/reference-tools.ts";
import { idatStream, splitChunks } from "./test-helpers.ts";

/** The filtered rows the file holds, inflated by zlib. */
export function zlibFilteredRows(png: Uint8Array): Buffer {
  return inflateSync(idatStream(splitChunks(png)));
}

/** The pixels as Pillow decodes the file, as RGBA8. */
export function pillowRgba(file: string): Uint8Array {
  const script = "import sys\nfrom PIL import Image\nsys.stdout.buffer.write(Image.open(sys.argv[1]).convert('RGBA').tobytes())";
  return new Uint8Array(execFileSync(PYTHON, ["-c", script, file], { maxBuffer: 1 << 30 }));
}

/** The pixels as ImageMagick 6 decodes the file, as RGBA8. */
export function imageMagickRgba(file: string): Uint8Array {
  return new Uint8Array(execFileSync(IMAGEMAGICK, [file, "-depth", "8", "rgba:-"], { maxBuffer: 1 << 30 }));
}
