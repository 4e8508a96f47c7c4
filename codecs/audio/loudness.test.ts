import { spawnSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { FFMPEG, HAVE_FFMPEG } from "#tests/support/reference-tools.ts";
import { scratch } from "#tests/support/scratch.ts";
import { dbToGain, gainToDb, kWeightingFilters, LoudnessMeter, LUFS_TARGET, measureLoudness, normalisationGain, PEAK_TARGET_DBFS, type LoudnessMeasure } from "./loudness.ts";

const work = scratch("loudness-");
afterAll(() => work.cleanup());

// ---- test signals, planar Float32 ----

type Planes = Float32Array[];

function sine(frequency: number, amplitude: number, seconds: number, sampleRate: number, channels = 2): Planes {
  const plane = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < plane.length; i++) plane[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return Array.from({ length: channels }, () => plane.slice());
}

/** Pink-ish noise (Paul Kellet's three-pole approximation of -3 dB/octave over white noise from a
 *  seeded xorshift), peak about 0.5; each channel has its own seed, so stereo is uncorrelated. */
function pink(seconds: number, sampleRate: number, channels = 2, seed = 1): Planes {
  return Array.from({ length: channels }, (_, c) => {
    let state = (seed * 7919 + c * 104_729 + 1) >>> 0 || 1;
    const plane = new Float32Array(Math.round(seconds * sampleRate));
    let p0 = 0;
    let p1 = 0;
    let p2 = 0;
    for (let i = 0; i < plane.length; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const white = (state >>> 0) / 2 ** 32 - 0.5;
      p0 = 0.99765 * p0 + white * 0.099046;
      p1 = 0.963 * p1 + white * 0.2965164;
      p2 = 0.57 * p2 + white * 1.0526913;
      plane[i] = 0.25 * (p0 + p1 + p2 + white * 0.1848);
    }
    return plane;
  });
}

const silence = (seconds: number, sampleRate: number, channels = 2): Planes => Array.from({ length: channels }, () => new Float32Array(Math.round(seconds * sampleRate)));

function scaled(planes: Planes, gain: number): Planes {
  return planes.map((plane) => plane.map((x) => x * gain));
}

function mix(...signals: Planes[]): Planes {
  const first = signals[0] as Planes;
  return first.map((plane, c) => plane.map((x, i) => signals.slice(1).reduce((sum, s) => sum + ((s[c] as Float32Array)[i] ?? 0), x)));
}

function concat(...parts: Planes[]): Planes {
  const first = parts[0] as Planes;
  return first.map((_, c) => {
    const out = new Float32Array(parts.reduce((sum, p) => sum + (p[c] as Float32Array).length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part[c] as Float32Array, at);
      at += (part[c] as Float32Array).length;
    }
    return out;
  });
}

/** `planes` scaled so that our meter reads `lufs` (ffmpeg then judges the result independently). */
function atLoudness(planes: Planes, sampleRate: number, lufs: number): Planes {
  return scaled(planes, dbToGain(lufs - measureLoudness(planes, sampleRate).integratedLufs));
}

// ---- the independent reference: ffmpeg's ebur128 filter on a 32-bit float WAV ----

function floatWav(planes: Planes, sampleRate: number): Uint8Array {
  const channels = planes.length;
  const frames = (planes[0] as Float32Array).length;
  const bytes = new Uint8Array(44 + frames * channels * 4);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, bytes.length - 8, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 3, true); // WAVE_FORMAT_IEEE_FLOAT
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 4, true);
  view.setUint16(32, channels * 4, true);
  view.setUint16(34, 32, true);
  ascii(36, "data");
  view.setUint32(40, frames * channels * 4, true);
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++) view.setFloat32(44 + (i * channels + c) * 4, (planes[c] as Float32Array)[i] as number, true);
  }
  return bytes;
}

