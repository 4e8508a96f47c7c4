// An MP3 → MP3 stream copy keeps the source's gapless counts: native LAME makes the source,
// mediabunny copies its frames through LameTagStream, native ffmpeg decodes both.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALL_FORMATS, BufferSource, Conversion, Input, Mp3OutputFormat, Output, StreamTarget } from "mediabunny";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { ffmpegArgs } from "./ffmpeg-args.ts";
import { readSourceGapless } from "./lame-tag.ts";
import { LameTagStream } from "./lame-tag-stream.ts";
import { id3v2TagBytes } from "./mp3-tags.ts";
import { PositionedChunks } from "./positioned-chunks.ts";

const LAME = "/usr/bin/lame";
const RATE = 44100;

function gaplessOf(mp3: Uint8Array) {
  const tag = id3v2TagBytes(mp3.subarray(0, 10)) ?? 0;
  return readSourceGapless(mp3.subarray(tag, tag + 2881));
}

describe.skipIf(!HAVE_FFMPEG || !existsSync(LAME))("MP3 stream copy with the source's LAME tag", () => {
  let dir = "";
  let source = new Uint8Array();
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "lame-copy-"));
    // 3 s of a chirp (no two frames alike), with an ID3v2 tag in front of the LAME frame
    execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*(200+300*t)*t)|0.4*sin(2*PI*(900-200*t)*t):s=44100:d=3", "-c:a", "pcm_s16le", join(dir, "tone.wav")]);
    execFileSync(LAME, ["--quiet", "-b", "128", "--tt", "Chirp", join(dir, "tone.wav"), join(dir, "in.mp3")]);
    source = new Uint8Array(readFileSync(join(dir, "in.mp3")));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function copy(trim?: { start: number; end: number }): Promise<Uint8Array> {
    const found = gaplessOf(source);
    if (found === null) throw new Error("The LAME source has no LAME tag.");
    const lame = new LameTagStream(null, { source: found, fromStart: (trim?.start ?? 0) === 0 });
    const chunks = new PositionedChunks();
    const sink = new WritableStream<{ type: "write"; data: Uint8Array<ArrayBuffer>; position: number }>({ write: (chunk) => chunks.write(chunk.data.slice(), chunk.position) });
    const output = new Output({ format: new Mp3OutputFormat({ onXingFrame: lame.onXingFrame }), target: new StreamTarget(lame.wrap(sink), { chunked: true, chunkSize: 8192 }) });
    const conversion = await Conversion.init({
      input: new Input({ source: new BufferSource(source), formats: ALL_FORMATS }),
      output,
      ...(trim === undefined ? {} : { trim }),
      // as convert.ts copies: an MP3 output starts at zero, so a cut's first frame is moved to it
      copy: { mode: "forced", shiftTolerance: 0.5 },
      showWarnings: false,
    });
    expect(conversion.isValid).toBe(true);
    await conversion.execute();
    return new Uint8Array(await chunks.toBlob("audio/mpeg").arrayBuffer());
  }

  function decode(mp3: Uint8Array, name: string): Int16Array {
    const path = join(dir, name);
    writeFileSync(path, mp3);
    const pcm = execFileSync("ffmpeg", ["-v", "error", "-i", path, "-f", "s16le", "-ac", "2", "-"], { maxBuffer: 1 << 26 });
    return new Int16Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 2);
  }

  it("reads LAME's delay and padding, and nothing from a file without the tag", () => {
    const found = gaplessOf(source);
    expect(found?.delay).toBe(576);
    // 3 s = 132300 samples in 116 frames after the tag frame
    expect(found).toEqual({ delay: 576, padding: 116 * 1152 - 576 - 3 * RATE, frames: 116 });
    execFileSync(LAME, ["--quiet", "-b", "128", "-t", join(dir, "tone.wav"), join(dir, "bare.mp3")]);
    expect(gaplessOf(new Uint8Array(readFileSync(join(dir, "bare.mp3"))))).toBeNull();
  });

  it("decodes to exactly the source's samples", async () => {
    const ours = decode(await copy(), "copy.mp3");
    const theirs = decode(source, "source.mp3");
    expect(theirs.length).toBe(3 * RATE * 2);
    expect(ours.length).toBe(theirs.length);
    // the same frames decoded by the same decoder: the same samples, aligned
    let worst = 0;
    for (let i = 0; i < ours.length; i++) worst = Math.max(worst, Math.abs((ours[i] ?? 0) - (theirs[i] ?? 0)));
    expect(worst).toBeLessThanOrEqual(1);
  });

  it("keeps the priming but no padding when the copy ends before the source's last frame", async () => {
    const ours = decode(await copy({ start: 0, end: 1 }), "end-trim.mp3");
    const theirs = decode(source, "source.mp3");
    // whole frames up to 1 s, less the priming and the decoder's own delay of 529 samples (with no
    // padding to take them from, FFmpeg drops the last 529 samples of a stream)
    const frames = (ours.length / 2 + 576 + 529) / 1152;
    expect(Number.isInteger(frames)).toBe(true);
    expect(Math.abs(frames * 1152 - 576 - RATE)).toBeLessThanOrEqual(1152);
    let worst = 0;
    for (let i = 0; i < ours.length; i++) worst = Math.max(worst, Math.abs((ours[i] ?? 0) - (theirs[i] ?? 0)));
    expect(worst).toBeLessThanOrEqual(1);
  });

  it("keeps no priming when the copy starts later: its frames decode as the source's, from the frame the cut starts on", async () => {
    const ours = decode(await copy({ start: 1, end: 2 }), "start-trim.mp3");
    const theirs = decode(source, "source.mp3");
    // no priming and no padding: every frame but the decoder's own 529 samples
    const frames = (ours.length / 2 + 529) / 1152;
    expect(Number.isInteger(frames)).toBe(true);
    expect(Math.abs(frames * 1152 - RATE)).toBeLessThanOrEqual(2 * 1152);
    // output sample j is source sample k × 1152 - 576 + j for the first copied frame k; the first
    // frames differ (their bit reservoir and overlap lie in frames left out)
    const skip = 3 * 1152;
    const worstAt = (k: number) => {
      let worst = 0;
      for (let j = skip; j < ours.length / 2; j++) {
        for (let c = 0; c < 2; c++) worst = Math.max(worst, Math.abs((ours[j * 2 + c] ?? 0) - (theirs[(k * 1152 - 576 + j) * 2 + c] ?? 0)));
      }
      return worst;
    };
    const k = Math.floor(RATE / 1152);
    expect(Math.min(worstAt(k - 1), worstAt(k), worstAt(k + 1))).toBeLessThanOrEqual(1);
  });

  it("holds for the ffmpeg engine's copy too: FFmpeg 5.1's mp3 muxer writes the source's counts on -c:a copy", () => {
    const plan = {
      engine: "ffmpeg",
      target: "mp3",
      container: "mp3",
      audio: { action: "copy", codec: "mp3" },
      video: { action: "drop" },
      trim: { startSeconds: 0, endSeconds: null },
      outputSeconds: 3,
      summary: "",
      keepTags: true,
      keepCover: false,
    } as const;
    execFileSync("ffmpeg", ["-v", "error", ...ffmpegArgs(plan, { input: join(dir, "in.mp3"), output: join(dir, "ffmpeg-copy.mp3") })]);
    const copied = new Uint8Array(readFileSync(join(dir, "ffmpeg-copy.mp3")));
    expect(gaplessOf(copied)).toEqual(gaplessOf(source));
    const ours = decode(copied, "ffmpeg-copy.mp3");
    const theirs = decode(source, "source.mp3");
    expect(ours.length).toBe(theirs.length);
    expect(ours.every((value, i) => Math.abs(value - (theirs[i] ?? 0)) <= 1)).toBe(true);
  });
});
