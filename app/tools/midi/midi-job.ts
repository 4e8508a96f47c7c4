// The requests and results the MIDI page exchanges with its worker (./midi.worker.ts). Pure types.
import type { MidiChoice } from "#codecs/midi/midi-options.ts";
import type { MidiInfo } from "#codecs/midi/read-midi.ts";

export interface MidiProbeResult {
  info: MidiInfo;
  /** whether this browser encodes Opus (the OGG output) */
  opus: boolean;
}

export interface MidiConvertRequest {
  file: File;
  choice: MidiChoice;
  /** the visitor's own SoundFont; null for the shipped General MIDI one */
  soundFont: File | null;
  /** 2: a second worker renders about half the channels (worth it with cores to spare) */
  renderers: 1 | 2;
}

export interface MidiConvertResult {
  output: Blob;
  /** the gain normalisation applied, in dB (0 when off) */
  gainDb: number;
  /** -14 LUFS was not reached: the peak would have gone above -1 dBFS */
  limited: boolean;
  /** the song's integrated loudness as rendered, before the gain */
  integratedLufs: number;
}
