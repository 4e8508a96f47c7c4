import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ConversionPlan, MediaInfo, OutputSink, TrackPlan } from "#codecs/media/media-types.ts";
import { snrDb } from "#tests/support/audio-analysis.ts";
import { decodePcm } from "#tests/support/media-checks.ts";
import { changingSound } from "#tests/support/media-fixtures.ts";
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";

// The ffmpeg engine worker (issue 13) on the test-only harness /__test/media: the core loads from
// our origin, probes and converts real files made here by the native ffmpeg, and every output is
// checked with ffprobe (codecs, duration) and by its decoded tone's frequency.

const HARNESS = "/__test/media";
let dir = "";

const ffmpeg = (...args: string[]) => execFileSync("ffmpeg", ["-v", "error", "-y", ...args], { stdio: ["ignore", "pipe", "pipe"] });
const tone = (hz: number, seconds = 2) => ["-f", "lavfi", "-i", `sine=frequency=${hz}:sample_rate=44100:duration=${seconds}`];
const bars = (seconds = 2, size = "320x240") => ["-f", "lavfi", "-i", `testsrc=size=${size}:rate=25:duration=${seconds}`];


test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "media-ffmpeg-"));
  // 3 s at 640×480: long enough to convert for a few progress reports
  ffmpeg(...tone(440, 3), ...bars(3, "640x480"), "-c:v", "mpeg2video", "-c:a", "mp2", "-f", "vob", join(dir, "tone440.mpg"));
  ffmpeg(...tone(660), ...bars(), "-c:v", "flv", "-c:a", "libmp3lame", "-ar", "44100", join(dir, "tone660.flv"));
  ffmpeg(...tone(550), "-metadata", "title=Fifty", "-metadata", "artist=Tester", "-c:a", "wmav2", join(dir, "tone550.wma"));
  ffmpeg(...tone(770), ...bars(), "-c:v", "mpeg4", "-c:a", "libmp3lame", join(dir, "tone770.avi"));
  ffmpeg(...tone(880), "-c:a", "pcm_s16le", join(dir, "tone880.wav"));
  ffmpeg(...tone(990), ...bars(), "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", join(dir, "tone990.mp4"));
  ffmpeg("-f", "lavfi", "-i", "testsrc=size=64x64:rate=10:duration=1", "-c:v", "libaom-av1", "-cpu-used", "8", "-pix_fmt", "yuv420p", join(dir, "av1.mp4"));
  ffmpeg("-f", "lavfi", "-i", "color=orange:size=96x64", "-frames:v", "1", join(dir, "cover.png"));
  ffmpeg(...tone(330), "-i", join(dir, "cover.png"), "-map", "0", "-map", "1", "-c:a", "aac", "-c:v", "copy", "-disposition:v", "attached_pic", join(dir, "tone330.m4a"));
  // 30 s of changing sound (a chirp, a chord, noise bursts, clicks: libvorbis's short blocks) for the Vorbis stretches
  ffmpeg("-f", "lavfi", "-i", changingSound(30, { rate: 44100 }), "-c:a", "flac", join(dir, "changing.flac"));
  // a steady tone with one click 13 s in, before the second stretch's encoder starts (13.9 s)
  ffmpeg("-f", "lavfi", "-i", "aevalsrc=0.3*sin(2*PI*440*t)+0.9*between(t\\,13\\,13.002)|0.3*sin(2*PI*554*t):s=44100:d=30", "-c:a", "flac", join(dir, "click-then-tone.flac"));
  // a broken file: bytes no demuxer recognises, under a media name
  writeFileSync(join(dir, "broken.avi"), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)));
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function openHarness(page: Page, ...names: string[]) {
  await gotoHydrated(page, HARNESS);
  await page.waitForFunction(() => window.__mediaEngines !== undefined);
  if (names.length > 0) await page.locator("#media-files").setInputFiles(names.map((name) => join(dir, name)));
}

async function probe(page: Page): Promise<MediaInfo> {
  return page.evaluate(async () => {
    const engines = window.__mediaEngines;
    const file = engines?.files()[0];
    if (!engines || !file) throw new Error("no file");
    return (await engines.ffmpeg.probe({ file })).info;
  });
}

type Outcome = { ok: true; bytes: number; type: string; base64: string; progress: number[] } | { ok: false; code: string; message: string };

/** The sinks a test can name (a picked file's handle cannot be passed in from here). */
type TestSink = Exclude<OutputSink, { kind: "handle" }>;

