import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { alignedDifference, decodeMono, detectOnsets, fundamental, isSilentDuring, keyFrequency, levelDb, levelEnvelope, mixToMono, onsetErrors, peak, silentRanges, slice, spectralFlatness } from "./audio-analysis.ts";
import { integratedLufs } from "./media-checks.ts";
import { FFMPEG } from "./reference-tools.ts";
import { scratch } from "./scratch.ts";

// Each analysis on signals whose answer is known, so the MIDI tests that rely on them measure what
// they say.

const RATE = 44100;
const files = scratch("audio-analysis");
afterAll(() => files.cleanup());

/** A deterministic PRNG (mulberry32): the same "noise" on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tone(seconds: number, frequency: number, harmonics: readonly number[] = [1], amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) {
    let v = 0;
    harmonics.forEach((weight, h) => (v += weight * Math.sin((2 * Math.PI * frequency * (h + 1) * i) / RATE)));
    out[i] = amplitude * v;
  }
  return out;
}

function noise(seconds: number, amplitude = 0.3, seed = 1): Float32Array {
  const next = random(seed);
  return Float32Array.from({ length: Math.round(seconds * RATE) }, () => amplitude * (2 * next() - 1));
}

/** Decaying plucks (a 2 ms attack, then -60 dB in ~0.3 s) of 330 Hz at `times`, in a signal of `seconds`. */
function plucks(seconds: number, times: readonly number[]): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (const t of times) {
    const start = Math.round(t * RATE);
    for (let i = 0; start + i < out.length && i < RATE; i++) {
      const attack = Math.min(1, i / (0.002 * RATE));
      out[start + i]! += 0.5 * attack * Math.exp(-i / (0.045 * RATE)) * Math.sin((2 * Math.PI * 330 * i) / RATE);
    }
  }
  return out;
}

describe("levels", () => {
  it("a full-scale sine is -3.01 dBFS with a peak of 1; silence is -Infinity", () => {
    const sine = tone(0.5, 1000, [1], 1);
    expect(levelDb(sine)).toBeCloseTo(-3.01, 1);
    expect(peak(sine)).toBeCloseTo(1, 3);
    expect(levelDb(new Float32Array(100))).toBe(-Infinity);
  });

  it("levelEnvelope follows a step from silence to a tone, window by window", () => {
    const signal = new Float32Array(RATE);
    signal.set(tone(0.5, 1000, [1], 1), RATE / 2);
    const envelope = levelEnvelope(signal, RATE, 0.01);
    expect(envelope.length).toBe(100);
    expect(envelope[10]).toBe(-Infinity);
    expect(envelope[60]).toBeCloseTo(-3.01, 0);
  });

  it("silentRanges finds the rests between tones, and none inside them", () => {
    const signal = new Float32Array(2 * RATE);
    signal.set(tone(0.5, 440), 0);
    signal.set(tone(0.5, 440), RATE);
    const ranges = silentRanges(signal, RATE);
    expect(ranges).toEqual([
      { start: 0.5, end: 1 },
      { start: 1.5, end: 2 },
    ]);
    expect(isSilentDuring(ranges, { start: 0.55, end: 0.95 })).toBe(true);
    expect(isSilentDuring(ranges, { start: 0.4, end: 0.6 })).toBe(false);
  });
});

describe("detectOnsets", () => {
  const times = [0.1, 0.37, 0.52, 0.9, 1.05, 1.61, 1.72, 2.2];

  it("finds each pluck of an irregular pattern within 10 ms, and nothing else", () => {
    const found = detectOnsets(plucks(2.6, times), RATE);
    expect(found).toHaveLength(times.length);
    expect(Math.max(...onsetErrors(times, found))).toBeLessThan(0.01);
  });

  it("finds the plucks over a quiet noise floor (-40 dBFS) too, but not the noise", () => {
    const signal = plucks(2.6, times);
    const floor = noise(2.6, 0.017, 7);
    for (let i = 0; i < signal.length; i++) signal[i]! += floor[i]!;
    const found = detectOnsets(signal, RATE);
    expect(found).toHaveLength(times.length);
    expect(Math.max(...onsetErrors(times, found))).toBeLessThan(0.01);
    // the noise alone starts at 0 (before the signal counts as silence), and is loud enough when
    // nothing is louder
    expect(detectOnsets(floor, RATE)).toEqual([0]);
  });

  it("a swell 30 dB under the loudest sound is not an onset; 20 dB under, it is", () => {
    const signal = plucks(2, [0.1]);
    const swell = (at: number, amplitude: number) => signal.set(tone(0.2, 200, [1], amplitude), Math.round(at * RATE));
    swell(1, 0.5 * 10 ** (-30 / 20));
    expect(detectOnsets(signal, RATE)).toEqual([expect.closeTo(0.1, 2)]);
    swell(1.5, 0.5 * 10 ** (-20 / 20));
    expect(detectOnsets(signal, RATE)).toEqual([expect.closeTo(0.1, 2), expect.closeTo(1.5, 2)]);
  });

  it("does not report a steady tone, or silence, as onsets after the first", () => {
    expect(detectOnsets(tone(1, 440), RATE)).toEqual([0]);
    expect(detectOnsets(new Float32Array(RATE), RATE)).toEqual([]);
  });

  it("onsetErrors says Infinity for an expected onset that was not found", () => {
    expect(onsetErrors([0.1, 0.5], [0.11])).toEqual([expect.closeTo(0.01, 6), expect.closeTo(0.39, 6)]);
    expect(onsetErrors([0.1], [])).toEqual([Infinity]);
  });
});

