// The ffmpeg command line for a ConversionPlan (issue 13). Pure: the worker runs it in the ffmpeg
// core, the tests run the same argv with the native ffmpeg. Streams are mapped explicitly (first
// audio, first real video, cover art only where asked), so nothing else (subtitles, data, a second
// audio track) leaks into the output.
import { MediaError } from "./media-error.ts";
import type { ConversionPlan, TrackPlan } from "./media-types.ts";

export interface FfmpegFiles {
  /** the input's path in the core's file system */
  input: string;
  /** where the output is written */
  output: string;
  /** a still picture looped as the video track (m4a-to-mp4 with a picture) */
  picture?: string;
}

/**
 * The most threads one codec or filter graph gets in the multi-thread core: it starts a fixed pool of
 * 32 thread workers, and a thread beyond the pool waits for the blocked main thread to start its
 * worker, forever. Decoder, encoder (x264 adds a lookahead thread) and filters at 8 each stay inside.
 */
export const MAX_CODEC_THREADS = 8;

type Encode = Extract<TrackPlan, { action: "encode" }>;
type Quality = NonNullable<Encode["quality"]>;

/** ffmpeg's muxer for each container of a plan; m4a gets "ipod" (an M4A brand, cover art allowed). */
const MUXERS: Record<string, string> = {
  mp4: "mp4",
  mov: "mov",
  matroska: "matroska",
  webm: "webm",
  ogg: "ogg",
  mp3: "mp3",
  wav: "wav",
  adts: "adts",
  flac: "flac",
  avi: "avi",
  flv: "flv",
  asf: "asf",
};

/** Containers whose ffmpeg muxer writes an attached picture (cover art). */
const COVER_MUXERS = new Set(["mp3", "ipod", "mp4", "mov", "flac"]);

const AUDIO_ENCODERS: Record<string, string> = {
  mp3: "libmp3lame",
  aac: "aac",
  vorbis: "libvorbis",
  opus: "libopus",
  flac: "flac",
  "pcm-u8": "pcm_u8",
  "pcm-s16": "pcm_s16le",
  "pcm-s16be": "pcm_s16be",
  "pcm-s24": "pcm_s24le",
  "pcm-s32": "pcm_s32le",
  "pcm-f32": "pcm_f32le",
  wmav2: "wmav2",
  mp2: "mp2",
};

const VIDEO_ENCODERS: Record<string, string> = {
  avc: "libx264",
  hevc: "libx265",
  vp9: "libvpx-vp9",
  vp8: "libvpx",
  mpeg4: "mpeg4",
  flv1: "flv",
  mpeg2video: "mpeg2video",
};

/** The only sample rates Opus encodes; any other becomes 48 kHz. */
const OPUS_RATES = new Set([8000, 12000, 16000, 24000, 48000]);

/** LAME's average kbps for -V0 … -V9: the bitrate of a VBR choice for encoders without a VBR scale. */
const LAME_VBR_KBPS: readonly number[] = [245, 225, 190, 175, 165, 130, 115, 100, 85, 65];

const X264_CRF: Record<Quality, number> = { high: 20, medium: 23, low: 28 };
const X265_CRF: Record<Quality, number> = { high: 24, medium: 28, low: 32 };
const VP9_CRF: Record<Quality, number> = { high: 31, medium: 36, low: 42 };
const VP8_CRF: Record<Quality, number> = { high: 8, medium: 16, low: 30 };
/** qscale (2 best … 31) of the older encoders: mpeg4, flv1, mpeg2video */
const QSCALE: Record<Quality, number> = { high: 3, medium: 5, low: 9 };

/** The still picture's frame rate: enough for players that dislike 1 fps, cheap with -tune stillimage. */
const STILL_FPS = 5;

/**
 * A stretch of the input's sound, in its samples, that one of several encoders at once encodes
 * (./audio-stretches.ts): from `from` to `to` (null: the end).
 */
export interface SampleStretch {
  from: number;
  to: number | null;
  sampleRate: number;
}

