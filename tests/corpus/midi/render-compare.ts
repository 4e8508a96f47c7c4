// How the MIDI corpus judges a render against fluidsynth's render of the same file with the same
// SoundFont: not sample by sample (two synthesizers, two reverbs), but by when the sound ends and
// by the shape of its loudness over time.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { decodeMono } from "#tests/support/audio-analysis.ts";

export const RATE = 44100;
/** The loudness envelope's window: 100 ms. */
export const WINDOW_SECONDS = 0.1;

/** The RMS of each 100 ms window, in linear units. */
export function rmsEnvelope(samples: Float32Array, sampleRate = RATE): Float64Array {
  const size = Math.round(sampleRate * WINDOW_SECONDS);
  const out = new Float64Array(Math.ceil(samples.length / size));
  for (let w = 0; w < out.length; w++) {
    let sum = 0;
    const end = Math.min(samples.length, (w + 1) * size);
    for (let i = w * size; i < end; i++) sum += samples[i]! * samples[i]!;
    out[w] = Math.sqrt(sum / size);
  }
  return out;
}

/**
 * The end of the last 100 ms window whose RMS is within `belowPeakDb` of the loudest window: when
 * the song stops being heard, whatever silence or faint reverb the file carries after it. 0 for silence.
 */
export function audibleEnd(envelope: Float64Array, belowPeakDb = 40): number {
  let loudest = 0;
  for (const v of envelope) loudest = Math.max(loudest, v);
  if (loudest === 0) return 0;
  const floor = loudest * 10 ** (-belowPeakDb / 20);
  for (let w = envelope.length - 1; w >= 0; w--) if (envelope[w]! >= floor) return (w + 1) * WINDOW_SECONDS;
  return 0;
}

/** An envelope in dB over `length` windows, floored 60 dB under its peak (and padded with that floor). */
function envelopeDb(env: Float64Array, length: number): Float64Array {
  let loudest = 0;
  for (const v of env) loudest = Math.max(loudest, v);
  const floor = Math.max(loudest, 1e-9) * 1e-3;
  return Float64Array.from({ length }, (_, i) => 20 * Math.log10(Math.max(env[i] ?? 0, floor)));
}

const mean = (v: Float64Array) => v.reduce((s, n) => s + n, 0) / v.length;

/** Pearson correlation of two envelopes in dB, over the longer one. */
export function envelopeCorrelation(a: Float64Array, b: Float64Array): number {
  const length = Math.max(a.length, b.length);
  const x = envelopeDb(a, length);
  const y = envelopeDb(b, length);
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < length; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? (sxx === syy ? 1 : 0) : sxy / Math.sqrt(sxx * syy);
}

export interface Reference {
  /** mono, (L + R) / 2 */
  samples: Float32Array;
  /** fluidsynth was stopped at `maxSeconds`: a note still sounded (fluidsynth -F renders until every voice is silent) */
  capped: boolean;
}

/**
 * fluidsynth's render of `mid` with `soundFont` (reverb and chorus on, its defaults) as raw 16-bit
 * stereo, mixed to mono. A note that never ends keeps `fluidsynth -F` writing forever, so the file
 * is capped (prlimit --fsize) at `maxSeconds`.
 */
export function fluidsynthRender(mid: string, soundFont: string, maxSeconds: number, raw = `${mid}.fluidsynth.raw`): Reference {
  const cap = Math.ceil(maxSeconds * RATE) * 4;
  // libpulse (linked in, unused with -F) would map 64 MB of shared memory, which the cap forbids
  const pulseConfig = `${raw}.pulse.conf`;
  writeFileSync(pulseConfig, "enable-shm = no\nautospawn = no\n");
  let capped = false;
  try {
    execFileSync("/usr/bin/prlimit", [`--fsize=${cap}`, "/usr/bin/fluidsynth", "-ni", "-q", "-F", raw, "-r", String(RATE), "-T", "raw", "-O", "s16", soundFont, mid], {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, PULSE_CLIENTCONFIG: pulseConfig },
    });
  } catch (error) {
    // SIGXFSZ: the cap was reached
    if ((error as { signal?: string }).signal !== "SIGXFSZ") throw error;
    capped = true;
  }
  const data = readFileSync(raw);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const frames = Math.min(Math.floor(data.byteLength / 4), Math.ceil(maxSeconds * RATE));
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) samples[i] = (view.getInt16(i * 4, true) + view.getInt16(i * 4 + 2, true)) / 65536;
  return { samples, capped: capped || data.byteLength >= cap };
}

export { decodeMono };