describe("fundamental", () => {
  it.each([55, 220, 440, 523.25, 1046.5, 2093])("a sine of %d Hz, to 0.05 %", (hz) => {
    const pitch = fundamental(tone(0.2, hz), RATE);
    expect(Math.abs(pitch.frequency / hz - 1)).toBeLessThan(5e-4);
    expect(pitch.aperiodicity).toBeLessThan(0.05);
  });

  it("the fundamental, not the loudest harmonic (a weak 220 Hz under a strong 440 and 660)", () => {
    const pitch = fundamental(tone(0.2, 220, [0.2, 1, 0.7, 0.3]), RATE);
    expect(pitch.frequency).toBeCloseTo(220, 0);
  });

  it("tells 2 semitones apart (a pitch bend's 12.2 %)", () => {
    const low = fundamental(tone(0.2, 440, [1, 0.5, 0.25]), RATE).frequency;
    const high = fundamental(tone(0.2, keyFrequency(71), [1, 0.5, 0.25]), RATE).frequency;
    expect(high / low).toBeCloseTo(2 ** (2 / 12), 3);
  });

  it("noise has a high aperiodicity", () => {
    expect(fundamental(noise(0.2), RATE).aperiodicity).toBeGreaterThan(0.3);
  });

  it("keyFrequency: A4 = 440 Hz, C5 = 523.25 Hz, A3 = 220 Hz", () => {
    expect(keyFrequency(69)).toBe(440);
    expect(keyFrequency(72)).toBeCloseTo(523.25, 2);
    expect(keyFrequency(57)).toBeCloseTo(220, 6);
  });
});

describe("spectralFlatness", () => {
  it("is near 0 for tones and far higher for noise", () => {
    const sine = spectralFlatness(tone(0.3, 440));
    const rich = spectralFlatness(tone(0.3, 220, [1, 0.5, 0.33, 0.25, 0.2]));
    const white = spectralFlatness(noise(0.3));
    expect(sine).toBeLessThan(0.01);
    expect(rich).toBeLessThan(0.01);
    expect(white).toBeGreaterThan(0.3);
  });
});

describe("decodeMono and mixToMono", () => {
  it("ffmpeg's decode of a stereo WAV gives back its pitch, level, length and loudness", () => {
    const wav = files.path("tone.wav");
    // the same 1 kHz sine at 1/8 of full scale (-18.06 dBFS peak) in both channels
    const sine = "0.125*sin(2*PI*1000*t)";
    execFileSync(FFMPEG, ["-hide_banner", "-v", "error", "-f", "lavfi", "-i", `aevalsrc=${sine}|${sine}:s=48000:d=1`, wav]);
    const mono = decodeMono(wav, 48000);
    expect(mono.length).toBe(48000);
    expect(fundamental(slice(mono, 48000, 0.2, 0.4), 48000).frequency).toBeCloseTo(1000, 0);
    // ffmpeg mixes down as (L + R) / sqrt(2): +3 dB for a sound in both channels
    expect(peak(mono)).toBeCloseTo(0.125 * Math.SQRT2, 3);
    // BS.1770: a 1 kHz sine in both channels is as many LUFS as its peak is dBFS
    expect(integratedLufs(wav)).toBeCloseTo(-18.06, 0);
  });

  it("mixToMono averages the planes", () => {
    expect([...mixToMono(Float32Array.of(1, 0.5), Float32Array.of(0, -0.5))]).toEqual([0.5, 0]);
  });
});

describe("alignedDifference", () => {
  it("finds a copy shifted by 37 frames, and says how far apart different signals are", () => {
    const reference = tone(0.05, 440, [1, 0.3]);
    const signal = new Float32Array(RATE / 10);
    signal.set(reference, 1000 + 37);
    expect(alignedDifference(signal, 1000, reference, 64)).toEqual({ lag: 37, difference: 0 });
    expect(alignedDifference(signal, 1000, reference, 16).difference).toBeGreaterThan(0.1);
  });
});
