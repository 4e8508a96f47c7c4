import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "#tests/support/property.ts";
import { MediaError } from "./media-error.ts";
import type { ConversionChoice, ConversionPlan, MediaInfo, MediaTarget, TrackPlan } from "./media-types.ts";
import { defaultChoice } from "./options.ts";
import { CORE_DECODE_MIN_SECONDS, planConversion, scaledSize, videoBitrate } from "./plan.ts";
import { targetSpec } from "./targets.ts";
import { CHROMIUM_ENCODERS, INPUTS, mediaInfo } from "#tests/support/codecs/media/test-helpers.ts";

// Each cell: engine (W webcodecs, F ffmpeg), then the audio and the video track's action (c copy,
// e encode, d drop), or the MediaError code the plan throws.
const EXPECTED: Record<string, Record<MediaTarget, string>> = {
  "MP4 H.264+AAC": { mp3: "Wed", wav: "Wed", ogg: "Fed", m4a: "Wcd", aac: "Wcd", flac: "Wed", wma: "Fed", mp4: "Wcc", webm: "Wee", mkv: "Wcc", mov: "Wcc", avi: "Fee", flv: "Fcc" },
  "M4A AAC": { mp3: "Wed", wav: "Wed", ogg: "Fed", m4a: "Wcd", aac: "Wcd", flac: "Wed", wma: "Fed", mp4: "Wcd", webm: "no-video", mkv: "no-video", mov: "no-video", avi: "no-video", flv: "no-video" },
  MP3: { mp3: "Wcd", wav: "Wed", ogg: "Fed", m4a: "Wed", aac: "Wed", flac: "Wed", wma: "Fed", mp4: "no-video", webm: "no-video", mkv: "no-video", mov: "no-video", avi: "no-video", flv: "no-video" },
  WAV: { mp3: "Wed", wav: "Wcd", ogg: "Fed", m4a: "Wed", aac: "Wed", flac: "Wed", wma: "Fed", mp4: "no-video", webm: "no-video", mkv: "no-video", mov: "no-video", avi: "no-video", flv: "no-video" },
  FLAC: { mp3: "Wed", wav: "Wed", ogg: "Fed", m4a: "Wed", aac: "Wed", flac: "Wcd", wma: "Fed", mp4: "no-video", webm: "no-video", mkv: "no-video", mov: "no-video", avi: "no-video", flv: "no-video" },
  "OGG Vorbis": { mp3: "Wed", wav: "Wed", ogg: "Wcd", m4a: "Wed", aac: "Wed", flac: "Wed", wma: "Fed", mp4: "no-video", webm: "no-video", mkv: "no-video", mov: "no-video", avi: "no-video", flv: "no-video" },
  "WebM VP9+Opus": { mp3: "Wed", wav: "Wed", ogg: "Wcd", m4a: "Wed", aac: "Wed", flac: "Wed", wma: "Fed", mp4: "Wee", webm: "Wcc", mkv: "Wcc", mov: "Wee", avi: "Fee", flv: "Fee" },
  // AC-3 decoding depends on the platform: anything that must decode it goes to ffmpeg
  "MKV H.264+AC-3 5.1": { mp3: "Fed", wav: "Fed", ogg: "Fed", m4a: "Fed", aac: "Fed", flac: "Fed", wma: "Fed", mp4: "Fec", webm: "Fee", mkv: "Fec", mov: "Fec", avi: "Fee", flv: "Fec" },
  "AVI MPEG-4+MP3": { mp3: "Fcd", wav: "Fed", ogg: "Fed", m4a: "Fed", aac: "Fed", flac: "Fed", wma: "Fed", mp4: "Fce", webm: "Fee", mkv: "Fcc", mov: "Fce", avi: "Fcc", flv: "Fce" },
  "FLV H.264+AAC": { mp3: "Fed", wav: "Fed", ogg: "Fed", m4a: "Fcd", aac: "Fcd", flac: "Fed", wma: "Fed", mp4: "Fcc", webm: "Fee", mkv: "Fcc", mov: "Fcc", avi: "Fee", flv: "Fcc" },
  "MPEG-PS MPEG-2+MP2": { mp3: "Fed", wav: "Fed", ogg: "Fed", m4a: "Fed", aac: "Fed", flac: "Fed", wma: "Fed", mp4: "Fee", webm: "Fee", mkv: "Fee", mov: "Fee", avi: "Fee", flv: "Fee" },
  WMA: { mp3: "Fed", wav: "Fed", ogg: "Fed", m4a: "Fed", aac: "Fed", flac: "Fed", wma: "Fcd", mp4: "no-video", webm: "no-video", mkv: "no-video", mov: "no-video", avi: "no-video", flv: "no-video" },
};

