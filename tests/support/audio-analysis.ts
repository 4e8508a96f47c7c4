// What a rendered song sounds like, measured on its samples (issue 14): when notes start (onsets),
// which pitch a steady note has, whether a sound is pitched or noise, and where it is silent.
// Pure functions on mono Float32 samples; files are decoded by native ffmpeg (decodeMono), so the
// checks never go through our own decoders. audio-analysis.test.ts shows each works on signals
// whose answer is known.
import { decodePcm, fft } from "./media-checks.ts";

/**
 * A file's first audio stream, decoded by ffmpeg and mixed down to one channel at `sampleRate`.
 * ffmpeg's stereo downmix is (L + R) / sqrt(2), so a sound in both channels comes out 3 dB louder.
 */
export function decodeMono(file: string, sampleRate: number): Float32Array {
  return decodePcm(file, { sampleRate, channels: 1 });
}

/** The mean of two planes (the synthesizer's left and right). */
export function mixToMono(left: Float32Array, right: Float32Array): Float32Array {
  const out = new Float32Array(Math.min(left.length, right.length));
  for (let i = 0; i < out.length; i++) out[i] = (left[i]! + right[i]!) / 2;
  return out;
}

/** The samples from `startSeconds` to `endSeconds` (clamped to the signal). */
export function slice(samples: Float32Array, sampleRate: number, startSeconds: number, endSeconds: number): Float32Array {
  const start = Math.max(0, Math.round(startSeconds * sampleRate));
  const end = Math.min(samples.length, Math.round(endSeconds * sampleRate));
  return samples.subarray(start, Math.max(start, end));
}

/** RMS level in dBFS of a stretch (a full-scale sine is -3.01); -Infinity for digital silence. */
export function levelDb(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return samples.length === 0 ? -Infinity : 10 * Math.log10(sum / samples.length);
}

/**
 * Signal-to-error ratio in dB of `samples` against `reference`: sample d against reference d - lag,
 * for d in [from, to) where both exist (lag: a decoder's delay, in samples of the same interleaving).
 */
export function snrDb(samples: Float32Array, reference: Float32Array, { lag = 0, from = 0, to = Infinity }: { lag?: number; from?: number; to?: number } = {}): number {
  let signal = 0;
  let error = 0;
  for (let d = Math.max(from, lag); d < Math.min(to, reference.length + lag, samples.length); d++) {
    const x = reference[d - lag] ?? 0;
    signal += x * x;
    error += (x - (samples[d] ?? 0)) ** 2;
  }
  return 10 * Math.log10(signal / Math.max(error, 1e-20));
}

/** The largest absolute sample. */
export function peak(samples: Float32Array): number {
  let max = 0;
  for (const s of samples) max = Math.max(max, Math.abs(s));
  return max;
}

/** RMS level in dBFS of consecutive windows of `windowSeconds` (the last partial window dropped). */
export function levelEnvelope(samples: Float32Array, sampleRate: number, windowSeconds: number): Float64Array {
  const size = Math.max(1, Math.round(windowSeconds * sampleRate));
  const out = new Float64Array(Math.floor(samples.length / size));
  for (let w = 0; w < out.length; w++) out[w] = levelDb(samples.subarray(w * size, (w + 1) * size));
  return out;
}

export interface OnsetOptions {
  /** envelope hop and window (default 5 ms) */
  hopSeconds?: number;
  /** rise above the quietest level of the previous `lookbackSeconds` that counts as a new sound (default 9 dB) */
  riseDb?: number;
  /** default 50 ms */
  lookbackSeconds?: number;
  /** quieter than this is never an onset (default -50 dBFS): noise floors */
  floorDb?: number;
  /**
   * more than this below the loudest window is never an onset either (default 25 dB): a reverb
   * tail swells by 10 dB or so after a note dies (spessasynth's, measured), 25 dB under the notes
   */
  belowLoudestDb?: number;
  /**
   * two onsets are at least this far apart (default 100 ms): one attack's own ripples, or a tone
   * rising under a drum hit at the same time, are not new notes
   */
  minGapSeconds?: number;
}

/** A window this much louder than the one before is still part of an attack. */
const RISING_DB = 2;