let wavCount = 0;
/** ffmpeg's integrated loudness (LUFS) and sample peak (dBFS) of the signal, from its summary. */
function ffmpegLoudness(planes: Planes, sampleRate: number): { lufs: number; peakDb: number } {
  const path = work.write(`signal-${wavCount++}.wav`, floatWav(planes, sampleRate));
  // framelog=verbose keeps the per-frame lines out of the info-level log (5.1 has no "quiet")
  const run = spawnSync(FFMPEG, ["-nostats", "-hide_banner", "-i", path, "-af", "ebur128=framelog=verbose:peak=sample", "-f", "null", "-"], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr}`);
  const summary = run.stderr.slice(run.stderr.lastIndexOf("Summary:"));
  const lufs = /I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1];
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
  if (lufs === undefined || peak === undefined) throw new Error(`no loudness in ffmpeg's summary: ${summary}`);
  return { lufs: Number(lufs), peakDb: peak === "-inf" ? -Infinity : Number(peak) };
}

const lufsOf = (planes: Planes, sampleRate: number): number => measureLoudness(planes, sampleRate).integratedLufs;

// ---- tests ----

describe("kWeightingFilters", () => {
  it("derives the coefficients of BS.1770-4 Tables 1 and 2 at 48 kHz", () => {
    const { shelf, highPass } = kWeightingFilters(48_000);
    const table = [
      [shelf.b0, 1.53512485958697],
      [shelf.b1, -2.69169618940638],
      [shelf.b2, 1.19839281085285],
      [shelf.a1, -1.69065929318241],
      [shelf.a2, 0.73248077421585],
      [highPass.a1, -1.99004745483398],
      [highPass.a2, 0.99007225036621],
    ] as const;
    for (const [derived, standard] of table) expect(Math.abs(derived - standard)).toBeLessThan(1e-9);
    expect([highPass.b0, highPass.b1, highPass.b2]).toEqual([1, -2, 1]);
  });

  it("gives other coefficients at 44.1 kHz (derived, not the 48 kHz table)", () => {
    const at44 = kWeightingFilters(44_100);
    const at48 = kWeightingFilters(48_000);
    expect(Math.abs(at44.shelf.a1 - at48.shelf.a1)).toBeGreaterThan(0.01);
    expect(Math.abs(at44.highPass.a1 - at48.highPass.a1)).toBeGreaterThan(1e-4);
  });
});