export function ffmpegArgs(plan: ConversionPlan, files: FfmpegFiles, threads = 1, stretch: SampleStretch | null = null): string[] {
  const muxer = plan.target === "m4a" ? "ipod" : MUXERS[plan.container];
  if (!muxer) throw new MediaError(`The ffmpeg engine cannot write ${plan.container} files.`, "no-encoder");
  const { audio, video } = plan;
  const picture = files.picture;
  const still = picture !== undefined;
  if (still && video.action !== "encode") throw new MediaError("A picture track has to be encoded.", "bad-option");
  if (audio.action === "drop" && video.action === "drop") throw new MediaError("The conversion would keep neither sound nor pictures.", "bad-option");

  // progress comes from ffmpeg's stats report, every 0.5 s by default
  const args = ["-nostdin", "-y", "-hide_banner", "-stats_period", "0.1"];
  // threads are always named: left to ffmpeg ("auto"), a many-core device would outgrow the pool
  const codecThreads = threadArgs(threads);
  args.push("-filter_threads", codecThreads[1] ?? "1");
  // before -i: a fast input seek (ffmpeg then decodes from the keyframe and discards up to the start)
  if (plan.trim.startSeconds > 0) args.push("-ss", seconds(plan.trim.startSeconds));
  const cut = stretch === null ? null : stretchCut(plan, stretch);
  if (cut !== null && cut.seekSeconds > 0) args.push("-ss", String(cut.seekSeconds));
  args.push(...codecThreads, "-i", files.input);
  if (picture !== undefined) args.push("-loop", "1", "-framerate", String(STILL_FPS), ...codecThreads, "-i", picture);

  const cover = plan.keepCover && video.action === "drop" && COVER_MUXERS.has(muxer);
  if (audio.action !== "drop") args.push("-map", "0:a:0");
  if (still) args.push("-map", "1:v:0");
  // "V": video that is not an attached picture
  else if (video.action !== "drop") args.push("-map", "0:V:0");
  else if (cover) args.push("-map", "0:v:0?");

  if (audio.action === "copy") args.push("-c:a", "copy");
  else if (audio.action === "encode") args.push(...audioEncodeArgs(audio));
  else args.push("-an");
  if (cut !== null) args.push("-af", cut.filter);

  if (video.action === "copy") args.push("-c:v", "copy");
  else if (video.action === "encode") args.push(...videoEncodeArgs(video, muxer, still));
  else if (cover) args.push("-c:v", "copy", "-disposition:v:0", "attached_pic");
  else args.push("-vn");
  args.push("-sn", "-dn");

  args.push("-map_metadata", plan.keepTags ? "0" : "-1", "-map_chapters", "-1");
  // Ogg's Vorbis comments belong to the stream; ffmpeg maps only the file's tags unless told
  if (plan.keepTags && plan.tagsOnAudioStream === true && audio.action !== "drop") args.push("-map_metadata", "0:s:a:0");
  if (muxer === "mp3" && plan.keepTags) args.push("-id3v2_version", "3");

  // a looped picture never ends: cap the output at the sound's length (-shortest alone overshoots)
  const length = trimLength(plan) ?? (still ? plan.outputSeconds : null);
  if (length !== null) args.push("-t", seconds(length));
  if (still) args.push("-shortest");
  args.push(...codecThreads, "-f", muxer, files.output);
  return args;
}

/** Samples of a stretch's fade-in (in its pre-roll, which the join drops). */
const STRETCH_FADE_SAMPLES = 1024;

/**
 * A stretch's cut: a seek to a whole second (so the first sample after it is exact: ffmpeg's accurate
 * seek starts the timestamps there at 0) at least a second before it, where a decoder with a
 * reservoir (MP3) has settled, then `atrim` by sample index.
 */
function stretchCut(plan: ConversionPlan, { from, to, sampleRate }: SampleStretch): { seekSeconds: number; filter: string } {
  if (plan.trim.startSeconds > 0 || plan.trim.endSeconds !== null || plan.audio.action !== "encode" || plan.video.action !== "drop") {
    throw new MediaError("Only a whole sound, without pictures, is encoded in stretches.", "bad-option");
  }
  if (!Number.isInteger(from) || from < 0 || (to !== null && (!Number.isInteger(to) || to <= from)) || !Number.isInteger(sampleRate) || sampleRate <= 0) {
    throw new MediaError("A stretch runs from one whole sample to a later one.", "bad-option");
  }
  const seekSeconds = Math.max(0, Math.floor(from / sampleRate) - 1);
  const offset = seekSeconds * sampleRate;
  const end = to === null ? "" : `:end_sample=${to - offset}`;
  // a fade-in over the pre-roll's first samples: an abrupt start makes libvorbis open with a second
  // short block, which puts its long blocks off the grid of the stretch before (decision 067)
  const fade = from > 0 ? `,afade=t=in:ns=${STRETCH_FADE_SAMPLES}` : "";
  return { seekSeconds, filter: `atrim=start_sample=${from - offset}${end},asetpts=PTS-STARTPTS${fade}` };
}

/** `-threads n` for a decoder or the encoders, n within 1 … MAX_CODEC_THREADS. */
function threadArgs(threads: number): [string, string] {
  return ["-threads", String(Math.max(1, Math.min(MAX_CODEC_THREADS, Math.floor(threads) || 1)))];
}