/**
 * The times in seconds where a new sound starts: an energy envelope (RMS per ~5 ms window) rising
 * `riseDb` above its recent minimum. The reported time is the start of the window where that rise
 * began, so it is at most one hop late, plus the instrument's own attack.
 */
export function detectOnsets(samples: Float32Array, sampleRate: number, options: OnsetOptions = {}): number[] {
  const hop = options.hopSeconds ?? 0.005;
  const rise = options.riseDb ?? 9;
  const lookback = Math.max(1, Math.round((options.lookbackSeconds ?? 0.05) / hop));
  const minGap = options.minGapSeconds ?? 0.1;
  const envelope = levelEnvelope(samples, sampleRate, hop);
  const floor = Math.max(options.floorDb ?? -50, Math.max(...envelope) - (options.belowLoudestDb ?? 25));
  const hopSamples = Math.max(1, Math.round(hop * sampleRate));
  const onsets: number[] = [];
  for (let i = 0; i < envelope.length; i++) {
    if (envelope[i]! < floor) continue;
    let quietest = Infinity;
    // before the signal starts counts as silence
    for (let k = i - lookback; k < i; k++) quietest = Math.min(quietest, k < 0 ? -Infinity : envelope[k]!);
    if (envelope[i]! - quietest < rise) continue;
    // back to where the rise began: a note over another's decay crosses the threshold late (but
    // not into the silence before it, which is "rising" to anything)
    let start = i;
    while (start > 0 && i - start < lookback && envelope[start - 1]! >= floor && envelope[start - 1]! < envelope[start]! - RISING_DB) start--;
    const time = (start * hopSamples) / sampleRate;
    const last = onsets.at(-1);
    if (last === undefined || time - last >= minGap) onsets.push(time);
  }
  return onsets;
}

/** For each expected time, the distance to the nearest detected onset (Infinity when none was found). */
export function onsetErrors(expected: readonly number[], found: readonly number[]): number[] {
  return expected.map((t) => Math.min(Infinity, ...found.map((f) => Math.abs(f - t))));
}

export interface Pitch {
  /** Hz */
  frequency: number;
  /**
   * YIN's normalised difference at the chosen period, in [0, ~1]: near 0 for a periodic (pitched)
   * sound, near 1 for noise.
   */
  aperiodicity: number;
}

/**
 * The fundamental frequency of a steady stretch, by YIN (de Cheveigné and Kawahara 2002): the
 * cumulative-mean-normalised difference function, the first period whose dip goes below 0.15 (else
 * the deepest), refined by a parabola through its neighbours. Unlike an FFT peak it finds the
 * fundamental when a harmonic is louder. Searches `minHz`..`maxHz` (default 40..4000 Hz).
 */
export function fundamental(samples: Float32Array, sampleRate: number, minHz = 40, maxHz = 4000): Pitch {
  const maxLag = Math.floor(sampleRate / minHz);
  const minLag = Math.max(2, Math.floor(sampleRate / maxHz));
  const window = samples.length - maxLag - 1;
  if (window < maxLag) throw new Error(`fundamental: ${samples.length} samples are too few for ${minHz} Hz`);
  const d = new Float64Array(maxLag + 2);
  for (let lag = 1; lag <= maxLag + 1; lag++) {
    let sum = 0;
    // hot loop: window × maxLag multiply-adds
    for (let i = 0; i < window; i++) {
      const diff = samples[i]! - samples[i + lag]!;
      sum += diff * diff;
    }
    d[lag] = sum;
  }
  // cumulative mean normalisation: d'(lag) = d(lag) / mean(d(1..lag))
  const norm = new Float64Array(maxLag + 2);
  norm[0] = 1;
  let running = 0;
  for (let lag = 1; lag <= maxLag + 1; lag++) {
    running += d[lag]!;
    norm[lag] = running === 0 ? 1 : (d[lag]! * lag) / running;
  }
  let best = -1;
  for (let lag = minLag; lag <= maxLag; lag++) {
    if (norm[lag]! < 0.15) {
      // walk down to the bottom of this dip
      while (lag < maxLag && norm[lag + 1]! < norm[lag]!) lag++;
      best = lag;
      break;
    }
  }
  if (best < 0) {
    best = minLag;
    for (let lag = minLag; lag <= maxLag; lag++) if (norm[lag]! < norm[best]!) best = lag;
  }
  // the parabola through the raw difference, whose minimum is smoother than the normalised one's
  const [a, b, c] = [d[best - 1]!, d[best]!, d[best + 1]!];
  const denominator = a - 2 * b + c;
  const offset = denominator <= 0 ? 0 : (0.5 * (a - c)) / denominator;
  return { frequency: sampleRate / (best + offset), aperiodicity: norm[best]! };
}