async function convert(page: Page, plan: ConversionPlan, sink: TestSink = { kind: "memory" }): Promise<Outcome> {
  return page.evaluate(async ({ job, target }) => {
    const engines = window.__mediaEngines;
    const file = engines?.files()[0];
    if (!engines || !file) throw new Error("no file");
    const progress: number[] = [];
    try {
      const result = await engines.ffmpeg.convert({ file, plan: job, sink: target, picture: null }, { onProgress: (f) => progress.push(f) });
      const bytes = new Uint8Array(await result.output.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { ok: true as const, bytes: result.bytes, type: result.output.type, base64: btoa(binary), progress };
    } catch (error) {
      const failure = error as { code?: string; message?: string };
      return { ok: false as const, code: String(failure.code), message: String(failure.message) };
    }
  }, { job: plan, target: sink });
}

function makePlan(target: ConversionPlan["target"], container: string, audio: TrackPlan, video: TrackPlan, outputSeconds = 2): ConversionPlan {
  return { engine: "ffmpeg", target, container, audio, video, trim: { startSeconds: 0, endSeconds: null }, outputSeconds, summary: "", keepTags: true, keepCover: false };
}

interface Probed {
  streams: { codec_type: string; codec_name: string; duration?: string; nb_frames?: string; r_frame_rate?: string }[];
  format: { format_name: string; duration: string };
}

/** Writes the output to disk and reads it back with the native ffprobe. */
function saveAndProbe(outcome: Outcome, name: string): { path: string; probed: Probed } {
  if (!outcome.ok) throw new Error(`conversion failed: ${outcome.code}: ${outcome.message}`);
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(outcome.base64, "base64"));
  expect(readFileSync(path).length).toBe(outcome.bytes);
  const json = execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path]).toString();
  return { path, probed: JSON.parse(json) as Probed };
}

/** The strongest frequency (Hz, 5 Hz steps from 100 to 2000) in one second of the file's decoded sound. */
function dominantFrequency(path: string): number {
  const rate = 8000;
  const raw = execFileSync("ffmpeg", ["-v", "error", "-ss", "0.5", "-t", "1", "-i", path, "-ac", "1", "-ar", String(rate), "-f", "f32le", "-"]);
  const samples = new Float32Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 4));
  let best = 0;
  let bestPower = -1;
  for (let hz = 100; hz <= 2000; hz += 5) {
    let re = 0;
    let im = 0;
    for (let i = 0; i < samples.length; i++) {
      const phase = (2 * Math.PI * hz * i) / rate;
      re += (samples[i] ?? 0) * Math.cos(phase);
      im -= (samples[i] ?? 0) * Math.sin(phase);
    }
    const power = re * re + im * im;
    if (power > bestPower) [best, bestPower] = [hz, power];
  }
  return best;
}

/** The fixture's duration as the native ffprobe reads it. */
function inputSeconds(name: string): number {
  return Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", join(dir, name)]).toString().trim());
}

function expectDuration(probed: Probed, input: string, tolerance: number) {
  const expected = inputSeconds(input);
  expect(Math.abs(Number(probed.format.duration) - expected)).toBeLessThanOrEqual(tolerance);
}

function videoPackets(path: string): number {
  return Number(execFileSync("ffprobe", ["-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", path]).toString().trim());
}

function stream(probed: Probed, type: "audio" | "video") {
  const found = probed.streams.find((s) => s.codec_type === type);
  if (!found) throw new Error(`no ${type} stream in the output`);
  return found;
}

test.describe.configure({ timeout: 120_000 });

test("loads the core from our origin: hashed wasm, compressed, cached for a year", async ({ page }) => {
  const wasm = page.waitForResponse((response) => response.url().endsWith(".wasm"));
  await openHarness(page);
  const progress = await page.evaluate(async () => {
    const seen: number[] = [];
    await window.__mediaEngines?.ffmpeg.load({}, { onProgress: (f) => seen.push(f) });
    return seen;
  });
  const response = await wasm;
  const url = new URL(response.url());
  expect(url.origin).toBe(new URL(page.url()).origin);
  if (process.env.E2E_DEV !== "1") {
    expect(url.pathname).toMatch(/^\/assets\/ffmpeg-core-[\w-]+\.wasm$/);
    const headers = await response.allHeaders();
    expect(headers["content-encoding"]).toMatch(/^(br|gzip)$/);
    expect(headers["cache-control"]).toContain("immutable");
  }
  // real download progress: several steps, rising, ending at 1
  expect(progress.length).toBeGreaterThan(3);
  expect(progress.at(-1)).toBe(1);
  expect(progress.slice(1).every((value, i) => value >= (progress[i] ?? 0))).toBe(true);
});

