// A MIDI file to an MP3, WAV or OGG (issue 14), the same in the browser's worker and in Node's CLI:
// the synthesizer (./synthesize.ts) renders stereo float PCM, and mediabunny writes it with the
// encoders the media tools use (PCM for WAV; LAME from @mediabunny/mp3-encoder with our LAME tag for
// MP3; the browser's Opus encoder for OGG). Without normalisation the song streams through in
// chunks; with it, the song is rendered first (measured as it goes), then scaled and encoded.
import { registerMp3Encoder } from "@mediabunny/mp3-encoder";
import {
  AudioSample,
  AudioSampleSource,
  canEncodeAudio,
  Mp3OutputFormat,
  OggOutputFormat,
  Output,
  StreamTarget,
  WavOutputFormat,
  type AudioCodec,
  type OutputFormat,
  type StreamTargetChunk,
} from "mediabunny";
import { LameTagStream } from "../media/lame-tag-stream.ts";
import { LoudnessMeter, normalisationGain, type LoudnessMeasure } from "../audio/loudness.ts";
import { MidiError } from "./midi-error.ts";
import { renderSampleRate, TARGET_MIME_TYPES, type MidiChoice } from "./midi-options.ts";
import { createMidiSynth, type SoundBank } from "./synthesize.ts";

/** Frames handed to the encoder at a time (~0.19 s at 44.1 kHz): few calls, little memory. */
const CHUNK_FRAMES = 8192;
/** mediabunny's StreamTarget gathers writes into chunks of this size. */
const WRITE_CHUNK_BYTES = 4 * 1024 * 1024;
/** A mono-to-stereo synth never has more than two channels. */
const CHANNELS = 2;