/** The encoders the page passes: null when only ffmpeg read the file. */
function encodersFor(info: MediaInfo) {
  return info.reader === "mediabunny" ? CHROMIUM_ENCODERS : null;
}

function plan(info: MediaInfo, choice: ConversionChoice | MediaTarget): ConversionPlan {
  return planConversion(info, typeof choice === "string" ? defaultChoice(choice, info) : choice, encodersFor(info));
}

function cell(info: MediaInfo, target: MediaTarget): string {
  try {
    const p = plan(info, target);
    return `${p.engine === "webcodecs" ? "W" : "F"}${p.audio.action[0]}${p.video.action[0]}`;
  } catch (error) {
    if (error instanceof MediaError) return error.code;
    throw error;
  }
}

function encoded(track: TrackPlan): Extract<TrackPlan, { action: "encode" }> {
  if (track.action !== "encode") throw new Error(`expected an encoded track, got ${track.action}`);
  return track;
}

describe("planConversion: engine and stream copy for every target", () => {
  for (const [name, row] of Object.entries(EXPECTED)) {
    it(name, () => {
      const info = INPUTS[name];
      if (info === undefined) throw new Error(`no input ${name}`);
      const actual = Object.fromEntries(Object.keys(row).map((target) => [target, cell(info, target as MediaTarget)]));
      expect(actual).toEqual(row);
    });
  }
});

/** A sound-only file only the ffmpeg core reads. */
const core = (codec: string, sampleRate: number, channels: number) => mediaInfo({ container: "ffmpeg", reader: "ffmpeg", audio: { codec, sampleRate, channels, bitrate: null } });

