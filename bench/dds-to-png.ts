/**
 * Whole-file DDS -> PNG benchmark (not a test): `node bench/dds-to-png.ts [SIZE]`.
 *
 * Two SIZE x SIZE (default 4096) DDS files of a photo-like picture, made by our encoder: DXT1
 * (BC1, opaque: an RGB PNG) and DXT5 (BC3 with an alpha gradient: an RGBA PNG). Each is converted
 * to PNG by
 * - ours in this process, one thread: read the file, decodeDds, encodePng, write the file; and
 *   the CLI's one-thread path, BC1-BC5 chunks decoded and compressed one after another (no whole
 *   decoded image);
 * - ours in this process, on worker threads (cli/png-pool.ts: the workers decode and compress
 *   chunks, docs/decisions/059-parallel-png.md), the pool started once and kept between runs;
 * - ours as the user runs it: `npm run convert -- in.dds out.png` (npm and process start
 *   included), and `node cli/launch.js in.dds out.png`: as it chooses (the default: worker threads
 *   only for images of MIN_PARALLEL_CHUNKS chunks and more), on one thread (CONVERT_THREADS=1) and
 *   on worker threads whatever the size (CONVERT_THREADS=cores);
 * - native ffmpeg (`ffmpeg -i in.dds out.png`) and ImageMagick 6 (`convert in.dds out.png`).
 * Median of RUNS (default 5) runs after one warm-up run: wall-clock time, and the CPU time of the
 * process(es), workers included (steadier when other work shares the machine). Targets: ours in
 * Node at most 0.6x ffmpeg's time (issue 6); `npm run convert` at most 0.5x (issue 12), and on
 * worker threads at most 0.25x (issue 33). The same in Chromium: bench/dds-to-png-browser.ts.
 * Then where the CLI's time goes: npm, Node's start, loading the CLI, and read / decode / encode /
 * write as timed inside a fresh process on one thread (`node bench/dds-to-png.ts --parts in.dds out.png`),
 * and the same on worker threads (`--parts-threads`: start of the workers, plan, chunks, write).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeDds, encodeDds } from "#codecs/dds/index.ts";
import { syntheticPhoto, type SyntheticAlpha } from "#tests/support/codecs/dds/synthetic-image.ts";
import { encodePng } from "#codecs/png/index.ts";
import { IMAGEMAGICK } from "#tests/support/reference-tools.ts";
import { ddsToPngThreads, shutDownPool, threadSetting, warmPool } from "#cli/png-pool.ts";
import { writeOutput } from "#cli/convert-io.ts";
import { median, timed, timedAsync } from "./measure.ts";

const FFMPEG = "/usr/bin/ffmpeg";
const NODE_TARGET = 0.6;
const CLI_TARGET = 0.5;
const THREADS_TARGET = 0.25;
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
function runTimed(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Times {
  const once = (): Times => {
    const cpu0 = childrenCpuMs();
    const t0 = performance.now();
    execFileSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env });
    return { wall: performance.now() - t0, cpu: childrenCpuMs() - cpu0 };
  };
  once();
  const runs = Array.from({ length: RUNS }, once);
  return { wall: median(runs.map((r) => r.wall)), cpu: median(runs.map((r) => r.cpu)) };
}

const ms = (value: number) => `${Math.round(value)} ms`;
/** Each named part's median over the runs. */
const medians = (runs: Record<string, number>[]) => Object.keys(runs[0]!).map((name) => [name, median(runs.map((p) => p[name]!))] as const);
const ONE_THREAD = { ...process.env, CONVERT_THREADS: "1" };
/** worker threads whatever the size (the default uses them only from MIN_PARALLEL_CHUNKS chunks) */
const FORCED_THREADS = { ...process.env, CONVERT_THREADS: String(threadSetting().threads) };

/** In a fresh process, one thread: the conversion's parts, timed one by one (milliseconds). */
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

