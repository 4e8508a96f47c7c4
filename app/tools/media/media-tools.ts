// The thirteen audio and video tools are one page (./media-tool.tsx) told by slug what it makes:
// the targets offered (one fixed target, or a choice), the options that apply, and its texts.
import { AUDIO_TARGETS, VIDEO_TARGETS, type MediaTarget } from "#codecs/media/media-types.ts";

export interface MediaToolConfig {
  /** audio tools show the audio options; video tools add resolution, quality and "No audio" */
  family: "audio" | "video";
  /** the first is the default; one target means no format choice on the page */
  targets: readonly MediaTarget[];
  /** the success description's subject: '{noun} converted to MP3' */
  noun: string;
  /** m4a-to-mp4: offer a still-picture video track (the cover art, or a chosen picture) */
  pictureOption?: true;
}

const audioTo = (target: MediaTarget, noun = "Audio"): MediaToolConfig => ({ family: "audio", targets: [target], noun });

export const MEDIA_TOOLS: Readonly<Record<string, MediaToolConfig>> = {
  "audio-converter": { family: "audio", targets: AUDIO_TARGETS, noun: "Audio" },
  "mp3-converter": audioTo("mp3"),
  "wav-converter": audioTo("wav"),
  "mp3-to-ogg-converter": audioTo("ogg", "MP3"),
  "mp4-to-mp3-converter": audioTo("mp3", "MP4"),
  "mp4-to-wav-converter": audioTo("wav", "MP4"),
  "flv-to-mp3-converter": audioTo("mp3", "FLV"),
  "m4a-to-mp3-converter": audioTo("mp3", "M4A"),
  "video-converter": { family: "video", targets: VIDEO_TARGETS, noun: "Video" },
  "mpeg-to-avi-converter": { family: "video", targets: ["avi"], noun: "MPEG" },
  "mpg-to-avi-converter": { family: "video", targets: ["avi"], noun: "MPG" },
  "m4a-to-mp4-converter": { family: "video", targets: ["mp4"], noun: "M4A", pictureOption: true },
};

/** The config of `slug`; an unknown slug is a programming error (the registry routes only these). */
export function mediaToolConfig(slug: string): MediaToolConfig {
  const config = MEDIA_TOOLS[slug];
  if (!config) throw new Error(`No media tool is configured for "${slug}".`);
  return config;
}
