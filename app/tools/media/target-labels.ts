import type { MediaTarget } from "#codecs/media/media-types.ts";

const LABELS: Readonly<Record<MediaTarget, string>> = {
  mp3: "MP3", wav: "WAV", ogg: "OGG", m4a: "M4A", aac: "AAC", flac: "FLAC", wma: "WMA",
  mp4: "MP4", webm: "WebM", mkv: "MKV", mov: "MOV", avi: "AVI", flv: "FLV",
};

export const targetLabel = (target: MediaTarget): string => LABELS[target];
