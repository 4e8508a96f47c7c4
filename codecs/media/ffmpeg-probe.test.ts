import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeRealWorldAudio, REAL_WORLD_AUDIO, realWorldClaims, realWorldUnavailable } from "#tests/support/real-world-audio.ts";
import { parseFfmpegProbe } from "./ffmpeg-probe.ts";

// The parser on real `ffmpeg -hide_banner -i` logs of short files made here by the native ffmpeg
// (Debian's 5.1, the family of the core's n5.1.4).

let dir = "";
const make = (name: string, ...args: string[]) => execFileSync("ffmpeg", ["-v", "error", "-y", ...args, join(dir, name)], { stdio: ["ignore", "ignore", "pipe"] });
const tone = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1"];
const bars = ["-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=1"];
/** What ffmpeg prints about a file (it exits 1: no output file). */
const inputLog = (name: string) => spawnSync("ffmpeg", ["-hide_banner", "-i", join(dir, name)], { encoding: "utf8" }).stderr;
const probe = (name: string) => parseFfmpegProbe(inputLog(name));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "ffmpeg-probe-"));
  make("ps.mpg", ...tone, ...bars, "-c:v", "mpeg2video", "-c:a", "mp2", "-f", "vob");
  make("a.flv", ...tone, ...bars, "-c:v", "flv", "-c:a", "libmp3lame");
  make("a.wma", ...tone, "-metadata", "title=Song", "-metadata", "artist=Band", "-metadata", "album=Record", "-c:a", "wmav2");
  make("a.mp4", ...tone, ...bars, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac");
  make("a.mov", ...tone, ...bars, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac");
  make("a.m4a", ...tone, "-c:a", "aac");
  make("cover.png", "-f", "lavfi", "-i", "color=red:size=32x32", "-frames:v", "1");
  make("a.mp3", ...tone, "-i", join(dir, "cover.png"), "-map", "0", "-map", "1", "-c:a", "libmp3lame", "-c:v", "copy", "-disposition:v", "attached_pic", "-metadata", "title=With cover");
  make("a.webm", ...tone, ...bars, "-c:v", "libvpx-vp9", "-deadline", "realtime", "-c:a", "libopus");
  make("a.mkv", ...tone, ...bars, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac");
  make("a.ogg", ...tone, "-c:a", "libvorbis", "-metadata", "TITLE=Vorbis tag");
  make("a.wav", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1", "-af", "pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0", "-c:a", "pcm_s24le");
  make("a.aac", ...tone, "-c:a", "aac", "-f", "adts");
  make("a.flac", ...tone, "-c:a", "flac");
  make("a.ts", ...tone, ...bars, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "mpegts");
  make("a.avi", ...tone, ...bars, "-c:v", "mpeg4", "-c:a", "libmp3lame");
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("parseFfmpegProbe on native ffmpeg logs", () => {
  it("reads MPEG-PS with MPEG-2 video and MP2 sound", () => {
    const info = probe("ps.mpg");
    expect(info).toMatchObject({
      container: "mpeg-ps",
      reader: "ffmpeg",
      audio: { codec: "mp2", sampleRate: 44100, channels: 1 },
      video: { codec: "mpeg2video", width: 160, height: 120, frameRate: 25 },
      tags: { hasCover: false },
    });
    expect(info?.durationSeconds).toBeCloseTo(1, 1);
    expect(info?.bitrate).toBeGreaterThan(0);
  });

  it("reads FLV, AVI, MPEG-TS and WMA with its tags", () => {
    expect(probe("a.flv")).toMatchObject({ container: "flv", audio: { codec: "mp3" }, video: { codec: "flv1", width: 160, height: 120 } });
    expect(probe("a.avi")).toMatchObject({ container: "avi", audio: { codec: "mp3" }, video: { codec: "mpeg4" } });
    expect(probe("a.ts")).toMatchObject({ container: "mpegts", audio: { codec: "aac" }, video: { codec: "avc" } });
    const wma = probe("a.wma");
    expect(wma).toMatchObject({ container: "asf", video: null, audio: { codec: "wmav2", sampleRate: 44100, channels: 1, bitrate: 128_000 } });
    expect(wma?.tags).toEqual({ title: "Song", artist: "Band", album: "Record", hasCover: false });
  });

  it("tells MP4 from MOV by the major brand, and M4A is MP4", () => {
    expect(probe("a.mp4")).toMatchObject({ container: "mp4", audio: { codec: "aac" }, video: { codec: "avc", width: 160, height: 120, frameRate: 25 } });
    expect(probe("a.mov")?.container).toBe("mov");
    expect(probe("a.m4a")).toMatchObject({ container: "mp4", video: null, audio: { codec: "aac" } });
  });

  it("tells WebM from Matroska by the codecs", () => {
    expect(probe("a.webm")).toMatchObject({ container: "webm", audio: { codec: "opus", sampleRate: 48000 }, video: { codec: "vp9" } });
    expect(probe("a.mkv")?.container).toBe("matroska");
  });

  it("sees an attached picture as cover art, not as video", () => {
    const info = probe("a.mp3");
    expect(info).toMatchObject({ container: "mp3", video: null, audio: { codec: "mp3" }, tags: { title: "With cover", hasCover: true } });
  });

  it("maps PCM names and channel layouts, and reads Ogg's stream tags", () => {
    expect(probe("a.wav")).toMatchObject({ container: "wav", audio: { codec: "pcm-s24", sampleRate: 48000, channels: 6 } });
    expect(probe("a.ogg")).toMatchObject({ container: "ogg", audio: { codec: "vorbis" }, tags: { title: "Vorbis tag" } });
    expect(probe("a.aac")).toMatchObject({ container: "adts", audio: { codec: "aac" } });
    expect(probe("a.flac")).toMatchObject({ container: "flac", audio: { codec: "flac" } });
  });
});

// issue 26: formats real collections hold, each written by an independent writer (ffmpeg, wavpack,
// mpcenc, JMAC, our DSD writer); the parse must give the codec, channels, rate and length the log says
describe("parseFfmpegProbe on the real-world audio formats", () => {
  for (const name of REAL_WORLD_AUDIO) {
    const unavailable = realWorldUnavailable(name);
    it.skipIf(unavailable !== null)(`${name}${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
      const claims = realWorldClaims(name);
      const path = makeRealWorldAudio(name, dir);
      const info = parseFfmpegProbe(spawnSync("ffmpeg", ["-hide_banner", "-i", path], { encoding: "utf8" }).stderr);
      if (claims.ffmpegReads === false) return expect(info).toBeNull();
      expect(info).toMatchObject({ container: claims.container, reader: "ffmpeg", video: null, audio: { codec: claims.codec, channels: claims.channels, sampleRate: claims.sampleRate } });
      // ffmpeg prints the length to the hundredth
      if (claims.seconds !== undefined) expect(info?.durationSeconds).toBeCloseTo(claims.seconds, 1);
    });
  }
});

/** The channel count parsed from a stream line with this layout field. */
const channels = (layout: string) => parseFfmpegProbe(`Input #0, wv, from 'a.wv':\n  Duration: 00:00:02.00\n  Stream #0:0: Audio: wavpack, 48000 Hz, ${layout}, s16p\n`)?.audio?.channels;

describe("parseFfmpegProbe on hand-written logs", () => {
  it("counts the channels of every layout ffmpeg 5.1 names, counted and custom layouts", () => {
    const want: Record<string, number> = { mono: 1, stereo: 2, "3.1": 4, "4.0": 4, quad: 4, "quad(side)": 4, "5.1(side)": 6, hexagonal: 6, "7.1(top)": 8, octagonal: 8, hexadecagonal: 16, "22.2": 24 };
    for (const [layout, count] of Object.entries(want)) expect(channels(layout), layout).toBe(count);
    expect(channels("4 channels")).toBe(4);
    expect(channels("4 channels (FL+FR+LFE+BC)")).toBe(4);
    expect(channels("FL+FR+LFE")).toBe(3);
  });

  it("returns null when ffmpeg could not open the input", () => {
    expect(parseFfmpegProbe("/in/input.avi: Invalid data found when processing input\n")).toBeNull();
  });

  it("keeps unknown durations and bitrates as null, multi-line tags joined, k fps and counted channels", () => {
    const log = [
      "Input #0, matroska,webm, from '/in/input.mkv':",
      "  Metadata:",
      "    TITLE           : First line",
      "                    : second line",
      "  Duration: N/A, start: 0.000000, bitrate: N/A",
      "  Stream #0:0: Video: h264 (High), yuv420p(tv, bt709, progressive), 1920x1080 [SAR 1:1 DAR 16:9], 1k fps, 1k tbr, 1k tbn (default)",
      "  Stream #0:1(eng): Audio: ac3, 48000 Hz, 10 channels, fltp, 640 kb/s",
      "At least one output file must be specified",
    ].join("\n");
    expect(parseFfmpegProbe(log)).toEqual({
      container: "matroska",
      reader: "ffmpeg",
      durationSeconds: null,
      bitrate: null,
      audio: { codec: "ac3", sampleRate: 48000, channels: 10, bitrate: 640_000 },
      video: { codec: "avc", width: 1920, height: 1080, frameRate: 1000, bitrate: null },
      tags: { title: "First line\nsecond line", hasCover: false },
    });
  });
});
