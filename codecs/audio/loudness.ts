// Loudness of rendered PCM and the gain that normalises it: sample peak, and integrated loudness
// per ITU-R BS.1770-4 / EBU R128 (K-weighting, 400 ms blocks every 100 ms, absolute gate -70 LUFS,
// relative gate -10 LU). Streaming: the meter keeps filter state and one energy per 100 ms step,
// never the signal, so a long song is measured while it renders.

export type Normalisation = "off" | "peak" | "lufs";

/** Where "peak" puts the sample peak, and the ceiling "lufs" never pushes it over. */
export const PEAK_TARGET_DBFS = -1;
/** The integrated loudness "lufs" aims at (what streaming services play at). */
export const LUFS_TARGET = -14;

export const dbToGain = (db: number): number => 10 ** (db / 20);
export const gainToDb = (gain: number): number => 20 * Math.log10(gain);

export interface LoudnessMeasure {
  /** integrated loudness in LUFS (gated per BS.1770-4); -Infinity for silence / under the absolute gate */
  integratedLufs: number;
  /** highest absolute sample value, linear (not true peak) */
  samplePeak: number;
}

/** BS.1770's calibration: a 997 Hz sine at 0 dBFS on one channel reads -3.01 LUFS. */
const OFFSET_LUFS = -0.691;
const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
/** 100 ms steps; a gating block is four of them (400 ms, 75% overlap). */
const STEPS_PER_SECOND = 10;
const STEPS_PER_BLOCK = 4;
/** Filter state below this is flushed to zero: decaying IIR state would otherwise crawl through
 *  subnormal doubles, which are many times slower on x86, during a long silent tail. */
const SUBNORMAL_GUARD = 1e-30;
const STATE_PER_CHANNEL = 6;
const MIN_SAMPLE_RATE = 8000;
const MAX_SAMPLE_RATE = 768_000;

/** A biquad with a0 = 1: y = b0 x + b1 x1 + b2 x2 - a1 y1 - a2 y2. */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * The two K-weighting stages for `sampleRate`, from the analog prototypes by the bilinear transform
 * with pre-warping (K = tan(pi f0 / fs)), so 44.1 kHz is as exact as the standard's 48 kHz table.
 * Prototype parameters are the ones libebur128 documents (fitted to BS.1770's table): the
 * pre-filter is a high shelf of +4 dB around 1682 Hz (head diffraction), the RLB stage a 38 Hz
 * second-order high-pass.
 */
export function kWeightingFilters(sampleRate: number): { shelf: Biquad; highPass: Biquad } {
  const shelfF0 = 1681.974450955533;
  const shelfGainDb = 3.999843853973347;
  const shelfQ = 0.7071752369554196;
  let k = Math.tan((Math.PI * shelfF0) / sampleRate);
  const vh = dbToGain(shelfGainDb);
  // the band gain at the shelf's centre: close to sqrt(vh), as fitted to the standard's table
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / shelfQ + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / shelfQ + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / shelfQ + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / shelfQ + k * k) / a0,
  };

  const highPassF0 = 38.13547087602444;
  const highPassQ = 0.5003270373238773;
  k = Math.tan((Math.PI * highPassF0) / sampleRate);
  a0 = 1 + k / highPassQ + k * k;
  // The numerator stays 1, -2, 1 (not divided by a0) as in the standard's table: its -0.691 dB
  // calibration was made with that filter, whose pass band sits about +0.04 dB above unity.
  const highPass: Biquad = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / highPassQ + k * k) / a0 };
  return { shelf, highPass };
}

/** Measures audio fed in blocks (any block length, stereo or mono planar Float32), streaming. */
export class LoudnessMeter {
  private readonly sampleRate: number;
  private readonly channels: number;
  private readonly shelf: Biquad;
  private readonly highPass: Biquad;
  /** per channel, 6 doubles: shelf x1 x2 y1 y2, high-pass y1 y2 (its x1 x2 are the shelf's y1 y2) */
  private readonly state: Float64Array;
  /** per channel, the sum of squared K-weighted samples in the current step */
  private readonly stepSums: Float64Array;
  /** frames seen in total; the current step ends at stepEnd(completedSteps + 1) */
  private framesSeen = 0;
  private completedSteps = 0;
  /** one channel-weighted energy (a sum, not a mean) per completed step; grown by doubling */
  private stepEnergies = new Float64Array(64);
  private peak = 0;