function audioEncodeArgs(track: Encode): string[] {
  const encoder = AUDIO_ENCODERS[track.codec];
  if (!encoder) throw new MediaError(`The ffmpeg engine has no ${track.codec} audio encoder.`, "no-encoder");
  const args = ["-c:a", encoder];
  // the core's libopus overflows its 64 KiB wasm stack on 20 ms stereo frames at 48 kHz ("memory
  // access out of bounds", ffmpeg.wasm issues 591/867); 10 ms frames fit
  if (encoder === "libopus") args.push("-frame_duration", "10");
  if (track.vbrQuality !== undefined) args.push(...vbrArgs(encoder, track.vbrQuality));
  else if (track.bitrate !== undefined && !isLossless(encoder)) args.push("-b:a", String(Math.round(track.bitrate)));
  if (track.sampleRate !== undefined) args.push("-ar", String(encoder === "libopus" && !OPUS_RATES.has(track.sampleRate) ? 48000 : track.sampleRate));
  if (track.channels !== undefined) args.push("-ac", String(track.channels));
  return args;
}

function vbrArgs(encoder: string, quality: number): string[] {
  const v = Math.min(9, Math.max(0, Math.round(quality)));
  if (encoder === "libmp3lame") return ["-q:a", String(v)];
  // Vorbis's scale runs the other way: 10 best … 0
  if (encoder === "libvorbis") return ["-q:a", String(10 - v)];
  if (isLossless(encoder)) return [];
  // Opus needs about 60 % of MP3's bitrate for the same quality
  const lame = LAME_VBR_KBPS[v] ?? 130;
  const kbps = encoder === "libopus" ? Math.round(lame * 0.6) : lame;
  return encoder === "libopus" ? ["-vbr", "on", "-b:a", `${kbps}k`] : ["-b:a", `${kbps}k`];
}

function isLossless(encoder: string): boolean {
  return encoder === "flac" || encoder.startsWith("pcm_");
}

function videoEncodeArgs(track: Encode, muxer: string, still: boolean): string[] {
  const encoder = VIDEO_ENCODERS[track.codec];
  if (!encoder) throw new MediaError(`The ffmpeg engine has no ${track.codec} video encoder.`, "no-encoder");
  const quality = track.quality ?? "medium";
  const args = ["-c:v", encoder];
  const bitrate = track.bitrate !== undefined ? String(Math.round(track.bitrate)) : null;
  switch (encoder) {
    case "libx264":
      args.push("-preset", "veryfast", ...(still ? ["-tune", "stillimage"] : []));
      args.push(...(bitrate ? ["-b:v", bitrate] : ["-crf", String(X264_CRF[quality])]), "-pix_fmt", "yuv420p");
      break;
    case "libx265":
      args.push("-preset", "veryfast", ...(bitrate ? ["-b:v", bitrate] : ["-crf", String(X265_CRF[quality])]), "-pix_fmt", "yuv420p");
      if (muxer === "mp4" || muxer === "mov") args.push("-tag:v", "hvc1");
      break;
    case "libvpx-vp9":
      args.push("-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1");
      args.push(...(bitrate ? ["-b:v", bitrate] : ["-b:v", "0", "-crf", String(VP9_CRF[quality])]), "-pix_fmt", "yuv420p");
      break;
    case "libvpx":
      // VP8's CRF needs a ceiling bitrate
      args.push("-deadline", "realtime", "-cpu-used", "8");
      args.push(...(bitrate ? ["-b:v", bitrate] : ["-b:v", "4M", "-crf", String(VP8_CRF[quality])]), "-pix_fmt", "yuv420p");
      break;
    default:
      args.push(...(bitrate ? ["-b:v", bitrate] : ["-q:v", String(QSCALE[quality])]), "-pix_fmt", "yuv420p");
  }
  args.push("-vf", scaleFilter(track));
  if (still) args.push("-r", String(STILL_FPS));
  return args;
}

/** Fits the frame within the plan's size keeping its aspect, on even dimensions (4:2:0 needs them). */
export function scaleFilter(track: Pick<Encode, "width" | "height">): string {
  const { width, height } = track;
  if (width !== undefined && height !== undefined) return `scale=${even(width)}:${even(height)}:force_original_aspect_ratio=decrease:force_divisible_by=2`;
  if (height !== undefined) return `scale=-2:${even(height)}`;
  if (width !== undefined) return `scale=${even(width)}:-2`;
  return "scale=trunc(iw/2)*2:trunc(ih/2)*2";
}

function even(size: number): number {
  return Math.max(2, Math.round(size / 2) * 2);
}

/** The output's length when trimmed at the end (the start is cut by -ss), else null. */
function trimLength(plan: ConversionPlan): number | null {
  const { startSeconds, endSeconds } = plan.trim;
  if (endSeconds === null) return null;
  if (endSeconds <= startSeconds) throw new MediaError("The end of the cut must come after its start.", "bad-option");
  return endSeconds - startSeconds;
}

/** Seconds as ffmpeg reads them, to the millisecond. */
function seconds(value: number): string {
  return (Math.round(value * 1000) / 1000).toFixed(3);
}
