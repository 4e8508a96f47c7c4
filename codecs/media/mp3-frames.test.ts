// The frame walk against native LAME files and native ffmpeg's decoding of them.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { mp3AudioStart, mp3Seconds, scanMp3, type ReadBytes } from "./mp3-frames.ts";
import { id3v2TagBytes } from "./mp3-tags.ts";

const LAME = "/usr/bin/lame";
const SMALL = { walkBytes: 16 << 10, windows: 16, windowBytes: 4 << 10 };

/** An empty ID3v2.3 tag of `size` bytes after its header. */
const id3Tag = (size: number) => [0x49, 0x44, 0x33, 3, 0, 0, 0, 0, size >> 7, size & 0x7f, ...new Uint8Array(size)];

function scan(bytes: Uint8Array, limits?: typeof SMALL) {
  const read: ReadBytes = async (start, end) => bytes.slice(start, end);
  return scanMp3(read, bytes.byteLength, id3v2TagBytes(bytes.subarray(0, 10)) ?? 0, limits);
}

describe.skipIf(!HAVE_FFMPEG || !existsSync(LAME))("scanMp3 on native LAME files", () => {
  let dir = "";
  const file = (name: string) => new Uint8Array(readFileSync(join(dir, name)));
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "mp3-frames-"));
    const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: dir });
    run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*(200+300*t)*t)*(0.5+0.5*sin(2*PI*0.7*t))|0.3*sin(2*PI*660*t):s=44100:d=4.05", "vbr.wav"]);
    run(LAME, ["--quiet", "-V", "2", "-t", "--tt", "No Xing", "vbr.wav", "vbr-bare.mp3"]);
    run(LAME, ["--quiet", "-V", "2", "vbr.wav", "vbr-xing.mp3"]);
    run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=440:r=44100:d=20", "a.wav"]);
    run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=880:r=22050:d=3", "b.wav"]);
    run(LAME, ["--quiet", "-b", "128", "a.wav", "a.mp3"]);
    run(LAME, ["--quiet", "-b", "64", "b.wav", "b.mp3"]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Seconds native ffmpeg decodes (mono, at the first rate: ffmpeg resamples what follows to it). */
  function decodedSeconds(name: string, rate: number): number {
    const pcm = execFileSync("ffmpeg", ["-v", "error", "-i", join(dir, name), "-ac", "1", "-ar", String(rate), "-f", "s16le", "-"], { maxBuffer: 1 << 26 });
    return pcm.byteLength / 2 / rate;
  }

  it("measures a VBR file without a Xing header as ffmpeg decodes it, whole or sampled", async () => {
    const bytes = file("vbr-bare.mp3");
    const whole = await scan(bytes);
    expect(whole).toMatchObject({ hasLengthHeader: false, exact: true, sampleRates: [44100] });
    expect(Math.abs(whole.seconds - decodedSeconds("vbr-bare.mp3", 44100))).toBeLessThanOrEqual(1152 / 44100);
    const sampled = await scan(bytes, SMALL);
    expect(sampled.exact).toBe(false);
    expect(Math.abs(sampled.seconds - whole.seconds) / whole.seconds).toBeLessThan(0.05);
  });

  it("sees the Xing frame of a LAME file and leaves it out of the length", async () => {
    const found = await scan(file("vbr-xing.mp3"));
    expect(found.hasLengthHeader).toBe(true);
    expect(Math.abs(found.seconds - decodedSeconds("vbr-xing.mp3", 44100))).toBeLessThanOrEqual(2 * 1152 / 44100);
  });

  it("finds the second sample rate of two MP3s joined, walked or only sampled", async () => {
    const bytes = new Uint8Array([...file("a.mp3"), ...file("b.mp3")]);
    writeFileSync(join(dir, "joined.mp3"), bytes);
    const decoded = decodedSeconds("joined.mp3", 44100);
    expect(Math.abs(decoded - 23)).toBeLessThan(0.1);
    const whole = await scan(bytes);
    expect(whole.sampleRates).toEqual([44100, 22050]);
    // 20 s + 3 s, as native ffmpeg decodes it all (the frames hold both files' priming and padding too)
    expect(Math.abs(whole.seconds - decoded)).toBeLessThan(0.1);
    const sampled = await scan(bytes, SMALL);
    expect(sampled.sampleRates).toEqual([44100, 22050]);
    expect(Math.abs(sampled.seconds - 23) / 23).toBeLessThan(0.05);
    expect((await scan(file("a.mp3"), SMALL)).sampleRates).toEqual([44100]);
  });

  it("trusts a whole walk over the Xing count of the first of two files joined, and a Xing count over a sampled walk", async () => {
    const bytes = new Uint8Array([...file("a.mp3"), ...file("a.mp3")]);
    writeFileSync(join(dir, "twice.mp3"), bytes);
    const decoded = decodedSeconds("twice.mp3", 44100);
    expect(Math.abs(decoded - 40)).toBeLessThan(0.1);
    const whole = await scan(bytes);
    expect(whole.hasLengthHeader).toBe(true);
    // what mediabunny states from the first file's Xing count
    const stated = 20.036;
    expect(Math.abs(mp3Seconds(whole, stated) - decoded)).toBeLessThan(0.1);
    expect(mp3Seconds(await scan(bytes, SMALL), stated)).toBe(stated);
    // a Xing-less file sampled: the estimate, not the guess
    const bare = await scan(file("vbr-bare.mp3"), SMALL);
    expect(mp3Seconds(bare, 1.097)).toBe(bare.seconds);
    // no layer III frames walked: the stated length stands
    expect(mp3Seconds({ seconds: 0, sampleRates: [], hasLengthHeader: false, exact: true }, 7)).toBe(7);
  });

  it("finds the audio after every ID3v2 tag in a row", async () => {
    const bytes = new Uint8Array([...id3Tag(300), ...id3Tag(20), ...file("a.mp3")]);
    const read: ReadBytes = async (start, end) => bytes.slice(start, end);
    expect(await mp3AudioStart(read)).toBe(310 + 30);
  });
});
