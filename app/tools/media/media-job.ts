// The requests and results the media page exchanges with its two engine workers
// (./webcodecs.worker.ts: mediabunny on WebCodecs; ./ffmpeg.worker.ts: the ffmpeg core). Pure types.
import type { AudioStretch } from "#codecs/media/audio-stretches.ts";
import type { ConversionPlan, EncoderSupport, MediaInfo, MediaTarget, OutputSink } from "#codecs/media/media-types.ts";
import type { Regrid } from "#codecs/media/vorbis-join.ts";
import type { VideoScaler } from "./webcodecs/video-scaling.ts";

export interface ProbeRequest {
  file: File;
}

/** What the ffmpeg engine is asked to run with: more than 1 thread loads the threaded core (./ffmpeg-threads.ts); unset, 1. */
export interface FfmpegThreads {
  threads?: number;
}

export interface WebCodecsProbeResult {
  info: MediaInfo;
  /** what this browser can encode, with mediabunny's MP3, AAC and FLAC extensions registered */
  encoders: EncoderSupport;
}

export interface FfmpegProbeResult {
  info: MediaInfo;
}

export interface MediaConvertRequest {
  file: File;
  plan: ConversionPlan;
  sink: OutputSink;
  /** m4a-to-mp4 with a chosen picture: the still image of the video track */
  picture: File | null;
  /** the visitor's thread cap (../shared/thread-cap.ts): encoders run at once at most; unset, the device's cores */
  threadCap?: number;
  /** "canvas" resizes on mediabunny's canvas even where the encoder could (the benchmark and tests measure both) */
  videoScaler?: VideoScaler;
}

export interface MediaConvertResult {
  /** the output: a Blob in memory, or the File written to the picked file or the origin-private file system */
  output: Blob;
  bytes: number;
  /** what resized the video (the WebCodecs engine): null when its size was kept or no video was encoded */
  videoScaler?: VideoScaler | null;
  /** encoders of the sound that ran at once: the WebCodecs engine's MP3 lanes (./webcodecs/parallel-mp3.ts), the ffmpeg engine's Vorbis stretches (./ffmpeg-stretches.ts) */
  audioLanes?: number;
}

/** One stretch of a sound, encoded by one of several ffmpeg cores at once (./ffmpeg-stretches.ts). */
export interface StretchRequest {
  file: File;
  plan: ConversionPlan;
  stretch: AudioStretch;
  /** the input's sample rate, which the stretch counts in */
  sampleRate: number;
}

export interface EncodedStretch {
  /** the stretch's Ogg Vorbis file */
  bytes: Uint8Array<ArrayBuffer>;
}

/** The encoded stretches in order, to be joined into the output. */
export interface JoinRequest {
  parts: { bytes: Uint8Array<ArrayBuffer>; stretch: AudioStretch }[];
  sink: OutputSink;
  target: MediaTarget;
}

/** The joined output, or (no join found) the lane to encode again from a little earlier, if one can help. */
export type JoinResult = { joined: MediaConvertResult; regrid: null } | { joined: null; regrid: Regrid | null };
