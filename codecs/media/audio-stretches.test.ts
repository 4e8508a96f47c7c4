import { describe, expect, it } from "vitest";
import { audioStretches, VORBIS_STRETCHES, vorbisStretches } from "./audio-stretches.ts";
import type { ConversionPlan, MediaInfo } from "./media-types.ts";

const settings = { grid: 1000, preRoll: 3000, postRoll: 2000, minPartSeconds: 1 };

describe("audioStretches", () => {
  it("cuts parts on the grid and overlaps each with its neighbours by the pre-roll and post-roll", () => {
    expect(audioStretches(100_500, 10_000, 3, settings)).toEqual([
      { from: 0, partStart: 0, partEnd: 34_000, to: 36_000 },
      { from: 31_000, partStart: 34_000, partEnd: 67_000, to: 69_000 },
      { from: 64_000, partStart: 67_000, partEnd: null, to: null },
    ]);
  });

  it("makes fewer parts than lanes when parts would be shorter than minPartSeconds, and none below two", () => {
    expect(audioStretches(25_000, 10_000, 4, settings)?.length).toBe(2);
    expect(audioStretches(19_999, 10_000, 4, settings)).toBeNull();
    expect(audioStretches(1_000_000, 10_000, 1, settings)).toBeNull();
  });
});

describe("vorbisStretches", () => {
  const info: MediaInfo = { container: "flac", reader: "mediabunny", durationSeconds: 180, bitrate: null, audio: { codec: "flac", sampleRate: 44100, channels: 2, bitrate: null }, video: null, tags: { hasCover: false } };
  const plan: ConversionPlan = {
    engine: "ffmpeg",
    target: "ogg",
    container: "ogg",
    audio: { action: "encode", codec: "vorbis", bitrate: 192_000, sampleRate: 44100 },
    video: { action: "drop" },
    trim: { startSeconds: 0, endSeconds: null },
    outputSeconds: 180,
    summary: "",
    keepTags: true,
    keepCover: false,
  };

  it("cuts a whole sound to Vorbis at its own rate on libvorbis's long-block grid", () => {
    const stretches = vorbisStretches(plan, info, 2);
    expect(stretches?.map((stretch) => stretch.partStart)).toEqual([0, Math.round((90 * 44100) / 2048) * 2048]);
    expect(stretches?.every((stretch) => stretch.partStart % VORBIS_STRETCHES.grid === 0 && stretch.from % VORBIS_STRETCHES.grid === 0)).toBe(true);
  });

  it("encodes in one pass: a cut, a resample, pictures, another codec, or too short", () => {
    expect(vorbisStretches({ ...plan, trim: { startSeconds: 5, endSeconds: null } }, info, 2)).toBeNull();
    expect(vorbisStretches({ ...plan, trim: { startSeconds: 0, endSeconds: 60 } }, info, 2)).toBeNull();
    expect(vorbisStretches({ ...plan, audio: { ...plan.audio, sampleRate: 48000 } as ConversionPlan["audio"] }, info, 2)).toBeNull();
    expect(vorbisStretches({ ...plan, video: { action: "encode", codec: "vp8" } }, info, 2)).toBeNull();
    expect(vorbisStretches({ ...plan, audio: { action: "encode", codec: "opus", bitrate: 128_000 } }, info, 2)).toBeNull();
    expect(vorbisStretches(plan, { ...info, durationSeconds: 15 }, 2)).toBeNull();
    expect(vorbisStretches(plan, { ...info, durationSeconds: null }, 2)).toBeNull();
  });
});
