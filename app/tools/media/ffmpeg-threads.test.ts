import { describe, expect, it } from "vitest";
import { MAX_CODEC_THREADS } from "#codecs/media/ffmpeg-args.ts";
import { ffmpegThreads, MIN_THREADED_CORES, THREADED_MAX_INPUT_BYTES } from "./ffmpeg-threads.ts";

const video = { size: 8_000_000, type: "video/mpeg" };
const isolated = { isolated: true, cores: 4, cap: undefined };

describe("ffmpegThreads", () => {
  it("gives a video on an isolated page of a device with cores to spare all of them", () => {
    expect(ffmpegThreads(video, isolated)).toBe(4);
    expect(ffmpegThreads(video, { ...isolated, cores: 6 })).toBe(6);
  });

  it("keeps the single-thread core on fewer cores (measured: no gain on 2), unless a thread cap asks for threads", () => {
    expect(ffmpegThreads(video, { ...isolated, cores: MIN_THREADED_CORES - 1 })).toBe(1);
    expect(ffmpegThreads(video, { ...isolated, cores: 2 })).toBe(1);
    expect(ffmpegThreads(video, { ...isolated, cores: 2, cap: 2 })).toBe(2);
    expect(ffmpegThreads(video, { ...isolated, cores: 2, cap: 16 })).toBe(2);
  });

  it("keeps the single-thread core without isolation, on one core, under a cap of 1, for audio and for large files", () => {
    expect(ffmpegThreads(video, { ...isolated, isolated: false })).toBe(1);
    expect(ffmpegThreads(video, { ...isolated, cores: 1, cap: 2 })).toBe(1);
    expect(ffmpegThreads(video, { ...isolated, cap: 1 })).toBe(1);
    expect(ffmpegThreads({ size: 8_000_000, type: "audio/x-ms-wma" }, isolated)).toBe(1);
    expect(ffmpegThreads({ size: THREADED_MAX_INPUT_BYTES + 1, type: "video/x-msvideo" }, isolated)).toBe(1);
  });

  it("never gives more than the core's thread pool allows, whatever the device or cap", () => {
    expect(ffmpegThreads(video, { ...isolated, cores: 64 })).toBe(MAX_CODEC_THREADS);
    expect(ffmpegThreads(video, { ...isolated, cores: 64, cap: 32 })).toBe(MAX_CODEC_THREADS);
    expect(ffmpegThreads(video, { ...isolated, cap: 2 })).toBe(2);
  });
});
