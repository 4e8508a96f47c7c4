/**
 * PNG -> DDS encoding benchmark (not a test): `node bench/dds-encode.ts [SIZE] [FORMAT:QUALITY...]`.
 *
 * A deterministic photo-like SIZE x SIZE picture (default 4096) is written as a PNG; then
 * - ours: encodeDds on the decoded pixels for uncompressed, BC1 and BC7 (and BC3) at each quality,
 *   megapixels per second as the median of several runs (wall clock and process CPU time), and
 *   once more end to end from the PNG file (our PNG decoder + encode), with the PSNR of the result
 *   (decoded by our block decoder) against the source;
 * - ImageMagick 6's DXT1 of the same PNG (`-define dds:compression=dxt1`, without and with its
 *   default mip chain), timed as a whole process, its PSNR measured the same way.
 * Slow settings (BC7 best) run on a centred crop of at most 1024 x 1024 and are scaled to MP/s.
 * Set RUNS to change the number of timed runs (default 5; 3 for slow settings).
 */
import { median, timed } from "./measure.ts";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodePng, encodePng } from "#codecs/png/index.ts";
import type { RgbaImage } from "#codecs/image/rgba-image.ts";
import { decodeBlocksRgba8 } from "#codecs/dds/block.ts";
import { encodeDds, type DdsEncodeFormat, type DdsEncodeQuality } from "#codecs/dds/encode.ts";
import { syntheticPhoto } from "#tests/support/codecs/dds/synthetic-image.ts";
import { psnrChannels } from "#codecs/image/psnr.ts";
import { IMAGEMAGICK } from "#tests/support/reference-tools.ts";

const SIZE = Number(process.argv[2]) || 4096;
const RUNS = Number(process.env.RUNS) || 5;
/** Settings whose runs go on a crop of at most this many pixels a side. */
const SLOW_CROP = 1024;

interface Setting {
  format: DdsEncodeFormat;
  quality: DdsEncodeQuality;
  slow: boolean;
}

const DEFAULT_SETTINGS: Setting[] = [
  { format: "rgba8", quality: "balanced", slow: false },
  { format: "bc1", quality: "fast", slow: false },
  { format: "bc1", quality: "balanced", slow: false },
  { format: "bc1", quality: "best", slow: true },
  { format: "bc3", quality: "balanced", slow: false },
  { format: "bc7", quality: "fast", slow: false },
  { format: "bc7", quality: "balanced", slow: false },
  { format: "bc7", quality: "best", slow: true },
];

/** `bc1:fast` style arguments pick settings. */
const picked = process.argv
  .slice(3)
  .map((arg) => DEFAULT_SETTINGS.find((s) => `${s.format}:${s.quality}` === arg))
  .filter((s): s is Setting => s !== undefined);
const settings = picked.length > 0 ? picked : DEFAULT_SETTINGS;

/** Top level of one of our DDS files (or ImageMagick's DXT1) decoded to RGBA8. */
function decodeTop(dds: Uint8Array, format: DdsEncodeFormat, width: number, height: number): ArrayLike<number> {
  if (format === "rgba8") return dds.subarray(128, 128 + width * height * 4);
  const block = format === "bc1" ? "BC1" : format === "bc3" ? "BC3" : "BC7";
  return decodeBlocksRgba8(block, dds.subarray(format === "bc7" ? 148 : 128), width, height);
}

function crop(img: RgbaImage, side: number): RgbaImage {
  if (img.width <= side && img.height <= side) return img;
  const x0 = (img.width - side) >> 1;
  const y0 = (img.height - side) >> 1;
  const data = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y++) {
    const from = ((y0 + y) * img.width + x0) * 4;
    data.set(img.data.subarray(from, from + side * 4), y * side * 4);
  }
  return { width: side, height: side, data };
}

const mps = (pixels: number, ms: number) => pixels / 1e6 / (ms / 1000);
const row = (label: string, cells: string[]) => console.log(`${label.padEnd(22)}${cells.map((c) => c.padStart(13)).join("")}`);

