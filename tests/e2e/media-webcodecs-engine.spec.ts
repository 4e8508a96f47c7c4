import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ConversionPlan, TrackPlan } from "#codecs/media/media-types.ts";
import type { MediaEnginesHarness } from "#app/routes/test/media-engines.tsx";
import type { WebCodecsProbeResult } from "#app/tools/media/media-job.ts";
import type { VideoScaler } from "#app/tools/media/webcodecs/video-scaling.ts";
import { snrDb } from "#tests/support/audio-analysis.ts";
import { videoPsnr } from "#tests/support/media-checks.ts";
import { expect, test, type Page } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";

// The mediabunny engine worker (issue 13) on the test-only harness /__test/media: real files made by
// native ffmpeg, probed and converted in Chromium, and the outputs checked with ffprobe/ffmpeg.

const HARNESS = "/__test/media";
// made in beforeAll: the runner also loads this file, and must not leave a folder behind
let dir = "";
const path = (name: string) => join(dir, name);

function ffmpeg(...args: string[]): Buffer {
  return execFileSync("ffmpeg", ["-hide_banner", "-v", "error", "-y", ...args], { maxBuffer: 64 << 20 });
}

interface ProbedStream {
  codec_type: string;
  codec_name: string;
  sample_rate?: string;
  channels?: number;
  width?: number;
  height?: number;
  bit_rate?: string;
  bits_per_raw_sample?: string;
}
interface Probed {
  streams: ProbedStream[];
  format: { format_name: string; duration: string; tags?: Record<string, string> };
}

function ffprobe(file: string): Probed {
  const out = execFileSync("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", file]);
  return JSON.parse(out.toString()) as Probed;
}

const stream = (probed: Probed, type: string) => probed.streams.find((s) => s.codec_type === type);

/** md5 of a stream's packets (copy; ADTS headers stripped) or of its decoded samples (`decode`, as 16-bit PCM). */
function md5(file: string, map: string, decode = false): string {
  const codec = decode ? ["-c:a", "pcm_s16le"] : ["-c", "copy", ...(file.endsWith(".aac") ? ["-bsf:a", "aac_adtstoasc"] : [])];
  return ffmpeg("-i", file, "-map", map, ...codec, "-f", "md5", "-").toString().trim();
}

/** The decoded audio's first channel at 48 kHz. */
function decoded(file: string): Float32Array {
  const raw = ffmpeg("-i", file, "-map", "0:a:0", "-ac", "1", "-ar", "48000", "-f", "f32le", "-");
  return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
}

const loud = (x: number) => Math.abs(x) > 0.05;

/** Seconds from the first to the last loud sample: the tone's length, without an encoder's silent priming and padding. */
function soundSeconds(file: string): number {
  const samples = decoded(file);
  return (samples.findLastIndex(loud) - samples.findIndex(loud)) / 48000;
}

/** The dominant frequency of the decoded audio (first channel), from its zero crossings. */
function toneHz(file: string): number {
  const samples = decoded(file);
  // skip the encoders' priming and fade-out
  const from = 4800;
  const to = samples.length - 4800;
  let crossings = 0;
  for (let i = from + 1; i < to; i++) if ((samples[i - 1] ?? 0) < 0 !== (samples[i] ?? 0) < 0) crossings++;
  return crossings / 2 / ((to - from) / 48000);
}