describe("LoudnessMeter: known values", () => {
  it("reads a 1 kHz sine at -23 dBFS on both channels at 48 kHz as -23.0 LUFS (EBU Tech 3341 case 1)", () => {
    expect(lufsOf(sine(1000, dbToGain(-23), 20, 48_000), 48_000)).toBeCloseTo(-23, 1);
  });

  it("reads a 997 Hz full-scale sine on one channel as -3.01 LUFS (the standard's calibration)", () => {
    expect(lufsOf(sine(997, 1, 5, 48_000, 1), 48_000)).toBeCloseTo(-3.01, 1);
    expect(lufsOf(sine(997, 1, 5, 44_100, 1), 44_100)).toBeCloseTo(-3.01, 1);
    // 11025 Hz: 100 ms is 1102.5 frames, so steps alternate 1102 and 1103 frames
    expect(lufsOf(sine(997, 1, 5, 11_025, 1), 11_025)).toBeCloseTo(-3.01, 1);
  });

  it("reads the sample peak", () => {
    const signal = sine(1000, 0.5, 1, 48_000);
    (signal[1] as Float32Array)[1234] = -0.75;
    expect(measureLoudness(signal, 48_000).samplePeak).toBe(0.75);
  });

  it("gives -Infinity for silence, for audio under -70 LUFS and for less than one 400 ms block", () => {
    expect(measureLoudness(silence(3, 44_100), 44_100)).toEqual({ integratedLufs: -Infinity, samplePeak: 0 });
    expect(lufsOf(atLoudness(pink(3, 48_000), 48_000, -75), 48_000)).toBe(-Infinity);
    expect(lufsOf(sine(1000, 0.5, 0.39, 48_000), 48_000)).toBe(-Infinity);
    // one block: two channels at -9.03 dB RMS each
    expect(lufsOf(sine(1000, 0.5, 0.4, 48_000), 48_000)).toBeCloseTo(-6.02, 1);
  });

  it("the relative gate leaves out a part 30 LU quieter: the loud part alone decides", () => {
    const loud = pink(4, 44_100, 2, 3);
    const quiet = scaled(pink(6, 44_100, 2, 4), dbToGain(-30));
    const whole = lufsOf(concat(loud, quiet, silence(2, 44_100)), 44_100);
    // without the gate, 6 s at -30 LU after 4 s would pull the mean down by 10*log10(10/4) ~ 4 LU;
    // with it only the three blocks that straddle the step down (-1.2 to -6 LU) count, ~0.2 LU
    const difference = lufsOf(loud, 44_100) - whole;
    expect(difference).toBeGreaterThan(0);
    expect(difference).toBeLessThan(0.3);
  });

  it("the absolute gate leaves out blocks under -70 LUFS that the relative gate alone would keep", () => {
    const kept = atLoudness(pink(5, 48_000, 2, 5), 48_000, -62);
    const under = atLoudness(pink(5, 48_000, 2, 6), 48_000, -71);
    // both parts are within 10 LU of their mean (~-64.5), so only the absolute gate drops the second
    // (the blocks straddling the step down still count: ~0.1 LU)
    const whole = lufsOf(concat(kept, under), 48_000);
    expect(whole).toBeLessThan(-62);
    expect(whole).toBeGreaterThan(-62.3);
  });

  it("takes the relative gate from the blocks above the absolute gate only (a long -90 dB tail does not lower it)", () => {
    const signal = concat(atLoudness(pink(2, 48_000, 1, 23), 48_000, -20), atLoudness(pink(2, 48_000, 1, 24), 48_000, -35), scaled(pink(30, 48_000, 1, 25), dbToGain(-90)));
    // right: gate at ~-33 LUFS drops the -35 part (~-20 LUFS); counting the tail would put the gate
    // at ~-42 LUFS, keep the -35 part and read ~-23 LUFS
    expect(lufsOf(signal, 48_000)).toBeGreaterThan(-20.5);
  });
});

describe("LoudnessMeter: streaming", () => {
  it("gives the same result whatever block lengths the signal is fed in", () => {
    const signal = concat(pink(2, 44_100, 2, 7), scaled(pink(1, 44_100, 2, 8), 0.01), sine(60, 0.3, 1, 44_100));
    const frames = (signal[0] as Float32Array).length;
    const whole = measureLoudness(signal, 44_100);
    for (const block of [1, 127, 4096]) {
      const meter = new LoudnessMeter(44_100, 2);
      // one reused buffer per channel, longer than most calls fill, as a renderer would pass it
      const buffers = [new Float32Array(block), new Float32Array(block)];
      for (let at = 0; at < frames; at += block) {
        const count = Math.min(block, frames - at);
        buffers.forEach((buffer, c) => buffer.set((signal[c] as Float32Array).subarray(at, at + count)));
        meter.add(buffers, count);
      }
      expect(meter.result()).toEqual(whole);
    }
    expect(whole.integratedLufs).toBeGreaterThan(-30);
  });

  it("refuses planes that do not match the channels, and rates it cannot filter", () => {
    const meter = new LoudnessMeter(48_000, 2);
    expect(() => meter.add([new Float32Array(10)])).toThrow(RangeError);
    expect(() => meter.add([new Float32Array(10), new Float32Array(5)], 10)).toThrow(RangeError);
    expect(() => meter.add([new Float32Array(10), new Float32Array(10)], 2.5)).toThrow(RangeError);
    expect(() => new LoudnessMeter(48_000, 6)).toThrow(RangeError);
    expect(() => new LoudnessMeter(0, 2)).toThrow(RangeError);
  });
});

