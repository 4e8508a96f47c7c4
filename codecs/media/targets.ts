// One table of the thirteen targets: what each writes, what it may hold without re-encoding, and
// what it encodes by default. The planner (./plan.ts), the option rules (./options.ts) and the page
// read it; nothing else lists formats. Codec names are mediabunny's, plus ffmpeg's for the codecs
// mediabunny has no name for ("mpeg4", "wmav2").
import { AUDIO_TARGETS, type MediaTarget, VIDEO_TARGETS } from "./media-types.ts";

/** The containers mediabunny writes; the others (avi, flv, asf) only the ffmpeg core writes. */
export const MEDIABUNNY_CONTAINERS: readonly string[] = ["mp4", "mov", "matroska", "webm", "ogg", "mp3", "wav", "adts", "flac"];

/** Codecs mediabunny can decode and mux (its VIDEO_CODECS and AUDIO_CODECS); others need ffmpeg. */
export const MEDIABUNNY_CODECS: readonly string[] = [
  "avc", "hevc", "vp9", "av1", "vp8", "prores",
  "aac", "opus", "mp3", "vorbis", "flac", "ac3", "eac3", "dts",
  "pcm-s16", "pcm-s16be", "pcm-s24", "pcm-s24be", "pcm-s32", "pcm-s32be", "pcm-f32", "pcm-f32be",
  "pcm-f64", "pcm-f64be", "pcm-u8", "pcm-s8", "ulaw", "alaw",
];

/**
 * Source codecs the WebCodecs path re-encodes without asking the browser: decoders every engine with
 * WebCodecs has (or mediabunny's own PCM). AC-3, E-AC-3, DTS, HEVC and ProRes decoding depends on the
 * platform, so those go to the ffmpeg core when they must be decoded (copying them is fine).
 */
export const WEBCODECS_DECODES: readonly string[] = [
  "avc", "vp8", "vp9", "av1",
  "aac", "opus", "mp3", "vorbis", "flac", "ulaw", "alaw",
  "pcm-s16", "pcm-s16be", "pcm-s24", "pcm-s24be", "pcm-s32", "pcm-s32be", "pcm-f32", "pcm-f32be", "pcm-f64", "pcm-f64be", "pcm-u8", "pcm-s8",
];

/** PCM that mediabunny's Matroska muxer writes (it refuses pcm-s8, pcm-f32be, pcm-f64be, ulaw, alaw). */
const MATROSKA_PCM = ["pcm-s16", "pcm-s16be", "pcm-s24", "pcm-s24be", "pcm-s32", "pcm-s32be", "pcm-f32", "pcm-f64", "pcm-u8"];
/** The PCM a WAV file is written with: the three bit depths the visitor chooses from. */
export const WAV_CODECS = { 16: "pcm-s16", 24: "pcm-s24", 32: "pcm-f32" } as const;

export interface TargetSpec {
  target: MediaTarget;
  /** for buttons and messages: "MP3", "WebM" */
  label: string;
  /** the file extension, without the dot */
  extension: string;
  mimeType: string;
  kind: "audio" | "video";
  /** the container written (see ConversionPlan.container) */
  container: string;
  /** whether mediabunny writes this container (else only the ffmpeg core does) */
  mediabunnyWrites: boolean;
  /** codecs kept by stream copy: only those common players play in this container */
  copy: { video: readonly string[]; audio: readonly string[] };
  /** the codecs encoded when a track cannot be copied (video: null for audio targets) */
  encode: { video: string | null; audio: string };
  /** default audio bitrate in kbps when encoding; null for lossless codecs */
  audioKbps: number | null;
  /** the container holds title, artist and album */
  tags: boolean;
  /**
   * the container holds cover art as both engines write it (ffmpeg 5.1 drops it from MOV and writes a
   * one-frame video track into MKV instead of an attachment, so those two say no)
   */
  cover: boolean;
}

const LOSSY_VIDEO_AUDIO = ["aac", "mp3"];

