/**
 * Whole-file DDS -> PNG benchmark (not a test): `node bench/dds-to-png.ts [SIZE]`.
 *
 * A SIZE x SIZE (default 4096) BC1/DXT1 DDS of a photo-like picture (made by our encoder) is
 * converted to PNG by
 * - ours in this process: read the file, decodeDds, encodePng (default level), write the file;
 * - ours as the user runs it: `npm run convert -- in.dds out.png` (npm and process start included),
 *   and `node cli/launch.js in.dds out.png` (the same without npm);
 * - native ffmpeg (`ffmpeg -i in.dds out.png`) and ImageMagick 6 (`convert in.dds out.png`).
 * Median of RUNS (default 5) runs after one warm-up run: wall-clock time, and the CPU time of the
 * processes (steadier when other work shares the machine). Targets: ours in Node at most 0.6x
 * ffmpeg's time (issue 6); `npm run convert` at most 0.5x (issue 12).
 * Then where the CLI's time goes: npm, Node's start, loading the CLI, and read / decode / encode /
 * write as timed inside a fresh process (`node bench/dds-to-png.ts --parts in.dds out.png`).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeDds, encodeDds } from "#codecs/dds/index.ts";
import { syntheticPhoto } from "#tests/support/codecs/dds/synthetic-image.ts";
import { encodePng } from "#codecs/png/index.ts";
import { IMAGEMAGICK } from "#tests/support/reference-tools.ts";
import { median, timed } from "./measure.ts";

const FFMPEG = "/usr/bin/ffmpeg";
const NODE_TARGET = 0.6;
const CLI_TARGET = 0.5;
const RUNS = Number(process.env.RUNS) || 5;

interface Times {
  wall: number;
  cpu: number;
}

/** CPU milliseconds used so far by this process's finished children (and theirs: npm waits for node). */
function childrenCpuMs(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // cutime + cstime, in 1/100 s ticks
}

/** Medians of RUNS runs of a command after a warm-up. */
function runTimed(command: string, args: readonly string[]): Times {
  const once = (): Times => {
    const cpu0 = childrenCpuMs();
    const t0 = performance.now();
    execFileSync(command, args, { stdio: ["ignore", "ignore", "inherit"] });
    return { wall: performance.now() - t0, cpu: childrenCpuMs() - cpu0 };
  };
  once();
  const runs = Array.from({ length: RUNS }, once);
  return { wall: median(runs.map((r) => r.wall)), cpu: median(runs.map((r) => r.cpu)) };
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** In a fresh process: the conversion's parts, timed one by one (milliseconds). */
function parts(input: string, output: string): void {
  const t0 = performance.now();
  const bytes = readFileSync(input);
  const t1 = performance.now();
  const image = decodeDds(bytes);
  const t2 = performance.now();
  const png = encodePng(image);
  const t3 = performance.now();
  writeFileSync(output, png);
  const t4 = performance.now();
  console.log(JSON.stringify({ read: t1 - t0, decode: t2 - t1, encode: t3 - t2, write: t4 - t3 }));
}

function bench(size: number): void {
  const dir = mkdtempSync(join(tmpdir(), "dds-to-png-bench-"));
  try {
    const input = join(dir, "photo.dds");
    writeFileSync(input, encodeDds(syntheticPhoto(size, size), { format: "bc1", quality: "fast" }));
    const mp = (size * size) / 1e6;
    console.log(`Whole-file DDS -> PNG, ${size}x${size} BC1 (DXT1), median of ${RUNS} runs (Node ${process.versions.node}); wall clock, and CPU time`);
    const line = (label: string, t: Times, output: string, note = "") =>
      console.log(
        `${label.padEnd(30)}${(t.wall / 1000).toFixed(2).padStart(6)} s${(t.cpu / 1000).toFixed(2).padStart(7)} s CPU${(mp / (t.wall / 1000)).toFixed(1).padStart(7)} MP/s${(statSync(output).size / 1048576).toFixed(1).padStart(6)} MB PNG  ${note}`,
      );

    const ours = join(dir, "ours.png");
    const inNode = timed(() => writeFileSync(ours, encodePng(decodeDds(readFileSync(input)))), RUNS);
    const cli = join(dir, "cli.png");
    execFileSync(process.execPath, ["cli/launch.js", "--help"], { stdio: "ignore" }); // builds the CLI when it is stale
    const viaNpm = runTimed("npm", ["run", "--silent", "convert", "--", input, cli]);
    const viaNode = runTimed(process.execPath, ["cli/launch.js", input, cli]);
    let ffmpeg: Times | null = null;
    if (existsSync(FFMPEG)) {
      const out = join(dir, "ffmpeg.png");
      ffmpeg = runTimed(FFMPEG, ["-v", "error", "-y", "-i", input, out]);
      line("ffmpeg (native)", ffmpeg, out);
    } else console.log(`(ffmpeg comparison skipped: ${FFMPEG} is not installed)`);
    if (existsSync(IMAGEMAGICK)) {
      const out = join(dir, "im.png");
      line("ImageMagick 6 (native)", runTimed(IMAGEMAGICK, [input, out]), out);
    } else console.log(`(ImageMagick comparison skipped: ${IMAGEMAGICK} is not installed)`);
    const verdict = (t: Times, target: number) => {
      if (!ffmpeg) return "";
      const wall = t.wall / ffmpeg.wall;
      return `${wall.toFixed(2)}x ffmpeg (CPU ${(t.cpu / ffmpeg.cpu).toFixed(2)}x) ${wall <= target ? "PASS" : "FAIL"} (target <= ${target}x)`;
    };
    line("ours, in Node", inNode, ours, verdict(inNode, NODE_TARGET));
    line("ours, npm run convert", viaNpm, cli, verdict(viaNpm, CLI_TARGET));
    line("ours, node cli/launch.js", viaNode, cli, ffmpeg ? `${(viaNode.wall / ffmpeg.wall).toFixed(2)}x ffmpeg (CPU ${(viaNode.cpu / ffmpeg.cpu).toFixed(2)}x)` : "");

    // where `npm run convert`'s time goes: differences of runs that stop earlier, and the parts timed inside a fresh process
    const npmHelp = runTimed("npm", ["run", "--silent", "convert", "--", "--help"]);
    const nodeHelp = runTimed(process.execPath, ["cli/launch.js", "--help"]);
    const nodeStart = runTimed(process.execPath, ["-e", "0"]);
    const inside = Array.from({ length: RUNS }, () => JSON.parse(execFileSync(process.execPath, ["bench/dds-to-png.ts", "--parts", input, join(dir, "parts.png")], { encoding: "utf8" })) as Record<string, number>);
    const part = (name: string) => median(inside.map((p) => p[name]!));
    console.log("Where `npm run convert` spends its time (wall clock, medians):");
    console.log(`  npm itself                  ${ms(npmHelp.wall - nodeHelp.wall)}   (npm run convert -- --help, minus node cli/launch.js --help)`);
    console.log(`  Node's start                ${ms(nodeStart.wall)}   (node -e 0)`);
    console.log(`  launcher + loading the CLI  ${ms(nodeHelp.wall - nodeStart.wall)}   (freshness check, build/cli/convert.js; node cli/launch.js --help minus node -e 0)`);
    console.log(`  the conversion              ${ms(viaNode.wall - nodeHelp.wall)}   (node cli/launch.js in out, minus --help); in a fresh process:`);
    for (const name of ["read", "decode", "encode", "write"]) console.log(`    ${name.padEnd(26)}${ms(part(name))}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--parts") parts(process.argv[3]!, process.argv[4]!);
else bench(Number(process.argv[2]) || 4096);
