// The planner: from what the probe read and what the visitor chose, decide each track's fate (copy,
// encode, drop) and the engine, before anything runs. Stream copy comes first because it takes
// seconds for gigabytes and loses nothing; the WebCodecs engine is preferred over the ffmpeg core
// whenever mediabunny reads the input, writes the container and this browser encodes every codec.
import { MediaError } from "./media-error.ts";
import type { ConversionChoice, ConversionPlan, EncoderSupport, MediaInfo, TrackPlan } from "./media-types.ts";
import { normalizeChoice } from "./options.ts";
import {
  canCopyAudio,
  encodableSampleRate,
  isLossless,
  maxAudioKbps,
  maxChannels,
  mediabunnyEncodes,
  MEDIABUNNY_CODECS,
  type TargetSpec,
  targetSpec,
  VBR_CODECS,
  vbrAverageKbps,
  WAV_CODECS,
  WEBCODECS_DECODES,
} from "./targets.ts";

type Quality = "high" | "medium" | "low";

/** Bits per pixel per frame for H.264 at "medium"; other codecs scale it by their efficiency. */
const AVC_BITS_PER_PIXEL = 0.1;
const QUALITY_FACTOR: Record<Quality, number> = { high: 1.6, medium: 1, low: 0.55 };
const CODEC_EFFICIENCY: Record<string, number> = { avc: 1, hevc: 0.7, vp9: 0.7, av1: 0.6, vp8: 1.1, mpeg4: 1.6 };

/** A video bitrate (bits per second) for `codec` at this size and frame rate. */
export function videoBitrate(codec: string, width: number, height: number, frameRate: number | null, quality: Quality): number {
  const fps = Math.min(60, frameRate !== null && frameRate > 0 ? frameRate : 30);
  const bits = width * height * fps * AVC_BITS_PER_PIXEL * QUALITY_FACTOR[quality] * (CODEC_EFFICIENCY[codec] ?? 1);
  return Math.max(100_000, Math.round(bits / 1000) * 1000);
}

const even = (n: number): number => Math.max(2, 2 * Math.round(n / 2));

/** The output size: the shorter side scaled to `resolution` (never up), both sides even for 4:2:0 encoders. */
export function scaledSize(width: number, height: number, resolution: "keep" | number): { width: number; height: number } {
  const short = Math.min(width, height);
  const factor = resolution === "keep" || short <= resolution ? 1 : resolution / short;
  return { width: even(width * factor), height: even(height * factor) };
}

const ENCODER_LABELS: Record<string, string> = {
  mp3: "MP3 (LAME)",
  aac: "AAC",
  opus: "Opus",
  vorbis: "Vorbis",
  flac: "FLAC (lossless)",
  "pcm-s16": "16-bit PCM",
  "pcm-s24": "24-bit PCM",
  "pcm-f32": "32-bit float PCM",
  wmav2: "WMA",
  avc: "H.264",
  vp9: "VP9",
  vp8: "VP8",
  mpeg4: "MPEG-4 Part 2",
};

function planAudio(info: MediaInfo, choice: ConversionChoice, spec: TargetSpec): TrackPlan {
  const source = info.audio;
  if (source === null || (spec.kind === "video" && choice.video.noAudio)) return { action: "drop" };
  const options = choice.audio;
  const codec = spec.target === "wav" ? WAV_CODECS[options.wavBitDepth] : spec.encode.audio;
  const fits = spec.target === "wav" ? source.codec === codec : canCopyAudio(spec.target, source.codec, source.sampleRate);
  // a copy cuts on packet boundaries; lossless sound re-encoded loses nothing and cuts on the sample
  const exactTrim = isLossless(source.codec) && hasTrim(choice);
  if (fits && !exactTrim && options.bitrate.mode === "auto" && options.sampleRate === "keep" && options.channels === "keep") {
    return { action: "copy", codec: source.codec };
  }
  // a rate or channel count the probe could not read (0) is left to the engine, except that an
  // encoder taking at most two channels is always told two
  const rate = options.sampleRate === "keep" ? source.sampleRate : options.sampleRate;
  const sampleRate = rate > 0 ? encodableSampleRate(codec, rate) : undefined;
  const count = options.channels === "keep" ? source.channels : options.channels;
  const channels = count > 0 ? Math.min(count, maxChannels(codec)) : maxChannels(codec) <= 2 ? maxChannels(codec) : undefined;
  const plan: TrackPlan = { action: "encode", codec, ...(sampleRate === undefined ? {} : { sampleRate }), ...(channels === undefined ? {} : { channels }) };
  if (isLossless(codec)) return plan;
  const bitrate = options.bitrate;
  if (bitrate.mode === "vbr" && VBR_CODECS.includes(codec)) return { ...plan, vbrQuality: bitrate.quality };
  // the default bitrate is per stereo pair: surround sound gets more
  const defaultKbps = Math.round((spec.audioKbps ?? 192) * Math.max(1, (channels ?? 2) / 2));
  const kbps = bitrate.mode === "cbr" ? bitrate.kbps : bitrate.mode === "vbr" ? vbrAverageKbps(bitrate.quality) : defaultKbps;
  return { ...plan, bitrate: Math.min(kbps, maxAudioKbps(codec, sampleRate ?? 44100, channels ?? 2)) * 1000 };
}

