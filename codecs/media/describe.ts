// What the probe read, in words for the page's info panel: one labelled line per fact. Codec names
// come from either engine's probe, so both mediabunny's ("avc", "pcm-s16") and ffmpeg's ("h264",
// "pcm_s16le", "mpeg2video") are known.
import type { AudioStreamInfo, MediaInfo, VideoStreamInfo } from "./media-types.ts";

import type { FactLine } from "../common/fact-line.ts";

export type InfoLine = FactLine;

const CONTAINERS: Record<string, string> = {
  mp4: "MP4",
  mov: "QuickTime (MOV)",
  matroska: "Matroska (MKV)",
  webm: "WebM",
  ogg: "Ogg",
  mp3: "MP3",
  wav: "WAV",
  adts: "AAC (ADTS)",
  flac: "FLAC",
  mpegts: "MPEG transport stream",
  avi: "AVI",
  flv: "Flash Video (FLV)",
  "mpeg-ps": "MPEG program stream (MPG)",
  asf: "Windows Media (ASF)",
};

const CODECS: Record<string, string> = {
  avc: "H.264",
  h264: "H.264",
  hevc: "H.265 (HEVC)",
  h265: "H.265 (HEVC)",
  vp8: "VP8",
  vp9: "VP9",
  av1: "AV1",
  prores: "ProRes",
  mpeg4: "MPEG-4 Part 2",
  mpeg2video: "MPEG-2 video",
  mpeg1video: "MPEG-1 video",
  flv1: "Sorenson H.263 (FLV1)",
  h263: "H.263",
  theora: "Theora",
  mjpeg: "Motion JPEG",
  wmv1: "Windows Media Video 7",
  wmv2: "Windows Media Video 8",
  wmv3: "Windows Media Video 9",
  vc1: "VC-1",
  msmpeg4v3: "Microsoft MPEG-4 v3",
  aac: "AAC",
  mp3: "MP3",
  mp2: "MPEG audio layer II (MP2)",
  opus: "Opus",
  vorbis: "Vorbis",
  flac: "FLAC",
  alac: "Apple Lossless (ALAC)",
  ac3: "Dolby Digital (AC-3)",
  eac3: "Dolby Digital Plus (E-AC-3)",
  dts: "DTS",
  wmav1: "Windows Media Audio 1",
  wmav2: "Windows Media Audio 2",
  wmapro: "Windows Media Audio Pro",
  ulaw: "μ-law PCM",
  alaw: "A-law PCM",
  pcm_mulaw: "μ-law PCM",
  pcm_alaw: "A-law PCM",
};

/** mediabunny "pcm-s24be" or ffmpeg "pcm_s24le" → "PCM 24-bit (big-endian)". */
function pcmLabel(codec: string): string | null {
  const match = /^pcm[-_]([suf])(\d+)(le|be)?$/.exec(codec);
  if (match === null) return null;
  const [, kind, bits, endian] = match;
  const type = kind === "f" ? " float" : kind === "u" && bits !== "8" ? " unsigned" : "";
  return `PCM ${bits}-bit${type}${endian === "be" ? " (big-endian)" : ""}`;
}

/** A codec's name for people: "H.264", "AAC", "PCM 16-bit"; unknown names are shown as they are. */
export function codecLabel(codec: string): string {
  return CODECS[codec] ?? pcmLabel(codec) ?? codec.toUpperCase();
}

export function containerLabel(container: string): string {
  return CONTAINERS[container] ?? container.toUpperCase();
}

/** 83 → "1:23", 3723 → "1:02:03". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** bits per second → "128 kbps" or "4.5 Mbps". */
export function formatBitrate(bitsPerSecond: number): string {
  const kbps = bitsPerSecond / 1000;
  return kbps < 10_000 ? `${Math.round(kbps)} kbps` : `${Number((kbps / 1000).toFixed(1))} Mbps`;
}

function formatRate(hz: number): string {
  return `${Number((hz / 1000).toFixed(2))} kHz`;
}

function formatChannels(channels: number): string {
  if (channels === 1) return "mono";
  if (channels === 2) return "stereo";
  if (channels === 6) return "5.1";
  if (channels === 8) return "7.1";
  return `${channels} channels`;
}

function videoLine(video: VideoStreamInfo): string {
  const parts = [codecLabel(video.codec), `${video.width}×${video.height}`];
  if (video.frameRate !== null && video.frameRate > 0) parts.push(`${Number(video.frameRate.toFixed(2))} fps`);
  if (video.bitrate !== null && video.bitrate > 0) parts.push(formatBitrate(video.bitrate));
  return parts.join(" · ");
}

function audioLine(audio: AudioStreamInfo): string {
  const parts = [codecLabel(audio.codec), formatRate(audio.sampleRate), formatChannels(audio.channels)];
  if (audio.bitrate !== null && audio.bitrate > 0) parts.push(formatBitrate(audio.bitrate));
  return parts.join(" · ");
}

/** The info panel's lines: format, duration, video, audio, overall bitrate, tags. */
export function describeInfo(info: MediaInfo): InfoLine[] {
  const lines: InfoLine[] = [{ label: "Format", value: containerLabel(info.container) }];
  lines.push({ label: "Duration", value: info.durationSeconds === null ? "unknown" : formatDuration(info.durationSeconds) });
  if (info.video !== null) lines.push({ label: "Video", value: videoLine(info.video) });
  lines.push({ label: "Audio", value: info.audio === null ? "none" : audioLine(info.audio) });
  if (info.bitrate !== null && info.bitrate > 0) lines.push({ label: "Bitrate", value: formatBitrate(info.bitrate) });
  const tags = [info.tags.title, info.tags.artist, info.tags.album].filter((t): t is string => t !== undefined && t.trim() !== "");
  if (info.tags.hasCover) tags.push("cover art");
  if (tags.length > 0) lines.push({ label: "Tags", value: tags.join(" · ") });
  return lines;
}
