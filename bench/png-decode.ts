/**
 * PNG decoding benchmark (not a test): `node bench/png-decode.ts [SIZE]`.
 *
 * A deterministic photo-like SIZE x SIZE opaque picture (default 4096) is written as an RGB PNG
 * by encodePng at its default level and, when ImageMagick is installed, re-encoded by ImageMagick
 * (zlib, adaptive filters, 8 KB IDAT chunks). Each file is decoded by:
 * - decodePng (ours): codecs/png, to RGBA8;
 * - fast-png: its decode alone, which leaves RGB samples (decodePng used it before, and then spent
 *   more time converting to RGBA8).
 * Each prints the median of RUNS (default 5) runs after one warm-up, by wall clock and by process
 * CPU time (steadier on a busy machine), and megapixels per second.
 */
import { timed } from "./measure.ts";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decode as fastPngDecode } from "fast-png";
import { syntheticPhoto } from "#tests/support/codecs/dds/synthetic-image.ts";
import { decodePng, encodePng } from "#codecs/png/index.ts";
import { IMAGEMAGICK } from "#tests/support/reference-tools.ts";

const SIZE = Number(process.argv[2]) || 4096;
const RUNS = Number(process.env.RUNS) || 5;

const image = syntheticPhoto(SIZE, SIZE);
const files: [string, Uint8Array][] = [["encodePng", encodePng(image)]];
if (existsSync(IMAGEMAGICK)) {
  const dir = mkdtempSync(join(tmpdir(), "png-bench-"));
  try {
    writeFileSync(join(dir, "in.png"), files[0]![1]);
    execFileSync(IMAGEMAGICK, [join(dir, "in.png"), `PNG24:${join(dir, "out.png")}`]);
    files.push(["ImageMagick", new Uint8Array(readFileSync(join(dir, "out.png")))]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  console.log(`(${IMAGEMAGICK} is not installed: only encodePng's file)`);
}

const megapixels = (SIZE * SIZE) / 1e6;
console.log(`PNG decode of a ${SIZE}x${SIZE} opaque photo (${megapixels.toFixed(1)} MP, RGB), median of ${RUNS} (Node ${process.versions.node})`);
for (const [writer, png] of files) {
  const ours = decodePng(png);
  if (!Buffer.from(ours.data).equals(Buffer.from(image.data))) throw new Error(`decodePng misread ${writer}'s file`);
  const cases: [string, () => void][] = [
    ["decodePng (ours)", () => decodePng(png)],
    ["fast-png", () => fastPngDecode(png)],
  ];
  console.log(`${writer}'s file: ${(png.length / 1e6).toFixed(2)} MB`);
  for (const [name, run] of cases) {
    const { wall: ms, cpu: cms } = timed(run, RUNS);
    console.log(
      `  ${name.padEnd(17)} ${ms.toFixed(0).padStart(5)} ms ${((megapixels * 1000) / ms).toFixed(0).padStart(4)} MP/s` +
        `  (CPU ${cms.toFixed(0)} ms, ${((megapixels * 1000) / cms).toFixed(0)} MP/s)`,
    );
  }
}
