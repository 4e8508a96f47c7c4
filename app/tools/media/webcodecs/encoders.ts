// mediabunny's MP3, AAC and FLAC encoders (WASM) stand in for WebCodecs encoders the browser lacks;
// each is registered once, only when no native encoder exists, so a native one is preferred.
import { registerAacEncoder } from "@mediabunny/aac-encoder";
import { registerFlacEncoder } from "@mediabunny/flac-encoder";
import { registerMp3Encoder } from "@mediabunny/mp3-encoder";
import { canEncodeAudio, canEncodeVideo } from "mediabunny";
import type { EncoderSupport } from "#codecs/media/media-types.ts";
import { registerParallelMp3Encoder } from "./parallel-mp3.ts";
import { TARGET_AUDIO_CODECS, TARGET_VIDEO_CODECS } from "./track-options.ts";

let registered: Promise<void> | undefined;
let support: Promise<EncoderSupport> | undefined;
let lameMp3 = false;

/** Whether MP3 is encoded by @mediabunny/mp3-encoder (LAME, whose delay we know), after registerEncoders(). */
export function mp3EncoderIsLame(): boolean {
  return lameMp3;
}

export function registerEncoders(): Promise<void> {
  registered ??= (async () => {
    const [mp3, aac, flac] = await Promise.all([canEncodeAudio("mp3"), canEncodeAudio("aac"), canEncodeAudio("flac")]);
    if (!mp3) {
      // first: it answers only the encodes asked to run on several cores (./parallel-mp3.ts)
      registerParallelMp3Encoder();
      registerMp3Encoder();
      lameMp3 = true;
    }
    if (!aac) registerAacEncoder();
    if (!flac) registerFlacEncoder();
  })();
  return registered;
}

/** The target codecs this browser can encode, extensions included (asked once per worker). */
export function encoderSupport(): Promise<EncoderSupport> {
  support ??= (async () => {
    await registerEncoders();
    const audio = await Promise.all(TARGET_AUDIO_CODECS.map(async (codec) => ((await canEncodeAudio(codec)) ? codec : null)));
    const video = await Promise.all(TARGET_VIDEO_CODECS.map(async (codec) => ((await canEncodeVideo(codec)) ? codec : null)));
    return { audio: audio.filter((codec) => codec !== null), video: video.filter((codec) => codec !== null) };
  })();
  return support;
}