  constructor(sampleRate: number, channels: number) {
    if (!Number.isFinite(sampleRate) || sampleRate < MIN_SAMPLE_RATE || sampleRate > MAX_SAMPLE_RATE) {
      throw new RangeError(`LoudnessMeter: sample rate ${sampleRate} is outside ${MIN_SAMPLE_RATE}..${MAX_SAMPLE_RATE} Hz`);
    }
    // BS.1770 weighs L, R (and C) by 1.0; surround channels need a layout, which we never render
    if (channels !== 1 && channels !== 2) throw new RangeError(`LoudnessMeter: ${channels} channels (only mono and stereo are measured)`);
    this.sampleRate = sampleRate;
    this.channels = channels;
    ({ shelf: this.shelf, highPass: this.highPass } = kWeightingFilters(sampleRate));
    this.state = new Float64Array(channels * STATE_PER_CHANNEL);
    this.stepSums = new Float64Array(channels);
  }

  /** The frame index where step `step` (counted from 1) ends: 100 ms steps, rounded, so rates
   *  that are not a multiple of 10 Hz do not drift. */
  private stepEnd(step: number): number {
    return Math.round((step * this.sampleRate) / STEPS_PER_SECOND);
  }

  add(planes: readonly Float32Array[], frames?: number): void {
    if (planes.length !== this.channels) throw new RangeError(`LoudnessMeter.add: ${planes.length} planes for ${this.channels} channels`);
    const count = frames ?? planes[0]?.length ?? 0;
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`LoudnessMeter.add: ${count} frames`);
    for (const plane of planes) {
      if (plane.length < count) throw new RangeError(`LoudnessMeter.add: a plane holds ${plane.length} samples, fewer than ${count} frames`);
    }
    let done = 0;
    while (done < count) {
      const stepEnd = this.stepEnd(this.completedSteps + 1);
      const take = Math.min(count - done, stepEnd - this.framesSeen);
      for (let c = 0; c < this.channels; c++) this.filterRun(c, planes[c] as Float32Array, done, done + take);
      done += take;
      this.framesSeen += take;
      if (this.framesSeen === stepEnd) this.closeStep();
    }
  }

  /**
   * K-weights samples [from, to) of one channel, adding their squares to the step's sum and
   * tracking the peak. The hot loop of the meter: a plain indexed loop over the Float32Array with
   * the coefficients and state in locals, so V8 keeps everything in registers (no closures, no
   * iterators, no per-sample allocation). One sample at a time in order, so the sums come out
   * bit-identical whatever block lengths the caller feeds.
   */
  private filterRun(channel: number, samples: Float32Array, from: number, to: number): void {
    const { b0: sb0, b1: sb1, b2: sb2, a1: sa1, a2: sa2 } = this.shelf;
    const { b0: hb0, b1: hb1, b2: hb2, a1: ha1, a2: ha2 } = this.highPass;
    const s = this.state;
    const at = channel * STATE_PER_CHANNEL;
    let sx1 = s[at] as number;
    let sx2 = s[at + 1] as number;
    let sy1 = s[at + 2] as number;
    let sy2 = s[at + 3] as number;
    let hy1 = s[at + 4] as number;
    let hy2 = s[at + 5] as number;
    let sum = this.stepSums[channel] as number;
    let peak = this.peak;
    for (let i = from; i < to; i++) {
      const x = samples[i] as number;
      const magnitude = x < 0 ? -x : x;
      if (magnitude > peak) peak = magnitude;
      const shelved = sb0 * x + sb1 * sx1 + sb2 * sx2 - sa1 * sy1 - sa2 * sy2;
      const weighted = hb0 * shelved + hb1 * sy1 + hb2 * sy2 - ha1 * hy1 - ha2 * hy2;
      sx2 = sx1;
      sx1 = x;
      sy2 = sy1;
      sy1 = shelved;
      hy2 = hy1;
      hy1 = weighted;
      sum += weighted * weighted;
    }
    s[at] = sx1;
    s[at + 1] = sx2;
    s[at + 2] = sy1;
    s[at + 3] = sy2;
    s[at + 4] = hy1;
    s[at + 5] = hy2;
    this.stepSums[channel] = sum;
    this.peak = peak;
  }

  private closeStep(): void {
    let energy = 0;
    for (let c = 0; c < this.channels; c++) {
      // channel weight G = 1.0 for mono, left and right
      energy += this.stepSums[c] as number;
      this.stepSums[c] = 0;
    }
    // at a step boundary, so flushing does not depend on how the caller splits the signal
    const s = this.state;
    for (let i = 0; i < s.length; i++) if (Math.abs(s[i] as number) < SUBNORMAL_GUARD) s[i] = 0;
    if (this.completedSteps === this.stepEnergies.length) {
      const grown = new Float64Array(this.stepEnergies.length * 2);
      grown.set(this.stepEnergies);
      this.stepEnergies = grown;
    }
    this.stepEnergies[this.completedSteps] = energy;
    this.completedSteps++;
  }

  /** The measure of everything added so far (a trailing part shorter than a block is not gated in,
   *  as BS.1770 counts whole blocks only). The meter can go on being fed afterwards. */
  result(): LoudnessMeasure {
    const blockCount = Math.max(0, this.completedSteps - STEPS_PER_BLOCK + 1);
    const blockEnergies = new Float64Array(blockCount);
    for (let j = 0; j < blockCount; j++) {
      let sum = 0;
      for (let k = j; k < j + STEPS_PER_BLOCK; k++) sum += this.stepEnergies[k] as number;
      blockEnergies[j] = sum / (this.stepEnd(j + STEPS_PER_BLOCK) - this.stepEnd(j));
    }
    return { integratedLufs: gatedLoudness(blockEnergies), samplePeak: this.peak };
  }
}