const tone = (hz: number, rate: number) => ["-f", "lavfi", "-i", `sine=frequency=${hz}:sample_rate=${rate}:duration=2`];

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "wc-engine-"));
  ffmpeg("-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=2", ...tone(440, 48000), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-metadata", "title=Clip", path("clip.mp4"));
  ffmpeg(...tone(1000, 44100), "-c:a", "aac", "-b:a", "128k", "-metadata", "title=Song", "-metadata", "artist=Band", "-metadata", "album=Record", path("song.m4a"));
  ffmpeg(...tone(440, 44100), "-ac", "2", "-c:a", "pcm_s16le", path("tone.wav"));
  ffmpeg("-f", "lavfi", "-i", "testsrc2=size=64x64:duration=1", "-frames:v", "1", path("cover.png"));
  ffmpeg("-f", "lavfi", "-i", "color=c=red:size=320x240:duration=1", "-frames:v", "1", path("red.png"));
  ffmpeg(...tone(660, 44100), "-i", path("cover.png"), "-map", "0", "-map", "1", "-c:a", "libmp3lame", "-b:a", "128k", "-c:v", "copy", "-disposition:v", "attached_pic", "-id3v2_version", "3", "-metadata", "title=Tagged", "-metadata", "artist=Someone", "-metadata", "album=Covers", path("tagged.mp3"));
  ffmpeg("-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=1", "-c:v", "mpeg4", path("clip.avi"));
  ffmpeg("-i", path("clip.avi"), "-c", "copy", path("mpeg4.mkv"));
  const short = ["-i", path("tone.wav"), "-t", "1"];
  ffmpeg(...short, "-c:a", "libopus", path("tone.ogg"));
  ffmpeg(...short, "-c:a", "libopus", path("tone.webm"));
  ffmpeg(...short, "-c:a", "flac", path("tone.flac"));
  ffmpeg(...short, "-c:a", "aac", path("tone.aac"));
  ffmpeg(...short, "-c:a", "pcm_s24le", path("tone.mkv"));
  ffmpeg("-i", path("clip.mp4"), "-c", "copy", path("clip.mov"));
  const mp4 = readFileSync(path("clip.mp4"));
  writeFileSync(path("cut.mp4"), mp4.subarray(0, mp4.length >> 1));
  ffmpeg("-i", path("clip.mp4"), "-c", "copy", "-movflags", "+faststart", path("faststart.mp4"));
  const faststart = readFileSync(path("faststart.mp4"));
  writeFileSync(path("cut-faststart.mp4"), faststart.subarray(0, Math.round(faststart.length * 0.6)));
  writeFileSync(path("empty.mp3"), Buffer.alloc(0));
});

test.afterAll(() => {
  if (process.env.KEEP_MEDIA_FIXTURES !== "1") rmSync(dir, { recursive: true, force: true });
});

function plan(container: string, audio: TrackPlan, video: TrackPlan, extra: Partial<ConversionPlan> = {}): ConversionPlan {
  return {
    engine: "webcodecs",
    target: "mp4",
    container,
    audio,
    video,
    trim: { startSeconds: 0, endSeconds: null },
    outputSeconds: 2,
    summary: "test",
    keepTags: true,
    keepCover: true,
    ...extra,
  };
}

type Outcome =
  | { ok: true; base64: string; bytes: number; isFile: boolean; name: string; progress: number[]; videoScaler: VideoScaler | null; audioLanes: number | null }
  | { ok: false; code: string | undefined; message: string };

/** Opens the harness with `files` chosen: the input, then the picture for a still video track if any. */
async function open(page: Page, ...files: string[]): Promise<void> {
  await gotoHydrated(page, HARNESS);
  await page.waitForFunction(() => window.__mediaEngines !== undefined);
  await page.locator("#media-files").setInputFiles(files.map(path));
}

async function probe(page: Page, file: string): Promise<{ ok: true; result: WebCodecsProbeResult } | { ok: false; code: string | undefined; message: string }> {
  await open(page, file);
  return page.evaluate(async () => {
    const harness = window.__mediaEngines as MediaEnginesHarness;
    try {
      return { ok: true as const, result: await harness.webcodecs.probe({ file: harness.files()[0] as File }) };
    } catch (error) {
      const e = error as { code?: string; message: string };
      return { ok: false as const, code: e.code, message: e.message };
    }
  });
}

/** "handle" stands for a file the visitor picked: an OPFS file handle, which has the same createWritable. */
type SinkChoice = { kind: "memory" } | { kind: "opfs"; name: string } | { kind: "handle"; name: string };

interface EngineOptions {
  videoScaler?: VideoScaler;
  threadCap?: number;
}

