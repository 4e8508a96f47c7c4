import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { ffmpegArgs, MAX_CODEC_THREADS, scaleFilter, type SampleStretch } from "./ffmpeg-args.ts";
import { MediaError } from "./media-error.ts";
import type { ConversionPlan, TrackPlan } from "./media-types.ts";

const files = { input: "in.bin", output: "out.bin" };

function plan(target: ConversionPlan["target"], container: string, audio: TrackPlan, video: TrackPlan, more: Partial<ConversionPlan> = {}): ConversionPlan {
  return { engine: "ffmpeg", target, container, audio, video, trim: { startSeconds: 0, endSeconds: null }, outputSeconds: 1, summary: "", keepTags: true, keepCover: false, ...more };
}

/** The value following `flag` in argv (the first one), or undefined. */
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

const audio = (track: TrackPlan, target: ConversionPlan["target"] = "mp3", container = "mp3") => ffmpegArgs(plan(target, container, track, { action: "drop" }), files);
const video = (track: TrackPlan, target: ConversionPlan["target"], container: string) => ffmpegArgs(plan(target, container, { action: "encode", codec: "aac" }, track), files);
const run = (args: string[]) => execFileSync("ffmpeg", ["-v", "error", ...args], { stdio: ["ignore", "ignore", "pipe"] });

/** The MediaError code ffmpegArgs refuses a plan with, or "accepted". */
function refuse(p: ConversionPlan, picture?: string): string {
  try {
    ffmpegArgs(p, { ...files, picture });
  } catch (error) {
    return error instanceof MediaError ? error.code : "other";
  }
  return "accepted";
}

