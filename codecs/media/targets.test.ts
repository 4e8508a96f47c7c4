import { describe, expect, it } from "vitest";
import { AUDIO_TARGETS, VIDEO_TARGETS } from "./media-types.ts";
import { encodableSampleRate, isAudioTarget, maxAudioKbps, isMediaTarget, MEDIABUNNY_CONTAINERS, targetSpec, vbrAverageKbps, vorbisQuality } from "./targets.ts";

describe("targets table", () => {
  it("describes all thirteen targets consistently", () => {
    for (const target of [...AUDIO_TARGETS, ...VIDEO_TARGETS]) {
      const spec = targetSpec(target);
      expect(spec.target).toBe(target);
      expect(spec.kind).toBe(isAudioTarget(target) ? "audio" : "video");
      expect(spec.mediabunnyWrites).toBe(MEDIABUNNY_CONTAINERS.includes(spec.container));
      expect(spec.encode.video === null).toBe(spec.kind === "audio");
      expect(spec.mimeType).toMatch(spec.kind === "audio" ? /^audio\// : /^video\//);
      // what is encoded by default can be copied into the same target afterwards
      expect(spec.copy.audio).toContain(spec.encode.audio);
      if (spec.encode.video !== null) expect(spec.copy.video).toContain(spec.encode.video);
    }
    expect(isMediaTarget("mp3")).toBe(true);
    expect(isMediaTarget("toString")).toBe(false);
  });

  it("writes the containers the ffmpeg core's muxers are named after", () => {
    const containers = Object.fromEntries([...AUDIO_TARGETS, ...VIDEO_TARGETS].map((t) => [t, targetSpec(t).container]));
    expect(containers).toEqual({
      mp3: "mp3", wav: "wav", ogg: "ogg", m4a: "mp4", aac: "adts", flac: "flac", wma: "asf",
      mp4: "mp4", webm: "webm", mkv: "matroska", mov: "mov", avi: "avi", flv: "flv",
    });
  });

  it("maps VBR and sample rates onto what each encoder takes", () => {
    expect(vbrAverageKbps(0)).toBe(245);
    expect(vbrAverageKbps(9)).toBe(65);
    expect(vorbisQuality(0)).toBe(8);
    expect(vorbisQuality(9)).toBe(0);
    expect(encodableSampleRate("opus", 44100)).toBe(48000);
    expect(encodableSampleRate("mp3", 96000)).toBe(48000);
    expect(encodableSampleRate("mp3", 22050)).toBe(22050);
    expect(encodableSampleRate("flac", 96000)).toBe(96000);
    expect(encodableSampleRate("vorbis", 96000)).toBe(48000);
  });

  it("takes a high rate down by a whole factor where one fits (DSD, 88.2, 176.4, 352.8 and 384 kHz)", () => {
    // what the ffmpeg probe reads of DSD64 and DSD128 (the 1-bit rate ÷ 8)
    expect(encodableSampleRate("mp3", 352_800)).toBe(44100);
    expect(encodableSampleRate("mp3", 705_600)).toBe(44100);
    expect(encodableSampleRate("mp3", 88_200)).toBe(44100);
    expect(encodableSampleRate("mp3", 176_400)).toBe(44100);
    expect(encodableSampleRate("mp3", 384_000)).toBe(48000);
    expect(encodableSampleRate("mp3", 192_000)).toBe(48000);
    expect(encodableSampleRate("aac", 352_800)).toBe(88200);
    expect(encodableSampleRate("aac", 384_000)).toBe(96000);
    expect(encodableSampleRate("opus", 352_800)).toBe(48000);
    // no whole factor: the nearest (an odd VOC rate, 50 kHz)
    expect(encodableSampleRate("mp3", 43_478)).toBe(44100);
    expect(encodableSampleRate("mp3", 50_000)).toBe(48000);
    expect(encodableSampleRate("mp3", 4_000)).toBe(8000);
  });

  it("knows each encoder's highest bitrate", () => {
    expect(maxAudioKbps("mp3", 44100, 1)).toBe(320);
    expect(maxAudioKbps("mp3", 24000, 2)).toBe(160);
    expect(maxAudioKbps("vorbis", 48000, 2)).toBe(480);
    expect(maxAudioKbps("vorbis", 44100, 1)).toBe(240);
    expect(maxAudioKbps("vorbis", 24000, 1)).toBe(80);
    expect(maxAudioKbps("vorbis", 6000, 1)).toBe(40);
    expect(maxAudioKbps("aac", 44100, 1)).toBe(264);
    expect(maxAudioKbps("opus", 48000, 1)).toBe(256);
    expect(maxAudioKbps("wmav2", 22050, 1)).toBe(Number.POSITIVE_INFINITY);
  });
});
