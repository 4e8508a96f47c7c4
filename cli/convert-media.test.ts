// Audio and video through the CLI (issue 26): the page's planner and argv on the @ffmpeg/core wasm in
// Node. Every output is judged by native ffmpeg/ffprobe: its streams, its decoded tone (440 Hz left,
// 660 Hz right, tests/support/media-fixtures.ts), its pictures' PSNR or its copied streams' MD5.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildCliFirst, convert } from "#tests/support/cli/run-cli.ts";
import { scratch } from "#tests/support/scratch.ts";
import { audioStream, channel, decodePcm, dominantFrequency, ffprobeJson, streamMd5, videoPsnr, videoStream } from "#tests/support/media-checks.ts";
import { fixtureUnavailable, mediaFixture, TONE, type FixtureName } from "#tests/support/media-fixtures.ts";

const work = scratch("convert-media-cli");
afterAll(() => work.cleanup());
const at = (name: string) => join(work.dir, name);

const unavailable = fixtureUnavailable("mp4");
if (unavailable) console.log(`Skipping the CLI's audio and video checks: ${unavailable}`);

buildCliFirst();

/** Runs the CLI and expects success: its one line on stdout. */
function converted(input: string, output: string, ...options: string[]): string {
  const run = convert(input, output, ...options);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return run.stdout.trim();
}

/** The decoded output holds the fixture's tone: its length, 440 Hz left and 660 Hz right. */
function expectTone(file: string, seconds: number, sampleRate: number = TONE.sampleRate): void {
  const pcm = decodePcm(file, { sampleRate, channels: 2 });
  expect(Math.abs(pcm.length / 2 / sampleRate - seconds)).toBeLessThan(0.1);
  const middle = (samples: Float32Array) => samples.subarray(Math.round(0.25 * sampleRate), Math.round((seconds - 0.25) * sampleRate));
  expect(Math.abs(dominantFrequency(middle(channel(pcm, 2, 0)), sampleRate) / TONE.left - 1)).toBeLessThan(0.01);
  expect(Math.abs(dominantFrequency(middle(channel(pcm, 2, 1)), sampleRate) / TONE.right - 1)).toBeLessThan(0.01);
}