/** In a fresh process, on worker threads as the CLI runs them: the parts (milliseconds). */
async function partsThreads(input: string, output: string): Promise<void> {
  const t0 = performance.now();
  warmPool(Number.MAX_SAFE_INTEGER); // as many chunks as it takes: every worker
  const t1 = performance.now();
  const bytes = readFileSync(input);
  const t2 = performance.now();
  const { png } = await ddsToPngThreads(bytes, {}, { ...threadSetting(), forced: true });
  const t3 = performance.now();
  writeOutput(output, png);
  const t4 = performance.now();
  await shutDownPool();
  console.log(JSON.stringify({ "start the workers": t1 - t0, read: t2 - t1, "decode + encode on the workers": t3 - t2, write: t4 - t3 }));
}

interface Case {
  name: string;
  format: "bc1" | "bc3";
  alpha: SyntheticAlpha;
}

const CASES: readonly Case[] = [
  { name: "DXT1 (BC1), opaque: RGB PNG", format: "bc1", alpha: "opaque" },
  { name: "DXT5 (BC3), alpha gradient: RGBA PNG", format: "bc3", alpha: "gradient" },
];

async function benchCase(size: number, dir: string, c: Case): Promise<string[]> {
  const input = join(dir, `photo-${c.format}.dds`);
  writeFileSync(input, encodeDds(syntheticPhoto(size, size, c.alpha), { format: c.format, quality: "fast" }));
  const mp = (size * size) / 1e6;
  console.log(`\n${size}x${size} ${c.name}, median of ${RUNS} runs (Node ${process.versions.node}, ${threadSetting().threads} cores); wall clock, and CPU time`);
  const line = (label: string, t: Times, output: string, note = "") =>
    console.log(
      `${label.padEnd(36)}${(t.wall / 1000).toFixed(2).padStart(6)} s${(t.cpu / 1000).toFixed(2).padStart(7)} s CPU${(mp / (t.wall / 1000)).toFixed(1).padStart(7)} MP/s${(statSync(output).size / 1048576).toFixed(2).padStart(7)} MB PNG  ${note}`,
    );

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
  const ratio = (t: Times) => (ffmpeg ? t.wall / ffmpeg.wall : NaN);
  const s2 = (t: Times) => `${(t.wall / 1000).toFixed(2)} s`;
  const r2 = (t: Times) => ratio(t).toFixed(2);
  const verdict = (t: Times, target?: number) => {
    if (!ffmpeg) return "";
    const wall = ratio(t);
    return `${wall.toFixed(2)}x ffmpeg (CPU ${(t.cpu / ffmpeg.cpu).toFixed(2)}x)${target === undefined ? "" : ` ${wall <= target ? "PASS" : "FAIL"} (target <= ${target}x)`}`;
  };

  const single = join(dir, "ours.png");
  const inNode = timed(() => writeFileSync(single, encodePng(decodeDds(readFileSync(input)))), RUNS);
  line("ours in Node, one thread", inNode, single, verdict(inNode, NODE_TARGET));
  const chunked = join(dir, "ours-chunks.png");
  const inNodeChunks = await timedAsync(async () => writeOutput(chunked, (await ddsToPngThreads(readFileSync(input), {}, { threads: 1, forced: true })).png), RUNS);
  line("ours in Node, one thread, in chunks", inNodeChunks, chunked, verdict(inNodeChunks, NODE_TARGET));
  const threaded = join(dir, "ours-threads.png");
  warmPool(Number.MAX_SAFE_INTEGER); // as many chunks as it takes: every worker
  const inNodeThreads = await timedAsync(async () => writeOutput(threaded, (await ddsToPngThreads(readFileSync(input), {}, { ...threadSetting(), forced: true })).png), RUNS);
  line("ours in Node, worker threads", inNodeThreads, threaded, verdict(inNodeThreads, NODE_TARGET));
  await shutDownPool();

  const cli = join(dir, "cli.png");
  execFileSync(process.execPath, ["cli/launch.js", "--help"], { stdio: "ignore" }); // builds the CLI when it is stale
  const viaNpm = runTimed("npm", ["run", "--silent", "convert", "--", input, cli]);
  line("ours, npm run convert (default)", viaNpm, cli, verdict(viaNpm, THREADS_TARGET));
  const npmOne = runTimed("npm", ["run", "--silent", "convert", "--", input, cli], ONE_THREAD);
  line("ours, npm run convert (one thread)", npmOne, cli, verdict(npmOne, CLI_TARGET));
  const viaNode = runTimed(process.execPath, ["cli/launch.js", input, cli]);
  line("ours, node cli/launch.js (default)", viaNode, cli, verdict(viaNode));
  const nodeForced = runTimed(process.execPath, ["cli/launch.js", input, cli], FORCED_THREADS);
  line("ours, node cli/launch.js (threads)", nodeForced, cli, verdict(nodeForced));
  const nodeOne = runTimed(process.execPath, ["cli/launch.js", input, cli], ONE_THREAD);
  line("ours, node cli/launch.js (one thread)", nodeOne, cli, verdict(nodeOne));

  // where `npm run convert`'s time goes: differences of runs that stop earlier, and the parts timed inside a fresh process
  const npmHelp = runTimed("npm", ["run", "--silent", "convert", "--", "--help"]);
  const nodeHelp = runTimed(process.execPath, ["cli/launch.js", "--help"]);
  const nodeStart = runTimed(process.execPath, ["-e", "0"]);
  const inside = (flag: string) =>
    Array.from({ length: RUNS }, () => JSON.parse(execFileSync(process.execPath, ["bench/dds-to-png.ts", flag, input, join(dir, "parts.png")], { encoding: "utf8" })) as Record<string, number>);
  console.log("Where `npm run convert`'s time goes (wall clock, medians):");
  console.log(`  npm itself                  ${ms(npmHelp.wall - nodeHelp.wall)}   (npm run convert -- --help, minus node cli/launch.js --help)`);
  console.log(`  Node's start                ${ms(nodeStart.wall)}   (node -e 0)`);
  console.log(`  launcher + loading the CLI  ${ms(nodeHelp.wall - nodeStart.wall)}   (freshness check, build/cli/convert.js; node cli/launch.js --help minus node -e 0)`);
  console.log(`  the conversion, threads     ${ms(nodeForced.wall - nodeHelp.wall)}   (node cli/launch.js in out, minus --help); in a fresh process:`);
  for (const [name, value] of medians(inside("--parts-threads"))) console.log(`    ${name.padEnd(34)}${ms(value)}`);
  console.log(`  the conversion, one thread  ${ms(nodeOne.wall - nodeHelp.wall)}   in a fresh process:`);
  for (const [name, value] of medians(inside("--parts"))) console.log(`    ${name.padEnd(34)}${ms(value)}`);
  return [
    `| ${c.format === "bc1" ? "DXT1" : "DXT5"} | ${s2(inNode)} / ${s2(inNodeChunks)} / ${s2(inNodeThreads)} | ${s2(npmOne)} / ${s2(viaNpm)} | ${ffmpeg ? s2(ffmpeg) : "–"} | ${r2(inNode)} / ${r2(inNodeChunks)} / ${r2(inNodeThreads)} | ${r2(npmOne)} / ${r2(viaNpm)} |`,
  ];
}

async function bench(size: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "dds-to-png-bench-"));
  try {
    const rows: string[] = [];
    for (const c of CASES) rows.push(...(await benchCase(size, dir, c)));
    console.log("\nSummary (wall clock; in Node: one thread whole / one thread in chunks / worker threads; npm run convert: one thread / default; ratios to ffmpeg's time):");
    console.log("| file | in Node | npm run convert | ffmpeg | in Node ÷ ffmpeg | npm run convert ÷ ffmpeg |");
    console.log("|---|---|---|---|---|---|");
    for (const row of rows) console.log(row);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--parts") parts(process.argv[3]!, process.argv[4]!);
else if (process.argv[2] === "--parts-threads") await partsThreads(process.argv[3]!, process.argv[4]!);
else await bench(Number(process.argv[2]) || 4096);
