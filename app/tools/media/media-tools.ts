// The thirteen audio and video tools are one page (./media-tool.tsx) told by its meta what it makes:
// each tool's `media` facts (in ../audio/meta.ts and ../video/meta.ts) give the targets offered (one
// fixed target, or a choice), the options that apply, and its texts.
import type { MediaTarget } from "#codecs/media/media-types.ts";

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

/** The media facts of the tool the page is handed; a media tool without them is a programming error (registry.test.ts). */
export function mediaToolConfig(meta: { slug: string; media?: MediaToolConfig }): MediaToolConfig {
  if (!meta.media) throw new Error(`No media tool is configured for "${meta.slug}".`);
  return meta.media;
}
