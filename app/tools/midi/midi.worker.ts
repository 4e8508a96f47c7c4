// The MIDI converter's worker (issue 14): reads the file, loads the SoundFont, and renders and
// encodes the song (#codecs/midi/render-midi.ts) into memory. Cancel = the bridge terminates it.
import { canEncodeAudio } from "mediabunny";
import vorbisWasmUrl from "wasm-media-encoders/wasm/ogg.wasm?url";
import { MidiError } from "#codecs/midi/midi-error.ts";
import { channelWork, splitChannels } from "#codecs/midi/channel-split.ts";
import { checkMidiChoice, OPUS_SAMPLE_RATE, renderSampleRate, type MidiChoice } from "#codecs/midi/midi-options.ts";
import { readMidiInfo } from "#codecs/midi/read-midi.ts";
import { renderMidi } from "#codecs/midi/render-midi.ts";
import type { SoundBank } from "#codecs/midi/synthesize.ts";
import { openSink } from "../media/sinks/open-sink.ts";
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import type { MidiConvertRequest, MidiConvertResult, MidiProbeResult } from "./midi-job.ts";
import { startPartner, type Partner } from "./partner-render.ts";
import { ownSoundBank, shippedSoundBank } from "./sound-font.ts";

/** MIDI files are small; anything this large is not one. */
const MAX_MIDI_BYTES = 64 * 1024 * 1024;

async function readMidiFile(file: File): Promise<Uint8Array> {
  if (file.size > MAX_MIDI_BYTES) throw new MidiError(`This file is ${Math.round(file.size / 1048576)} MB: far too large for a MIDI file.`, "not-midi");
  return new Uint8Array(await file.arrayBuffer());
}

async function probe({ file }: { file: File }): Promise<MidiProbeResult> {
  const info = readMidiInfo(await readMidiFile(file));
  const opus = await canEncodeAudio("opus", { numberOfChannels: 2, sampleRate: OPUS_SAMPLE_RATE, bitrate: 128_000 });
  return { info, opus };
}

async function loadSoundFont(_request: Record<string, never>, { progress }: WorkerContext): Promise<{ presets: number }> {
  const bank = await shippedSoundBank(progress);
  return { presets: bank.presets.length };
}

async function convert(request: MidiConvertRequest, { progress }: WorkerContext): Promise<MidiConvertResult> {
  const choice = checkMidiChoice(request.choice);
  const midi = await readMidiFile(request.file);
  // the second worker starts first: it loads its own copy of the SoundFont while this one does
  const shared = request.renderers === 2 ? shareRender(midi, request.soundFont, choice) : null;
  try {
    const bank = await (request.soundFont === null ? shippedSoundBank() : ownSoundBank(request.soundFont));
    return await renderToMemory(midi, bank, choice, shared, progress);
  } finally {
    shared?.partner.stop();
  }
}

async function renderToMemory(midi: Uint8Array, bank: SoundBank, choice: MidiChoice, shared: SharedRender | null, progress: (fraction: number) => void): Promise<MidiConvertResult> {
  const sink = await openSink({ kind: "memory" });
  try {
    // libvorbis (450 KB of wasm, a hashed asset) is fetched only for an Ogg Vorbis output
    const result = await renderMidi({
      midi,
      bank,
      choice,
      writable: sink.writable,
      vorbisWasm: async () => vorbisWasmUrl,
      onProgress: progress,
      ...(shared === null ? {} : { split: shared.split }),
    });
    const output = await sink.finish(result.mimeType);
    return { output, gainDb: result.gainDb, limited: result.limited, integratedLufs: result.measure.integratedLufs };
  } catch (error) {
    await sink.discard();
    throw error;
  }
}

/**
 * A second worker renders about half the channels (measured on a dense 3-minute song: 8 s of CPU
 * each instead of 12 s for one, the reverb running twice). Null when the song is not worth sharing.
 */
interface SharedRender {
  split: { channels: number[]; partner: Partner };
  partner: Partner;
}

function shareRender(midi: Uint8Array, soundFont: File | null, choice: MidiChoice): SharedRender | null {
  const halves = splitChannels(channelWork(readMidiInfo(midi)));
  if (halves === null) return null;
  const settings = { sampleRate: renderSampleRate(choice), reverb: choice.reverb, chorus: choice.chorus, tailSeconds: choice.tailSeconds, channels: halves[1] };
  const partner = startPartner({ midi, soundFont, settings });
  return { split: { channels: halves[0], partner }, partner };
}

export const api = defineWorker({ probe, loadSoundFont, convert });