const SIGNALS: [string, number, () => Planes][] = [
  ["1 kHz sine at -23 dBFS, stereo, 48 kHz", 48_000, () => sine(1000, dbToGain(-23), 10, 48_000)],
  ["1 kHz sine at -12 dBFS, mono, 44.1 kHz", 44_100, () => sine(1000, dbToGain(-12), 10, 44_100, 1)],
  ["pink noise, stereo, 44.1 kHz", 44_100, () => pink(10, 44_100, 2, 11)],
  ["pink noise, stereo, 48 kHz", 48_000, () => pink(10, 48_000, 2, 12)],
  ["pink noise, mono, 48 kHz", 48_000, () => pink(10, 48_000, 1, 13)],
  ["40 Hz + 8 kHz + 15 kHz tones (the filter's slopes), stereo, 44.1 kHz", 44_100, () => mix(sine(40, 0.3, 8, 44_100), sine(8000, 0.2, 8, 44_100), sine(15_000, 0.2, 8, 44_100))],
  ["20 Hz sine (under the high-pass), mono, 48 kHz", 48_000, () => sine(20, 0.8, 8, 48_000, 1)],
  ["loud, 30 dB quieter, -80 dB and silent parts (relative gate), stereo, 44.1 kHz", 44_100, () => concat(pink(4, 44_100, 2, 14), scaled(pink(6, 44_100, 2, 15), dbToGain(-30)), scaled(pink(3, 44_100, 2, 16), dbToGain(-80)), silence(2, 44_100))],
  ["two parts 6 dB apart (both kept), stereo, 48 kHz", 48_000, () => concat(pink(5, 48_000, 2, 17), scaled(pink(5, 48_000, 2, 18), dbToGain(-6)))],
  ["-20 and -35 LUFS parts, then 30 s at -90 dB (both gates), mono, 48 kHz", 48_000, () => concat(atLoudness(pink(2, 48_000, 1, 26), 48_000, -20), atLoudness(pink(2, 48_000, 1, 27), 48_000, -35), scaled(pink(30, 48_000, 1, 28), dbToGain(-90)))],
  ["parts at -62 and -71 LUFS (absolute gate), stereo, 48 kHz", 48_000, () => concat(atLoudness(pink(5, 48_000, 2, 19), 48_000, -62), atLoudness(pink(5, 48_000, 2, 20), 48_000, -71))],
];

// LOUDNESS_DIFFERENCES=1 prints how far we are from ffmpeg, for the record (the suite stays quiet)
const differences: string[] = [];
afterAll(() => {
  if (process.env.LOUDNESS_DIFFERENCES === "1" && differences.length > 0) console.log(`ours - ffmpeg's ebur128:\n${differences.join("\n")}`);
});

describe.skipIf(!HAVE_FFMPEG)("LoudnessMeter against ffmpeg's ebur128 filter (skipped without ffmpeg)", () => {
  it.each(SIGNALS)("%s", (name, sampleRate, make) => {
    const signal = make();
    const ours = measureLoudness(signal, sampleRate);
    const reference = ffmpegLoudness(signal, sampleRate);
    differences.push(`  ${(ours.integratedLufs - reference.lufs).toFixed(3)} LU  (${ours.integratedLufs.toFixed(3)} vs ${reference.lufs.toFixed(1)})  ${name}`);
    // ffmpeg prints one decimal: within its rounding plus a hair
    expect(Math.abs(ours.integratedLufs - reference.lufs)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(gainToDb(ours.samplePeak) - reference.peakDb)).toBeLessThanOrEqual(0.1);
  });
});

const measure = (integratedLufs: number, samplePeak: number): LoudnessMeasure => ({ integratedLufs, samplePeak });