export interface RenderMidiRequest {
  midi: Uint8Array;
  bank: SoundBank;
  choice: MidiChoice;
  /** where the encoded file goes, as positioned chunks (a memory or disk sink) */
  writable: WritableStream<StreamTargetChunk>;
  /** rendered and encoded share of the job, in [0, 1] */
  onProgress?: (fraction: number) => void;
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

let mp3Registered: Promise<boolean> | undefined;

/** Registers LAME when this environment has no MP3 encoder of its own; true when LAME is the encoder. */
function mp3EncoderIsLame(): Promise<boolean> {
  mp3Registered ??= canEncodeAudio("mp3").then((native) => {
    if (!native) registerMp3Encoder();
    return !native;
  });
  return mp3Registered;
}

interface EncoderSetup {
  format: OutputFormat;
  codec: AudioCodec;
  bitrate?: number;
  lame: LameTagStream | null;
}

async function encoderSetup(choice: MidiChoice, sampleRate: number): Promise<EncoderSetup> {
  switch (choice.target) {
    case "wav":
      return { format: new WavOutputFormat(), codec: choice.wavBits === 24 ? "pcm-s24" : "pcm-s16", lame: null };
    case "mp3": {
      const lame = (await mp3EncoderIsLame()) ? new LameTagStream(choice.mp3Kbps) : null;
      const format = new Mp3OutputFormat(lame === null ? {} : { onXingFrame: lame.onXingFrame });
      return { format, codec: "mp3", bitrate: choice.mp3Kbps * 1000, lame };
    }
    case "ogg": {
      const bitrate = choice.opusKbps * 1000;
      if (!(await canEncodeAudio("opus", { numberOfChannels: CHANNELS, sampleRate, bitrate }))) {
        throw new MidiError("This browser cannot encode Opus, the codec of the OGG output. Choose MP3 or WAV, or use a current Chrome, Edge or Firefox.", "no-encoder");
      }
      return { format: new OggOutputFormat(), codec: "opus", bitrate, lame: null };
    }
  }
}

export async function renderMidi(request: RenderMidiRequest): Promise<RenderMidiResult> {
  const { choice, onProgress = () => {} } = request;
  const sampleRate = renderSampleRate(choice);
  const synth = await createMidiSynth(request.midi, request.bank, { sampleRate, reverb: choice.reverb, chorus: choice.chorus, tailSeconds: choice.tailSeconds });
  const setup = await encoderSetup(choice, sampleRate);
  const target = new StreamTarget(setup.lame === null ? request.writable : setup.lame.wrap(request.writable), { chunked: true, chunkSize: WRITE_CHUNK_BYTES });
  const output = new Output({ format: setup.format, target });
  const source = new AudioSampleSource({ codec: setup.codec, ...(setup.bitrate === undefined ? {} : { bitrate: setup.bitrate }) });
  output.addAudioTrack(source);
  const meter = new LoudnessMeter(sampleRate, CHANNELS);
  const total = synth.totalFrames;
  let encoded = 0;
  try {
    await output.start();
    const encode = async (chunk: Float32Array, frames: number, gain: number) => {
      if (gain !== 1) scale(chunk, gain);
      const data = frames === CHUNK_FRAMES ? chunk : packPlanes(chunk, frames);
      const sample = new AudioSample({ data, format: "f32-planar", numberOfChannels: CHANNELS, sampleRate, timestamp: encoded / sampleRate });
      try {
        await source.add(sample);
      } finally {
        sample.close();
      }
      setup.lame?.countSamples(frames);
      encoded += frames;
    };
    // planar chunks: [left × CHUNK_FRAMES, right × CHUNK_FRAMES]
    const buffered: { chunk: Float32Array; frames: number }[] = [];
    const twoPasses = choice.normalisation !== "off";
    for (;;) {
      const chunk = new Float32Array(CHUNK_FRAMES * CHANNELS);
      const left = chunk.subarray(0, CHUNK_FRAMES);
      const right = chunk.subarray(CHUNK_FRAMES);
      const frames = synth.render(left, right);
      if (frames === 0) break;
      meter.add([left, right], frames);
      if (twoPasses) {
        buffered.push({ chunk, frames });
        onProgress((synth.renderedFrames / total) * RENDER_SHARE);
      } else {
        await encode(chunk, frames, 1);
        onProgress(synth.renderedFrames / total);
      }
    }
    const measure = meter.result();
    const { gain, limited } = twoPasses ? normalisationGain(measure, choice.normalisation) : { gain: 1, limited: false };
    while (buffered.length > 0) {
      // shift: each chunk is let go once encoded
      const next = buffered.shift();
      if (next === undefined) break;
      await encode(next.chunk, next.frames, gain);
      onProgress(RENDER_SHARE + (encoded / total) * (1 - RENDER_SHARE));
    }
    await output.finalize();
    return { mimeType: TARGET_MIME_TYPES[choice.target], sampleRate, frames: encoded, measure, gainDb: 20 * Math.log10(gain), limited };
  } catch (error) {
    await output.cancel().catch(() => undefined);
    if (error instanceof MidiError) throw error;
    throw new MidiError("The song could not be rendered and encoded.", "render-failed", { cause: error });
  }
}

/** With normalisation, the share of progress given to rendering (the rest is encoding), roughly their costs for MP3. */
const RENDER_SHARE = 0.7;

/** Multiplies every sample by `gain`, clamping to full scale (a limited gain never needs it; rounding might). */
function scale(chunk: Float32Array, gain: number): void {
  // hot loop: the whole song passes here once
  for (let i = 0; i < chunk.length; i++) {
    const value = chunk[i]! * gain;
    chunk[i] = value > 1 ? 1 : value < -1 ? -1 : value;
  }
}

/** The last, shorter chunk: its two planes moved next to each other. */
function packPlanes(chunk: Float32Array, frames: number): Float32Array {
  const packed = new Float32Array(frames * CHANNELS);
  packed.set(chunk.subarray(0, frames), 0);
  packed.set(chunk.subarray(CHUNK_FRAMES, CHUNK_FRAMES + frames), frames);
  return packed;
}