const TABLE: Record<MediaTarget, TargetSpec> = {
  mp3: {
    target: "mp3", label: "MP3", extension: "mp3", mimeType: "audio/mpeg", kind: "audio", container: "mp3", mediabunnyWrites: true,
    copy: { video: [], audio: ["mp3"] }, encode: { video: null, audio: "mp3" }, audioKbps: 192, tags: true, cover: true,
  },
  wav: {
    target: "wav", label: "WAV", extension: "wav", mimeType: "audio/wav", kind: "audio", container: "wav", mediabunnyWrites: true,
    copy: { video: [], audio: Object.values(WAV_CODECS) }, encode: { video: null, audio: "pcm-s16" }, audioKbps: null, tags: true, cover: false,
  },
  ogg: {
    target: "ogg", label: "OGG", extension: "ogg", mimeType: "audio/ogg", kind: "audio", container: "ogg", mediabunnyWrites: true,
    copy: { video: [], audio: ["vorbis", "opus"] }, encode: { video: null, audio: "vorbis" }, audioKbps: 192, tags: true, cover: false,
  },
  m4a: {
    target: "m4a", label: "M4A", extension: "m4a", mimeType: "audio/mp4", kind: "audio", container: "mp4", mediabunnyWrites: true,
    copy: { video: [], audio: ["aac"] }, encode: { video: null, audio: "aac" }, audioKbps: 192, tags: true, cover: true,
  },
  aac: {
    target: "aac", label: "AAC", extension: "aac", mimeType: "audio/aac", kind: "audio", container: "adts", mediabunnyWrites: true,
    copy: { video: [], audio: ["aac"] }, encode: { video: null, audio: "aac" }, audioKbps: 192, tags: false, cover: false,
  },
  flac: {
    target: "flac", label: "FLAC", extension: "flac", mimeType: "audio/flac", kind: "audio", container: "flac", mediabunnyWrites: true,
    copy: { video: [], audio: ["flac"] }, encode: { video: null, audio: "flac" }, audioKbps: null, tags: true, cover: true,
  },
  wma: {
    target: "wma", label: "WMA", extension: "wma", mimeType: "audio/x-ms-wma", kind: "audio", container: "asf", mediabunnyWrites: false,
    copy: { video: [], audio: ["wmav2"] }, encode: { video: null, audio: "wmav2" }, audioKbps: 192, tags: true, cover: false,
  },
  mp4: {
    target: "mp4", label: "MP4", extension: "mp4", mimeType: "video/mp4", kind: "video", container: "mp4", mediabunnyWrites: true,
    copy: { video: ["avc"], audio: LOSSY_VIDEO_AUDIO }, encode: { video: "avc", audio: "aac" }, audioKbps: 160, tags: true, cover: true,
  },
  webm: {
    target: "webm", label: "WebM", extension: "webm", mimeType: "video/webm", kind: "video", container: "webm", mediabunnyWrites: true,
    copy: { video: ["vp8", "vp9", "av1"], audio: ["opus", "vorbis"] }, encode: { video: "vp9", audio: "opus" }, audioKbps: 128, tags: true, cover: false,
  },
  mkv: {
    target: "mkv", label: "MKV", extension: "mkv", mimeType: "video/x-matroska", kind: "video", container: "matroska", mediabunnyWrites: true,
    copy: { video: ["avc", "hevc", "vp8", "vp9", "av1", "mpeg4"], audio: ["aac", "mp3", "opus", "vorbis", "flac", ...MATROSKA_PCM] },
    encode: { video: "avc", audio: "aac" }, audioKbps: 160, tags: true, cover: false,
  },
  mov: {
    target: "mov", label: "MOV", extension: "mov", mimeType: "video/quicktime", kind: "video", container: "mov", mediabunnyWrites: true,
    copy: { video: ["avc"], audio: LOSSY_VIDEO_AUDIO }, encode: { video: "avc", audio: "aac" }, audioKbps: 160, tags: true, cover: false,
  },
  avi: {
    target: "avi", label: "AVI", extension: "avi", mimeType: "video/x-msvideo", kind: "video", container: "avi", mediabunnyWrites: false,
    copy: { video: ["mpeg4"], audio: ["mp3"] }, encode: { video: "mpeg4", audio: "mp3" }, audioKbps: 192, tags: true, cover: false,
  },
  flv: {
    target: "flv", label: "FLV", extension: "flv", mimeType: "video/x-flv", kind: "video", container: "flv", mediabunnyWrites: false,
    copy: { video: ["avc"], audio: LOSSY_VIDEO_AUDIO }, encode: { video: "avc", audio: "aac" }, audioKbps: 160, tags: true, cover: false,
  },
};

export function targetSpec(target: MediaTarget): TargetSpec {
  return TABLE[target];
}

export function isMediaTarget(value: string): value is MediaTarget {
  return Object.hasOwn(TABLE, value);
}

export function isAudioTarget(target: MediaTarget): boolean {
  return (AUDIO_TARGETS as readonly string[]).includes(target);
}

export function isVideoTarget(target: MediaTarget): boolean {
  return (VIDEO_TARGETS as readonly string[]).includes(target);
}

/** Lossless codecs take no bitrate. */
export function isLossless(codec: string): boolean {
  return codec === "flac" || codec.startsWith("pcm-");
}