const energyToLufs = (energy: number): number => OFFSET_LUFS + 10 * Math.log10(energy);
const lufsToEnergy = (lufs: number): number => 10 ** ((lufs - OFFSET_LUFS) / 10);

/** BS.1770-4's two-pass gate over the blocks' mean-square energies. */
function gatedLoudness(blockEnergies: Float64Array): number {
  const meanAbove = (threshold: number): number => {
    let sum = 0;
    let count = 0;
    for (const energy of blockEnergies) {
      if (energy > threshold) {
        sum += energy;
        count++;
      }
    }
    return count === 0 ? 0 : sum / count;
  };
  const absoluteGated = meanAbove(lufsToEnergy(ABSOLUTE_GATE_LUFS));
  if (absoluteGated === 0) return -Infinity;
  const relativeGate = lufsToEnergy(energyToLufs(absoluteGated) + RELATIVE_GATE_LU);
  // the second pass keeps the blocks above both gates
  return energyToLufs(meanAbove(Math.max(relativeGate, lufsToEnergy(ABSOLUTE_GATE_LUFS))));
}

/** The loudness of a whole buffer at once (the same as one LoudnessMeter fed everything). */
export function measureLoudness(planes: readonly Float32Array[], sampleRate: number): LoudnessMeasure {
  const meter = new LoudnessMeter(sampleRate, planes.length);
  meter.add(planes);
  return meter.result();
}

/** The linear gain for a normalisation: peak -> samplePeak at PEAK_TARGET_DBFS; lufs -> integrated at
 *  LUFS_TARGET but never pushing the sample peak above PEAK_TARGET_DBFS (then `limited` is true).
 *  Silence gets gain 1, and so does "lufs" for audio too quiet to pass the absolute gate. */
export function normalisationGain(measure: LoudnessMeasure, mode: Normalisation): { gain: number; limited: boolean } {
  const unchanged = { gain: 1, limited: false };
  if (mode === "off" || !(measure.samplePeak > 0)) return unchanged;
  const peakGain = dbToGain(PEAK_TARGET_DBFS) / measure.samplePeak;
  if (mode === "peak") return { gain: peakGain, limited: false };
  if (!Number.isFinite(measure.integratedLufs)) return unchanged;
  const loudnessGain = dbToGain(LUFS_TARGET - measure.integratedLufs);
  return loudnessGain > peakGain ? { gain: peakGain, limited: true } : { gain: loudnessGain, limited: false };
}