async function convert(page: Page, file: string, conversion: ConversionPlan, sinkChoice: SinkChoice = { kind: "memory" }, picture?: string, engine: EngineOptions = {}): Promise<Outcome> {
  await open(page, file, ...(picture === undefined ? [] : [picture]));
  return page.evaluate(
    async (args) => {
      const harness = window.__mediaEngines as MediaEnginesHarness;
      const progress: number[] = [];
      try {
        const root = await navigator.storage.getDirectory();
        const choice = args.sinkChoice;
        const sink = choice.kind === "handle" ? { kind: "handle" as const, handle: await root.getFileHandle(choice.name, { create: true }) } : choice;
        const result = await harness.webcodecs.convert(
          { file: harness.files()[0] as File, plan: args.conversion, sink, picture: harness.files()[1] ?? null, ...args.engine },
          { onProgress: (fraction) => progress.push(fraction) },
        );
        const bytes = new Uint8Array(await result.output.arrayBuffer());
        let binary = "";
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        const isFile = result.output instanceof File;
        return { ok: true as const, base64: btoa(binary), bytes: result.bytes, isFile, name: isFile ? (result.output as File).name : "", progress, videoScaler: result.videoScaler ?? null, audioLanes: result.audioLanes ?? null };
      } catch (error) {
        const e = error as { code?: string; message: string };
        return { ok: false as const, code: e.code, message: e.message };
      }
    },
    { conversion, sinkChoice, engine },
  );
}

function saved(outcome: Outcome, name: string): string {
  if (!outcome.ok) throw new Error(`conversion failed: ${outcome.code} ${outcome.message}`);
  const file = path(name);
  writeFileSync(file, Buffer.from(outcome.base64, "base64"));
  expect(outcome.bytes).toBe(readFileSync(file).length);
  return file;
}

/** Every channel's samples as ffmpeg decodes them (interleaved floats); ffmpeg must not complain. */
function allSamples(file: string): Float32Array {
  const result = spawnSync("ffmpeg", ["-v", "error", "-i", file, "-f", "f32le", "-"], { maxBuffer: 1 << 28 });
  expect(result.stderr.toString(), `ffmpeg's complaints about ${file}`).toBe("");
  return new Float32Array(result.stdout.buffer, result.stdout.byteOffset, result.stdout.byteLength >> 2);
}

function expectDuration(file: string, seconds: number): void {
  expect(Math.abs(Number(ffprobe(file).format.duration) - seconds)).toBeLessThanOrEqual(0.05);
}