describe("planConversion: codecs, sizes and the summary", () => {
  const mp4 = INPUTS["MP4 H.264+AAC"] as MediaInfo;
  const mkv = INPUTS["MKV H.264+AC-3 5.1"] as MediaInfo;

  it("copies untouched tracks and says so", () => {
    const p = plan(mp4, "mkv");
    expect(p).toMatchObject({ container: "matroska", audio: { action: "copy", codec: "aac" }, video: { action: "copy", codec: "avc" } });
    expect(p.summary).toBe("copied (no re-encoding)");
    expect(p.outputSeconds).toBe(10);
  });

  it("encodes each target's default codecs at its default bitrate", () => {
    const mp3 = plan(mp4, "mp3");
    expect(mp3.audio).toEqual({ action: "encode", codec: "mp3", bitrate: 192_000, sampleRate: 44100, channels: 2 });
    expect(mp3.summary).toBe("re-encoded with MP3 (LAME) at 192 kbps");
    expect(plan(mp4, "flac").summary).toBe("re-encoded with FLAC (lossless)");
    expect(plan(mp4, "wav").audio).toEqual({ action: "encode", codec: "pcm-s16", sampleRate: 44100, channels: 2 });
    const avi = plan(mp4, "avi");
    expect(avi).toMatchObject({ container: "avi", audio: { codec: "mp3", bitrate: 192_000 }, video: { codec: "mpeg4", width: 1280, height: 720 } });
    expect(avi.summary).toBe("re-encoded with MPEG-4 Part 2 at 1280×720 and MP3 (LAME) at 192 kbps");
    expect(plan(mp4, "wma")).toMatchObject({ container: "asf", audio: { codec: "wmav2" } });
    expect(plan(mp4, "ogg").audio).toMatchObject({ codec: "vorbis", bitrate: 192_000 });
  });

  it("WebM takes VP9 or VP8 with Opus, always at 48 kHz", () => {
    const vp9 = plan(mp4, "webm");
    expect(vp9.audio).toMatchObject({ codec: "opus", sampleRate: 48000, bitrate: 128_000 });
    expect(vp9.video).toMatchObject({ codec: "vp9", width: 1280, height: 720 });
    const choice = defaultChoice("webm");
    const vp8 = plan(mp4, { ...choice, video: { ...choice.video, webmCodec: "vp8" } });
    expect(encoded(vp8.video).codec).toBe("vp8");
    expect(vp8.engine).toBe("webcodecs");
  });

  it("a sound-only re-encode of a minute or more of AAC or MP3 goes to the ffmpeg core, which decodes them faster", () => {
    const m4a = INPUTS["M4A AAC"] as MediaInfo;
    const long = { ...m4a, durationSeconds: 180 };
    expect(plan(long, "mp3").engine).toBe("ffmpeg");
    expect(plan(long, "wav").engine).toBe("ffmpeg");
    // shorter than the threshold (loading the core would cost more), or trimmed below it
    expect(plan({ ...m4a, durationSeconds: CORE_DECODE_MIN_SECONDS - 1 }, "mp3").engine).toBe("webcodecs");
    const trimmed = { ...defaultChoice("mp3"), trim: { startSeconds: 10, endSeconds: 40 } };
    expect(plan(long, trimmed).engine).toBe("webcodecs");
    // copies, other source codecs, and video outputs stay with mediabunny
    expect(plan(long, "m4a").engine).toBe("webcodecs");
    expect(plan({ ...(INPUTS.WAV as MediaInfo), durationSeconds: 180 }, "mp3").engine).toBe("webcodecs");
    expect(plan({ ...mp4, durationSeconds: 180 }, "webm").engine).toBe("webcodecs");
  });

  it("a WebM made by the ffmpeg core gets VP8: the single-thread core cannot encode VP9 at 360p and up", () => {
    const avi = INPUTS["AVI MPEG-4+MP3"] as MediaInfo;
    const webm = planConversion(avi, defaultChoice("webm"), null);
    expect(webm.engine).toBe("ffmpeg");
    expect(webm.video).toMatchObject({ action: "encode", codec: "vp8" });
    expect(webm.summary).toMatch(/VP8/);
    // a browser without a VP9 encoder sends even a readable MP4 to the core
    const noVp9 = planConversion(mp4, defaultChoice("webm"), { audio: CHROMIUM_ENCODERS.audio, video: ["avc", "vp8"] });
    expect(noVp9).toMatchObject({ engine: "ffmpeg", video: { codec: "vp8" } });
  });

  it("scales the shorter side down, never up, keeping sizes even", () => {
    const choice = defaultChoice("mp4");
    const to720 = plan(mkv, { ...choice, target: "mkv", video: { ...choice.video, resolution: 720 } });
    expect(to720.video).toMatchObject({ action: "encode", codec: "avc", width: 1280, height: 720 });
    expect(to720.summary).toBe("re-encoded with H.264 at 1280×720 and AAC at 480 kbps");
    const up = plan(mp4, { ...choice, video: { ...choice.video, resolution: 1080 } });
    expect(up.video.action).toBe("copy");
    expect(scaledSize(1080, 1920, 720)).toEqual({ width: 720, height: 1280 });
    expect(scaledSize(853, 481, 480)).toEqual({ width: 852, height: 480 });
    expect(scaledSize(641, 361, "keep")).toEqual({ width: 642, height: 362 });
  });

  it("says which track was copied when only the other is re-encoded", () => {
    const choice = defaultChoice("mp4");
    const p = plan(mp4, { ...choice, video: { ...choice.video, resolution: 480 } });
    expect(p.summary).toBe("audio copied, video re-encoded with H.264 at 854×480");
    expect(plan(mkv, "mp4").summary).toBe("video copied, audio re-encoded with AAC at 480 kbps");
  });

  it("a chosen quality re-encodes, and its bitrate grows with quality and size", () => {
    const choice = defaultChoice("mp4");
    const high = plan(mp4, { ...choice, video: { ...choice.video, quality: "high" } });
    const low = plan(mp4, { ...choice, video: { ...choice.video, quality: "low" } });
    expect(encoded(high.video).bitrate).toBeGreaterThan(encoded(low.video).bitrate ?? Infinity);
    expect(videoBitrate("avc", 1280, 720, 30, "medium")).toBe(2_765_000);
    expect(videoBitrate("vp9", 1280, 720, 30, "medium")).toBeLessThan(videoBitrate("avc", 1280, 720, 30, "medium"));
    expect(videoBitrate("avc", 1280, 720, null, "medium")).toBe(videoBitrate("avc", 1280, 720, 30, "medium"));
  });

  it("re-encodes a copyable stream when the visitor changes bitrate, rate or channels", () => {
    const mp3 = INPUTS.MP3 as MediaInfo;
    const base = defaultChoice("mp3");
    const cbr = plan(mp3, { ...base, audio: { ...base.audio, bitrate: { mode: "cbr", kbps: 128 } } });
    expect(cbr.audio).toEqual({ action: "encode", codec: "mp3", bitrate: 128_000, sampleRate: 44100, channels: 2 });
    const mono = plan(mp3, { ...base, audio: { ...base.audio, channels: 1, sampleRate: 22050 } });
    expect(mono.audio).toMatchObject({ action: "encode", channels: 1, sampleRate: 22050 });
    // MPEG-2 layer III (below 32 kHz) stops at 160 kbps: the plan says what LAME will write
    expect(mono.summary).toBe("re-encoded with MP3 (LAME) at 160 kbps, 22.05 kHz, mono");
    // the same values as the source keep the copy
    const same = plan(mp3, { ...base, audio: { ...base.audio, channels: 2, sampleRate: 44100 } });
    expect(same.audio.action).toBe("copy");
  });

  it("caps a bitrate where the encoder cannot reach it", () => {
    const wav = INPUTS.WAV as MediaInfo;
    const c = defaultChoice("ogg");
    const mono = plan(wav, { ...c, audio: { ...c.audio, channels: 1, bitrate: { mode: "cbr", kbps: 320 } } });
    expect(mono.audio).toMatchObject({ codec: "vorbis", channels: 1, bitrate: 240_000 });
    const low = plan(wav, { ...c, audio: { ...c.audio, sampleRate: 22050 } });
    expect(low.audio).toMatchObject({ codec: "vorbis", sampleRate: 22050, channels: 2, bitrate: 160_000 });
  });

  it("FLV copies MP3 only at the rates its header names", () => {
    const avi32 = { ...(INPUTS["AVI MPEG-4+MP3"] as MediaInfo), audio: { codec: "mp3", sampleRate: 32000, channels: 2, bitrate: null } };
    expect(plan(avi32, "flv").audio).toMatchObject({ action: "encode", codec: "aac", sampleRate: 32000 });
    expect(plan(avi32, "mkv").audio.action).toBe("copy");
  });

  it("mixes 5.1 down for MP3 and keeps it for AAC", () => {
    expect(plan(mkv, "mp3").audio).toMatchObject({ codec: "mp3", channels: 2, sampleRate: 48000, bitrate: 192_000 });
    expect(plan(mkv, "m4a").audio).toMatchObject({ codec: "aac", channels: 6, bitrate: 576_000 });
  });

  it("gives MP3 parameters it takes: DSD and 384 kHz resampled by a whole factor, 4 and 8 channels mixed to stereo", () => {
    expect(plan(core("dsd_lsbf_planar", 352_800, 2), "mp3")).toMatchObject({ engine: "ffmpeg", audio: { codec: "mp3", sampleRate: 44100, channels: 2, bitrate: 192_000 } });
    expect(plan(core("dsd_msbf", 705_600, 6), "mp3").audio).toMatchObject({ sampleRate: 44100, channels: 2, bitrate: 192_000 });
    expect(plan(core("wavpack", 384_000, 4), "mp3").audio).toMatchObject({ sampleRate: 48000, channels: 2, bitrate: 192_000 });
    expect(plan(core("wavpack", 96_000, 8), "mp3").audio).toMatchObject({ sampleRate: 48000, channels: 2 });
    expect(plan(core("dsd_lsbf_planar", 352_800, 2), "mp3").summary).toBe("re-encoded with MP3 (LAME) at 192 kbps, 44.1 kHz");
    // a layout or rate the probe could not read (0): MP3 still gets two channels, the rate is ffmpeg's choice
    const unread = plan(core("wavpack", 0, 0), "mp3").audio;
    expect(unread).toEqual({ action: "encode", codec: "mp3", channels: 2, bitrate: 192_000 });
    expect(plan(core("wavpack", 0, 0), "flac").audio).toEqual({ action: "encode", codec: "flac" });
  });

  it("VBR: LAME's -V and Vorbis' -q on the ffmpeg core; other encoders get its average bitrate", () => {
    const wav = INPUTS.WAV as MediaInfo;
    const vbr = (target: MediaTarget) => {
      const c = defaultChoice(target);
      return plan(wav, { ...c, audio: { ...c.audio, bitrate: { mode: "vbr", quality: 2 } } });
    };
    const mp3 = vbr("mp3");
    expect(mp3.engine).toBe("ffmpeg");
    expect(mp3.audio).toEqual({ action: "encode", codec: "mp3", vbrQuality: 2, sampleRate: 44100, channels: 2 });
    expect(mp3.summary).toBe("re-encoded with MP3 (LAME) at VBR quality V2");
    expect(vbr("ogg").audio).toMatchObject({ codec: "vorbis", vbrQuality: 2 });
    const m4a = vbr("m4a");
    expect(m4a.engine).toBe("webcodecs");
    expect(m4a.audio).toMatchObject({ codec: "aac", bitrate: 190_000 });
    expect(vbr("flac").audio).toEqual({ action: "encode", codec: "flac", sampleRate: 44100, channels: 2 });
  });

  it("WAV depth: copies matching PCM, converts other depths", () => {
    const wav24 = mediaInfo({ container: "wav", audio: { codec: "pcm-s24", sampleRate: 48000, channels: 2, bitrate: null } });
    expect(plan(wav24, "wav").audio.action).toBe("copy");
    const c = defaultChoice("wav", wav24);
    const to16 = plan(wav24, { ...c, audio: { ...c.audio, wavBitDepth: 16 } });
    expect(to16.audio).toEqual({ action: "encode", codec: "pcm-s16", sampleRate: 48000, channels: 2 });
    expect(to16.engine).toBe("webcodecs");
    const toFloat = plan(INPUTS.WAV as MediaInfo, { ...c, audio: { ...c.audio, wavBitDepth: 32 } });
    expect(toFloat.audio).toMatchObject({ codec: "pcm-f32" });
    expect(toFloat.summary).toBe("re-encoded with 32-bit float PCM");
  });

  it("re-encodes lossless sound for a trim (a copy cuts on packets), and says so", () => {
    const wav = INPUTS.WAV as MediaInfo;
    const trim = { startSeconds: 0.5, endSeconds: 1.5 };
    const trimmed = plan(wav, { ...defaultChoice("wav", wav), trim });
    expect(trimmed.audio).toEqual({ action: "encode", codec: "pcm-s16", sampleRate: 44100, channels: 2 });
    expect(trimmed.summary).toBe("re-encoded with 16-bit PCM; lossless audio re-encoded so the trim is sample-exact (nothing lost)");
    const flac = plan(INPUTS.FLAC as MediaInfo, { ...defaultChoice("flac"), trim: { startSeconds: 1, endSeconds: null } });
    expect(flac.audio).toMatchObject({ action: "encode", codec: "flac" });
    expect(plan(wav, "wav").audio.action).toBe("copy");
    // lossy sound is still copied: re-encoding would cost quality
    expect(plan(INPUTS.MP3 as MediaInfo, { ...defaultChoice("mp3"), trim }).audio.action).toBe("copy");
  });

  it("falls back to ffmpeg when this browser lacks an encoder", () => {
    const noAac = { audio: ["opus"], video: ["vp9"] };
    expect(planConversion(INPUTS.WAV as MediaInfo, defaultChoice("m4a"), noAac).engine).toBe("ffmpeg");
    expect(planConversion(mp4, defaultChoice("mp4"), noAac).engine).toBe("webcodecs");
    expect(planConversion(INPUTS["WebM VP9+Opus"] as MediaInfo, defaultChoice("mp4"), noAac).engine).toBe("ffmpeg");
  });

  it("sends FLAC at a rate mediabunny's encoder refuses to the ffmpeg core", () => {
    const odd = mediaInfo({ container: "wav", audio: { codec: "pcm-s16", sampleRate: 11025, channels: 1, bitrate: null } });
    expect(plan(odd, "flac")).toMatchObject({ engine: "ffmpeg", audio: { codec: "flac", sampleRate: 11025 } });
    expect(plan(odd, "m4a")).toMatchObject({ engine: "webcodecs", audio: { codec: "aac", sampleRate: 11025 } });
  });

  it("trims: output length from the trim, copy kept, and the keyframe caveat", () => {
    const c = defaultChoice("mkv");
    const p = plan(mp4, { ...c, trim: { startSeconds: 2, endSeconds: 5.5 } });
    expect(p.outputSeconds).toBe(3.5);
    expect(p.trim).toEqual({ startSeconds: 2, endSeconds: 5.5 });
    expect(p.video.action).toBe("copy");
    expect(p.summary).toBe("copied (no re-encoding); the copied video starts at the keyframe nearest the trim start");
    expect(plan(mp4, { ...c, trim: { startSeconds: 4, endSeconds: null } }).outputSeconds).toBe(6);
    expect(plan(mp4, { ...c, trim: { startSeconds: 4, endSeconds: 60 } }).outputSeconds).toBe(6);
    const unknown = { ...mp4, durationSeconds: null };
    expect(plan(unknown, { ...c, trim: { startSeconds: 4, endSeconds: null } }).outputSeconds).toBeNull();
    expect(plan(unknown, { ...c, trim: { startSeconds: 4, endSeconds: 7 } }).outputSeconds).toBeNull();
  });

  it("no audio: drops the sound of a video target, refuses an audio-only input", () => {
    const c = defaultChoice("mp4");
    const p = plan(mp4, { ...c, video: { ...c.video, noAudio: true } });
    expect(p.audio).toEqual({ action: "drop" });
    expect(p.summary).toBe("copied (no re-encoding); sound removed");
    const m4a = INPUTS["M4A AAC"] as MediaInfo;
    expect(() => plan(m4a, { ...c, video: { ...c.video, noAudio: true } })).toThrow(/no video/);
  });

  it("refuses an audio target for a silent video with a message naming the format", () => {
    const silent = mediaInfo({ container: "mp4", video: { codec: "avc", width: 320, height: 240, frameRate: 30, bitrate: null } });
    expect(() => plan(silent, "mp3")).toThrow(new MediaError("This file has no sound, so there is nothing to convert to MP3.", "no-audio"));
    expect(plan(silent, "webm")).toMatchObject({ audio: { action: "drop" }, video: { action: "encode", codec: "vp9" } });
  });

  it("M4A to MP4: audio-only by copy, or a video track from the cover or a picture on ffmpeg", () => {
    const m4a = INPUTS["M4A AAC"] as MediaInfo;
    const plain = plan(m4a, "mp4");
    expect(plain).toMatchObject({ engine: "webcodecs", container: "mp4", audio: { action: "copy" }, video: { action: "drop" }, keepCover: true });
    expect(plain.summary).toBe("copied (no re-encoding); audio only");
    const c = defaultChoice("mp4");
    const cover = plan(m4a, { ...c, picture: { kind: "cover" } });
    expect(cover).toMatchObject({ engine: "ffmpeg", audio: { action: "copy", codec: "aac" }, video: { action: "encode", codec: "avc" } });
    expect(cover.summary).toBe("audio copied, video made from the cover art with H.264");
    const file = new File([new Uint8Array([1, 2, 3])], "still.png", { type: "image/png" });
    const picture = plan({ ...m4a, tags: { hasCover: false } }, { ...c, picture: { kind: "file", file } });
    expect(picture.summary).toBe("audio copied, video made from your picture with H.264");
    expect(() => plan({ ...m4a, tags: { hasCover: false } }, { ...c, picture: { kind: "cover" } })).toThrow(/no cover art/);
    // an MP3 is not an M4A: a video target needs pictures, or a picture
    expect(() => plan(INPUTS.MP3 as MediaInfo, "mp4")).toThrow(new MediaError("This file has no video to convert to MP4.", "no-video"));
    expect(plan(INPUTS.MP3 as MediaInfo, { ...c, picture: { kind: "cover" } })).toMatchObject({ audio: { action: "copy", codec: "mp3" } });
  });

  it("keeps tags where the target holds them and cover art where it can", () => {
    const mp3 = INPUTS.MP3 as MediaInfo;
    expect(plan(mp3, "mp3")).toMatchObject({ keepTags: true, keepCover: true });
    expect(plan(mp3, "ogg")).toMatchObject({ keepTags: true, keepCover: false });
    expect(plan(mp3, "aac")).toMatchObject({ keepTags: false, keepCover: false });
    expect(plan(INPUTS.WAV as MediaInfo, "flac")).toMatchObject({ keepTags: true, keepCover: false });
  });
});

