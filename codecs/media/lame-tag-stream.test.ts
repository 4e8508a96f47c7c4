// The LAME tag end to end: the real LAME encoder (@mediabunny/mp3-encoder) through mediabunny, our
// stream in front of a memory sink, and native ffmpeg reading the result back.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { registerMp3Encoder } from "@mediabunny/mp3-encoder";
import { ALL_FORMATS, BufferSource, Conversion, Input, Mp3OutputFormat, Output, StreamTarget } from "mediabunny";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { LameTagStream } from "./lame-tag-stream.ts";
import { PositionedChunks } from "./positioned-chunks.ts";

const RATE = 44100;
const CLICK_AT = 1000;

/** A 16-bit stereo WAV of `frames` samples, silent but for one click. */
function clickWav(frames: number): Uint8Array {
  const data = new Int16Array(frames * 2);
  data[CLICK_AT * 2] = 20000;
  data[CLICK_AT * 2 + 1] = 20000;
  const out = new Uint8Array(44 + data.byteLength);
  const view = new DataView(out.buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, "RIFF");
  view.setUint32(4, 36 + data.byteLength, true);
  text(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 2, true);
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE * 4, true);
  view.setUint16(32, 4, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, data.byteLength, true);
  out.set(new Uint8Array(data.buffer), 44);
  return out;
}

/** The index of the loudest sample: where the click is. */
function peak(samples: Int16Array): number {
  return samples.reduce((best, value, i) => (Math.abs(value) > Math.abs(samples[best] ?? 0) ? i : best), 0);
}

async function encode(wav: Uint8Array, options: { title?: string; chunkSize: number; trim?: { start: number; end: number } }): Promise<Uint8Array> {
  const lame = new LameTagStream(192);
  const chunks = new PositionedChunks();
  const sink = new WritableStream<{ type: "write"; data: Uint8Array<ArrayBuffer>; position: number }>({ write: (chunk) => chunks.write(chunk.data.slice(), chunk.position) });
  const output = new Output({ format: new Mp3OutputFormat({ onXingFrame: lame.onXingFrame }), target: new StreamTarget(lame.wrap(sink), { chunked: true, chunkSize: options.chunkSize }) });
  const conversion = await Conversion.init({
    input: new Input({ source: new BufferSource(wav), formats: ALL_FORMATS }),
    output,
    audio: {
      codec: "mp3",
      forceTranscode: true,
      bitrate: 192_000,
      process: (sample) => {
        lame.countSamples(sample.numberOfFrames);
        return sample;
      },
    },
    ...(options.trim === undefined ? {} : { trim: options.trim }),
    tags: options.title === undefined ? {} : { title: options.title },
    showWarnings: false,
  });
  await conversion.execute();
  return new Uint8Array(await chunks.toBlob("audio/mpeg").arrayBuffer());
}

describe.skipIf(!HAVE_FFMPEG)("LameTagStream with LAME and ffmpeg", () => {
  let dir = "";
  beforeAll(() => {
    registerMp3Encoder();
    dir = mkdtempSync(join(tmpdir(), "lame-tag-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** ffmpeg's decoding: left-channel samples, and ffprobe's duration and title. */
  function read(mp3: Uint8Array, name: string): { samples: Int16Array; seconds: number; title: string | undefined } {
    const path = join(dir, name);
    writeFileSync(path, mp3);
    const pcm = execFileSync("ffmpeg", ["-v", "error", "-i", path, "-map", "0:a", "-f", "s16le", "-ac", "2", "-"], { maxBuffer: 1 << 26 });
    const stereo = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 2);
    const probe = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-show_format", "-of", "json", path]).toString()) as { format: { duration: string; tags?: { title?: string } } };
    return { samples: stereo.filter((_, i) => i % 2 === 0), seconds: Number(probe.format.duration), title: probe.format.tags?.title };
  }

  it("decodes to exactly the source's samples, the click in place, behind an ID3 tag and across small chunks", async () => {
    const frames = 2 * RATE;
    const out = read(await encode(clickWav(frames), { title: "Click", chunkSize: 4096 }), "click.mp3");
    expect(out.title).toBe("Click");
    expect(out.samples.length).toBe(frames);
    expect(peak(out.samples)).toBe(CLICK_AT);
    // ffprobe 5.1 states the length of the audio frames (78 × 1152 samples, 2.0376 s), as it does for
    // native ffmpeg's own LAME files; without the tag it was 80 frames (2.0898 s) and 1105 samples late
    expect(Math.abs(out.seconds - 2)).toBeLessThan(0.05);
  });

  it("holds for a trim and one large chunk (the Xing frame rewritten inside it)", async () => {
    const out = read(await encode(clickWav(RATE), { chunkSize: 1 << 20, trim: { start: 0.01, end: 0.5 } }), "trim.mp3");
    expect(out.samples.length).toBe(Math.round(0.49 * RATE));
    expect(peak(out.samples)).toBe(CLICK_AT - Math.round(0.01 * RATE));
  });
});
