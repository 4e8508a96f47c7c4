// A MIDI file to an MP3, WAV or OGG (issue 14), the same in the browser's worker and in Node's CLI:
// the synthesizer (./synthesize.ts) renders stereo float PCM, measured as it goes
// (#codecs/audio/loudness.ts), and an encoder (./pcm-encoders.ts) writes the file. Without
// normalisation the song streams through in chunks; with it, the song is rendered first, then
// scaled by the gain the measurement asks for, and encoded.
import type { StreamTargetChunk } from "mediabunny";
import { LoudnessMeter, normalisationGain, type LoudnessMeasure } from "../audio/loudness.ts";
import { MidiError } from "./midi-error.ts";
import { renderSampleRate, TARGET_MIME_TYPES, type MidiChoice } from "./midi-options.ts";
import { CHANNELS, openEncoder, type VorbisWasm } from "./pcm-encoders.ts";
import { createMidiSynth, type SoundBank } from "./synthesize.ts";

/** Frames rendered and handed to the encoder at a time (~0.19 s at 44.1 kHz): few calls, little memory. */
export const CHUNK_FRAMES = 8192;
/** With normalisation, the share of progress given to rendering (the rest is encoding): roughly their costs for MP3. */
const RENDER_SHARE = 0.7;

export interface RenderMidiRequest {
  midi: Uint8Array;
  bank: SoundBank;
  choice: MidiChoice;
  /** where the encoded file goes, as positioned chunks (a memory or disk sink) */
  writable: WritableStream<StreamTargetChunk>;
  /** the libvorbis wasm, for Ogg Vorbis */
  vorbisWasm?: () => Promise<VorbisWasm>;
  /** rendered and encoded share of the job, in [0, 1] */
  onProgress?: (fraction: number) => void;
  /**
   * The song shared with another renderer (a second worker): this one plays `channels`, `partner`
   * hands over the other channels' render, chunk by chunk (CHUNK_FRAMES each, the last shorter),
   * and the two are summed.
   */
  split?: { channels: readonly number[]; partner: PartnerChunks };
}

export interface PcmChunk {
  left: Float32Array;
  right: Float32Array;
  frames: number;
}

export interface PartnerChunks {
  next(): Promise<PcmChunk>;
}

export interface RenderMidiResult {
  mimeType: string;
  sampleRate: number;
  frames: number;
  /** the loudness of the song as rendered, before any gain */
  measure: LoudnessMeasure;
  /** the gain applied by normalisation in dB (0 when off) */
  gainDb: number;
  /** normalisation to -14 LUFS stopped short to keep the peak at -1 dBFS */
  limited: boolean;
}

export async function renderMidi(request: RenderMidiRequest): Promise<RenderMidiResult> {
  const { choice, onProgress = () => {} } = request;
  const sampleRate = renderSampleRate(choice);
  const { split } = request;
  const synth = await createMidiSynth(request.midi, request.bank, {
    sampleRate,
    reverb: choice.reverb,
    chorus: choice.chorus,
    tailSeconds: choice.tailSeconds,
    ...(split === undefined ? {} : { channels: split.channels }),
  });
  const encoder = await openEncoder({ choice, sampleRate, writable: request.writable, ...(request.vorbisWasm ? { vorbisWasm: request.vorbisWasm } : {}) });
  const meter = new LoudnessMeter(sampleRate, CHANNELS);
  const total = synth.totalFrames;
  try {
    const twoPasses = choice.normalisation !== "off";
    const buffered: { left: Float32Array; right: Float32Array; frames: number }[] = [];
    for (;;) {
      const left = new Float32Array(CHUNK_FRAMES);
      const right = new Float32Array(CHUNK_FRAMES);
      const frames = synth.render(left, right);
      if (frames === 0) break;
      if (split !== undefined) addPartner(await split.partner.next(), left, right, frames);
      meter.add([left, right], frames);
      if (twoPasses) {
        buffered.push({ left, right, frames });
        onProgress((synth.renderedFrames / total) * RENDER_SHARE);
      } else {
        await encoder.add(left, right, frames);
        onProgress(synth.renderedFrames / total);
      }
    }
    const measure = meter.result();
    const { gain, limited } = twoPasses ? normalisationGain(measure, choice.normalisation) : { gain: 1, limited: false };
    let encoded = twoPasses ? 0 : total;
    // each chunk is let go once encoded
    for (let next = buffered.shift(); next !== undefined; next = buffered.shift()) {
      scale(next.left, gain, next.frames);
      scale(next.right, gain, next.frames);
      await encoder.add(next.left, next.right, next.frames);
      encoded += next.frames;
      onProgress(RENDER_SHARE + (encoded / total) * (1 - RENDER_SHARE));
    }
    await encoder.finish();
    return { mimeType: TARGET_MIME_TYPES[choice.target], sampleRate, frames: total, measure, gainDb: 20 * Math.log10(gain), limited };
  } catch (error) {
    await encoder.cancel().catch(() => undefined);
    if (error instanceof MidiError) throw error;
    throw new MidiError("The song could not be rendered and encoded.", "render-failed", { cause: error });
  }
}

/** Adds the other renderer's chunk (of the same frames) into ours. */
function addPartner(chunk: PcmChunk, left: Float32Array, right: Float32Array, frames: number): void {
  if (chunk.frames !== frames) throw new Error(`The two renders are out of step: ${chunk.frames} frames against ${frames}.`);
  // hot loop: every sample of the song once
  for (let i = 0; i < frames; i++) {
    left[i]! += chunk.left[i]!;
    right[i]! += chunk.right[i]!;
  }
}

/** Multiplies the first `frames` samples by `gain`, clamped to full scale (a limited gain never needs it; rounding might). */
function scale(plane: Float32Array, gain: number, frames: number): void {
  if (gain === 1) return;
  // hot loop: the whole song passes here once
  for (let i = 0; i < frames; i++) {
    const value = plane[i]! * gain;
    plane[i] = value > 1 ? 1 : value < -1 ? -1 : value;
  }
}
