/**
 * Whole-file DDS -> PNG benchmark (not a test): `node bench/dds-to-png.ts [SIZE]`.
 *
 * A SIZE x SIZE (default 4096) BC1/DXT1 DDS of a photo-like picture (made by our encoder) is
 * converted to PNG by
 * - ours in this process: read the file, decodeDds, encodePng (default level), write the file;
 * - ours as the CLI (`node cli/convert.ts in.dds out.png`, process start included);
 * - native ffmpeg (`ffmpeg -i in.dds out.png`) and ImageMagick 6 (`convert in.dds out.png`).
 * Median of RUNS (default 5) wall-clock times after one warm-up run. Target (issue 6): ours at most
 * 0.6x ffmpeg's time.
 */
import { timed } from "./measure.ts";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeDds, encodeDds } from "../codecs/dds/index.ts";
import { syntheticPhoto } from "../codecs/dds/synthetic-image.ts";
import { encodePng } from "../codecs/png/index.ts";
import { IMAGEMAGICK } from "../tests/support/reference-tools.ts";

const SIZE = Number(process.argv[2]) || 4096;
const RUNS = Number(process.env.RUNS) || 5;
const FFMPEG = "/usr/bin/ffmpeg";
const TARGET_RATIO = 0.6;

/** Median wall-clock milliseconds of RUNS runs after a warm-up. */
const wallTime = (work: () => void): number => timed(work, RUNS).wall;

const dir = mkdtempSync(join(tmpdir(), "dds-to-png-bench-"));
try {
  const input = join(dir, "photo.dds");
  writeFileSync(input, encodeDds(syntheticPhoto(SIZE, SIZE), { format: "bc1", quality: "fast" }));
  const mp = (SIZE * SIZE) / 1e6;
  console.log(`Whole-file DDS -> PNG, ${SIZE}x${SIZE} BC1 (DXT1), median of ${RUNS} runs (Node ${process.versions.node})`);
  const line = (label: string, ms: number, output: string, note = "") =>
    console.log(`${label.padEnd(26)}${(ms / 1000).toFixed(2).padStart(8)} s${(mp / (ms / 1000)).toFixed(1).padStart(9)} MP/s${(statSync(output).size / 1048576).toFixed(1).padStart(8)} MB PNG  ${note}`);

  const ours = join(dir, "ours.png");
  const oursMs = wallTime(() => writeFileSync(ours, encodePng(decodeDds(readFileSync(input)))));
  const cli = join(dir, "cli.png");
  const cliMs = wallTime(() => execFileSync(process.execPath, ["cli/convert.ts", input, cli]));
  let ffmpegMs: number | null = null;
  if (existsSync(FFMPEG)) {
    const out = join(dir, "ffmpeg.png");
    ffmpegMs = wallTime(() => execFileSync(FFMPEG, ["-v", "error", "-y", "-i", input, out]));
    line("ffmpeg (native)", ffmpegMs, out);
  } else console.log(`(ffmpeg comparison skipped: ${FFMPEG} is not installed)`);
  if (existsSync(IMAGEMAGICK)) {
    const out = join(dir, "im.png");
    line("ImageMagick 6 (native)", wallTime(() => execFileSync(IMAGEMAGICK, [input, out])), out);
  } else console.log(`(ImageMagick comparison skipped: ${IMAGEMAGICK} is not installed)`);
  const verdict = (ms: number) => (ffmpegMs ? `${(ms / ffmpegMs).toFixed(2)}x ffmpeg ${ms <= TARGET_RATIO * ffmpegMs ? "PASS" : "FAIL"} (target <= ${TARGET_RATIO}x)` : "");
  line("ours, in Node", oursMs, ours, verdict(oursMs));
  line("ours, CLI process", cliMs, cli, verdict(cliMs));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