function hasTrim(choice: ConversionChoice): boolean {
  return choice.trim.startSeconds > 0 || choice.trim.endSeconds !== null;
}

/** A lossless source re-encoded to its own codec only for a trim: the summary says why. */
function exactTrimCopy(info: MediaInfo, choice: ConversionChoice, audio: TrackPlan): boolean {
  const source = info.audio;
  return audio.action === "encode" && source !== null && audio.codec === source.codec && isLossless(source.codec) && hasTrim(choice);
}

function planVideo(info: MediaInfo, choice: ConversionChoice, spec: TargetSpec): TrackPlan {
  const codec = spec.target === "webm" ? choice.video.webmCodec : spec.encode.video;
  if (codec === null) return { action: "drop" };
  // a still picture: the engine sizes and rates it; a bitrate would be wasted on one image
  if (info.video === null) return choice.picture.kind === "none" ? { action: "drop" } : { action: "encode", codec };
  const source = info.video;
  const { resolution, quality } = choice.video;
  if (spec.copy.video.includes(source.codec) && resolution === "keep" && quality === "auto") return { action: "copy", codec: source.codec };
  const { width, height } = scaledSize(source.width, source.height, resolution);
  const bitrate = videoBitrate(codec, width, height, source.frameRate, quality === "auto" ? "medium" : quality);
  return { action: "encode", codec, bitrate, width, height };
}

/**
 * The single-thread ffmpeg core runs out of bounds encoding VP9 from 360p up (measured,
 * docs/decisions/021), so a WebM the browser cannot encode itself gets VP8, which the core encodes.
 */
function withoutCoreVp9(track: TrackPlan, info: MediaInfo, quality: ConversionChoice["video"]["quality"]): TrackPlan {
  if (track.action !== "encode" || track.codec !== "vp9") return track;
  if (track.width === undefined || track.height === undefined) return { ...track, codec: "vp8" };
  const bitrate = videoBitrate("vp8", track.width, track.height, info.video?.frameRate ?? null, quality === "auto" ? "medium" : quality);
  return { ...track, codec: "vp8", bitrate };
}

/**
 * Sound-only re-encodes of AAC or MP3 this long go to the ffmpeg core even where WebCodecs could
 * do them: mediabunny decodes those through the browser's AudioDecoder one packet at a time, which
 * measured 2.1 s (AAC) and 2.8 s (MP3) for 3 minutes in Chromium here against 0.85 s and 1.1 s in
 * the core, so a 3-minute AAC → MP3 took 5.2 s against 3.3 s. Below a minute, loading the core
 * (0.35 s from the cache, an 8 MB download the first time) would cost more than it saves.
 */
export const CORE_DECODE_MIN_SECONDS = 60;
const CORE_DECODES_FASTER = ["aac", "mp3"];

function coreDecodesFaster(info: MediaInfo, audio: TrackPlan, video: TrackPlan, outputSeconds: number | null): boolean {
  return (
    audio.action === "encode" &&
    video.action === "drop" &&
    info.audio !== null &&
    CORE_DECODES_FASTER.includes(info.audio.codec) &&
    outputSeconds !== null &&
    outputSeconds >= CORE_DECODE_MIN_SECONDS
  );
}

/** Whether mediabunny on WebCodecs can do every part of this plan. */
function webcodecsCan(info: MediaInfo, spec: TargetSpec, tracks: TrackPlan[], picture: boolean, encoders: EncoderSupport | null): boolean {
  if (encoders === null || info.reader !== "mediabunny" || !spec.mediabunnyWrites || picture) return false;
  const sources = [info.audio?.codec, info.video?.codec];
  const [audio, video] = tracks;
  for (const [index, track] of tracks.entries()) {
    if (track === undefined || track.action === "drop") continue;
    const source = sources[index];
    if (source === undefined || !MEDIABUNNY_CODECS.includes(source)) return false;
    if (track.action === "encode" && !WEBCODECS_DECODES.includes(source)) return false;
  }
  if (audio?.action === "encode") {
    // LAME's VBR is not in mediabunny's MP3 encoder (it takes a bitrate only); PCM mediabunny writes itself
    if (audio.vbrQuality !== undefined) return false;
    if (!audio.codec.startsWith("pcm-") && !encoders.audio.includes(audio.codec)) return false;
    if (audio.sampleRate !== undefined && !mediabunnyEncodes(audio.codec, audio.sampleRate)) return false;
  }
  if (video?.action === "encode" && !encoders.video.includes(video.codec)) return false;
  return true;
}

function kHz(rate: number): string {
  return `${Number((rate / 1000).toFixed(2))} kHz`;
}