test("probes AVI, FLV, MPEG-PS and WMA", async ({ page }) => {
  await openHarness(page, "tone440.mpg");
  const ps = await probe(page);
  expect(ps).toMatchObject({ container: "mpeg-ps", reader: "ffmpeg", audio: { codec: "mp2", sampleRate: 44100, channels: 1 }, video: { codec: "mpeg2video", width: 640, height: 480, frameRate: 25 } });
  expect(ps.durationSeconds).toBeCloseTo(3, 0);

  await page.locator("#media-files").setInputFiles(join(dir, "tone660.flv"));
  expect(await probe(page)).toMatchObject({ container: "flv", audio: { codec: "mp3" }, video: { codec: "flv1", width: 320, height: 240 } });

  await page.locator("#media-files").setInputFiles(join(dir, "tone770.avi"));
  expect(await probe(page)).toMatchObject({ container: "avi", audio: { codec: "mp3" }, video: { codec: "mpeg4" } });

  await page.locator("#media-files").setInputFiles(join(dir, "tone550.wma"));
  const wma = await probe(page);
  expect(wma).toMatchObject({ container: "asf", audio: { codec: "wmav2", sampleRate: 44100 }, video: null, tags: { title: "Fifty", artist: "Tester", hasCover: false } });
  expect(wma.durationSeconds).toBeGreaterThan(1.9);
});

const mp3: TrackPlan = { action: "encode", codec: "mp3", bitrate: 128_000 };

test("MPEG-PS (MPEG-2 + MP2) → AVI (MPEG-4 + MP3)", async ({ page }) => {
  await openHarness(page, "tone440.mpg");
  const outcome = await convert(page, makePlan("avi", "avi", mp3, { action: "encode", codec: "mpeg4", quality: "medium" }, 3));
  const { path, probed } = saveAndProbe(outcome, "out-ps.avi");
  expect(probed.format.format_name).toBe("avi");
  expect(stream(probed, "video").codec_name).toBe("mpeg4");
  expect(stream(probed, "audio").codec_name).toBe("mp3");
  // within a frame (25 fps)
  expectDuration(probed, "tone440.mpg", 0.04);
  expect(dominantFrequency(path)).toBe(440);
  if (outcome.ok) {
    expect(outcome.type).toBe("video/x-msvideo");
    // progress follows the media seconds written: it climbs through the middle, not only 0 and 1
    expect(outcome.progress.filter((f) => f > 0.05 && f < 0.95).length).toBeGreaterThan(1);
  }
});

test("FLV → MP3, WAV → Ogg Vorbis, WAV → Ogg Opus, WAV → WMA, MP4 → FLV", async ({ page }) => {
  await openHarness(page, "tone660.flv");
  let result = saveAndProbe(await convert(page, makePlan("mp3", "mp3", mp3, { action: "drop" })), "out-flv.mp3");
  expect(result.probed.streams.map((s) => s.codec_name)).toEqual(["mp3"]);
  expectDuration(result.probed, "tone660.flv", 0.05);
  expect(dominantFrequency(result.path)).toBe(660);

  await page.locator("#media-files").setInputFiles(join(dir, "tone880.wav"));
  result = saveAndProbe(await convert(page, makePlan("ogg", "ogg", { action: "encode", codec: "vorbis", vbrQuality: 4 }, { action: "drop" })), "out-wav.ogg");
  expect(result.probed.streams.map((s) => s.codec_name)).toEqual(["vorbis"]);
  expectDuration(result.probed, "tone880.wav", 0.05);
  expect(dominantFrequency(result.path)).toBe(880);

  // Opus in stereo at 48 kHz: the core's libopus crashed on its default 20 ms frames
  result = saveAndProbe(await convert(page, makePlan("ogg", "ogg", { action: "encode", codec: "opus", bitrate: 96_000, sampleRate: 48000, channels: 2 }, { action: "drop" })), "out-wav.opus");
  expect(result.probed.streams.map((s) => s.codec_name)).toEqual(["opus"]);
  expectDuration(result.probed, "tone880.wav", 0.05);
  expect(dominantFrequency(result.path)).toBe(880);

  result = saveAndProbe(await convert(page, makePlan("wma", "asf", { action: "encode", codec: "wmav2", bitrate: 128_000 }, { action: "drop" })), "out-wav.wma");
  expect(result.probed.format.format_name).toBe("asf");
  expect(result.probed.streams.map((s) => s.codec_name)).toEqual(["wmav2"]);
  expectDuration(result.probed, "tone880.wav", 0.05);
  expect(dominantFrequency(result.path)).toBe(880);

  await page.locator("#media-files").setInputFiles(join(dir, "tone990.mp4"));
  result = saveAndProbe(await convert(page, makePlan("flv", "flv", { action: "encode", codec: "mp3", bitrate: 128_000, sampleRate: 44100 }, { action: "copy", codec: "avc" })), "out-mp4.flv");
  expect(result.probed.format.format_name).toBe("flv");
  expect(stream(result.probed, "video").codec_name).toBe("h264");
  expect(stream(result.probed, "audio").codec_name).toBe("mp3");
  // every picture copied; the sound runs on by MP3's encoder delay and padding (FLV has no gapless info: native ffmpeg gives the same)
  expect(videoPackets(result.path)).toBe(videoPackets(join(dir, "tone990.mp4")));
  expectDuration(result.probed, "tone990.mp4", 0.11);
  expect(dominantFrequency(result.path)).toBe(990);
});

