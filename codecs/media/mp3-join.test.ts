// The MP3 join on native LAME encodes of overlapping stretches of one sound, decoded by native ffmpeg
// and compared sample by sample with LAME's single-pass encode of the whole.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snrDb } from "#tests/support/audio-analysis.ts";
import { changingSound } from "#tests/support/media-fixtures.ts";
import { HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { findJoin, frameLayout, joinAt, splitFrames, type LaneFrames } from "./mp3-join.ts";

const LAME = "/usr/bin/lame";
/** Frames each stretch is encoded from before its part, and past it. */
const PRE_ROLL = 16;
const POST_ROLL = 16;

interface Case {
  name: string;
  rate: number;
  channels: 1 | 2;
  kbps: number;
  samplesPerFrame: number;
  /** the frames where the second and third stretch begin */
  cuts: [number, number];
}

const CASES: Case[] = [
  { name: "44.1 kHz joint stereo, 192 kbps (MPEG-1)", rate: 44100, channels: 2, kbps: 192, samplesPerFrame: 1152, cuts: [250, 500] },
  { name: "22.05 kHz mono, 64 kbps (MPEG-2)", rate: 22050, channels: 1, kbps: 64, samplesPerFrame: 576, cuts: [250, 500] },
];

/** 20 s of changing sound (LAME codes its clicks with short blocks). */
const SOUND = changingSound(20);

/** Samples the lag is measured on: a few seconds of the start. */
const LAG_SAMPLES = 200_000;

/** LAME's delay plus the decoder's, in interleaved samples: the lag where `decoded` matches the original best. */
function bestLag(decoded: Float32Array, original: Float32Array, interleave: number): number {
  let lag = 0;
  for (let candidate = 0, best = -Infinity; candidate <= 2000 * interleave; candidate += interleave) {
    const score = snrDb(decoded, original, { lag: candidate, to: Math.min(original.length, LAG_SAMPLES) });
    if (score > best) [best, lag] = [score, candidate];
  }
  return lag;
}

/** The main_data_begin of frame `frame` of a stream. */
const mainDataBegin = (lane: LaneFrames, frame: number) => frameLayout(lane.frames[frame - lane.first] as Uint8Array).mainDataBegin;

/** The largest difference between two decodings over [from, to). */
function maxDifference(a: Float32Array, b: Float32Array, from: number, to: number): number {
  let most = 0;
  for (let i = from; i < Math.min(to, a.length, b.length); i++) most = Math.max(most, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return most;
}

/** The sound as floats, interleaved. */
function floats(pcm: Uint8Array): Float32Array {
  const view = new DataView(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  return Float32Array.from({ length: pcm.byteLength / 2 }, (_, i) => view.getInt16(i * 2, true) / 32768);
}

describe.skipIf(!HAVE_FFMPEG || !existsSync(LAME))("joinAt on native LAME streams", () => {
  let dir = "";
  const path = (name: string) => join(dir, name);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "mp3-join-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** LAME's CBR encode of raw 16-bit PCM, without a Xing frame: frames only. */
  function encode(c: Case, pcm: Uint8Array, name: string): Uint8Array {
    writeFileSync(path(`${name}.raw`), pcm);
    const mode = c.channels === 1 ? "m" : "j";
    execFileSync(LAME, ["--quiet", "-r", "-s", String(c.rate / 1000), "--bitwidth", "16", "--signed", "--little-endian", "-m", mode, "-b", String(c.kbps), "-t", path(`${name}.raw`), path(`${name}.mp3`)], { stdio: "pipe" });
    return new Uint8Array(readFileSync(path(`${name}.mp3`)));
  }

  /** The test sound as raw 16-bit PCM at the case's rate and channels. */
  function sound(c: Case): Uint8Array {
    const name = path(`sound-${c.rate}-${c.channels}.raw`);
    if (!existsSync(name)) execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", SOUND, "-ar", String(c.rate), "-ac", String(c.channels), "-f", "s16le", name]);
    return new Uint8Array(readFileSync(name));
  }

  /** ffmpeg's decoding as floats, and whatever it complained of. */
  function decode(stream: Uint8Array, name: string): { samples: Float32Array; complaints: string } {
    writeFileSync(path(`${name}.mp3`), stream);
    const result = spawnSync("ffmpeg", ["-v", "error", "-f", "mp3", "-i", path(`${name}.mp3`), "-f", "f32le", "-"], { maxBuffer: 1 << 28 });
    const bytes = result.stdout;
    return { samples: new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2), complaints: result.stderr.toString().trim() };
  }

  for (const c of CASES) {
    it(`${c.name}: three stretches join into a stream that decodes as cleanly as the single pass, frame for frame`, () => {
      const pcm = sound(c);
      const frameBytes = c.samplesPerFrame * c.channels * 2;
      const original = floats(pcm);

      const whole = splitFrames(encode(c, pcm, "whole"));
      const [cut1, cut2] = c.cuts;
      const lanes: LaneFrames[] = [
        { first: 0, frames: splitFrames(encode(c, pcm.subarray(0, (cut1 + POST_ROLL) * frameBytes), "lane0")) },
        { first: cut1 - PRE_ROLL, frames: splitFrames(encode(c, pcm.subarray((cut1 - PRE_ROLL) * frameBytes, (cut2 + POST_ROLL) * frameBytes), "lane1")) },
        { first: cut2 - PRE_ROLL, frames: splitFrames(encode(c, pcm.subarray((cut2 - PRE_ROLL) * frameBytes), "lane2")) },
      ];
      // the second stream's frame at the cut points into its pre-roll: a plain cut would be wrong
      expect(frameLayout(lanes[1]?.frames[PRE_ROLL] as Uint8Array).mainDataBegin).toBeGreaterThan(0);

      let joined = lanes[0] as LaneFrames;
      const joins: number[] = [];
      for (const [index, cut] of [cut1, cut2].entries()) {
        const next = lanes[index + 1] as LaneFrames;
        const at = findJoin(joined, next, cut, cut + POST_ROLL - 2);
        expect(at, `a join near frame ${cut}`).not.toBeNull();
        joins.push(at as number);
        joined = joinAt(joined, next, at as number);
      }
      // gapless: as many frames as the single pass, so as many samples, at the same places
      expect(joined.frames.length).toBe(whole.length);

      const single = decode(Buffer.concat(whole), "single");
      const parallel = decode(Buffer.concat(joined.frames), "joined");
      expect(single.complaints).toBe("");
      expect(parallel.complaints).toBe("");
      expect(parallel.samples.length).toBe(single.samples.length);

      const interleave = c.channels;
      const lag = bestLag(single.samples, original, interleave);
      // the same quality as the single pass: against the original, and sample by sample against its decoding
      const overall = [snrDb(single.samples, original, { lag }), snrDb(parallel.samples, original, { lag })];
      expect(overall[0]).toBeGreaterThan(10);
      expect(Math.abs((overall[1] as number) - (overall[0] as number))).toBeLessThanOrEqual(0.1);
      expect(snrDb(parallel.samples, single.samples)).toBeGreaterThanOrEqual(35);
      // around each join (two frames either side, in decoded samples) the error is the codec's, not a click
      for (const at of joins) {
        const from = (at - 2) * c.samplesPerFrame * interleave;
        const to = (at + 2) * c.samplesPerFrame * interleave;
        const local = [snrDb(single.samples, original, { lag, from, to }), snrDb(parallel.samples, original, { lag, from, to })];
        expect(local[1], `SNR at the join at frame ${at}: single pass ${local[0]?.toFixed(1)} dB`).toBeGreaterThanOrEqual((local[0] as number) - 1);
        expect(maxDifference(parallel.samples, single.samples, from, to), `largest difference from the single pass at the join at frame ${at}`).toBeLessThanOrEqual(0.01);
      }
    });
  }

  it("a plain cut where the reservoir does not fit clicks; the join found after it does not", () => {
    const c = CASES[0] as Case;
    const pcm = sound(c);
    const frameBytes = c.samplesPerFrame * c.channels * 2;
    const [cut] = c.cuts;
    const first: LaneFrames = { first: 0, frames: splitFrames(encode(c, pcm.subarray(0, (cut + POST_ROLL) * frameBytes), "plain0")) };
    const second: LaneFrames = { first: cut - PRE_ROLL, frames: splitFrames(encode(c, pcm.subarray((cut - PRE_ROLL) * frameBytes), "plain1")) };
    const single = decode(Buffer.concat(splitFrames(encode(c, pcm, "plain-whole"))), "plain-single");
    // a frame where the second stream points further back than the first left free: findJoin passes it by
    let refused = cut;
    while (refused < cut + POST_ROLL - 2 && mainDataBegin(second, refused) <= mainDataBegin(first, refused)) refused++;
    expect(refused, "a frame findJoin must refuse").toBeLessThan(cut + POST_ROLL - 2);
    const at = findJoin(first, second, refused, cut + POST_ROLL - 2);
    expect(at).not.toBeNull();
    expect(at).toBeGreaterThan(refused);

    const window = (frame: number) => [(frame - 2) * c.samplesPerFrame * c.channels, (frame + 2) * c.samplesPerFrame * c.channels] as const;
    const plain = decode(Buffer.concat([...first.frames.slice(0, refused), ...second.frames.slice(refused - second.first)]), "plain");
    expect(maxDifference(plain.samples, single.samples, ...window(refused))).toBeGreaterThanOrEqual(0.1);
    const joined = decode(Buffer.concat(joinAt(first, second, at as number).frames), "joined-late");
    expect(maxDifference(joined.samples, single.samples, ...window(at as number))).toBeLessThanOrEqual(0.01);
  });
});
