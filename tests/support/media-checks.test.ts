import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { FFMPEG, HAVE_FFMPEG } from "./reference-tools.ts";
import { AV1_ENCODER, FIXTURE_NAMES, FIXTURE_TAGS, fixtureClaims, fixtureUnavailable, mediaFixture, TONE } from "./media-fixtures.ts";
import { allTags, audioStream, channel, coverStream, decodePcm, dominantFrequency, durationSeconds, maxSampleDifference, FFPROBE, ffprobeJson, rmsDb, streamMd5, videoPsnr, videoStream } from "./media-checks.ts";
import { scratch } from "./scratch.ts";

// The media fixtures are what they claim to be, and each check measures what it says, on files whose
// answer is known. These tests need native ffmpeg and fail without it (unlike the other reference
// tools' skips): every media test and the benchmark depend on it, and .ci/run installs it.

const files = scratch("media-checks");
afterAll(() => files.cleanup());
const ffmpeg = (...args: string[]) => execFileSync(FFMPEG, ["-hide_banner", "-v", "error", "-y", ...args], { stdio: ["ignore", "ignore", "pipe"] });

it("native ffmpeg and ffprobe are installed (apt-get install ffmpeg)", () => {
  expect(HAVE_FFMPEG).toBe(true);
  expect(existsSync(FFPROBE)).toBe(true);
});

if (!AV1_ENCODER) console.log("Skipping the AV1 fixtures: native ffmpeg has no AV1 encoder (libsvtav1 or libaom-av1)");

describe("each fixture has the container, codecs, size and tags it claims", () => {
  for (const name of FIXTURE_NAMES) {
    const claims = fixtureClaims(name);
    if (!claims) continue;
    it.skipIf(name.startsWith("av1-") && fixtureUnavailable(name) !== null)(name, () => {
      const probe = ffprobeJson(mediaFixture(name));
      expect(probe.format.formatName.split(",")).toContain(claims.format);
      expect(probe.format.durationSeconds).toBeCloseTo(2, 0);
      expect(audioStream(probe)?.codecName).toBe(claims.audio);
      expect(audioStream(probe)?.channels).toBe(2);
      expect(videoStream(probe)?.codecName).toBe(claims.video);
      if (claims.width) expect([videoStream(probe)?.width, videoStream(probe)?.height]).toEqual([claims.width, claims.height]);
      if (claims.tags) expect(allTags(probe)).toMatchObject(FIXTURE_TAGS);
      expect(coverStream(probe) !== null).toBe(claims.cover === true);
    });
  }

  it("the truncated MP4 and the empty file are unreadable", () => {
    expect(statSync(mediaFixture("empty")).size).toBe(0);
    expect(() => ffprobeJson(mediaFixture("empty"))).toThrow(/ffprobe cannot read/);
    expect(statSync(mediaFixture("truncated-mp4")).size).toBe(statSync(mediaFixture("mp4")).size >> 1);
    expect(() => ffprobeJson(mediaFixture("truncated-mp4"))).toThrow(/moov atom not found/);
  });

  it("a fixture is made once: the second call returns the same file untouched", () => {
    const first = mediaFixture("wav", 1);
    const made = statSync(first).mtimeMs;
    expect(mediaFixture("wav", 1)).toBe(first);
    expect(statSync(first).mtimeMs).toBe(made);
    expect(durationSeconds(first)).toBeCloseTo(1, 3);
  });
});

describe("decodePcm, dominantFrequency and rmsDb", () => {
  it("the WAV tone is 440 Hz left and 660 Hz right at -9 dB RMS, and decodes to exactly its samples", () => {
    const pcm = decodePcm(mediaFixture("wav"), { sampleRate: TONE.sampleRate, channels: 2 });
    expect(pcm.length).toBe(2 * 2 * TONE.sampleRate);
    const left = channel(pcm, 2, 0);
    const right = channel(pcm, 2, 1);
    expect(dominantFrequency(left, TONE.sampleRate)).toBeCloseTo(440, 0);
    expect(dominantFrequency(right, TONE.sampleRate)).toBeCloseTo(660, 0);
    // 0.5 × a full-scale sine: 20·log10(0.5/√2) = -9.03 dB
    expect(rmsDb(left)).toBeCloseTo(-9.03, 1);
    // sample 100 of the left channel is 0.5·sin(2π·440·100/44100), within 16-bit rounding
    expect(left[100]).toBeCloseTo(0.5 * Math.sin((2 * Math.PI * 440 * 100) / TONE.sampleRate), 4);
  });

  it("lossy fixtures keep the tone within 2 Hz and 1 dB; the FLAC is sample-identical to the WAV", () => {
    for (const name of ["mp3", "ogg", "opus", "m4a", "aac", "wma", "mp4", "avi", "flv", "mpg", "webm"] as const) {
      const pcm = decodePcm(mediaFixture(name), { sampleRate: 48000, channels: 2, startSeconds: 0.2, seconds: 1.5 });
      expect(Math.abs(dominantFrequency(channel(pcm, 2, 0), 48000) - 440), name).toBeLessThan(2);
      expect(Math.abs(dominantFrequency(channel(pcm, 2, 1), 48000) - 660), name).toBeLessThan(2);
      expect(Math.abs(rmsDb(channel(pcm, 2, 0)) + 9.03), name).toBeLessThan(1);
    }
    const flac = decodePcm(mediaFixture("flac"), { sampleRate: TONE.sampleRate, channels: 2 });
    const wav = decodePcm(mediaFixture("wav"), { sampleRate: TONE.sampleRate, channels: 2 });
    expect(maxSampleDifference(flac, wav)).toBe(0);
    expect(maxSampleDifference(decodePcm(mediaFixture("mp3"), { sampleRate: TONE.sampleRate, channels: 2 }), wav)).toBeGreaterThan(0);
  });

  it("mono downmix, resampling and a window", () => {
    const mono = decodePcm(mediaFixture("wav"), { sampleRate: 22050, channels: 1, startSeconds: 0.5, seconds: 1 });
    expect(mono.length).toBe(22050);
    const peak = dominantFrequency(mono, 22050);
    // a mono mix holds both tones at equal level: the peak is one of them
    expect([440, 660].some((hz) => Math.abs(peak - hz) < 2)).toBe(true);
  });

  it("silence is -Infinity dB; a full-scale square wave is 0 dB", () => {
    expect(rmsDb(new Float32Array(100))).toBe(-Infinity);
    expect(rmsDb(Float32Array.from({ length: 100 }, (_, i) => (i % 2 ? 1 : -1)))).toBeCloseTo(0, 6);
  });
});

