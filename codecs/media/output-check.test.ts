import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { checkWritten, ffmpegEmptyOutput, outputStreamKinds } from "./output-check.ts";

// The logs are native ffmpeg 5.1's (the core is n5.1.4), run with the engine's `-abort_on empty_output_stream`.
let dir = "";
const at = (name: string) => join(dir, name);
const ffmpegLog = (...args: string[]) => {
  const run = spawnSync("ffmpeg", ["-nostdin", "-y", "-hide_banner", "-abort_on", "empty_output_stream", ...args], { encoding: "utf8" });
  return { code: run.status, log: run.stderr.split(/\r?\n|\r/) };
};

beforeAll(() => {
  if (!HAVE_FFMPEG) return;
  dir = mkdtempSync(join(tmpdir(), "output-check-"));
  spawnSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=duration=1", "-c:a", "pcm_s16le", at("tone.wav")]);
  spawnSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=duration=0.05", "-c:a", "pcm_s16le", at("clip.wav")]);
  spawnSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=25:duration=1", "-c:v", "mpeg4", at("video.avi")]);
  // the tone's header with an empty data chunk: an audio stream of zero samples
  const wav = readFileSync(at("tone.wav"));
  const data = wav.indexOf("data");
  const header = Buffer.from(wav.subarray(0, data + 8));
  header.writeUInt32LE(0, data + 4);
  header.writeUInt32LE(header.length - 8, 4);
  writeFileSync(at("empty.wav"), header);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!HAVE_FFMPEG)("ffmpegEmptyOutput on native ffmpeg's logs", () => {
  it("refuses an MP3 made from zero samples: 'This file has no sound.'", () => {
    const { code, log } = ffmpegLog("-i", at("empty.wav"), "-c:a", "libmp3lame", at("out.mp3"));
    expect(code).not.toBe(0);
    expect(ffmpegEmptyOutput(log)).toMatchObject({ code: "no-audio", message: "This file has no sound." });
  });

  it("names the empty stream's kind: the audio of a video output", () => {
    const { log } = ffmpegLog("-i", at("video.avi"), "-i", at("empty.wav"), "-map", "0:v", "-map", "1:a", "-c:v", "mpeg4", "-c:a", "aac", at("out.mp4"));
    expect(outputStreamKinds(log)).toEqual(["video", "audio"]);
    expect(ffmpegEmptyOutput(log)?.code).toBe("no-audio");
  });

  it("lets a 50 ms clip through", () => {
    const { code, log } = ffmpegLog("-i", at("clip.wav"), "-c:a", "libmp3lame", at("clip.mp3"));
    expect(code).toBe(0);
    expect(ffmpegEmptyOutput(log)).toBeNull();
  });
});

describe("ffmpegEmptyOutput and checkWritten", () => {
  it("says the sound could not be decoded when the log holds decoding errors", () => {
    const log = ["Output #0, mp3, to '/tmp/output':", "  Stream #0:0: Audio: mp3, 44100 Hz, stereo, fltp", "[mp3float @ 0x1] Header missing", "Empty output on stream 0."];
    expect(ffmpegEmptyOutput(log)).toMatchObject({ code: "corrupt", message: expect.stringMatching(/^This file's sound could not be decoded: /) });
  });

  it("refuses a kept track that received nothing, and only that", () => {
    expect(() => checkWritten({ audio: true, video: false }, { audio: 0, video: 0 })).toThrow("This file has no sound.");
    expect(() => checkWritten({ audio: true, video: true }, { audio: 10, video: 0 }, true)).toThrow(/^This file's pictures could not be decoded: /);
    expect(() => checkWritten({ audio: true, video: false }, { audio: 1, video: 0 })).not.toThrow();
  });
});
