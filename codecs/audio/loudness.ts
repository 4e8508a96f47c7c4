// TEMPORARY STUB (helper h-loudness writes the real one): peak only.
export type Normalisation = "off" | "peak" | "lufs";
export interface LoudnessMeasure { integratedLufs: number; samplePeak: number }
export class LoudnessMeter {
  private peak = 0;
  readonly rate: number;
  constructor(rate: number, _channels: number) {
    this.rate = rate;
  }
  add(planes: readonly Float32Array[], frames?: number): void {
    for (const p of planes) for (let i = 0; i < (frames ?? p.length); i++) this.peak = Math.max(this.peak, Math.abs(p[i]!));
  }
  result(): LoudnessMeasure { return { integratedLufs: -Infinity, samplePeak: this.peak }; }
}
export function normalisationGain(m: LoudnessMeasure, mode: Normalisation): { gain: number; limited: boolean } {
  if (mode === "off" || m.samplePeak === 0) return { gain: 1, limited: false };
  return { gain: 10 ** (-1 / 20) / m.samplePeak, limited: false };
}