test("a broken file and an AV1 video fail with their own codes", async ({ page }) => {
  await openHarness(page, "broken.avi");
  const broken = await page.evaluate(async () => {
    const engines = window.__mediaEngines;
    const file = engines?.files()[0];
    return engines && file ? engines.ffmpeg.probe({ file }).then(() => "probed", (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`) : "no file";
  });
  expect(broken).toMatch(/^corrupt: This file is damaged or incomplete/);

  await page.locator("#media-files").setInputFiles(join(dir, "av1.mp4"));
  expect(await probe(page)).toMatchObject({ container: "mp4", video: { codec: "av1", width: 64, height: 64 } });
  const outcome = await convert(page, makePlan("mp4", "mp4", { action: "drop" }, { action: "encode", codec: "avc" }, 1));
  expect(outcome).toMatchObject({ ok: false, code: "no-decoder" });
  if (!outcome.ok) expect(outcome.message).toBe("This file's video is in the AV1 codec, which this converter cannot decode.");
});

test("a cancelled conversion stops the worker; the next job loads the core again and writes to the origin-private file system", async ({ page }) => {
  await openHarness(page, "tone440.mpg");
  const cancelled = await page.evaluate(async (job) => {
    const engines = window.__mediaEngines;
    const file = engines?.files()[0];
    if (!engines || !file) throw new Error("no file");
    const controller = new AbortController();
    const run = engines.ffmpeg.convert({ file, plan: job, sink: { kind: "memory" }, picture: null }, { signal: controller.signal, onProgress: (f) => f > 0 && f < 1 && controller.abort() });
    return run.then(
      () => "finished",
      (error: { name?: string }) => String(error.name),
    );
  }, makePlan("avi", "avi", mp3, { action: "encode", codec: "mpeg4" }, 3));
  expect(cancelled).toBe("AbortError");

  await page.locator("#media-files").setInputFiles(join(dir, "tone880.wav"));
  const outcome = await convert(page, makePlan("mp3", "mp3", mp3, { action: "drop" }), { kind: "opfs", name: "ffmpeg-engine-test.mp3" });
  const { path, probed } = saveAndProbe(outcome, "out-opfs.mp3");
  expect(probed.streams.map((s) => s.codec_name)).toEqual(["mp3"]);
  expect(dominantFrequency(path)).toBe(880);
  // the result is the file in the origin-private file system
  const stored = await page.evaluate(async () => (await (await (await navigator.storage.getDirectory()).getFileHandle("ffmpeg-engine-test.mp3")).getFile()).size);
  expect(stored).toBe(outcome.ok ? outcome.bytes : -1);
});

test("M4A → MP4 with a still picture: the file's own cover, or a chosen picture", async ({ page }) => {
  await openHarness(page, "tone330.m4a", "cover.png");
  const plan = makePlan("mp4", "mp4", { action: "copy", codec: "aac" }, { action: "encode", codec: "avc" });
  const outcomes = await page.evaluate(async (job) => {
    const engines = window.__mediaEngines;
    const [file, picture] = engines?.files() ?? [];
    if (!engines || !file || !picture) throw new Error("no files");
    const sizes: number[] = [];
    for (const chosen of [null, picture]) sizes.push((await engines.ffmpeg.convert({ file, plan: job, sink: { kind: "memory" }, picture: chosen })).bytes);
    return sizes;
  }, plan);
  expect(outcomes.every((bytes) => bytes > 1000)).toBe(true);
  // the outputs themselves are checked once: both came from the same argv, only the picture's path differs
  const outcome = await convert(page, plan);
  const { path, probed } = saveAndProbe(outcome, "still.mp4");
  expect(stream(probed, "video")).toMatchObject({ codec_name: "h264" });
  expect(stream(probed, "audio").codec_name).toBe("aac");
  expectDuration(probed, "tone330.m4a", 0.25);
  expect(dominantFrequency(path)).toBe(330);
  const frame = execFileSync("ffmpeg", ["-v", "error", "-i", path, "-frames:v", "1", "-vf", "scale=1:1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]);
  // orange: strong red, some green, little blue
  expect(frame[0]).toBeGreaterThan(200);
  expect(frame[2]).toBeLessThan(60);
});

const pcm = (path: string) => decodePcm(path, { sampleRate: 44100, channels: 2 });

for (const [name, about] of [
  ["changing.flac", "a changing sound"],
  // lane 0's long blocks move off lane 1's grid at the click, and stay there through the steady
  // tone: no common block at first (codecs/media/vorbis-join.test.ts shows it on native libvorbis),
  // so lane 1 is encoded again from a little earlier
  ["click-then-tone.flac", "a click, then a steady tone"],
] as const) {
  test(`a long sound to Vorbis on two ffmpeg workers at once (${about}): one gapless stream, decoded like the single pass`, async ({ page }) => {
    await openHarness(page, name);
    const plan = makePlan("ogg", "ogg", { action: "encode", codec: "vorbis", bitrate: 192_000, sampleRate: 44100 }, { action: "drop" }, 30);
    const single = saveAndProbe(await convert(page, plan), `single-${name}.ogg`);
    const outcome = await page.evaluate(async (job) => {
      const engines = window.__mediaEngines;
      const file = engines?.files()[0];
      if (!engines || !file) throw new Error("no file");
      const { info } = await engines.ffmpeg.probe({ file });
      const progress: number[] = [];
      const result = await engines.ffmpegStretches({ file, plan: job, info, sink: { kind: "memory" }, lanes: 2 }, { onProgress: (f) => progress.push(f) });
      if (result === null) return null;
      const bytes = new Uint8Array(await result.output.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { base64: btoa(binary), bytes: result.bytes, lanes: result.audioLanes ?? 0, progress };
    }, plan);
    expect(outcome, "no join was found between the two stretches").not.toBeNull();
    if (outcome === null) return;
    expect(outcome.lanes).toBe(2);
    expect(outcome.progress.at(-1)).toBe(1);
    const joined = saveAndProbe({ ok: true, type: "audio/ogg", ...outcome }, `joined-${name}.ogg`);
    expect(joined.probed.streams.map((s) => s.codec_name)).toEqual(["vorbis"]);

    // every sample, no more: the input's 30 s at 44.1 kHz, as the single pass has
    const input = pcm(join(dir, name));
    const [one, two] = [pcm(single.path), pcm(joined.path)];
    expect(one.length).toBe(input.length);
    expect(two.length).toBe(input.length);
    // the join lies within a few seconds of the middle: in every 46 ms there (a click at the join would
    // spoil one), and over the whole, the joined stream is about as close to the input as the single
    // pass is (two encoders' noise differs, not its level)
    expect(worstSnrDb(two, input, 12, 18)).toBeGreaterThan(worstSnrDb(one, input, 12, 18) - 3);
    expect(snrDb(two, input, {})).toBeGreaterThan(snrDb(one, input, {}) - 1);
  });
}

/** The lowest SNR against `input` of the 2048-sample windows (stereo, half overlapping) from `fromSeconds` to `toSeconds`. */
function worstSnrDb(samples: Float32Array, input: Float32Array, fromSeconds: number, toSeconds: number): number {
  let worst = Infinity;
  for (let frame = fromSeconds * 44100; frame + 2048 <= toSeconds * 44100; frame += 1024) {
    worst = Math.min(worst, snrDb(samples, input, { from: 2 * frame, to: 2 * (frame + 2048) }));
  }
  return worst;
}
