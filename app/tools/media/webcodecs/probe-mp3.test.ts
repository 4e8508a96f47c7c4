import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CodecFailure } from "#codecs/common/codec-failure.ts";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { probeFile } from "./probe.ts";

// The probe's MP3 frame walk (issue 26) on native LAME files: the length of a VBR file without a
// Xing header and of two files joined, and a sample-rate change handed to the ffmpeg core.

const LAME = "/usr/bin/lame";
const files = scratch("probe-mp3-");
afterAll(() => files.cleanup());

const probe = (name: string) => probeFile(new File([readFileSync(join(files.dir, name))], name));
const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: files.dir, stdio: "ignore" });
/** Seconds native ffmpeg decodes, mono at 44.1 kHz. */
const decoded = (name: string) => execFileSync("ffmpeg", ["-v", "error", "-i", join(files.dir, name), "-ac", "1", "-ar", "44100", "-f", "s16le", "-"], { maxBuffer: 1 << 26 }).byteLength / 2 / 44100;

describe.skipIf(!HAVE_FFMPEG || !existsSync(LAME))("probeFile (mediabunny) on MP3s it misreads alone", () => {
  beforeAll(() => {
    // silence first: LAME's smallest frames, from which mediabunny guessed 58.6 s for 12 s
    run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "anullsrc=r=44100:cl=stereo:d=2", "-f", "lavfi", "-i", "sine=440:r=44100:d=10", "-filter_complex", "[0][1]concat=n=2:v=0:a=1", "vbr.wav"]);
    run(LAME, ["--quiet", "-V", "2", "-t", "vbr.wav", "vbr.mp3"]);
    run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=440:r=44100:d=5", "a.wav"]);
    run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=880:r=22050:d=3", "b.wav"]);
    run(LAME, ["--quiet", "-b", "128", "a.wav", "a.mp3"]);
    run(LAME, ["--quiet", "-b", "64", "b.wav", "b.mp3"]);
    run("sh", ["-c", "cat a.mp3 a.mp3 > twice.mp3 && cat a.mp3 b.mp3 > mixed.mp3"]);
  });

  it("reads the length of a VBR MP3 without a Xing header", async () => {
    const info = await probe("vbr.mp3");
    expect(Math.abs((info.durationSeconds ?? 0) - decoded("vbr.mp3"))).toBeLessThanOrEqual(0.06);
  });

  it("reads the length of two MP3s joined, not the first one's Xing count", async () => {
    const info = await probe("twice.mp3");
    expect(Math.abs((info.durationSeconds ?? 0) - 10)).toBeLessThan(0.15);
  });

  it("hands an MP3 whose sample rate changes partway to the ffmpeg core", async () => {
    const failure = await probe("mixed.mp3").catch((error: unknown) => error as CodecFailure);
    expect(failure).toMatchObject({ code: "needs-ffmpeg" });
    expect(String((failure as CodecFailure).message)).toContain("44100 Hz, 22050 Hz");
  });
});