describe("planConversion: any choice (property)", () => {
  const targets = Object.keys(EXPECTED["MP4 H.264+AAC"] ?? {}) as MediaTarget[];
  const choiceArb = fc.record({
    input: fc.constantFrom(...Object.keys(INPUTS)),
    target: fc.constantFrom(...targets),
    bitrate: fc.oneof(
      fc.constant({ mode: "auto" as const }),
      fc.record({ mode: fc.constant("cbr" as const), kbps: fc.integer({ min: 64, max: 320 }) }),
      fc.record({ mode: fc.constant("vbr" as const), quality: fc.integer({ min: 0, max: 9 }) }),
    ),
    sampleRate: fc.constantFrom("keep" as const, 22050 as const, 32000 as const, 44100 as const, 48000 as const),
    channels: fc.constantFrom("keep" as const, 1 as const, 2 as const),
    wavBitDepth: fc.constantFrom(16 as const, 24 as const, 32 as const),
    resolution: fc.constantFrom("keep" as const, 1080 as const, 720 as const, 480 as const),
    quality: fc.constantFrom("auto" as const, "high" as const, "medium" as const, "low" as const),
    noAudio: fc.boolean(),
    start: fc.double({ min: 0, max: 9.8, noNaN: true }),
    length: fc.option(fc.double({ min: 0.1, max: 20, noNaN: true })),
  });

  it("either refuses with a MediaError or returns a plan that keeps the rules", () => {
    fc.assert(
      fc.property(choiceArb, (c) => {
        const info = INPUTS[c.input] as MediaInfo;
        const choice: ConversionChoice = {
          target: c.target,
          audio: { bitrate: c.bitrate, sampleRate: c.sampleRate, channels: c.channels, wavBitDepth: c.wavBitDepth },
          video: { resolution: c.resolution, quality: c.quality, noAudio: c.noAudio, webmCodec: "vp9" },
          trim: { startSeconds: c.start, endSeconds: c.length === null ? null : c.start + c.length },
          picture: { kind: "none" },
        };
        let p: ConversionPlan;
        try {
          p = planConversion(info, choice, encodersFor(info));
        } catch (error) {
          return error instanceof MediaError;
        }
        const spec = targetSpec(c.target);
        if (info.reader === "ffmpeg" && p.engine !== "ffmpeg") return false;
        if (p.audio.action === "copy" && !(spec.copy.audio.includes(p.audio.codec) && p.audio.codec === info.audio?.codec)) return false;
        if (p.video.action === "copy" && !(spec.copy.video.includes(p.video.codec) && p.video.codec === info.video?.codec)) return false;
        if (p.audio.action === "encode" && p.audio.bitrate !== undefined && (p.audio.bitrate < 40_000 || p.audio.bitrate > 576_000)) return false;
        if (p.video.action === "encode" && info.video !== null) {
          const { width = 0, height = 0 } = p.video;
          if (width % 2 !== 0 || height % 2 !== 0 || Math.min(width, height) > Math.min(info.video.width, info.video.height) + 1) return false;
        }
        const seconds = p.outputSeconds ?? 0;
        return seconds >= 0.1 - 1e-9 && seconds <= (info.durationSeconds ?? 0) + 1e-9;
      }),
      propertyRuns(500),
    );
  });
});
