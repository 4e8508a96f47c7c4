import { Quality } from "mediabunny";
import { describe, expect, it } from "vitest";
import { MediaError } from "#codecs/media/media-error.ts";
import { audioOptions, copyMode, trimOption, vbrKbps, videoOptions } from "./track-options.ts";

describe("audioOptions", () => {
  it("copies without forcing a transcode", () => {
    expect(audioOptions({ action: "copy", codec: "aac" })).toEqual({ codec: "aac" });
  });

  it("encodes at a constant bitrate with the plan's rate and channels", () => {
    const options = audioOptions({ action: "encode", codec: "mp3", bitrate: 192_000, sampleRate: 44100, channels: 1 });
    expect(options).toMatchObject({ codec: "mp3", forceTranscode: true, sampleRate: 44100, numberOfChannels: 1 });
    expect(options.quality).toEqual(new Quality({ bitrate: 192_000, bitrateMode: "constant" }));
  });

  it("maps VBR quality onto LAME's average bitrates in variable mode", () => {
    expect(audioOptions({ action: "encode", codec: "aac", vbrQuality: 2 }).quality).toEqual(new Quality({ bitrate: 190_000, bitrateMode: "variable" }));
    expect(vbrKbps(0)).toBe(245);
    expect(vbrKbps(9)).toBe(65);
    expect(() => vbrKbps(10)).toThrow(MediaError);
  });

  it("leaves a lossless encode without a quality", () => {
    expect(audioOptions({ action: "encode", codec: "flac" })).toEqual({ codec: "flac", forceTranscode: true });
  });

  it("drops, and refuses a codec mediabunny does not name", () => {
    expect(audioOptions({ action: "drop" })).toEqual({ discard: true });
    expect(() => audioOptions({ action: "encode", codec: "wmav2" })).toThrow(/no audio codec named "wmav2"/);
  });
});

describe("videoOptions", () => {
  it("encodes to an even size, contained in the box when both sides are given", () => {
    expect(videoOptions({ action: "encode", codec: "avc", height: 481 })).toMatchObject({ codec: "avc", height: 482, forceTranscode: true });
    expect(videoOptions({ action: "encode", codec: "vp9", width: 854, height: 480 })).toMatchObject({ width: 854, height: 480, fit: "contain" });
    expect(() => videoOptions({ action: "copy", codec: "mpeg4" })).toThrow(MediaError);
  });
});

describe("copyMode and trimOption", () => {
  it("forces copying only when nothing is encoded", () => {
    expect(copyMode({ action: "copy", codec: "aac" }, { action: "drop" })).toBe("forced");
    expect(copyMode({ action: "copy", codec: "aac" }, { action: "encode", codec: "avc" })).toBe("preferred");
  });

  it("gives mediabunny's trim, or none for the whole file", () => {
    expect(trimOption({ startSeconds: 0, endSeconds: null })).toBeUndefined();
    expect(trimOption({ startSeconds: 1.5, endSeconds: null })).toEqual({ start: 1.5 });
    expect(trimOption({ startSeconds: 0, endSeconds: 3 })).toEqual({ end: 3 });
    expect(() => trimOption({ startSeconds: 2, endSeconds: 1 })).toThrow(MediaError);
  });
});