/** Codecs whose encoders take a VBR quality (LAME -V, Vorbis -q); the others get its average bitrate. */
export const VBR_CODECS: readonly string[] = ["mp3", "vorbis"];

/** The average bitrate (kbps) of LAME's -V0…-V9, to map VBR onto encoders that only take a bitrate. */
const LAME_VBR_KBPS = [245, 225, 190, 175, 165, 130, 115, 100, 85, 65] as const;

export function vbrAverageKbps(quality: number): number {
  return LAME_VBR_KBPS[Math.min(9, Math.max(0, Math.round(quality)))] ?? 165;
}

/** Vorbis -q (−1…10, 10 best) for a LAME -V quality of about the same bitrate: V0 ≈ q8, V9 ≈ q0. */
export function vorbisQuality(vbrQuality: number): number {
  return Math.round((8 - (vbrQuality * 8) / 9) * 10) / 10;
}

/** Most channels each encoder takes; more are mixed down to stereo. */
export function maxChannels(codec: string): number {
  return codec === "mp3" || codec === "wmav2" || codec === "opus" ? 2 : 8;
}

const MPEG_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];
const AAC_RATES = [...MPEG_RATES, 64000, 88200, 96000];

/**
 * The sample rate an encoder of `codec` writes for an input at `rate`: the rate itself when the
 * encoder takes it; above its highest, the highest one that divides it (DSD64's 352.8 kHz and
 * 176.4 kHz become 44.1 kHz, not the nearer 48: a whole-factor resampling of the same family;
 * 384 kHz becomes 48); else the nearest one.
 */
export function encodableSampleRate(codec: string, rate: number): number {
  const rates = codec === "opus" ? [48000] : codec === "mp3" || codec === "wmav2" || codec === "vorbis" ? MPEG_RATES : codec === "aac" ? AAC_RATES : null;
  if (rates === null || rates.includes(rate)) return rate;
  const highest = rates.at(-1) ?? rate;
  const divisor = rate > highest ? rates.findLast((r) => rate % r === 0) : undefined;
  if (divisor !== undefined) return divisor;
  return rates.reduce((best, r) => (Math.abs(r - rate) < Math.abs(best - rate) ? r : best));
}

/** libvorbis' highest bitrate per channel (kbps) from each sample rate up, measured: above it, setup fails. */
const VORBIS_MAX_PER_CHANNEL: readonly (readonly [number, number])[] = [
  [8000, 40], [11025, 48], [16000, 96], [22050, 80], [32000, 160], [44100, 240],
];

/**
 * The highest bitrate (kbps) the encoder of `codec` writes at this rate and channel count: MP3 below
 * 32 kHz (MPEG-2 layer III) stops at 160, AAC at 6144 bits per channel and frame, Opus at 256 per
 * channel, Vorbis per the measured table. Asking more fails (Vorbis) or is silently clamped (the rest).
 */
export function maxAudioKbps(codec: string, sampleRate: number, channels: number): number {
  switch (codec) {
    case "mp3":
      return sampleRate < 32000 ? 160 : 320;
    case "aac":
      return Math.floor((6144 * channels * sampleRate) / 1024 / 1000);
    case "opus":
      return 256 * channels;
    case "vorbis": {
      const row = VORBIS_MAX_PER_CHANNEL.findLast(([rate]) => rate <= sampleRate) ?? VORBIS_MAX_PER_CHANNEL[0];
      return (row?.[1] ?? 40) * channels;
    }
    default:
      return Number.POSITIVE_INFINITY;
  }
}

/** FLV's header names 5.5, 11, 22 and 44 kHz (ffmpeg 5.1 also takes 48 kHz MP3); AAC carries its own rate. */
const FLV_MP3_RATES = [11025, 22050, 44100, 48000];

/** Whether an audio stream of `codec` at `sampleRate` may be copied into `target` as it is. */
export function canCopyAudio(target: MediaTarget, codec: string, sampleRate: number): boolean {
  if (!TABLE[target].copy.audio.includes(codec)) return false;
  return !(target === "flv" && codec === "mp3" && !FLV_MP3_RATES.includes(sampleRate));
}

/** The rates @mediabunny/flac-encoder takes (its `supports`); ffmpeg's FLAC encoder takes any. */
const MEDIABUNNY_FLAC_RATES = [8000, 16000, 22050, 24000, 32000, 44100, 48000, 88200, 96000, 176400, 192000];

/** Whether mediabunny's own encoders (or its extensions) take this configuration, beyond the browser's say. */
export function mediabunnyEncodes(codec: string, sampleRate: number): boolean {
  return codec !== "flac" || MEDIABUNNY_FLAC_RATES.includes(sampleRate);
}
