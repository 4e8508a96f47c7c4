// Media benchmark (issue 13): the audio and video tools' conversions in headless Chromium through
// the tool pages, and the same jobs with native ffmpeg on the same files, as a Markdown table of
// time, × realtime, the ratio to native and peak memory.
//
//   browser: the production server (bench/server.ts) on a free port, the system Chromium through
//            Playwright, one fresh browser per job; time from clicking Convert to the Download link
//            appearing (engine loading included); the download is then checked with ffprobe.
//   native:  /usr/bin/ffmpeg with the same codec settings (libmp3lame 192k, libvorbis 192k,
//            libx264 veryfast, libvpx-vp9 -deadline realtime, mpeg4 + libmp3lame, -c copy), its
//            default threads unless --native-threads; its output is checked the same way.
//   memory:  the peak, sampled every 200 ms from /proc, of the sum of PSS (proportional set size,
//            /proc/<pid>/smaps_rollup) over the process tree: Chromium's browser, renderer, GPU and
//            utility processes, or ffmpeg. PSS shares shared pages out, so the sum counts them once;
//            the RSS sum (which counts shared libraries once per process) is printed beside it, and
//            the file-mapped part of the PSS (page cache of mapped files: reclaimable, not heap).
//
// Inputs are made once by native ffmpeg into a cache folder (printed): a 3-minute WAV (tone + pink
// noise), the same as FLAC and as an audio-only MP4 (AAC 192k), a 60 s 720p MP4 (H.264 + AAC), a
// 10 s MPEG-2 program stream (720×576, MP2) and a 2.5 GiB MP4 (a 20 s 8 Mbit/s 720p clip looped with
// `-stream_loop -1 -c copy -fs`), skipped with the reason when less than 10 GB of disk is free.
//
// Run:   node bench/media.ts [--no-build] [--only native|browser] [--jobs id,id] [--runs N] [--native-threads N] [--port P]
//   --runs N   runs per side and job: the table shows the median time and the highest memory (default 1;
//              the machine is shared, so single runs vary by ±20 %)
// Exits 0 whatever the numbers; 1 when the build fails or the server cannot start.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statfsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { setOptions, type MediaPageOptions } from "#tests/e2e/support/media.ts";
import { audioStream, ffprobeJson, videoStream } from "#tests/support/media-checks.ts";
import { FFMPEG } from "#tests/support/reference-tools.ts";
import { THREADS_KEY } from "#app/tools/shared/thread-cap.ts";
import { VIDEO_SCALER_KEY } from "#app/tools/media/video-scaler-setting.ts";
import { benchArgs, oneOf, positiveInt } from "./bench-args.ts";
import { median } from "./measure.ts";
import { build, log, startServer, type BenchServer } from "./server.ts";

const CHROME_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const CACHE = join(tmpdir(), "media-bench");
const BIG_BYTES = 2.5 * 1024 ** 3;
const MIN_FREE_BYTES = 10 * 1000 ** 3;
const MB = 1024 * 1024;

// ---------------------------------------------------------------- arguments
const args = benchArgs("node bench/media.ts [--no-build] [--only native|browser] [--jobs id,id] [--runs N] [--native-threads N] [--port P]", {
  "no-build": { type: "boolean", default: false },
  only: { type: "string" },
  jobs: { type: "string" },
  "native-threads": { type: "string" },
  port: { type: "string", default: "3198" },
  runs: { type: "string", default: "1" },
});
const ONLY = oneOf(args.only, ["native", "browser"], "--only");
const NATIVE_THREADS = args["native-threads"] === undefined ? null : positiveInt(args["native-threads"], "--native-threads");
const PREFERRED_PORT = positiveInt(args.port, "--port");
const RUNS = positiveInt(args.runs, "--runs");

// ---------------------------------------------------------------- inputs
type InputName = "wav" | "flac" | "aacMp4" | "hd" | "mpeg2" | "big";