describe("normalisationGain", () => {
  it("puts the sample peak at -1 dBFS exactly in peak mode, whatever the loudness", () => {
    for (const peak of [0.01, 0.5, 0.891, 1, 1.7]) {
      const { gain, limited } = normalisationGain(measure(-20, peak), "peak");
      expect(gainToDb(peak * gain)).toBeCloseTo(PEAK_TARGET_DBFS, 12);
      expect(limited).toBe(false);
    }
  });

  it("brings the loudness to -14 LUFS when the peak has headroom, up or down", () => {
    expect(normalisationGain(measure(-24, 0.1), "lufs")).toEqual({ gain: dbToGain(10), limited: false });
    expect(gainToDb(normalisationGain(measure(-8, 0.99), "lufs").gain)).toBeCloseTo(-6, 12);
  });

  it("stops at -1 dBFS sample peak when -14 LUFS would push the peak higher, and says so", () => {
    const { gain, limited } = normalisationGain(measure(-20, 0.5), "lufs");
    expect(limited).toBe(true);
    expect(gainToDb(0.5 * gain)).toBeCloseTo(PEAK_TARGET_DBFS, 12);
  });

  it("leaves silence, 'off' and audio under the absolute gate (in lufs mode) at gain 1", () => {
    const silent = measure(-Infinity, 0);
    for (const mode of ["off", "peak", "lufs"] as const) expect(normalisationGain(silent, mode)).toEqual({ gain: 1, limited: false });
    expect(normalisationGain(measure(-20, 0.5), "off")).toEqual({ gain: 1, limited: false });
    expect(normalisationGain(measure(-Infinity, 0.0001), "lufs")).toEqual({ gain: 1, limited: false });
  });

  it("dbToGain and gainToDb are inverse", () => {
    expect(dbToGain(-6.0206)).toBeCloseTo(0.5, 5);
    expect(gainToDb(dbToGain(-14))).toBeCloseTo(-14, 12);
    expect(gainToDb(0)).toBe(-Infinity);
  });
});

describe("normalised signals reach their target, by our meter and by ffmpeg's", () => {
  const cases: [string, Planes, number, "peak" | "lufs", boolean][] = [
    ["pink noise, peak mode, 48 kHz", pink(6, 48_000, 2, 21), 48_000, "peak", false],
    ["quiet pink noise, lufs mode with headroom, 44.1 kHz", scaled(pink(6, 44_100, 2, 22), dbToGain(-20)), 44_100, "lufs", false],
    ["quiet sine with a 0.9 click, lufs mode limited by the peak, 48 kHz", mix(sine(440, 0.02, 6, 48_000), clickAt(6, 48_000, 3, 0.9)), 48_000, "lufs", true],
  ];

  it.each(cases)("%s", (_name, signal, sampleRate, mode, expectLimited) => {
    const before = measureLoudness(signal, sampleRate);
    const { gain, limited } = normalisationGain(before, mode);
    expect(limited).toBe(expectLimited);
    const normalised = scaled(signal, gain);
    const after = measureLoudness(normalised, sampleRate);
    const peakDb = gainToDb(after.samplePeak);
    if (mode === "peak" || limited) expect(Math.abs(peakDb - PEAK_TARGET_DBFS)).toBeLessThan(1e-4);
    else expect(Math.abs(after.integratedLufs - LUFS_TARGET)).toBeLessThan(0.01);
    if (limited) expect(after.integratedLufs).toBeLessThan(LUFS_TARGET - 1);
    else expect(peakDb).toBeLessThanOrEqual(PEAK_TARGET_DBFS + 1e-4);
    if (!HAVE_FFMPEG) return;
    const reference = ffmpegLoudness(normalised, sampleRate);
    if (mode === "peak" || limited) expect(Math.abs(reference.peakDb - PEAK_TARGET_DBFS)).toBeLessThanOrEqual(0.1);
    else expect(Math.abs(reference.lufs - LUFS_TARGET)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(reference.lufs - after.integratedLufs)).toBeLessThanOrEqual(0.1);
  });
});

function clickAt(seconds: number, sampleRate: number, atSecond: number, value: number): Planes {
  const planes = silence(seconds, sampleRate);
  for (const plane of planes) plane[Math.round(atSecond * sampleRate)] = value;
  return planes;
}