describe("ffmpegArgs", () => {
  it("copies, drops, keeps tags and names the muxer", () => {
    const args = ffmpegArgs(plan("mp3", "mp3", { action: "copy", codec: "mp3" }, { action: "drop" }), files);
    expect(args.slice(0, 3)).toEqual(["-nostdin", "-y", "-hide_banner"]);
    expect(args).toEqual(expect.arrayContaining(["-map", "0:a:0", "-c:a", "copy", "-vn", "-map_metadata", "0"]));
    expect(args.slice(-3)).toEqual(["-f", "mp3", "out.bin"]);
    expect(args).not.toContain("0:V:0");
  });

  it("names the threads of the decoder, the encoders and the filters, within the threaded core's pool", () => {
    const toAvi = plan("avi", "avi", { action: "encode", codec: "mp3", bitrate: 192_000 }, { action: "encode", codec: "mpeg4", quality: "medium" });
    const threaded = ffmpegArgs(toAvi, files, 4);
    const input = threaded.indexOf("-i");
    expect(threaded.slice(input - 2, input)).toEqual(["-threads", "4"]);
    expect(threaded.slice(-5)).toEqual(["-threads", "4", "-f", "avi", "out.bin"]);
    expect(after(threaded, "-filter_threads")).toBe("4");
    expect(after(ffmpegArgs(toAvi, files, 64), "-threads")).toBe(String(MAX_CODEC_THREADS));
    // the single-thread core: ffmpeg's "auto" would be 1 there too, but it is said
    expect(after(ffmpegArgs(toAvi, files), "-threads")).toBe("1");
  });

  it("puts the start before the input and the length after it", () => {
    const args = ffmpegArgs(plan("wav", "wav", { action: "encode", codec: "pcm-s16" }, { action: "drop" }, { trim: { startSeconds: 1.5, endSeconds: 4 } }), files);
    expect(args.indexOf("-ss")).toBeLessThan(args.indexOf("-i"));
    expect(after(args, "-ss")).toBe("1.500");
    expect(args.indexOf("-t")).toBeGreaterThan(args.indexOf("-i"));
    expect(after(args, "-t")).toBe("2.500");
    expect(after(args, "-c:a")).toBe("pcm_s16le");
    expect(args).not.toContain("-b:a");
  });

  it("maps each audio encoder, CBR and VBR", () => {
    expect(audio({ action: "encode", codec: "mp3", bitrate: 192_000 })).toEqual(expect.arrayContaining(["-c:a", "libmp3lame", "-b:a", "192000"]));
    expect(audio({ action: "encode", codec: "mp3", vbrQuality: 2 })).toEqual(expect.arrayContaining(["-c:a", "libmp3lame", "-q:a", "2"]));
    expect(audio({ action: "encode", codec: "vorbis", vbrQuality: 2 }, "ogg", "ogg")).toEqual(expect.arrayContaining(["-c:a", "libvorbis", "-q:a", "8"]));
    expect(audio({ action: "encode", codec: "opus", vbrQuality: 0 }, "ogg", "ogg")).toEqual(expect.arrayContaining(["-c:a", "libopus", "-frame_duration", "10", "-vbr", "on", "-b:a", "147k"]));
    expect(after(audio({ action: "encode", codec: "opus", sampleRate: 44100 }, "ogg", "ogg"), "-ar")).toBe("48000");
    expect(audio({ action: "encode", codec: "aac", vbrQuality: 5 }, "m4a", "mp4")).toEqual(expect.arrayContaining(["-c:a", "aac", "-b:a", "130k", "-f", "ipod"]));
    expect(audio({ action: "encode", codec: "flac", vbrQuality: 5 }, "flac", "flac")).not.toContain("-b:a");
    expect(audio({ action: "encode", codec: "pcm-s24", sampleRate: 48000, channels: 1 }, "wav", "wav")).toEqual(
      expect.arrayContaining(["-c:a", "pcm_s24le", "-ar", "48000", "-ac", "1"]),
    );
    expect(audio({ action: "encode", codec: "pcm-f32" }, "wav", "wav")).toContain("pcm_f32le");
    expect(audio({ action: "encode", codec: "wmav2", bitrate: 128_000 }, "wma", "asf")).toEqual(expect.arrayContaining(["-c:a", "wmav2", "-f", "asf"]));
  });

  it("maps each video encoder with its quality setting", () => {
    const x264 = video({ action: "encode", codec: "avc", quality: "high" }, "mp4", "mp4");
    expect(x264).toEqual(expect.arrayContaining(["-map", "0:V:0", "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p"]));
    expect(after(video({ action: "encode", codec: "avc" }, "mp4", "mp4"), "-crf")).toBe("23");
    const vp9 = video({ action: "encode", codec: "vp9", quality: "low" }, "webm", "webm");
    expect(vp9).toEqual(expect.arrayContaining(["-c:v", "libvpx-vp9", "-deadline", "realtime", "-b:v", "0", "-crf", "42"]));
    expect(video({ action: "encode", codec: "vp8" }, "webm", "webm")).toEqual(expect.arrayContaining(["-c:v", "libvpx", "-crf", "16"]));
    expect(video({ action: "encode", codec: "mpeg4" }, "avi", "avi")).toEqual(expect.arrayContaining(["-c:v", "mpeg4", "-q:v", "5", "-f", "avi"]));
    expect(video({ action: "encode", codec: "flv1", bitrate: 800_000 }, "flv", "flv")).toEqual(expect.arrayContaining(["-c:v", "flv", "-b:v", "800000"]));
    expect(video({ action: "encode", codec: "hevc" }, "mp4", "mp4")).toEqual(expect.arrayContaining(["-c:v", "libx265", "-tag:v", "hvc1"]));
    expect(video({ action: "encode", codec: "avc" }, "mkv", "matroska")).toEqual(expect.arrayContaining(["-f", "matroska"]));
  });

  it("scales within the plan's size on even dimensions", () => {
    expect(scaleFilter({ height: 720 })).toBe("scale=-2:720");
    expect(scaleFilter({ width: 1281, height: 719 })).toBe("scale=1282:720:force_original_aspect_ratio=decrease:force_divisible_by=2");
    expect(scaleFilter({})).toBe("scale=trunc(iw/2)*2:trunc(ih/2)*2");
  });

  it("keeps cover art where the target holds it and strips tags when asked", () => {
    const withCover = ffmpegArgs(plan("mp3", "mp3", { action: "encode", codec: "mp3" }, { action: "drop" }, { keepCover: true }), files);
    expect(withCover).toEqual(expect.arrayContaining(["-map", "0:v:0?", "-c:v", "copy", "-disposition:v:0", "attached_pic", "-id3v2_version", "3"]));
    expect(withCover).not.toContain("-vn");
    const wav = ffmpegArgs(plan("wav", "wav", { action: "encode", codec: "pcm-s16" }, { action: "drop" }, { keepCover: true, keepTags: false }), files);
    expect(wav).not.toContain("attached_pic");
    expect(after(wav, "-map_metadata")).toBe("-1");
  });

  it("maps an Ogg source's stream tags (Vorbis comments) as the file's tags", () => {
    const wma = { action: "encode", codec: "wmav2", bitrate: 192_000 } as const;
    const fromOgg = ffmpegArgs(plan("wma", "asf", wma, { action: "drop" }, { tagsOnAudioStream: true }), files);
    expect(fromOgg.join(" ")).toContain("-map_metadata 0 -map_chapters -1 -map_metadata 0:s:a:0");
    expect(ffmpegArgs(plan("wma", "asf", wma, { action: "drop" }), files)).not.toContain("0:s:a:0");
    expect(ffmpegArgs(plan("wma", "asf", wma, { action: "drop" }, { tagsOnAudioStream: true, keepTags: false }), files)).not.toContain("0:s:a:0");
  });

  it("loops a still picture as the video track for as long as the sound", () => {
    const args = ffmpegArgs(plan("mp4", "mp4", { action: "copy", codec: "aac" }, { action: "encode", codec: "avc" }, { outputSeconds: 12.5 }), { ...files, picture: "pic.png" });
    expect(args).toEqual(expect.arrayContaining(["-loop", "1", "-i", "pic.png", "-map", "1:v:0", "-tune", "stillimage", "-shortest"]));
    expect(after(args, "-t")).toBe("12.500");
  });

  it("refuses plans it cannot run", () => {
    expect(refuse(plan("mp3", "mp3", { action: "drop" }, { action: "drop" }))).toBe("bad-option");
    expect(refuse(plan("mp3", "mp3", { action: "copy", codec: "mp3" }, { action: "drop" }, { trim: { startSeconds: 3, endSeconds: 2 } }))).toBe("bad-option");
    expect(refuse(plan("mp3", "mp3", { action: "encode", codec: "speex" }, { action: "drop" }))).toBe("no-encoder");
    expect(refuse(plan("mp4", "mp4", { action: "copy", codec: "aac" }, { action: "copy", codec: "avc" }), "pic.png")).toBe("bad-option");
  });
});