interface Input {
  file: string;
  seconds: number;
  /** made with ffmpeg, from other inputs if need be */
  make: (out: string) => void;
}

function ffmpeg(argv: string[]): void {
  const result = spawnSync(FFMPEG, ["-hide_banner", "-v", "error", "-y", ...argv], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  if (result.status !== 0) throw new Error(`ffmpeg ${argv.join(" ")} failed: ${result.stderr.trim()}`);
}

const TONE_AND_NOISE = (seconds: number) => [
  "-f", "lavfi", "-i", `aevalsrc=0.4*sin(2*PI*440*t)|0.4*sin(2*PI*660*t):s=44100:d=${seconds}`,
  "-f", "lavfi", "-i", `anoisesrc=color=pink:amplitude=0.15:sample_rate=44100:duration=${seconds}`,
  "-filter_complex", "[1:a]aformat=channel_layouts=stereo[n];[0:a][n]amix=inputs=2:normalize=0[a]", "-map", "[a]",
];
const LOOP_CLIP = join(CACHE, "loop-clip-20s-720p-8M.mp4");

const INPUTS: Record<InputName, Input> = {
  wav: { file: join(CACHE, "audio-180s.wav"), seconds: 180, make: (out) => ffmpeg([...TONE_AND_NOISE(180), "-c:a", "pcm_s16le", out]) },
  flac: { file: join(CACHE, "audio-180s.flac"), seconds: 180, make: (out) => ffmpeg(["-i", input("wav"), "-c:a", "flac", out]) },
  aacMp4: { file: join(CACHE, "audio-180s-aac.mp4"), seconds: 180, make: (out) => ffmpeg(["-i", input("wav"), "-c:a", "aac", "-b:a", "192k", out]) },
  hd: {
    file: join(CACHE, "video-60s-720p.mp4"),
    seconds: 60,
    make: (out) =>
      ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=60", ...TONE_AND_NOISE(60).slice(0, 4), "-map", "0:v", "-map", "1:a",
        "-c:v", "libx264", "-preset", "veryfast", "-b:v", "4M", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "160k", out]),
  },
  mpeg2: {
    file: join(CACHE, "video-10s-mpeg2.mpg"),
    seconds: 10,
    make: (out) =>
      ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=720x576:rate=25:duration=10", ...TONE_AND_NOISE(10).slice(0, 4), "-map", "0:v", "-map", "1:a",
        "-c:v", "mpeg2video", "-b:v", "6M", "-maxrate", "8M", "-bufsize", "1835k", "-c:a", "mp2", "-b:a", "192k", "-f", "vob", out]),
  },
  big: {
    file: join(CACHE, "video-2.5GiB.mp4"),
    seconds: 0, // measured after making
    make: (out) => {
      if (!existsSync(LOOP_CLIP)) {
        const part = `${LOOP_CLIP}.part.mp4`;
        ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=20", ...TONE_AND_NOISE(20).slice(0, 4), "-map", "0:v", "-map", "1:a",
          "-c:v", "libx264", "-preset", "veryfast", "-b:v", "8M", "-maxrate", "8M", "-bufsize", "16M", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "192k", part]);
        renameSync(part, LOOP_CLIP);
      }
      ffmpeg(["-stream_loop", "-1", "-i", LOOP_CLIP, "-map", "0", "-c", "copy", "-fs", String(BIG_BYTES), out]);
    },
  },
};

