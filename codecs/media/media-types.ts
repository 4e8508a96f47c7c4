// The shared vocabulary of the audio and video tools (issue 13): what a probe read from a file, what
// the visitor asked for, and the plan the page hands to one of the two engines (mediabunny on
// WebCodecs, or the ffmpeg core). Pure types and constants, imported by the page, both workers and
// the tests. Codec names are mediabunny's ("avc", "vp9", "aac", "pcm-s16"...); the ffmpeg probe maps
// ffmpeg's names onto them and keeps its own for codecs mediabunny has no name for ("mpeg4", "wmav2").

export const AUDIO_TARGETS = ["mp3", "wav", "ogg", "m4a", "aac", "flac", "wma"] as const;
export const VIDEO_TARGETS = ["mp4", "webm", "mkv", "mov", "avi", "flv"] as const;
export type AudioTarget = (typeof AUDIO_TARGETS)[number];
export type VideoTarget = (typeof VIDEO_TARGETS)[number];
export type MediaTarget = AudioTarget | VideoTarget;

export interface AudioStreamInfo {
  codec: string;
  sampleRate: number;
  channels: number;
  /** bits per second, when the container or codec says */
  bitrate: number | null;
}

export interface VideoStreamInfo {
  codec: string;
  width: number;
  height: number;
  frameRate: number | null;
  bitrate: number | null;
}

export interface MediaTags {
  title?: string;
  artist?: string;
  album?: string;
  /** the file carries cover art (an attached picture) */
  hasCover: boolean;
}

/** What a probe read from the input, shown before converting and used to plan. */
export interface MediaInfo {
  /** "mp4", "mov", "matroska", "webm", "ogg", "mp3", "wav", "adts", "flac", "mpegts", "avi", "flv", "mpeg-ps", "asf" */
  container: string;
  /** which engine could read it: mediabunny reads fewer containers than ffmpeg */
  reader: "mediabunny" | "ffmpeg";
  durationSeconds: number | null;
  /** overall bits per second */
  bitrate: number | null;
  /** the first audio track (the one converted), if any */
  audio: AudioStreamInfo | null;
  /** the first video track, if any (cover art is not a video track) */
  video: VideoStreamInfo | null;
  tags: MediaTags;
}

/** What this browser (with mediabunny's registered encoder extensions) can encode. */
export interface EncoderSupport {
  audio: readonly string[];
  video: readonly string[];
}

export type AudioBitrate =
  /** copy when the codec fits, else the target's default bitrate */
  | { mode: "auto" }
  /** constant bitrate, 64–320 kbps */
  | { mode: "cbr"; kbps: number }
  /** variable bitrate quality, 0 (best) to 9, LAME's -V scale; other encoders map it */
  | { mode: "vbr"; quality: number };

export interface AudioOptions {
  bitrate: AudioBitrate;
  sampleRate: "keep" | 22050 | 32000 | 44100 | 48000;
  channels: "keep" | 1 | 2;
  /** WAV only: 32 means 32-bit float */
  wavBitDepth: 16 | 24 | 32;
}

export interface VideoOptions {
  resolution: "keep" | 1080 | 720 | 480;
  /** "auto" copies when the codecs fit, else encodes at "medium" */
  quality: "auto" | "high" | "medium" | "low";
  noAudio: boolean;
  /** the WebM video codec */
  webmCodec: "vp9" | "vp8";
}

export interface TrimRange {
  startSeconds: number;
  /** null: to the end */
  endSeconds: number | null;
}

/** m4a-to-mp4: an audio-only MP4 by default, or a still-picture video track. */
export type PictureTrack = { kind: "none" } | { kind: "cover" } | { kind: "file"; file: File };

/** Everything the visitor chose on the page. */
export interface ConversionChoice {
  target: MediaTarget;
  audio: AudioOptions;
  video: VideoOptions;
  trim: TrimRange;
  picture: PictureTrack;
}

/** One track's fate in a plan. */
export type TrackPlan =
  | { action: "copy"; codec: string }
  | { action: "drop" }
  | {
      action: "encode";
      codec: string;
      /** bits per second; absent for lossless codecs and VBR */
      bitrate?: number;
      /** VBR quality (0 best … 9), when the visitor chose VBR */
      vbrQuality?: number;
      sampleRate?: number;
      channels?: number;
      width?: number;
      height?: number;
      /** video: the visitor's quality when no bitrate is given (the ffmpeg engine maps it to CRF / qscale; absent = "medium") */
      quality?: "high" | "medium" | "low";
    };

/** The engine and the work, decided by `planConversion` (./plan.ts) before anything runs. */
export interface ConversionPlan {
  engine: "webcodecs" | "ffmpeg";
  target: MediaTarget;
  /** the container written: "mp4", "mov", "matroska", "webm", "ogg", "mp3", "wav", "adts", "flac", "avi", "flv", "asf" */
  container: string;
  audio: TrackPlan;
  video: TrackPlan;
  trim: TrimRange;
  /** seconds of media the output will hold: the denominator of progress */
  outputSeconds: number | null;
  /** for the result line: "copied (no re-encoding)", "re-encoded with LAME MP3 at 192 kbps"... */
  summary: string;
  /** tags to write, where the target holds them */
  keepTags: boolean;
  /** the source keeps its tags on the audio stream (Ogg's Vorbis comments), not on the file */
  tagsOnAudioStream?: boolean;
  keepCover: boolean;
}

/** Where the output goes: the file the visitor picked, a file in the origin-private file system, or memory. */
export type OutputSink = { kind: "memory" } | { kind: "handle"; handle: FileSystemFileHandle } | { kind: "opfs"; name: string };

/** Outputs above this many bytes are not kept in memory without a warning (measured: see docs/decisions). */
export const MEMORY_OUTPUT_WARNING_BYTES = 1024 * 1024 * 1024;
