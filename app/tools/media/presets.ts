// The media tools' options as link parameters (`/tool/mp3-converter?bitrate=64&channels=1`) and
// their built-in presets. Which options a tool reads follows its config: audio tools leave out the
// video ones, so `?resolution=720` on an audio tool is ignored with a note, not applied in silence.
import type { MediaTarget } from "#codecs/media/media-types.ts";
import { flag, oneOf, type OptionSchema } from "../shared/tool-options-url.ts";
import type { BuiltInPreset } from "../shared/tool-presets.ts";
import { CBR_KBPS, defaultFields, RESOLUTIONS, SAMPLE_RATES, VBR_QUALITIES } from "./choice-fields.ts";
import type { MediaToolConfig } from "./media-tools.ts";

export const BITRATE_VALUES = ["auto", ...CBR_KBPS.map(String), ...VBR_QUALITIES.map((q) => `vbr-${q}`)];

function allOptions(targets: readonly MediaTarget[]) {
  const d = defaultFields(targets[0] ?? "mp3");
  return {
    target: oneOf(targets, d.target),
    bitrate: oneOf(BITRATE_VALUES, d.bitrate),
    sampleRate: oneOf(["keep", ...SAMPLE_RATES.map(String)], d.sampleRate),
    channels: oneOf(["keep", "1", "2"], d.channels),
    wavBitDepth: oneOf(["16", "24", "32"], d.wavBitDepth),
    resolution: oneOf(["keep", ...RESOLUTIONS.map(String)], d.resolution),
    quality: oneOf(["auto", "high", "medium", "low"], d.quality),
    noAudio: flag(d.noAudio),
    webmCodec: oneOf(["vp9", "vp8"], d.webmCodec),
    picture: oneOf(["none", "cover", "file"], d.picture),
  };
}

export type MediaOptionSchema = ReturnType<typeof allOptions>;

const VIDEO_ONLY = ["resolution", "quality", "noAudio", "webmCodec"] as const;

/**
 * The options this tool reads from a link. Typed as the full set: a key left out is simply never
 * set, and the page fills it from `defaultFields`.
 */
export function mediaOptionSchema(config: MediaToolConfig): MediaOptionSchema {
  const all: OptionSchema = allOptions(config.targets);
  const left = new Set<string>([...(config.family === "audio" ? VIDEO_ONLY : []), ...(config.pictureOption ? [] : ["picture"])]);
  return Object.fromEntries(Object.entries(all).filter(([name]) => !left.has(name))) as MediaOptionSchema;
}

/** Shown on the tools that make the preset's target with every option it sets. */
export const MEDIA_PRESETS: readonly BuiltInPreset<MediaOptionSchema>[] = [
  { name: "Podcast MP3 64 kbps mono", options: { target: "mp3", bitrate: "64", channels: "1" } },
  { name: "Music MP3 320 kbps", options: { target: "mp3", bitrate: "320" } },
  { name: "Music MP3, best VBR (V0)", options: { target: "mp3", bitrate: "vbr-0" } },
  { name: "CD-quality WAV (44.1 kHz, 16-bit)", options: { target: "wav", sampleRate: "44100", wavBitDepth: "16" } },
  { name: "Studio WAV (48 kHz, 24-bit)", options: { target: "wav", sampleRate: "48000", wavBitDepth: "24" } },
  { name: "Voice note OGG, 64 kbps mono", options: { target: "ogg", bitrate: "64", channels: "1" } },
  { name: "Web video MP4 720p", options: { target: "mp4", resolution: "720", quality: "medium" } },
  { name: "Small MP4 480p", options: { target: "mp4", resolution: "480", quality: "low" } },
  { name: "WebM VP9 720p", options: { target: "webm", resolution: "720", webmCodec: "vp9", quality: "medium" } },
  { name: "Silent MP4 clip (no audio)", options: { target: "mp4", noAudio: true } },
];