// The same argv run by the native ffmpeg, outputs read back with ffprobe.
const stretchArgs = (p: ConversionPlan, stretch: SampleStretch) => ffmpegArgs(p, files, 1, stretch);

/** The MediaError code ffmpegArgs refuses a stretch with, or "accepted". */
function refuseStretch(p: ConversionPlan, stretch: SampleStretch): string {
  try {
    stretchArgs(p, stretch);
  } catch (error) {
    return error instanceof MediaError ? error.code : "other";
  }
  return "accepted";
}

describe("ffmpegArgs for a stretch of the sound", () => {
  const vorbis = plan("ogg", "ogg", { action: "encode", codec: "vorbis", bitrate: 192_000 }, { action: "drop" });

  it("seeks to a whole second at least one before the stretch and trims by sample from there", () => {
    const args = stretchArgs(vorbis, { from: 441_000, to: 882_000, sampleRate: 44100 });
    expect(args.indexOf("-ss")).toBeLessThan(args.indexOf("-i"));
    expect(after(args, "-ss")).toBe("9");
    expect(after(args, "-af")).toBe("atrim=start_sample=44100:end_sample=485100,asetpts=PTS-STARTPTS,afade=t=in:ns=1024");
    const start = stretchArgs(vorbis, { from: 0, to: 1000, sampleRate: 48000 });
    expect(start).not.toContain("-ss");
    expect(after(start, "-af")).toBe("atrim=start_sample=0:end_sample=1000,asetpts=PTS-STARTPTS");
    expect(after(stretchArgs(vorbis, { from: 96000, to: null, sampleRate: 48000 }), "-af")).toBe("atrim=start_sample=48000,asetpts=PTS-STARTPTS,afade=t=in:ns=1024");
  });

  it("refuses a stretch of a cut, of a video, or between fractions of samples", () => {
    const whole = { from: 0, to: 1000, sampleRate: 44100 };
    expect(refuseStretch({ ...vorbis, trim: { startSeconds: 1, endSeconds: null } }, whole)).toBe("bad-option");
    expect(refuseStretch({ ...vorbis, video: { action: "encode", codec: "vp8" } }, whole)).toBe("bad-option");
    expect(refuseStretch(vorbis, { ...whole, from: 0.5 })).toBe("bad-option");
    expect(refuseStretch(vorbis, { ...whole, to: 0 })).toBe("bad-option");
    expect(refuseStretch(vorbis, whole)).toBe("accepted");
  });
});