function audioPhrase(track: TrackPlan & { action: "encode" }, info: MediaInfo): string {
  let text = ENCODER_LABELS[track.codec] ?? track.codec;
  if (track.bitrate !== undefined) text += ` at ${Math.round(track.bitrate / 1000)} kbps`;
  else if (track.vbrQuality !== undefined) text += ` at VBR quality V${track.vbrQuality}`;
  const changes: string[] = [];
  if (track.sampleRate !== undefined && track.sampleRate !== info.audio?.sampleRate) changes.push(kHz(track.sampleRate));
  if (track.channels !== undefined && track.channels !== info.audio?.channels) changes.push(track.channels === 1 ? "mono" : "stereo");
  return changes.length > 0 ? `${text}, ${changes.join(", ")}` : text;
}

function videoPhrase(track: TrackPlan & { action: "encode" }): string {
  const label = ENCODER_LABELS[track.codec] ?? track.codec;
  return track.width !== undefined && track.height !== undefined ? `${label} at ${track.width}×${track.height}` : label;
}

function summarize(info: MediaInfo, choice: ConversionChoice, audio: TrackPlan, video: TrackPlan): string {
  let text: string;
  const picture = info.video === null && video.action === "encode";
  if (picture) {
    const from = choice.picture.kind === "cover" ? "the cover art" : "your picture";
    const made = `video made from ${from} with ${videoPhrase(video)}`;
    text = audio.action === "copy" ? `audio copied, ${made}` : audio.action === "encode" ? `${made}, audio re-encoded with ${audioPhrase(audio, info)}` : made;
  } else if (audio.action !== "encode" && video.action !== "encode") text = "copied (no re-encoding)";
  else if (audio.action === "encode" && video.action === "encode") text = `re-encoded with ${videoPhrase(video)} and ${audioPhrase(audio, info)}`;
  else if (video.action === "encode") text = `${audio.action === "copy" ? "audio copied, video " : ""}re-encoded with ${videoPhrase(video)}`;
  else if (audio.action === "encode") text = `${video.action === "copy" ? "video copied, audio " : ""}re-encoded with ${audioPhrase(audio, info)}`;
  else text = "copied (no re-encoding)";

  const notes: string[] = [];
  if (targetSpec(choice.target).kind === "video") {
    if (info.audio !== null && audio.action === "drop") notes.push("sound removed");
    if (video.action === "drop") notes.push("audio only");
  }
  if (exactTrimCopy(info, choice, audio)) notes.push("lossless audio re-encoded so the trim is sample-exact (nothing lost)");
  if (video.action === "copy" && choice.trim.startSeconds > 0) notes.push("the copied video starts at the keyframe nearest the trim start");
  return notes.length > 0 ? `${text}; ${notes.join("; ")}` : text;
}

/**
 * Plans one conversion. `encoders` is what this browser encodes (null when only the ffmpeg core
 * read the input). Throws MediaError: "bad-option" (./options.ts), "no-audio", "no-video".
 */
export function planConversion(info: MediaInfo, choice: ConversionChoice, encoders: EncoderSupport | null): ConversionPlan {
  const normal = normalizeChoice(choice, info);
  const spec = targetSpec(normal.target);
  if (spec.kind === "audio" && info.audio === null) {
    throw new MediaError(`This file has no sound, so there is nothing to convert to ${spec.label}.`, "no-audio");
  }
  const picture = spec.kind === "video" && info.video === null && normal.picture.kind !== "none";
  // an M4A (an MP4 holding only sound) may become an audio-only MP4: the m4a-to-mp4 default
  const audioOnlyMp4 = spec.target === "mp4" && (info.container === "mp4" || info.container === "mov") && info.audio !== null && !normal.video.noAudio;
  if (spec.kind === "video" && info.video === null && !picture && !audioOnlyMp4) {
    throw new MediaError(`This file has no video to convert to ${spec.label}.`, "no-video");
  }

  const audio = planAudio(info, normal, spec);
  const planned = spec.kind === "video" ? planVideo(info, normal, spec) : ({ action: "drop" } as const);
  const duration = info.durationSeconds;
  const end = normal.trim.endSeconds;
  const outputSeconds = duration === null ? null : Math.max(0, Math.min(end ?? duration, duration) - normal.trim.startSeconds);
  const webcodecs = webcodecsCan(info, spec, [audio, planned], picture, encoders) && !coreDecodesFaster(info, audio, planned, outputSeconds);
  const engine = webcodecs ? "webcodecs" : "ffmpeg";
  const video = engine === "ffmpeg" ? withoutCoreVp9(planned, info, normal.video.quality) : planned;
  return {
    engine,
    target: spec.target,
    container: spec.container,
    audio,
    video,
    trim: normal.trim,
    outputSeconds,
    summary: summarize(info, normal, audio, video),
    keepTags: spec.tags,
    tagsOnAudioStream: info.container === "ogg",
    keepCover: spec.cover && info.tags.hasCover,
  };
}