test.describe("mediabunny engine worker", () => {
  test.describe.configure({ timeout: 90_000 });

  test("probes an MP4 and lists the encoders", async ({ page }) => {
    const probed = await probe(page, "clip.mp4");
    if (!probed.ok) throw new Error(probed.message);
    const { info, encoders } = probed.result;
    expect(info).toMatchObject({ container: "mp4", reader: "mediabunny", tags: { title: "Clip", hasCover: false } });
    expect(info.durationSeconds).toBeCloseTo(2, 1);
    expect(info.audio).toMatchObject({ codec: "aac", sampleRate: 48000, channels: 2 });
    expect(info.video).toMatchObject({ codec: "avc", width: 1280, height: 720 });
    expect(info.video?.frameRate).toBeCloseTo(30, 0);
    // the WASM extensions fill in what WebCodecs lacks here; this Chromium encodes VP9 and Opus itself
    expect(encoders.audio).toEqual(expect.arrayContaining(["aac", "mp3", "flac", "opus", "pcm-s16"]));
    expect(encoders.video).toEqual(expect.arrayContaining(["avc", "vp9"]));
  });

  test("names each container mediabunny reads, with its codecs", async ({ page }) => {
    const names = ["tone.wav", "tone.ogg", "tone.webm", "tone.flac", "tone.aac", "tone.mkv", "clip.mov"];
    await open(page, ...names);
    const found = await page.evaluate(async () => {
      const harness = window.__mediaEngines as MediaEnginesHarness;
      const rows: string[] = [];
      for (const file of harness.files()) {
        const { info } = await harness.webcodecs.probe({ file });
        rows.push(`${file.name} ${info.container} ${info.audio?.codec} ${info.audio?.sampleRate} ${info.video?.codec ?? "-"} ${info.durationSeconds?.toFixed(1)}`);
      }
      return rows;
    });
    expect(found).toEqual([
      "tone.wav wav pcm-s16 44100 - 2.0",
      "tone.ogg ogg opus 48000 - 1.0",
      "tone.webm webm opus 48000 - 1.0",
      "tone.flac flac flac 44100 - 1.0",
      "tone.aac adts aac 44100 - 1.0",
      "tone.mkv matroska pcm-s24 44100 - 1.0",
      "clip.mov mov aac 48000 avc 2.0",
    ]);
  });

  test("MP4 H.264+AAC to MKV copies both streams bit for bit", async ({ page }) => {
    const out = saved(await convert(page, "clip.mp4", plan("matroska", { action: "copy", codec: "aac" }, { action: "copy", codec: "avc" })), "copy.mkv");
    expect(ffprobe(out).format.format_name).toContain("matroska");
    expect(md5(out, "0:a")).toBe(md5(path("clip.mp4"), "0:a"));
    expect(md5(out, "0:v")).toBe(md5(path("clip.mp4"), "0:v"));
  });

  test("M4A to MP4 copies the audio and keeps the tags", async ({ page }) => {
    const out = saved(await convert(page, "song.m4a", plan("mp4", { action: "copy", codec: "aac" }, { action: "drop" })), "song.mp4");
    const probed = ffprobe(out);
    expect(probed.streams.map((s) => s.codec_type)).toEqual(["audio"]);
    expect(probed.format.tags).toMatchObject({ title: "Song", artist: "Band", album: "Record" });
    expect(md5(out, "0:a")).toBe(md5(path("song.m4a"), "0:a"));
  });

  test("WAV to MP3 at 192 kbps keeps the tone", async ({ page }) => {
    const outcome = await convert(page, "tone.wav", plan("mp3", { action: "encode", codec: "mp3", bitrate: 192_000 }, { action: "drop" }));
    const out = saved(outcome, "tone.mp3");
    const audio = stream(ffprobe(out), "audio");
    expect(audio).toMatchObject({ codec_name: "mp3", sample_rate: "44100", channels: 2 });
    // ffprobe averages over the file (the Xing frame and padding included)
    expect(Math.abs(Number(audio?.bit_rate) - 192_000)).toBeLessThan(4000);
    // no LAME gapless tag: the file's duration includes the encoder's delay and last-frame padding
    // (about 64 ms); the tone itself lasts 2 s
    expect(Math.abs(soundSeconds(out) - 2)).toBeLessThanOrEqual(0.05);
    expect(toneHz(out)).toBeCloseTo(440, -1);
    // progress is media time over plan.outputSeconds, rising to 1
    if (outcome.ok) {
      expect(outcome.progress.at(-1)).toBe(1);
      expect(outcome.progress).toEqual(outcome.progress.toSorted((a, b) => a - b));
    }
  });

  test("an MP3 with tags and a cover is probed, then encoded to AAC in M4A keeping both", async ({ page }) => {
    const probed = await probe(page, "tagged.mp3");
    if (!probed.ok) throw new Error(probed.message);
    expect(probed.result.info).toMatchObject({ container: "mp3", audio: { codec: "mp3", sampleRate: 44100 }, video: null, tags: { title: "Tagged", artist: "Someone", album: "Covers", hasCover: true } });
    const out = saved(await convert(page, "tagged.mp3", plan("mp4", { action: "encode", codec: "aac", bitrate: 128_000 }, { action: "drop" })), "tagged.m4a");
    const result = ffprobe(out);
    expect(stream(result, "audio")).toMatchObject({ codec_name: "aac", sample_rate: "44100" });
    expect(result.format.tags).toMatchObject({ title: "Tagged", artist: "Someone", album: "Covers" });
    // the cover comes back as MP4 cover art (ffprobe shows it as an attached picture)
    expect(result.streams.some((s) => s.codec_type === "video" && s.codec_name === "png")).toBe(true);
    expect(toneHz(out)).toBeCloseTo(660, -1);
    expect(Math.abs(soundSeconds(out) - 2)).toBeLessThanOrEqual(0.05);
  });

  test("an MP3 with a cover to MP4 gets a still video of the cover", async ({ page }) => {
    const out = saved(await convert(page, "tagged.mp3", plan("mp4", { action: "copy", codec: "mp3" }, { action: "encode", codec: "avc" })), "still.mp4");
    const video = ffprobe(out).streams.find((s) => s.codec_name === "h264");
    expect(video).toMatchObject({ width: 64, height: 64 });
    expect(Math.abs(Number(execFileSync("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=duration", "-of", "csv=p=0", out]).toString()) - 2)).toBeLessThanOrEqual(0.05);
    expect(md5(out, "0:a")).toBe(md5(path("tagged.mp3"), "0:a"));
  });

  test("a chosen picture becomes the still video track at the plan's height", async ({ page }) => {
    const out = saved(await convert(page, "song.m4a", plan("mp4", { action: "copy", codec: "aac" }, { action: "encode", codec: "avc", height: 480 }), { kind: "memory" }, "red.png"), "red.mp4");
    expect(stream(ffprobe(out), "video")).toMatchObject({ codec_name: "h264", width: 640, height: 480 });
    const rgb = ffmpeg("-i", out, "-map", "0:v:0", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-");
    const mean = [0, 1, 2].map((c) => rgb.filter((_, i) => i % 3 === c).reduce((a, b) => a + b, 0) / (rgb.length / 3));
    expect(mean[0]).toBeGreaterThan(200);
    expect(Math.max(mean[1] ?? 255, mean[2] ?? 255)).toBeLessThan(50);
    expectDuration(out, 2);
  });

  test("WAV to FLAC keeps every sample", async ({ page }) => {
    const out = saved(await convert(page, "tone.wav", plan("flac", { action: "encode", codec: "flac" }, { action: "drop" })), "tone.flac");
    expect(stream(ffprobe(out), "audio")).toMatchObject({ codec_name: "flac", sample_rate: "44100", channels: 2 });
    expect(md5(out, "0:a", true)).toBe(md5(path("tone.wav"), "0:a", true));
  });

  test("a trim of a WAV to FLAC holds exactly the samples of the range", async ({ page }) => {
    const trimmed = plan("flac", { action: "encode", codec: "flac" }, { action: "drop" }, { trim: { startSeconds: 0.5, endSeconds: 1.5 }, outputSeconds: 1 });
    const out = saved(await convert(page, "tone.wav", trimmed), "trim.flac");
    expectDuration(out, 1);
    ffmpeg("-i", path("tone.wav"), "-af", "atrim=start_sample=22050:end_sample=66150", "-c:a", "pcm_s16le", path("trim-ref.wav"));
    expect(md5(out, "0:a", true)).toBe(md5(path("trim-ref.wav"), "0:a", true));
  });

  test("MP4 to WebM encodes VP9 and Opus", async ({ page }) => {
    const out = saved(await convert(page, "clip.mp4", plan("webm", { action: "encode", codec: "opus", bitrate: 128_000 }, { action: "encode", codec: "vp9" })), "clip.webm");
    const probed = ffprobe(out);
    expect(stream(probed, "video")).toMatchObject({ codec_name: "vp9", width: 1280, height: 720 });
    expect(stream(probed, "audio")).toMatchObject({ codec_name: "opus", sample_rate: "48000", channels: 2 });
    expectDuration(out, 2);
    expect(toneHz(out)).toBeCloseTo(440, -1);
  });

  test("MP4 to MP4 at 480p re-encodes the picture and copies the sound", async ({ page }) => {
    const out = saved(await convert(page, "clip.mp4", plan("mp4", { action: "copy", codec: "aac" }, { action: "encode", codec: "avc", height: 480 })), "480p.mp4");
    const video = stream(ffprobe(out), "video");
    expect(video).toMatchObject({ codec_name: "h264", height: 480 });
    expect(Math.abs((video?.width ?? 0) - 853)).toBeLessThanOrEqual(1);
    expect(md5(out, "0:a")).toBe(md5(path("clip.mp4"), "0:a"));
    expectDuration(out, 2);
  });

  test("a resize to 480p runs in the encoder, with pictures as close to the source as the canvas resize's", async ({ page }) => {
    // what plan.ts makes for "480p" of a 720p source: both sides and a bitrate for the output's size
    const to480 = plan("mp4", { action: "drop" }, { action: "encode", codec: "avc", width: 854, height: 480, bitrate: 1_500_000 });
    const byEncoder = await convert(page, "clip.mp4", to480);
    const byCanvas = await convert(page, "clip.mp4", to480, { kind: "memory" }, undefined, { videoScaler: "canvas" });
    expect(byEncoder.ok && byEncoder.videoScaler).toBe("encoder");
    expect(byCanvas.ok && byCanvas.videoScaler).toBe("canvas");
    const scores: number[] = [];
    for (const [outcome, name] of [[byEncoder, "480-encoder.mp4"], [byCanvas, "480-canvas.mp4"]] as const) {
      const out = saved(outcome, name);
      expect(stream(ffprobe(out), "video")).toMatchObject({ codec_name: "h264", width: 854, height: 480 });
      expectDuration(out, 2);
      // each frame against the source's, scaled to 854×480 by ffmpeg (bicubic)
      scores.push(videoPsnr(out, path("clip.mp4")));
    }
    const [encoder = 0, canvas = 0] = scores;
    console.log(`720p → 480p, PSNR against the source: encoder resize ${encoder.toFixed(1)} dB, canvas resize ${canvas.toFixed(1)} dB`);
    expect(encoder).toBeGreaterThanOrEqual(30);
    expect(encoder).toBeGreaterThanOrEqual(canvas - 1);
  });

  test("a 30 s WAV to MP3 on two LAMEs at once decodes as the single pass does: gapless, clean at the joins", async ({ page }) => {
    // changing sound (a chirp, a chord, noise bursts, clicks): three stretches of 384 frames
    const sound =
      "aevalsrc=0.3*sin(2*PI*(200+400*t)*t)+0.15*sin(2*PI*523*t)*gt(mod(t\\,3)\\,1)+0.2*(random(0)-0.5)*lt(mod(t\\,1.3)\\,0.2)+0.8*lt(mod(t\\,0.77)\\,0.002)" +
      "|0.25*sin(2*PI*330*t)+0.2*(random(1)-0.5)*lt(mod(t\\,1.1)\\,0.3)+0.8*lt(mod(t\\,0.91)\\,0.002):s=44100:d=30";
    ffmpeg("-f", "lavfi", "-i", sound, "-c:a", "pcm_s16le", path("long.wav"));
    const toMp3 = plan("mp3", { action: "encode", codec: "mp3", bitrate: 192_000 }, { action: "drop" }, { outputSeconds: 30 });
    const single = await convert(page, "long.wav", toMp3, { kind: "memory" }, undefined, { threadCap: 1 });
    const lanes = await convert(page, "long.wav", toMp3, { kind: "memory" }, undefined, { threadCap: 2 });
    expect(single.ok ? single.audioLanes : single.message).toBe(1);
    expect(lanes.ok ? lanes.audioLanes : lanes.message).toBe(2);
    const original = allSamples(path("long.wav"));
    const [one, two] = [allSamples(saved(single, "single.mp3")), allSamples(saved(lanes, "lanes.mp3"))];
    // gapless: the LAME tag's delay and padding leave exactly the source's samples, in place
    expect(one.length).toBe(original.length);
    expect(two.length).toBe(original.length);
    const overall = [snrDb(one, original), snrDb(two, original)] as const;
    console.log(`30 s WAV → MP3 192k, SNR against the source: one LAME ${overall[0].toFixed(2)} dB, two ${overall[1].toFixed(2)} dB; two against one ${snrDb(two, one).toFixed(1)} dB`);
    expect(Math.abs(overall[1] - overall[0])).toBeLessThanOrEqual(0.1);
    expect(snrDb(two, one)).toBeGreaterThanOrEqual(35);
    // around each join (the stretches begin at frames 384 and 768; ±3 frames of 1152 stereo samples)
    for (const cut of [384, 768]) {
      const [from, to] = [(cut - 3) * 2304, (cut + 3) * 2304];
      expect(snrDb(two, original, { from, to }), `SNR at frame ${cut}`).toBeGreaterThanOrEqual(snrDb(one, original, { from, to }) - 1);
    }
  });

  test("the OPFS sink returns a disk-backed file and clears a stale half-written one", async ({ page }) => {
    await open(page, "clip.mp4");
    await page.evaluate(async () => {
      const root = await navigator.storage.getDirectory();
      for (const name of ["stale.mkv", "stale.mkv.incomplete"]) {
        const writable = await (await root.getFileHandle(name, { create: true })).createWritable();
        await writable.write("half");
        await writable.close();
      }
    });
    const outcome = await convert(page, "clip.mp4", plan("matroska", { action: "copy", codec: "aac" }, { action: "copy", codec: "avc" }), { kind: "opfs", name: "out.mkv" });
    const out = saved(outcome, "opfs.mkv");
    expect(outcome.ok && outcome.isFile && outcome.name).toBe("out.mkv");
    expect(md5(out, "0:v")).toBe(md5(path("clip.mp4"), "0:v"));
    const names = await page.evaluate(async () => {
      const root = (await navigator.storage.getDirectory()) as unknown as { keys(): AsyncIterable<string> };
      const list: string[] = [];
      for await (const name of root.keys()) list.push(name);
      return list.toSorted();
    });
    expect(names).toEqual(["out.mkv"]);
  });

  test("the handle sink writes the picked file in place", async ({ page }) => {
    const outcome = await convert(page, "song.m4a", plan("adts", { action: "copy", codec: "aac" }, { action: "drop" }), { kind: "handle", name: "picked.aac" });
    const out = saved(outcome, "picked.aac");
    expect(outcome.ok && outcome.isFile && outcome.name).toBe("picked.aac");
    expect(ffprobe(out).format.format_name).toBe("aac");
    expect(md5(out, "0:a")).toBe(md5(path("song.m4a"), "0:a"));
  });

  test("cancel terminates the worker; the next conversion removes the half-written OPFS file", async ({ page }) => {
    await open(page, "clip.mp4");
    const webm = plan("webm", { action: "encode", codec: "opus", bitrate: 96_000 }, { action: "encode", codec: "vp9" });
    const cancelled = await page.evaluate(async (conversion) => {
      const harness = window.__mediaEngines as MediaEnginesHarness;
      const controller = new AbortController();
      const sink = { kind: "opfs" as const, name: "cancelled.webm" };
      const onProgress = (fraction: number) => {
        if (fraction > 0 && fraction < 1) controller.abort();
      };
      const outcome = await harness.webcodecs
        .convert({ file: harness.files()[0] as File, plan: conversion, sink, picture: null }, { signal: controller.signal, onProgress })
        .then(
          () => "finished",
          (error: Error) => error.name,
        );
      const names: string[] = [];
      for await (const name of (await navigator.storage.getDirectory()) as unknown as AsyncIterable<[string, unknown]>) names.push(name[0]);
      return { outcome, names: names.toSorted() };
    }, webm);
    expect(cancelled).toEqual({ outcome: "AbortError", names: ["cancelled.webm", "cancelled.webm.incomplete"] });
    const next = await convert(page, "song.m4a", plan("mp4", { action: "copy", codec: "aac" }, { action: "drop" }), { kind: "opfs", name: "next.m4a" });
    expect(next.ok).toBe(true);
    const names = await page.evaluate(async () => {
      const list: string[] = [];
      for await (const entry of (await navigator.storage.getDirectory()) as unknown as AsyncIterable<[string, unknown]>) list.push(entry[0]);
      return list.toSorted();
    });
    expect(names).toEqual(["next.m4a"]);
  });

  test("a file cut short is refused as corrupt", async ({ page }) => {
    const copy = plan("matroska", { action: "copy", codec: "aac" }, { action: "copy", codec: "avc" });
    // the index at the end is gone
    expect(await probe(page, "cut.mp4")).toMatchObject({ ok: false, code: "corrupt" });
    expect(await convert(page, "cut.mp4", copy)).toMatchObject({ ok: false, code: "corrupt" });
    // the index at the start points past the end
    const probed = await probe(page, "cut-faststart.mp4");
    expect(probed).toMatchObject({ ok: false, code: "corrupt" });
    if (!probed.ok) expect(probed.message).toMatch(/ends early|damaged|incomplete/);
    expect(await convert(page, "cut-faststart.mp4", copy)).toMatchObject({ ok: false, code: "corrupt" });
  });

  test("an AVI, or a codec mediabunny does not know, asks for the ffmpeg engine; an empty file is refused", async ({ page }) => {
    expect(await probe(page, "clip.avi")).toMatchObject({ ok: false, code: "needs-ffmpeg" });
    expect(await probe(page, "mpeg4.mkv")).toMatchObject({ ok: false, code: "needs-ffmpeg" });
    expect(await probe(page, "empty.mp3")).toMatchObject({ ok: false, code: "empty" });
  });
});
