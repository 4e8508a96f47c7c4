import { describe, expect, it } from "vitest";
import { codecLabel, describeInfo, formatBitrate, formatDuration } from "./describe.ts";
import { mediaInfo } from "#tests/support/codecs/media/test-helpers.ts";

describe("describeInfo", () => {
  it("lists format, duration, video, audio, bitrate and tags", () => {
    const info = mediaInfo({
      container: "mp4",
      durationSeconds: 83.4,
      bitrate: 2_600_000,
      video: { codec: "avc", width: 1280, height: 720, frameRate: 29.97, bitrate: null },
      audio: { codec: "aac", sampleRate: 44100, channels: 2, bitrate: 128_000 },
      tags: { title: "Tone", artist: "Test", hasCover: true },
    });
    expect(describeInfo(info)).toEqual([
      { label: "Format", value: "MP4" },
      { label: "Duration", value: "1:23" },
      { label: "Video", value: "H.264 · 1280×720 · 29.97 fps" },
      { label: "Audio", value: "AAC · 44.1 kHz · stereo · 128 kbps" },
      { label: "Bitrate", value: "2600 kbps" },
      { label: "Tags", value: "Tone · Test · cover art" },
    ]);
  });

  it("reads the ffmpeg probe's names and says what is missing", () => {
    const info = mediaInfo({
      container: "mpeg-ps",
      reader: "ffmpeg",
      durationSeconds: null,
      video: { codec: "mpeg2video", width: 720, height: 576, frameRate: 25, bitrate: 15_000_000 },
      audio: { codec: "mp2", sampleRate: 48000, channels: 6, bitrate: null },
    });
    expect(describeInfo(info)).toEqual([
      { label: "Format", value: "MPEG program stream (MPG)" },
      { label: "Duration", value: "unknown" },
      { label: "Video", value: "MPEG-2 video · 720×576 · 25 fps · 15 Mbps" },
      { label: "Audio", value: "MPEG audio layer II (MP2) · 48 kHz · 5.1" },
    ]);
    expect(describeInfo(mediaInfo({ container: "webm", video: { codec: "vp9", width: 2, height: 2, frameRate: null, bitrate: null } }))[3]).toEqual({
      label: "Audio",
      value: "none",
    });
  });
});

describe("labels", () => {
  it("names codecs from either engine", () => {
    expect(codecLabel("avc")).toBe("H.264");
    expect(codecLabel("h264")).toBe("H.264");
    expect(codecLabel("pcm-s16")).toBe("PCM 16-bit");
    expect(codecLabel("pcm_s24le")).toBe("PCM 24-bit");
    expect(codecLabel("pcm-f32be")).toBe("PCM 32-bit float (big-endian)");
    expect(codecLabel("pcm-u8")).toBe("PCM 8-bit");
    expect(codecLabel("wmav2")).toBe("Windows Media Audio 2");
    expect(codecLabel("cinepak")).toBe("CINEPAK");
  });

  it("formats durations and bitrates", () => {
    expect(formatDuration(7)).toBe("0:07");
    expect(formatDuration(83)).toBe("1:23");
    expect(formatDuration(3723)).toBe("1:02:03");
    expect(formatBitrate(127_600)).toBe("128 kbps");
    expect(formatBitrate(4_512_000)).toBe("4512 kbps");
    expect(formatBitrate(12_345_000)).toBe("12.3 Mbps");
  });
});