describe("ffmpegArgs with the native ffmpeg", () => {
  let dir = "";
  const at = (name: string) => join(dir, name);
  const probe = (name: string) =>
    JSON.parse(execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", at(name)]).toString()) as {
      format: { format_name: string; duration: string; tags?: Record<string, string> };
      streams: { codec_name: string; codec_type: string; width?: number; height?: number; disposition: { attached_pic: number } }[];
    };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "ffmpeg-args-"));
    run(["-f", "lavfi", "-i", "color=blue:size=40x40", "-frames:v", "1", at("cover.png")]);
    run(["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-i", at("cover.png"), "-map", "0", "-map", "1", "-c:a", "aac", "-c:v", "copy", "-disposition:v", "attached_pic", "-metadata", "title=Tagged", at("in.m4a")]);
    run(["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", at("in.mp4")]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("M4A with cover → MP3 keeps the tags and the cover", () => {
    run(ffmpegArgs(plan("mp3", "mp3", { action: "encode", codec: "mp3", bitrate: 128_000 }, { action: "drop" }, { keepCover: true }), { input: at("in.m4a"), output: at("out.mp3") }));
    const out = probe("out.mp3");
    expect(out.format.tags?.title).toBe("Tagged");
    expect(out.streams.map((s) => [s.codec_name, s.disposition.attached_pic])).toEqual([["mp3", 0], ["png", 1]]);
  });

  it("MP4 → WebM (VP9 + Opus) at 180 lines, trimmed to 1 s", () => {
    const p = plan("webm", "webm", { action: "encode", codec: "opus", bitrate: 96_000 }, { action: "encode", codec: "vp9", height: 180 }, { trim: { startSeconds: 0.5, endSeconds: 1.5 } });
    run(ffmpegArgs(p, { input: at("in.mp4"), output: at("out.webm") }));
    const out = probe("out.webm");
    expect(out.streams.map((s) => s.codec_name).toSorted()).toEqual(["opus", "vp9"]);
    expect(out.streams.find((s) => s.codec_type === "video")).toMatchObject({ width: 320, height: 180 });
    expect(Math.abs(Number(out.format.duration) - 1)).toBeLessThan(0.06);
  });

  it("M4A + picture → MP4 with a still video track as long as the sound", () => {
    const p = plan("mp4", "mp4", { action: "copy", codec: "aac" }, { action: "encode", codec: "avc" }, { outputSeconds: 2 });
    run(ffmpegArgs(p, { input: at("in.m4a"), output: at("still.mp4"), picture: at("cover.png") }));
    const out = probe("still.mp4");
    expect(out.streams.map((s) => s.codec_name).toSorted()).toEqual(["aac", "h264"]);
    expect(Math.abs(Number(out.format.duration) - 2)).toBeLessThan(0.25);
  });

  it.each(["flac", "wav", "mp3"])("a stretch of a %s is cut to the exact samples, after a seek to a whole second", (ext) => {
    const rate = 44100;
    run(["-y", "-f", "lavfi", "-i", `aevalsrc=0.5*sin(2*PI*(100+300*t)*t)|0.4*sin(2*PI*(300+100*t)*t):s=${rate}:d=6`, ...(ext === "mp3" ? ["-c:a", "libmp3lame", "-b:a", "192k"] : []), at(`chirp.${ext}`)]);
    run(["-y", "-i", at(`chirp.${ext}`), "-f", "s16le", "-c:a", "pcm_s16le", at(`whole-${ext}.raw`)]);
    const stretch: SampleStretch = { from: 3 * rate + 777, to: 4 * rate + 1000, sampleRate: rate };
    const args = ffmpegArgs(plan("wav", "wav", { action: "encode", codec: "pcm-s16" }, { action: "drop" }), { input: at(`chirp.${ext}`), output: at(`part-${ext}.wav`) }, 1, stretch);
    expect(after(args, "-ss")).toBe("2");
    run(args);
    run(["-y", "-i", at(`part-${ext}.wav`), "-f", "s16le", "-c:a", "pcm_s16le", at(`part-${ext}.raw`)]);
    const whole = new Int16Array(readFileSync(at(`whole-${ext}.raw`)).buffer.slice(0));
    const part = new Int16Array(readFileSync(at(`part-${ext}.raw`)).buffer.slice(0));
    expect(part.length).toBe(2 * ((stretch.to ?? 0) - stretch.from));
    // after its fade-in (1024 samples, stereo here: 2048 values), the same decoder output sample for
    // sample, the MP3's too (its decoder settled in the second before)
    let differing = 0;
    for (let i = 2048; i < part.length; i++) if (part[i] !== whole[2 * stretch.from + i]) differing++;
    expect(differing).toBe(0);
    expect(Math.abs(part[0] ?? 1)).toBeLessThan(4);
  });
});