describe("videoPsnr", () => {
  it("a video against itself is infinite; a re-encode is high; another picture is low", () => {
    const mp4 = mediaFixture("mp4");
    expect(videoPsnr(mp4, mp4)).toBe(Infinity);
    expect(videoPsnr(mediaFixture("mkv"), mp4)).toBeGreaterThan(35);
    expect(videoPsnr(mediaFixture("avi"), mp4)).toBeGreaterThan(35);
    expect(videoPsnr(mediaFixture("mpg"), mp4)).toBeGreaterThan(35);
    // compared at the first file's size: a 640×480 upscale against its 320×240 source
    ffmpeg("-i", mp4, "-vf", "scale=640:480", "-c:v", "libx264", "-preset", "veryfast", "-qp", "0", "-an", files.path("big.mp4"));
    expect(videoPsnr(files.path("big.mp4"), mp4)).toBeGreaterThan(40);
    // the test picture against its own mirror image
    ffmpeg("-i", mp4, "-vf", "hflip", "-c:v", "libx264", "-preset", "veryfast", "-an", files.path("flipped.mp4"));
    expect(videoPsnr(files.path("flipped.mp4"), mp4)).toBeLessThan(20);
  });

  it("a reference start lines a trimmed output up with its source", () => {
    const mp4 = mediaFixture("mp4");
    ffmpeg("-ss", "1", "-i", mp4, "-c:v", "libx264", "-preset", "veryfast", "-qp", "0", "-an", files.path("tail.mp4"));
    expect(videoPsnr(files.path("tail.mp4"), mp4, { referenceStartSeconds: 1 })).toBeGreaterThan(40);
    expect(videoPsnr(files.path("tail.mp4"), mp4)).toBeLessThan(30);
  });
});

describe("streamMd5 and durationSeconds", () => {
  it("stream copies between MP4, MOV and MKV have equal checksums; a re-encode does not", () => {
    const mp4 = mediaFixture("mp4");
    ffmpeg("-i", mp4, "-map", "0", "-c", "copy", files.path("copy.mkv"));
    ffmpeg("-i", mp4, "-map", "0", "-c", "copy", files.path("copy.mov"));
    ffmpeg("-i", mp4, "-map", "0:a", "-c", "copy", files.path("copy.m4a"));
    ffmpeg("-i", mp4, "-map", "0", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", files.path("again.mp4"));
    for (const kind of ["a", "v"] as const) {
      expect(streamMd5(files.path("copy.mkv"), kind)).toBe(streamMd5(mp4, kind));
      expect(streamMd5(files.path("copy.mov"), kind)).toBe(streamMd5(mp4, kind));
      expect(streamMd5(files.path("again.mp4"), kind)).not.toBe(streamMd5(mp4, kind));
    }
    expect(streamMd5(files.path("copy.m4a"), "a")).toBe(streamMd5(mp4, "a"));
    // the MP3's cover picture is not its video
    expect(() => streamMd5(mediaFixture("mp3"), "v")).toThrow();
  });

  it("durations of a trim are within 50 ms", () => {
    ffmpeg("-ss", "0.5", "-t", "1", "-i", mediaFixture("wav"), files.path("trim.wav"));
    expect(Math.abs(durationSeconds(files.path("trim.wav")) - 1)).toBeLessThan(0.05);
    expect(durationSeconds(mediaFixture("mpg"))).toBeCloseTo(2, 1);
  });
});
