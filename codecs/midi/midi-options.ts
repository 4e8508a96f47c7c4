// What the MIDI converter can be asked for (issue 14): the output (MP3, WAV or OGG) and how the song
// is rendered. One checked shape for the page, the worker and the CLI.
import type { Normalisation } from "../audio/loudness.ts";
import { MidiError } from "./midi-error.ts";

export type { Normalisation };

export const MIDI_TARGETS = ["mp3", "wav", "ogg"] as const;
export type MidiTarget = (typeof MIDI_TARGETS)[number];

export const MIDI_SAMPLE_RATES = [44100, 48000] as const;
export type MidiSampleRate = (typeof MIDI_SAMPLE_RATES)[number];

export const WAV_BIT_DEPTHS = [16, 24] as const;
export type WavBitDepth = (typeof WAV_BIT_DEPTHS)[number];

/** LAME's constant bitrates offered for MP3 (kbps). */
export const MP3_KBPS = [128, 160, 192, 256, 320] as const;
/** Opus bitrates offered for OGG (kbps); Opus at 128 kbps stereo is transparent for most music. */
export const OPUS_KBPS = [96, 128, 160, 192, 256] as const;

/** What an OGG holds: Vorbis (every player; encoded in wasm, also in Node) or Opus (where the browser encodes it). */
export const OGG_CODECS = ["vorbis", "opus"] as const;
export type OggCodec = (typeof OGG_CODECS)[number];
/** libvorbis VBR qualities offered, with their nominal stereo bitrates at 44.1 kHz (kbps). */
export const VORBIS_QUALITIES: readonly { quality: number; kbps: number }[] = [
  { quality: 3, kbps: 112 },
  { quality: 5, kbps: 160 },
  { quality: 6, kbps: 192 },
  { quality: 8, kbps: 256 },
];

export const NORMALISATIONS: readonly Normalisation[] = ["off", "peak", "lufs"];

/** The release tail after the last event lets notes and reverb ring out. */
export const TAIL_SECONDS = { min: 0, max: 10, default: 3 } as const;

/** Opus works at 48 kHz: an Opus OGG is rendered at that rate whatever the sample-rate option says. */
export const OPUS_SAMPLE_RATE = 48000;

export interface MidiChoice {
  target: MidiTarget;
  sampleRate: MidiSampleRate;
  wavBits: WavBitDepth;
  mp3Kbps: number;
  oggCodec: OggCodec;
  vorbisQuality: number;
  opusKbps: number;
  reverb: boolean;
  chorus: boolean;
  tailSeconds: number;
  normalisation: Normalisation;
}

export const MIDI_DEFAULTS: Readonly<MidiChoice> = {
  target: "mp3",
  sampleRate: 44100,
  wavBits: 16,
  mp3Kbps: 192,
  oggCodec: "vorbis",
  vorbisQuality: 6,
  opusKbps: 128,
  reverb: true,
  chorus: true,
  tailSeconds: TAIL_SECONDS.default,
  normalisation: "peak",
};

export const TARGET_LABELS: Readonly<Record<MidiTarget, string>> = { mp3: "MP3", wav: "WAV", ogg: "OGG" };
export const TARGET_MIME_TYPES: Readonly<Record<MidiTarget, string>> = { mp3: "audio/mpeg", wav: "audio/wav", ogg: "audio/ogg" };

const oneOf = <T>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

/** The choice with defaults filled in, or a MidiError naming the option that is out of range. */
export function checkMidiChoice(input: Partial<MidiChoice>): MidiChoice {
  const choice: MidiChoice = { ...MIDI_DEFAULTS, ...input };
  if (!oneOf(MIDI_TARGETS, choice.target)) throw new MidiError(`A MIDI file converts to MP3, WAV or OGG, not "${String(choice.target)}".`, "bad-option");
  if (!oneOf(MIDI_SAMPLE_RATES, choice.sampleRate)) throw new MidiError("The sample rate must be 44100 or 48000 Hz.", "bad-option");
  if (!oneOf(WAV_BIT_DEPTHS, choice.wavBits)) throw new MidiError("A WAV file can be 16 or 24-bit.", "bad-option");
  if (!oneOf(MP3_KBPS, choice.mp3Kbps)) throw new MidiError(`The MP3 bitrate must be one of ${MP3_KBPS.join(", ")} kbps.`, "bad-option");
  if (!oneOf(OGG_CODECS, choice.oggCodec)) throw new MidiError("An OGG file holds Vorbis or Opus.", "bad-option");
  if (!VORBIS_QUALITIES.some((q) => q.quality === choice.vorbisQuality)) {
    throw new MidiError(`The Vorbis quality must be one of ${VORBIS_QUALITIES.map((q) => q.quality).join(", ")}.`, "bad-option");
  }
  if (!oneOf(OPUS_KBPS, choice.opusKbps)) throw new MidiError(`The OGG bitrate must be one of ${OPUS_KBPS.join(", ")} kbps.`, "bad-option");
  if (!oneOf(NORMALISATIONS, choice.normalisation)) throw new MidiError("Loudness normalisation is off, peak or lufs.", "bad-option");
  if (typeof choice.reverb !== "boolean" || typeof choice.chorus !== "boolean") throw new MidiError("Reverb and chorus are on or off.", "bad-option");
  if (!(Number.isFinite(choice.tailSeconds) && choice.tailSeconds >= TAIL_SECONDS.min && choice.tailSeconds <= TAIL_SECONDS.max)) {
    throw new MidiError(`The release tail must be between ${TAIL_SECONDS.min} and ${TAIL_SECONDS.max} seconds.`, "bad-option");
  }
  return choice;
}

/** The rate the song is rendered at for this choice. */
export const renderSampleRate = (choice: MidiChoice): number => (choice.target === "ogg" && choice.oggCodec === "opus" ? OPUS_SAMPLE_RATE : choice.sampleRate);
