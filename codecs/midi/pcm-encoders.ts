// The encoders a rendered song goes through (issue 14), behind one small interface: mediabunny for
// WAV (PCM), MP3 (LAME from @mediabunny/mp3-encoder, with our LAME tag so players trim its priming)
// and Opus in Ogg (the browser's WebCodecs encoder); wasm-media-encoders' libvorbis for Ogg Vorbis,
// which writes the whole Ogg stream itself and runs in any browser and in Node.
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
// the ESNext build: the default one pulls in @swc/helpers for syntax every target here has
import { createEncoder } from "wasm-media-encoders/esnext";
import { LameTagStream } from "../media/lame-tag-stream.ts";
import { MidiError } from "./midi-error.ts";
import type { MidiChoice } from "./midi-options.ts";

/** The synthesizer's output is always stereo. */
export const CHANNELS = 2;
/** mediabunny's StreamTarget gathers writes into chunks of this size. */
const WRITE_CHUNK_BYTES = 4 * 1024 * 1024;

/** Where the libvorbis wasm comes from: a URL of our origin in the browser, its bytes in Node. */
export type VorbisWasm = string | ArrayBuffer | Uint8Array;

export interface PcmEncoder {
  /** encodes planar stereo frames: `left` and `right` hold at least `frames` samples */
  add(left: Float32Array, right: Float32Array, frames: number): Promise<void>;
  /** writes the rest and closes the output */
  finish(): Promise<void>;
  /** after a failure: stops without finishing */
  cancel(): Promise<void>;
}

export interface EncoderTarget {
  choice: MidiChoice;
  sampleRate: number;
  writable: WritableStream<StreamTargetChunk>;
  /** needed for Ogg Vorbis */
  vorbisWasm?: () => Promise<VorbisWasm>;
}

export async function openEncoder(target: EncoderTarget): Promise<PcmEncoder> {
  const { choice } = target;
  if (choice.target === "ogg" && choice.oggCodec === "vorbis") return vorbisEncoder(target);
  return mediabunnyEncoder(target);
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

interface MediabunnySetup {
  format: OutputFormat;
  codec: AudioCodec;
  bitrate?: number;
  lame: LameTagStream | null;
}

async function mediabunnySetup(choice: MidiChoice, sampleRate: number): Promise<MediabunnySetup> {
  if (choice.target === "wav") return { format: new WavOutputFormat(), codec: choice.wavBits === 24 ? "pcm-s24" : "pcm-s16", lame: null };
  if (choice.target === "mp3") {
    const lame = (await mp3EncoderIsLame()) ? new LameTagStream(choice.mp3Kbps) : null;
    const format = new Mp3OutputFormat(lame === null ? {} : { onXingFrame: lame.onXingFrame });
    return { format, codec: "mp3", bitrate: choice.mp3Kbps * 1000, lame };
  }
  const bitrate = choice.opusKbps * 1000;
  if (!(await canEncodeAudio("opus", { numberOfChannels: CHANNELS, sampleRate, bitrate }))) {
    throw new MidiError("This browser cannot encode Opus. Choose Vorbis for the OGG file, or MP3 or WAV.", "no-encoder");
  }
  return { format: new OggOutputFormat(), codec: "opus", bitrate, lame: null };
}

async function mediabunnyEncoder({ choice, sampleRate, writable }: EncoderTarget): Promise<PcmEncoder> {
  const setup = await mediabunnySetup(choice, sampleRate);
  const target = new StreamTarget(setup.lame === null ? writable : setup.lame.wrap(writable), { chunked: true, chunkSize: WRITE_CHUNK_BYTES });
  const output = new Output({ format: setup.format, target });
  const source = new AudioSampleSource({ codec: setup.codec, ...(setup.bitrate === undefined ? {} : { bitrate: setup.bitrate }) });
  output.addAudioTrack(source);
  await output.start();
  let written = 0;
  return {
    async add(left, right, frames) {
      // f32-planar: the left plane, then the right
      const data = new Float32Array(frames * CHANNELS);
      data.set(left.subarray(0, frames), 0);
      data.set(right.subarray(0, frames), frames);
      const sample = new AudioSample({ data, format: "f32-planar", numberOfChannels: CHANNELS, sampleRate, timestamp: written / sampleRate });
      try {
        await source.add(sample);
      } finally {
        sample.close();
      }
      setup.lame?.countSamples(frames);
      written += frames;
    },
    finish: () => output.finalize(),
    cancel: () => output.cancel(),
  };
}

async function vorbisEncoder({ choice, sampleRate, writable, vorbisWasm }: EncoderTarget): Promise<PcmEncoder> {
  if (vorbisWasm === undefined) throw new MidiError("The Vorbis encoder is not available here.", "no-encoder");
  const encoder = await createEncoder("audio/ogg", await vorbisWasm());
  encoder.configure({ channels: CHANNELS, sampleRate, vbrQuality: choice.vorbisQuality });
  const writer = writable.getWriter();
  let position = 0;
  // the encoder owns the bytes it returns until its next call: copy them out at once
  const write = async (bytes: Uint8Array) => {
    if (bytes.byteLength === 0) return;
    const data = bytes.slice();
    await writer.write({ type: "write", data, position });
    position += data.byteLength;
  };
  return {
    async add(left, right, frames) {
      await write(encoder.encode([left.subarray(0, frames), right.subarray(0, frames)]));
    },
    async finish() {
      await write(encoder.finalize());
      await writer.close();
    },
    async cancel() {
      await writer.abort().catch(() => undefined);
    },
  };
}