// each case starts the core in a new process (0.7 s of wasm compiling) and some encode video:
// minutes on a busy shared machine, seconds on an idle one
describe.skipIf(unavailable !== null)("audio and video conversions", { timeout: 180_000 }, () => {
  it.each<[FixtureName, string]>([
    ["wav", "re-encoded with MP3 (LAME) at 192 kbps"],
    ["flac", "re-encoded with MP3 (LAME) at 192 kbps"],
    ["m4a", "re-encoded with MP3 (LAME) at 192 kbps"],
    ["flv", "re-encoded with MP3 (LAME) at 192 kbps"],
    ["mp4", "re-encoded with MP3 (LAME) at 192 kbps"],
  ])("%s to MP3: an MP3 stream at 192 kbps holding the same tone", (fixture, summary) => {
    const output = at(`${fixture}.mp3`);
    expect(converted(mediaFixture(fixture), output)).toContain(summary);
    const probe = ffprobeJson(output);
    expect(probe.format.formatName).toBe("mp3");
    expect(audioStream(probe)).toMatchObject({ codecName: "mp3", sampleRate: 44100, channels: 2 });
    expect(videoStream(probe)).toBeNull();
    expectTone(output, 2);
  });

  it("MP4 (H.264 + AAC) to MP4 copies both streams bit for bit", () => {
    const input = mediaFixture("mp4");
    const output = at("copy.mp4");
    expect(converted(input, output)).toContain("copied (no re-encoding)");
    for (const kind of ["a", "v"] as const) expect(streamMd5(output, kind)).toBe(streamMd5(input, kind));
    expectTone(output, 2);
  });

  it("MPG (MPEG-2 program stream) to AVI: MPEG-4 video that matches the pictures, MP3 sound with the tone", () => {
    const input = mediaFixture("mpg");
    const output = at("mpg.avi");
    expect(converted(input, output)).toContain("re-encoded with MPEG-4 Part 2 at 320×240 and MP3 (LAME)");
    const probe = ffprobeJson(output);
    expect(probe.format.formatName).toBe("avi");
    expect(videoStream(probe)).toMatchObject({ codecName: "mpeg4", width: 320, height: 240 });
    expect(audioStream(probe)).toMatchObject({ codecName: "mp3" });
    expect(videoPsnr(output, input)).toBeGreaterThan(30);
    expectTone(output, 2);
  });

  it("takes the page's options: a cut, bitrate, sample rate and channels", () => {
    const output = at("cut.mp3");
    const line = converted(mediaFixture("wav"), output, "--start", "0.5", "--end", "1.5", "--bitrate", "128", "--sample-rate", "22050", "--channels", "1");
    expect(line).toContain("MP3 (LAME) at 128 kbps, 22.05 kHz, mono, 1.00 s");
    const stream = audioStream(ffprobeJson(output));
    expect(stream).toMatchObject({ codecName: "mp3", sampleRate: 22050, channels: 1, bitRate: 128000 });
    const pcm = decodePcm(output, { sampleRate: 22050, channels: 1 });
    expect(Math.abs(pcm.length / 22050 - 1)).toBeLessThan(0.06);
  });

  it("drops the sound and scales the picture with --no-audio --resolution", () => {
    const output = at("small.mkv");
    expect(converted(mediaFixture("mp4-720"), output, "--no-audio", "--resolution", "480")).toContain("sound removed");
    const probe = ffprobeJson(output);
    expect(audioStream(probe)).toBeNull();
    const video = videoStream(probe);
    expect(video).toMatchObject({ codecName: "h264", height: 480 });
    // 16:9 at 480 lines: the scale filter rounds 853.3 down to an even 852
    expect(video?.width).toBe(852);
  });

  it.each<[string, () => string[], string]>([
    ["a truncated MP4", () => [mediaFixture("truncated-mp4"), at("cut.mp3")], "convert: This file is damaged or incomplete. (The ffmpeg engine could not read it to the end.)"],
    ["an MP4 cut short after its index (ffmpeg stops at the cut: the page's reader refuses it too)", () => [cutShort(faststart(mediaFixture("mp4"))), at("cut-index.mp3")], "convert: This file ends early: its last frames are missing"],
    ["an empty file", () => [mediaFixture("empty"), at("empty.wav")], "convert: This file is empty."],
    ["a sound file to a video", () => [mediaFixture("wav"), at("tone.avi")], "convert: This file has no video to convert to AVI."],
    ["a video to a picture", () => [mediaFixture("mp4"), at("still.png")], 'convert: A video file converts to .mp3, .wav, .ogg, .m4a, .aac, .flac, .wma, .mp4, .webm, .mkv, .mov, .avi or .flv, not to ".png".'],
    ["a bitrate out of range", () => [mediaFixture("wav"), at("loud.mp3"), "--bitrate", "500"], "convert: Choose a bitrate between 64 and 320 kbps."],
    ["noise named .mp4 (no signature: its name makes it a video)", () => [write("noise.mp4", Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) & 0xff)), at("noise.mp3")], "convert: This file is damaged or incomplete"],
  ])("refuses %s in one line", (_name, args, message) => {
    const run = convert(...args());
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr.trim().startsWith(message)).toBe(true);
    expect(run.stderr).not.toMatch(/\/tmp\/input|Aborted|Assertion/);
  });
});

/** The MP4 with its index first (as web videos are), by native ffmpeg without re-encoding. */
function faststart(file: string): string {
  const out = at("faststart.mp4");
  execFileSync("ffmpeg", ["-hide_banner", "-v", "error", "-y", "-i", file, "-c", "copy", "-movflags", "+faststart", out]);
  return out;
}

/** The first 60 % of a file: a download that stopped. */
function cutShort(file: string): string {
  const bytes = readFileSync(file);
  return write(`cut-${basename(file)}`, bytes.subarray(0, Math.round(bytes.length * 0.6)));
}

function write(name: string, bytes: Uint8Array): string {
  writeFileSync(at(name), bytes);
  return at(name);
}