/** The input's path, made (and cached) on first use. */
function input(name: InputName): string {
  const { file, make } = INPUTS[name];
  if (existsSync(file)) return file;
  mkdirSync(CACHE, { recursive: true });
  log(`making ${file} ...`);
  const started = Date.now();
  const part = file.replace(/(\.\w+)$/, ".part$1");
  try {
    make(part);
    renameSync(part, file);
  } finally {
    rmSync(part, { force: true });
  }
  log(`made ${file} (${(statSync(file).size / MB).toFixed(0)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return file;
}

function freeBytes(dir: string): number {
  mkdirSync(dir, { recursive: true });
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

// ---------------------------------------------------------------- jobs
interface Job {
  id: string;
  label: string;
  input: InputName;
  /** ffmpeg's output options, and the output's extension */
  native: string[];
  ext: string;
  /** the tool page and what to set on it */
  slug: string;
  options: MediaPageOptions;
  /** the result's codecs, checked on both outputs */
  audio: string | null;
  video: string | null;
  /** target: the browser's time at most this many times native's; or at most this many seconds */
  target: { ratio?: number; seconds?: number; memoryMb?: number };
  /** the page's thread cap (localStorage "convert-threads"): 2 or more runs the threaded ffmpeg core (decision 064) and MP3 on that many LAMEs (decision 066) on any device */
  threadCap?: number;
  /** "canvas": the page resizes video on mediabunny's canvas instead of in the encoder (localStorage "convert-video-scaler", decision 065) */
  videoScaler?: "canvas";
}

const JOBS: Job[] = [
  { id: "wav-mp3", label: "3-min WAV → MP3 192k", input: "wav", native: ["-c:a", "libmp3lame", "-b:a", "192k"], ext: "mp3",
    slug: "audio-converter", options: { format: "mp3", bitrate: "192" }, audio: "mp3", video: null, target: { ratio: 2 } },
  { id: "wav-mp3-lanes", label: "3-min WAV → MP3 192k, two LAMEs at once (thread cap 2)", input: "wav", native: ["-c:a", "libmp3lame", "-b:a", "192k"], ext: "mp3",
    slug: "audio-converter", options: { format: "mp3", bitrate: "192" }, audio: "mp3", video: null, target: { ratio: 2 }, threadCap: 2 },
  { id: "flac-ogg", label: "3-min FLAC → OGG", input: "flac", native: ["-c:a", "libvorbis", "-b:a", "192k"], ext: "ogg",
    slug: "audio-converter", options: { format: "ogg", bitrate: "192" }, audio: "vorbis", video: null, target: { ratio: 2 } },
  { id: "flac-ogg-lanes", label: "3-min FLAC → OGG, two libvorbis at once (thread cap 2)", input: "flac", native: ["-c:a", "libvorbis", "-b:a", "192k"], ext: "ogg",
    slug: "audio-converter", options: { format: "ogg", bitrate: "192" }, audio: "vorbis", video: null, target: { ratio: 2 }, threadCap: 2 },
  { id: "mp4-mp3", label: "3-min MP4 (AAC) → MP3", input: "aacMp4", native: ["-vn", "-c:a", "libmp3lame", "-b:a", "192k"], ext: "mp3",
    slug: "mp4-to-mp3-converter", options: {}, audio: "mp3", video: null, target: { ratio: 2 } },
  { id: "hd-webm", label: "60 s 720p MP4 → WebM (VP9)", input: "hd", native: ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-b:v", "2M", "-c:a", "libopus", "-b:a", "128k"], ext: "webm",
    slug: "video-converter", options: { format: "webm", resolution: "keep", quality: "auto" }, audio: "opus", video: "vp9", target: { ratio: 1.5 } },
  { id: "hd-480", label: "60 s 720p MP4 → MP4 480p", input: "hd", native: ["-vf", "scale=-2:480", "-c:v", "libx264", "-preset", "veryfast", "-c:a", "copy"], ext: "mp4",
    slug: "video-converter", options: { format: "mp4", resolution: "480", quality: "auto" }, audio: "aac", video: "h264", target: { ratio: 1.5 } },
  { id: "hd-480-canvas", label: "60 s 720p MP4 → MP4 480p, canvas resize", input: "hd", native: ["-vf", "scale=-2:480", "-c:v", "libx264", "-preset", "veryfast", "-c:a", "copy"], ext: "mp4",
    slug: "video-converter", options: { format: "mp4", resolution: "480", quality: "auto" }, audio: "aac", video: "h264", target: { ratio: 1.5 }, videoScaler: "canvas" },
  { id: "mpg-avi", label: "10 s MPEG-2 PS → AVI", input: "mpeg2", native: ["-c:v", "mpeg4", "-q:v", "4", "-c:a", "libmp3lame", "-b:a", "192k"], ext: "avi",
    slug: "mpg-to-avi-converter", options: {}, audio: "mp3", video: "mpeg4", target: { ratio: 3 } },
  { id: "mpg-avi-threads", label: "10 s MPEG-2 PS → AVI, threaded core (2 threads)", input: "mpeg2", native: ["-c:v", "mpeg4", "-q:v", "4", "-c:a", "libmp3lame", "-b:a", "192k"], ext: "avi",
    slug: "mpg-to-avi-converter", options: {}, audio: "mp3", video: "mpeg4", target: { ratio: 3 }, threadCap: 2 },
  { id: "big-mkv", label: "2.5 GiB MP4 → MKV (copy)", input: "big", native: ["-map", "0", "-c", "copy"], ext: "mkv",
    slug: "video-converter", options: { format: "mkv", quality: "auto", sink: "opfs" }, audio: "aac", video: "h264", target: { seconds: 60, memoryMb: 600 } },
];

// ---------------------------------------------------------------- memory of a process tree
function children(): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the command may hold spaces and parentheses: the parent pid follows the last ")"
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      map.set(ppid, [...(map.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  return map;
}

/** Our own child processes that are Chromium (Playwright starts it as a child of this process). */
function chromiumChildren(): number[] {
  return (children().get(process.pid) ?? []).filter((pid) => {
    try {
      return /chrom/i.test(readFileSync(`/proc/${pid}/comm`, "utf8"));
    } catch {
      return false;
    }
  });
}

interface Memory {
  pss: number;
  /** the part of PSS that maps files (page cache: the input or output file mapped, libraries) */
  pssFile: number;
  rss: number;
}

function treeMemory(roots: number[]): Memory {
  const kids = children();
  const pids = [...roots];
  for (let i = 0; i < pids.length; i++) pids.push(...(kids.get(pids[i]!) ?? []));
  let pss = 0;
  let pssFile = 0;
  let rss = 0;
  for (const pid of pids) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
      pssFile += Number(/^Pss_File:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
    } catch {
      // gone, or not ours to read
    }
  }
  return { pss, pssFile, rss };
}

/** Samples the process trees every 200 ms until stopped; returns the peaks. */
function sampleMemory(roots: () => number[]): () => Memory {
  const peak: Memory = { pss: 0, pssFile: 0, rss: 0 };
  const sample = () => {
    const now = treeMemory(roots());
    if (now.pss > peak.pss) [peak.pss, peak.pssFile] = [now.pss, now.pssFile];
    peak.rss = Math.max(peak.rss, now.rss);
  };
  sample();
  const timer = setInterval(sample, 200);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

// ---------------------------------------------------------------- runs
interface Run extends Memory {
  seconds: number | null;
  /** the browser's PSS with the file chosen, just before Convert: what the page and engines cost idle */
  idlePss?: number;
  /** the browser's time from choosing the file to its facts on the page: reading it loads its engine (the ffmpeg core for MPEG-PS), outside `seconds` */
  readSeconds?: number;
  /** what was wrong (an output check, a failure); empty when all is well */
  note: string;
}

/** Checks an output against the job: its codecs, and a duration within 0.5 s of the input's. */
function checkOutput(file: string, job: Job, inputSeconds: number): string {
  const probe = ffprobeJson(file);
  const problems: string[] = [];
  if ((audioStream(probe)?.codecName ?? null) !== job.audio) problems.push(`audio ${audioStream(probe)?.codecName ?? "none"}, expected ${job.audio}`);
  if ((videoStream(probe)?.codecName ?? null) !== job.video) problems.push(`video ${videoStream(probe)?.codecName ?? "none"}, expected ${job.video}`);
  const duration = probe.format.durationSeconds ?? 0;
  if (Math.abs(duration - inputSeconds) > 0.5) problems.push(`lasts ${duration.toFixed(2)} s, input ${inputSeconds.toFixed(2)} s`);
  return problems.join("; ");
}

async function runNative(job: Job, source: string, inputSeconds: number): Promise<Run> {
  const out = join(CACHE, `native-out-${job.id}.${job.ext}`);
  const threads = NATIVE_THREADS === null ? [] : ["-threads", String(NATIVE_THREADS)];
  const argv = ["-hide_banner", "-v", "error", "-y", "-i", source, ...threads, ...job.native, out];
  const started = performance.now();
  const child = spawn(FFMPEG, argv, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = sampleMemory(() => [child.pid!]);
  const code = await new Promise<number | null>((done) => child.once("exit", done));
  const seconds = (performance.now() - started) / 1000;
  const peak = stop();
  try {
    if (code !== 0) return { seconds: null, ...peak, note: `ffmpeg failed: ${stderr.trim().split("\n").at(-1)}` };
    return { seconds, ...peak, note: checkOutput(out, job, inputSeconds) };
  } finally {
    rmSync(out, { force: true });
  }
}

/** Opens the tool page and waits until React and the lazily loaded tool are ready. */
async function openTool(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? "nothing"}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForFunction(() => !document.querySelector("[data-tool-slot]:not([data-tool-ready])"));
}

async function runBrowser(job: Job, source: string, inputSeconds: number, server: BenchServer): Promise<Run> {
  let browser: BrowserContext | undefined;
  // a persistent profile: an incognito-like context keeps the origin-private file system in memory,
  // which would count a disk-backed output as the tab's memory
  const profile = mkdtempSync(join(tmpdir(), "media-bench-profile-"));
  try {
    browser = await chromium.launchPersistentContext(profile, { executablePath: CHROME_PATH, args: CHROME_ARGS, acceptDownloads: true });
    const roots = chromiumChildren();
    if (roots.length === 0) throw new Error("Chromium's process was not found among this process's children");
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.setDefaultTimeout(60_000);
    await openTool(page, `${server.baseUrl}/tool/${job.slug}`);
    if (job.threadCap) await page.evaluate(({ key, cap }) => localStorage.setItem(key, cap), { key: THREADS_KEY, cap: String(job.threadCap) });
    if (job.videoScaler) await page.evaluate(({ key, scaler }) => localStorage.setItem(key, scaler), { key: VIDEO_SCALER_KEY, scaler: job.videoScaler });
    const fileInput = page.locator('[data-testid="file-drop-zone"] input[type="file"]');
    if ((await fileInput.count()) === 0) return { seconds: null, pss: 0, pssFile: 0, rss: 0, note: "page not ready: no file input" };
    // a local browser gets the path, not the bytes: the 2.5 GiB file is not copied through the protocol
    const chosen = performance.now();
    await fileInput.setInputFiles(source);
    await page.getByTestId("media-info").filter({ hasText: "Duration" }).waitFor({ timeout: 120_000 });
    const readSeconds = (performance.now() - chosen) / 1000;
    await setOptions(page, job.options);
    // the engine the plan needs loads while a visitor would look at the options: Convert does not wait for it
    await page.locator("[data-engine-ready]").waitFor({ state: "attached", timeout: 120_000 });

    const idlePss = treeMemory(roots).pss;
    const stop = sampleMemory(() => roots);
    const started = performance.now();
    await page.getByRole("button", { name: /^Convert(?!ing)/ }).click();
    const link = page.getByRole("link", { name: "Download", exact: true });
    const failed = page.locator("[data-sonner-toast]").filter({ hasText: "Conversion failed" });
    await Promise.race([link.waitFor({ timeout: 30 * 60_000 }), failed.waitFor({ timeout: 30 * 60_000 })]);
    const seconds = (performance.now() - started) / 1000;
    const peak = { ...stop(), idlePss, readSeconds };
    if (await failed.count()) return { seconds: null, ...peak, note: `the page failed: ${(await failed.first().innerText()).replace(/\s+/g, " ")}` };

    const downloading = page.waitForEvent("download", { timeout: 10 * 60_000 });
    await link.click();
    const download = await downloading;
    const out = join(CACHE, `browser-out-${job.id}.${job.ext}`);
    await download.saveAs(out);
    await download.delete();
    try {
      return { seconds, ...peak, note: checkOutput(out, job, inputSeconds) };
    } finally {
      rmSync(out, { force: true });
    }
  } catch (error) {
    return { seconds: null, pss: 0, pssFile: 0, rss: 0, note: `browser run failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
  } finally {
    await browser?.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The median of the numbers among `values`, or null when there are none. */
function medianOf(values: (number | null | undefined)[]): number | null {
  const numbers = values.filter((t): t is number => typeof t === "number");
  return numbers.length ? median(numbers) : null;
}

/** `runs` runs: the median time of those that succeeded, the highest memory, every distinct note. */
async function repeated(runs: number, once: () => Promise<Run>): Promise<Run> {
  const all: Run[] = [];
  for (let i = 0; i < runs; i++) all.push(await once());
  return {
    seconds: medianOf(all.map((r) => r.seconds)),
    readSeconds: medianOf(all.map((r) => r.readSeconds)) ?? undefined,
    pss: Math.max(...all.map((r) => r.pss)),
    pssFile: Math.max(...all.map((r) => r.pssFile)),
    rss: Math.max(...all.map((r) => r.rss)),
    idlePss: Math.max(...all.map((r) => r.idlePss ?? 0)) || undefined,
    note: [...new Set(all.map((r) => r.note).filter(Boolean))].join("; "),
  };
}

// ---------------------------------------------------------------- table
const fmt = (value: number | null, digits = 1) => (value === null ? "n/a" : value.toFixed(digits));
const mem = (run: Run | undefined) =>
  run && run.pss > 0
    ? `${(run.pss / MB).toFixed(0)} (file ${(run.pssFile / MB).toFixed(0)}; RSS ${(run.rss / MB).toFixed(0)})${run.idlePss ? `, idle ${(run.idlePss / MB).toFixed(0)}` : ""}`
    : "n/a";

function verdict(job: Job, native: Run | undefined, browser: Run | undefined): string {
  if (!browser || browser.seconds === null) return "not run";
  const misses: string[] = [];
  if (job.target.ratio !== undefined) {
    if (!native || native.seconds === null) return "no native time";
    if (browser.seconds / native.seconds > job.target.ratio) misses.push(`> ${job.target.ratio}× native`);
  }
  if (job.target.seconds !== undefined && browser.seconds > job.target.seconds) misses.push(`> ${job.target.seconds} s`);
  if (job.target.memoryMb !== undefined && browser.pss / MB > job.target.memoryMb) misses.push(`> ${job.target.memoryMb} MB`);
  if (browser.note || native?.note) misses.push("output check failed");
  return misses.length ? `MISS (${misses.join(", ")})` : job.target.ratio || job.target.seconds ? "PASS" : "—";
}

function targetText(job: Job): string {
  const parts = [];
  if (job.target.ratio) parts.push(`≤ ${job.target.ratio}× native`);
  if (job.target.seconds) parts.push(`≤ ${job.target.seconds} s`);
  if (job.target.memoryMb) parts.push(`≤ ${job.target.memoryMb} MB`);
  return parts.join(", ") || "—";
}

// ---------------------------------------------------------------- main
let server: BenchServer | undefined;

const wanted = args.jobs ? new Set(args.jobs.split(",")) : null;
const jobs = JOBS.filter((job) => !wanted || wanted.has(job.id));
if (jobs.length === 0) {
  console.error(`--jobs matched nothing; the jobs are ${JOBS.map((j) => j.id).join(", ")}`);
  process.exit(2);
}
const doNative = ONLY !== "browser";
const doBrowser = ONLY !== "native";

if (doBrowser) {
  if (!args["no-build"]) build();
  try {
    server = await startServer(PREFERRED_PORT);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

log(`inputs in ${CACHE}; native ffmpeg threads: ${NATIVE_THREADS ?? "ffmpeg's default"}`);
const rows: string[] = [];
const skipped: string[] = [];
for (const job of jobs) {
  if (job.input === "big" && !existsSync(INPUTS.big.file)) {
    const free = freeBytes(CACHE);
    if (free < MIN_FREE_BYTES) {
      skipped.push(`${job.label}: skipped, ${(free / 1000 ** 3).toFixed(1)} GB free in ${CACHE} (needs 10 GB: the input, two outputs and the download)`);
      continue;
    }
  }
  let source: string;
  try {
    source = input(job.input);
  } catch (error) {
    skipped.push(`${job.label}: its input could not be made: ${error instanceof Error ? error.message : String(error)}`);
    continue;
  }
  const inputSeconds = ffprobeJson(source).format.durationSeconds ?? INPUTS[job.input].seconds;
  const size = statSync(source).size;
  log(`${job.label}: ${(size / MB).toFixed(0)} MB, ${inputSeconds.toFixed(1)} s of media`);
  const native = doNative ? await repeated(RUNS, () => runNative(job, source, inputSeconds)) : undefined;
  if (native) log(`  native: ${fmt(native.seconds, 2)} s ${native.note}`);
  if (doBrowser && server?.died()) {
    // something outside stopped it (it logged why): one fresh server, so one stray signal costs one job at most
    log("the server is gone: starting another");
    server = await startServer(PREFERRED_PORT).catch((error: unknown) => {
      log(`it could not start again: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
      return undefined;
    });
  }
  const browser = doBrowser && server ? await repeated(RUNS, () => runBrowser(job, source, inputSeconds, server!)) : undefined;
  if (browser) log(`  browser: ${fmt(browser.seconds, 2)} s ${browser.note}`);
  const rt = (run: Run | undefined) => (run?.seconds ? `${(inputSeconds / run.seconds).toFixed(1)}×` : "n/a");
  const ratio = native?.seconds && browser?.seconds ? `${(browser.seconds / native.seconds).toFixed(2)}` : "n/a";
  const notes = [
    browser?.readSeconds !== undefined && `browser read the file (its engine loaded) in ${browser.readSeconds.toFixed(2)} s, not in its time`,
    native?.note && `native: ${native.note}`,
    browser?.note && `browser: ${browser.note}`,
  ].filter(Boolean).join("; ");
  rows.push(
    `| ${job.label} | ${fmt(native?.seconds ?? null, 2)} | ${rt(native)} | ${mem(native)} | ${fmt(browser?.seconds ?? null, 2)} | ${rt(browser)} | ${mem(browser)} | ${ratio} | ${targetText(job)} | ${verdict(job, native, browser)} | ${notes} |`,
  );
}
await server?.stop();
server = undefined;

console.log("");
console.log(`Media benchmark (${new Date().toISOString()}), ${RUNS} run(s) per side (median time), native ffmpeg threads: ${NATIVE_THREADS ?? "default"}; memory: peak PSS sum in MB (in brackets: its file-mapped part, and the RSS sum; for the browser, its PSS before Convert as "idle")`);
console.log("");
console.log("| job | native s | native × realtime | native peak MB | browser s | browser × realtime | browser peak MB | browser ÷ native | target | verdict | notes |");
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const row of rows) console.log(row);
for (const line of skipped) console.log(`\n- ${line}`);
