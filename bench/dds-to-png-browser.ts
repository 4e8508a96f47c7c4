/**
 * DDS -> PNG on the tool page of the production build, in headless Chromium (not a test):
 * `node bench/dds-to-png-browser.ts [--size 4096] [--runs 3] [--build] [--port P]`.
 *
 * The two files of bench/dds-to-png.ts (SIZE² DXT1, opaque, and DXT5 with an alpha gradient) are
 * converted on /tool/dds-to-png by a fresh browser each run (as a visitor's first conversion: no
 * worker started, nothing compiled; the service worker's precaching is waited for), once with the
 * PNG pool's nested workers (`localStorage["convert-threads"]` = the cores, which also lifts the
 * pool's size threshold, docs/decisions/059-parallel-png.md) and once on the tool's one worker
 * (`"1"`), timed from Convert to the Download link. Each output's
 * pixels are checked against our decoder's. Native ffmpeg on the same file gives the ratio
 * (target: at most 0.25x, issue 33). Needs `npm run build` (or --build).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { decodeDds, encodeDds } from "#codecs/dds/index.ts";
import { decodePng } from "#codecs/png/index.ts";
import { THREADS_KEY } from "#app/tools/shared/thread-cap.ts";
import { syntheticPhoto } from "#tests/support/codecs/dds/synthetic-image.ts";
import { benchArgs, positiveInt } from "./bench-args.ts";
import { convertInPage } from "./docs-browser.ts";
import { median } from "./measure.ts";
import { build, startServerOrExit } from "./server.ts";

const FFMPEG = "/usr/bin/ffmpeg";
const TARGET = 0.25;
const args = benchArgs("node bench/dds-to-png-browser.ts [--size 4096] [--runs 3] [--build] [--port P]", {
  size: { type: "string", default: "4096" },
  runs: { type: "string", default: "3" },
  build: { type: "boolean", default: false },
  port: { type: "string", default: "3931" },
});
const size = positiveInt(args.size, "--size");
const runs = positiveInt(args.runs, "--runs");

function ffmpegSeconds(input: string, output: string): number {
  const once = () => {
    const t0 = performance.now();
    execFileSync(FFMPEG, ["-v", "error", "-y", "-i", input, output]);
    return (performance.now() - t0) / 1000;
  };
  once();
  return median(Array.from({ length: runs }, once));
}

if (args.build) build();
const server = await startServerOrExit(positiveInt(args.port, "--port"));
const dir = mkdtempSync(join(tmpdir(), "dds-browser-bench-"));
const rows: string[] = [];
try {
  for (const [name, format, alpha] of [
    ["DXT1", "bc1", "opaque"],
    ["DXT5", "bc3", "gradient"],
  ] as const) {
    const input = join(dir, `photo-${format}.dds`);
    const dds = encodeDds(syntheticPhoto(size, size, alpha), { format, quality: "fast" });
    writeFileSync(input, dds);
    const expected = Buffer.from(decodeDds(dds).data);
    const ffmpeg = ffmpegSeconds(input, join(dir, "ffmpeg.png"));
    const timesOf = async (threads: string) => {
      const seconds: number[] = [];
      for (let run = 0; run < runs; run++) {
        const output = join(dir, "page.png");
        const result = await convertInPage({
          baseUrl: server.baseUrl,
          path: "/tool/dds-to-png",
          input,
          output,
          setUp: (page) =>
            page.evaluate(
              async ([key, value]) => {
                localStorage.setItem(key, value);
                await navigator.serviceWorker?.ready;
              },
              [THREADS_KEY, threads] as const,
            ),
        });
        if (result.seconds === null) throw new Error(`${name}: ${result.note}`);
        if (!Buffer.from(decodePng(readFileSync(output)).data).equals(expected)) throw new Error(`${name}: the page's PNG does not hold the decoded pixels`);
        seconds.push(result.seconds);
      }
      return median(seconds);
    };
    const pool = await timesOf(String(availableParallelism()));
    const one = await timesOf("1");
    const ratio = (s: number) => (s / ffmpeg).toFixed(2);
    console.log(`${size}² ${name} in Chromium (median of ${runs} fresh browsers): pool ${pool.toFixed(2)} s, one worker ${one.toFixed(2)} s; ffmpeg ${ffmpeg.toFixed(2)} s`);
    rows.push(`| ${name} | ${one.toFixed(2)} s | ${pool.toFixed(2)} s | ${ffmpeg.toFixed(2)} s | ${ratio(one)} | ${ratio(pool)} ${pool / ffmpeg <= TARGET ? "PASS" : "FAIL"} (≤ ${TARGET}) |`);
  }
  console.log("\n| file | one worker | pool | ffmpeg | one ÷ ffmpeg | pool ÷ ffmpeg |\n|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
} finally {
  rmSync(dir, { recursive: true, force: true });
  await server.stop();
}
