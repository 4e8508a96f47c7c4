import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { CodecFailure } from "#codecs/common/codec-failure.ts";
import { makeRealWorldAudio, realWorldUnavailable, type RealWorldAudio } from "#tests/support/real-world-audio.ts";
import { scratch } from "#tests/support/scratch.ts";
import { probeFile } from "./probe.ts";

// mediabunny's side of the probe on real-world files (issue 26): what it reads, and what it hands
// over to the ffmpeg core ("needs-ffmpeg") instead of calling it damaged.

const files = scratch("probe-real-world-");
afterAll(() => files.cleanup());

const probe = (name: RealWorldAudio) => {
  const path = makeRealWorldAudio(name, files.dir);
  return probeFile(new File([readFileSync(path)], path));
};

describe.skipIf(realWorldUnavailable("50 ms WAV") !== null)("probeFile (mediabunny) on real-world audio", () => {
  it("hands a WAV whose header says 0 bytes of sound to ffmpeg instead of calling it cut short", async () => {
    const failure = await probe("WAV with a 0-byte data header").catch((error: unknown) => error as CodecFailure);
    expect(failure).toMatchObject({ code: "needs-ffmpeg" });
  });

  it("reads the length of clips of 50 ms, 10 ms, one sample and one MP3 frame", async () => {
    expect((await probe("50 ms WAV")).durationSeconds).toBeCloseTo(0.05, 4);
    expect((await probe("10 ms WAV")).durationSeconds).toBeCloseTo(0.01, 4);
    expect((await probe("1-sample WAV")).durationSeconds).toBeCloseTo(1 / 44100, 7);
    const frame = await probe("one MP3 frame");
    expect(frame).toMatchObject({ container: "mp3", audio: { codec: "mp3", sampleRate: 44100, channels: 2 } });
    expect(frame.durationSeconds).toBeGreaterThan(0);
  });

  it("reads float64 and RF64 WAV", async () => {
    expect(await probe("float64 WAV")).toMatchObject({ container: "wav", durationSeconds: 2, audio: { codec: "pcm-f64", channels: 2 } });
    expect(await probe("RF64 WAV")).toMatchObject({ container: "wav", durationSeconds: 2, audio: { codec: "pcm-s16", channels: 2 } });
  });
});

describe("probeFile (mediabunny) on MPEG audio layers", () => {
  it("names Layer II by its frames (mediabunny calls every layer mp3), so it is re-encoded, never copied into an .mp3", async () => {
    const path = `${files.dir}/layer2.mp2`;
    execFileSync("ffmpeg", ["-hide_banner", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "mp2", path]);
    expect(await probeFile(new File([readFileSync(path)], "layer2.mp2"))).toMatchObject({ container: "mp3", audio: { codec: "mp2" } });
  });
});

describe("probeFile (mediabunny) on streams it does not list", () => {
  it("hands an MPEG-TS of MPEG-2 video and an Ogg of Theora beside Vorbis to ffmpeg, whose reading keeps the pictures", async () => {
    for (const [name, args] of [
      ["dvb.ts", ["-c:v", "mpeg2video", "-c:a", "mp2", "-f", "mpegts"]],
      ["film.ogv", ["-c:v", "libtheora", "-c:a", "libvorbis"]],
    ] as const) {
      const path = `${files.dir}/${name}`;
      execFileSync("ffmpeg", ["-hide_banner", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=64x48:duration=1", "-f", "lavfi", "-i", "sine=duration=1", ...args, path]);
      const failure = await probeFile(new File([readFileSync(path)], name)).catch((error: unknown) => error as CodecFailure);
      expect(failure).toMatchObject({ code: "needs-ffmpeg" });
    }
  });
});