const dir = mkdtempSync(join(tmpdir(), "dds-encode-bench-"));
try {
  const t0 = performance.now();
  const source = syntheticPhoto(SIZE, SIZE);
  const png = encodePng(source);
  const pngPath = join(dir, "photo.png");
  writeFileSync(pngPath, png);
  console.log(
    `PNG -> DDS encoding, ${SIZE}x${SIZE} photo-like picture (PNG ${(png.length / 1048576).toFixed(1)} MB, made in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s), median of ${RUNS} runs (Node ${process.versions.node})`,
  );
  const decodeTime = timed(() => decodePng(png), Math.min(RUNS, 3));
  console.log(`PNG decode alone: ${decodeTime.wall.toFixed(0)} ms (${mps(SIZE * SIZE, decodeTime.wall).toFixed(1)} MP/s)`);
  console.log("");
  row("encoder", ["encode MP/s", "(CPU MP/s)", "PNG->DDS s", "PSNR dB"]);
  let bc1: { mps: number; psnr: number } | null = null;
  for (const setting of settings) {
    const img = setting.slow ? crop(source, SLOW_CROP) : source;
    const pixels = img.width * img.height;
    const options = { format: setting.format, quality: setting.quality };
    let dds: Uint8Array = new Uint8Array(0);
    const time = timed(() => {
      dds = encodeDds(img, options);
    }, setting.slow ? Math.min(RUNS, 3) : RUNS);
    const score = psnrChannels(decodeTop(dds, setting.format, img.width, img.height), img.data, 3);
    // End to end from the PNG bytes, once (full size only for the fast settings).
    let endToEnd = "-";
    if (!setting.slow) {
      const e0 = performance.now();
      const decoded = decodePng(png);
      encodeDds(decoded, options);
      endToEnd = ((performance.now() - e0) / 1000).toFixed(2);
    }
    if (setting.format === "bc1" && setting.quality === "balanced") bc1 = { mps: mps(pixels, time.wall), psnr: score };
    const label = `ours ${setting.format} ${setting.format === "rgba8" ? "" : setting.quality}${setting.slow ? ` (${img.width}²)` : ""}`;
    row(label, [
      mps(pixels, time.wall).toFixed(1),
      `(${mps(pixels, time.cpu).toFixed(1)})`,
      endToEnd,
      Number.isFinite(score) ? score.toFixed(2) : "exact",
    ]);
  }
  if (existsSync(IMAGEMAGICK)) {
    for (const [label, defines] of [
      ["ImageMagick DXT1", ["-define", "dds:compression=dxt1", "-define", "dds:mipmaps=0"]],
      ["ImageMagick DXT1+mips", ["-define", "dds:compression=dxt1"]],
    ] as const) {
      const out = join(dir, "im.dds");
      const wall: number[] = [];
      for (let r = 0; r < Math.min(RUNS, 3); r++) {
        const s0 = performance.now();
        execFileSync(IMAGEMAGICK, [pngPath, ...defines, out]);
        wall.push(performance.now() - s0);
      }
      const theirs = new Uint8Array(readFileSync(out));
      const score = psnrChannels(decodeTop(theirs, "bc1", SIZE, SIZE), source.data, 3);
      row(label, [mps(SIZE * SIZE, median(wall)).toFixed(1), "", (median(wall) / 1000).toFixed(2), score.toFixed(2)]);
      if (bc1 && label === "ImageMagick DXT1") {
        const pass = bc1.mps >= 15 && bc1.psnr >= score;
        console.log(`target: ours BC1 balanced >= 15 MP/s at a PSNR no worse than ImageMagick's DXT1 (${score.toFixed(2)} dB): ${pass ? "PASS" : "FAIL"}`);
      }
    }
  } else {
    console.log(`(ImageMagick comparison skipped: ${IMAGEMAGICK} is not installed)`);
  }
  console.log("");
  console.log("encode MP/s: encodeDds alone on decoded pixels; PNG->DDS s: PNG decode + encode, one run;");
  console.log("ImageMagick: the whole `convert` process (PNG decode, DXT1 encode, file write). PSNR: RGB, top level,");
  console.log("all files decoded by our BC decoder. ffmpeg has no DDS encoder, so it has no row here.");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
