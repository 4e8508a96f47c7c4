// The MIDI converter's options as link parameters (`/tool/midi-to-mp3?target=wav&wavBits=24`) and
// its built-in presets. The release tail (typed text) and a SoundFont file stay on the page.
import { MIDI_DEFAULTS, MIDI_SAMPLE_RATES, MIDI_TARGETS, MP3_KBPS, NORMALISATIONS, OGG_CODECS, OPUS_KBPS, VORBIS_QUALITIES, WAV_BIT_DEPTHS } from "#codecs/midi/midi-options.ts";
import { flag, oneOf } from "../shared/tool-options-url.ts";
import type { BuiltInPreset } from "../shared/tool-presets.ts";

export const MIDI_OPTIONS = {
  target: oneOf(MIDI_TARGETS, MIDI_DEFAULTS.target),
  sampleRate: oneOf(MIDI_SAMPLE_RATES, MIDI_DEFAULTS.sampleRate),
  wavBits: oneOf(WAV_BIT_DEPTHS, MIDI_DEFAULTS.wavBits),
  mp3Kbps: oneOf<number>(MP3_KBPS, MIDI_DEFAULTS.mp3Kbps),
  oggCodec: oneOf(OGG_CODECS, MIDI_DEFAULTS.oggCodec),
  vorbisQuality: oneOf<number>(VORBIS_QUALITIES.map((q) => q.quality), MIDI_DEFAULTS.vorbisQuality),
  opusKbps: oneOf<number>(OPUS_KBPS, MIDI_DEFAULTS.opusKbps),
  reverb: flag(MIDI_DEFAULTS.reverb),
  chorus: flag(MIDI_DEFAULTS.chorus),
  normalisation: oneOf(NORMALISATIONS, MIDI_DEFAULTS.normalisation),
};

export const MIDI_PRESETS: readonly BuiltInPreset<typeof MIDI_OPTIONS>[] = [
  { name: "Streaming loudness MP3 (−14 LUFS, 320 kbps)", options: { target: "mp3", mp3Kbps: 320, normalisation: "lufs" } },
  { name: "Studio WAV (48 kHz, 24-bit)", options: { target: "wav", sampleRate: 48000, wavBits: 24 } },
  { name: "Dry sound (no reverb, no chorus)", options: { reverb: false, chorus: false } },
  { name: "Small OGG Opus 96 kbps", options: { target: "ogg", oggCodec: "opus", opusKbps: 96 } },
];
