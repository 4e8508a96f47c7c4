import { describe, expect, it } from "vitest";
import { denseSong } from "#tests/support/dense-song.ts";
import { writeMidi } from "#tests/support/midi-writer.ts";
import { channelWork, splitChannels } from "./channel-split.ts";
import { readMidiInfo } from "./read-midi.ts";
import { createMidiSynth } from "./synthesize.ts";
import { note, program, shippedBank } from "#tests/support/codecs/midi/test-helpers.ts";

describe("splitChannels", () => {
  it("shares the work about evenly, every channel in one half only", () => {
    const work = [400, 100, 300, 0, 0, 0, 0, 0, 0, 400, 0, 0, 0, 0, 0, 0];
    const halves = splitChannels(work);
    expect(halves).not.toBeNull();
    const [a, b] = halves!;
    expect([...a, ...b].toSorted((x, y) => x - y)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    const weight = (half: number[]) => half.reduce((sum, c) => sum + work[c]!, 0);
    // 400 + 100 against 400 + 300: the greedy order, heaviest first into the lighter side
    expect(Math.abs(weight(a) - weight(b))).toBeLessThanOrEqual(200);
  });

  it("counts a channel's work by how long its notes sound, not how many there are", () => {
    // channel 0: 8 short notes (an eighth each); channel 1: 2 notes held 4 beats each
    const midi = writeMidi({ format: 0, tracks: [[...Array.from({ length: 8 }, (_, i) => note(i * 240, 60, 240)), note(0, 48, 1920, 1), note(1920, 50, 1920, 1)]] });
    const work = channelWork(readMidiInfo(midi));
    expect(work[0]).toBeCloseTo(8 * 0.5 + 8 * 0.5);
    expect(work[1]).toBeCloseTo(2 * 4 + 2 * 0.5);
  });

  it("does not share a song that one channel carries", () => {
    expect(splitChannels([500, ...Array.from({ length: 15 }, () => 0)])).toBeNull();
    expect(splitChannels([500, 20, ...Array.from({ length: 14 }, () => 0)])).toBeNull();
  });
});

describe("two renders of complementary channels", () => {
  it.each([
    [
      "piano, strings and drums",
      () =>
        writeMidi({
          format: 0,
          tracks: [
            [
              program(0, 0),
              program(0, 48, 1),
              ...[0, 480, 960, 1440].flatMap((tick, i) => [note(tick, 60 + i, 400), note(tick + 240, 48 + i, 600, 1), note(tick, 36 + (i % 2) * 2, 100, 9)]),
            ],
          ],
        }),
    ],
    ["30 s of the dense song (pedal, bends, program changes, reverb and chorus)", () => denseSong().bytes],
  ])("sum to the render of the whole song: %s", async (_name, make) => {
    const midi = make();
    const info = readMidiInfo(midi);
    const halves = splitChannels(channelWork(info));
    expect(halves).not.toBeNull();
    const settings = { sampleRate: 44100, reverb: true, chorus: true, tailSeconds: 0.5 };
    const frames = Math.min(30 * 44100, Math.round((info.durationSeconds + 0.5) * 44100));
    const render = async (channels?: number[]) => {
      const synth = await createMidiSynth(midi, shippedBank(), channels === undefined ? settings : { ...settings, channels });
      const left = new Float32Array(frames);
      const right = new Float32Array(frames);
      synth.render(left, right);
      return { left, right };
    };
    const whole = await render();
    const a = await render(halves![0]);
    const b = await render(halves![1]);
    let peak = 0;
    let difference = 0;
    for (let i = 0; i < frames; i++) {
      peak = Math.max(peak, Math.abs(whole.left[i]!));
      difference = Math.max(difference, Math.abs(a.left[i]! + b.left[i]! - whole.left[i]!), Math.abs(a.right[i]! + b.right[i]! - whole.right[i]!));
    }
    expect(peak).toBeGreaterThan(0.01);
    // float rounding only: over 100 dB below the peak
    expect(difference / peak).toBeLessThan(1e-5);
    // and each half really is a part: neither is silent, neither is the whole
    expect(a.left.some((v) => v !== 0) && b.left.some((v) => v !== 0)).toBe(true);
  });

  it("a muted half starts no voices: a one-channel song's other half is silent", async () => {
    const midi = writeMidi({ format: 0, tracks: [[program(0, 0), note(0, 60, 480)]] });
    const synth = await createMidiSynth(midi, shippedBank(), { sampleRate: 44100, reverb: true, chorus: true, tailSeconds: 0.5, channels: [1, 2] });
    const left = new Float32Array(44100);
    synth.render(left, new Float32Array(44100));
    expect(left.every((v) => v === 0)).toBe(true);
  });
});