/** The frequency of MIDI key `key` in equal temperament (A4 = key 69 = 440 Hz). */
export const keyFrequency = (key: number): number => 440 * 2 ** ((key - 69) / 12);

/**
 * Spectral flatness (Wiener entropy) in [0, 1]: the geometric over the arithmetic mean of the power
 * spectrum, averaged over Hann-windowed frames of 2048 samples. A steady tone is near 0 (its
 * energy sits in a few harmonics); white noise is about 0.5 for windowed frames, and percussion sits
 * well above a tone.
 */
export function spectralFlatness(samples: Float32Array, frameSize = 2048): number {
  const frames = Math.floor(samples.length / frameSize);
  if (frames === 0) throw new Error(`spectralFlatness: fewer than ${frameSize} samples`);
  let total = 0;
  for (let f = 0; f < frames; f++) {
    const re = new Float64Array(frameSize);
    const im = new Float64Array(frameSize);
    for (let i = 0; i < frameSize; i++) re[i] = samples[f * frameSize + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (frameSize - 1)));
    fft(re, im);
    let logSum = 0;
    let sum = 0;
    // skip DC; a tiny floor keeps log finite in digital silence
    for (let k = 1; k < frameSize >> 1; k++) {
      const power = re[k]! * re[k]! + im[k]! * im[k]! + 1e-20;
      logSum += Math.log(power);
      sum += power;
    }
    const bins = (frameSize >> 1) - 1;
    total += Math.exp(logSum / bins) / (sum / bins);
  }
  return total / frames;
}

export interface TimeRange {
  start: number;
  end: number;
}

/**
 * The stretches (seconds) at least `minSeconds` long where every `windowSeconds` window is below
 * `thresholdDb` (default: 10 ms windows, -60 dBFS, 50 ms).
 */
export function silentRanges(samples: Float32Array, sampleRate: number, thresholdDb = -60, windowSeconds = 0.01, minSeconds = 0.05): TimeRange[] {
  const envelope = levelEnvelope(samples, sampleRate, windowSeconds);
  const size = Math.max(1, Math.round(windowSeconds * sampleRate));
  const ranges: TimeRange[] = [];
  let start = -1;
  for (let w = 0; w <= envelope.length; w++) {
    const quiet = w < envelope.length && envelope[w]! < thresholdDb;
    if (quiet && start < 0) start = w;
    if (!quiet && start >= 0) {
      const range = { start: (start * size) / sampleRate, end: (w * size) / sampleRate };
      if (range.end - range.start >= minSeconds) ranges.push(range);
      start = -1;
    }
  }
  return ranges;
}

/** Whether `range` lies inside one of the silent `ranges`. */
export const isSilentDuring = (ranges: readonly TimeRange[], range: TimeRange): boolean => ranges.some((r) => r.start <= range.start && r.end >= range.end);

/**
 * The largest sample difference between `signal` (from `start`) and `reference`, at the lag within
 * ±`maxLag` frames where it is smallest: for comparing a note whose start a synthesizer puts on its
 * block grain.
 */
export function alignedDifference(signal: Float32Array, start: number, reference: Float32Array, maxLag: number): { lag: number; difference: number } {
  let best = { lag: 0, difference: Infinity };
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    const from = start + lag;
    if (from < 0 || from + reference.length > signal.length) continue;
    let max = 0;
    for (let i = 0; i < reference.length && max < best.difference; i++) max = Math.max(max, Math.abs(signal[from + i]! - reference[i]!));
    if (max < best.difference) best = { lag, difference: max };
  }
  return best;
}
