import { M4A_ACCEPT, MEDIA_CLI_OPTIONS, MEDIA_WORKER_PACKAGES } from "../audio/meta";
import { VIDEO_TARGETS } from "#codecs/media/media-types.ts";
import { acceptRule, type FileAccept } from "../shared/file-accept";
import type { ToolMeta } from "../types";

// The video tools: the one media page (../media/media-tool.tsx), told by slug what it makes
// (../media/media-tools.ts).

export const MPEG_ACCEPT = acceptRule(["mpeg", "mpg"], {
  invalidDescription: "Please select an MPEG or MPG file",
  noFileDescription: "Please select an MPEG file to convert",
});

export const MPG_ACCEPT = acceptRule(["mpg"], { invalidDescription: "Please select an MPG file", noFileDescription: "Please select an MPG file to convert" });

export const VIDEO_ACCEPT = acceptRule(["mp4", "webm", "ogg", "avi", "mov", "flv", "mkv"], {
  invalidDescription: "Please select a valid video file",
  noFileDescription: "Please select a video file to convert",
});

const video = (slug: string, accept: FileAccept, cli?: ToolMeta["cli"]): ToolMeta => ({
  slug,
  aliases: [],
  category: "Video",
  kind: "file",
  accept,
  load: () => import("../media/media-tool"),
  workerPackages: MEDIA_WORKER_PACKAGES,
  ...(cli ? { cli } : {}),
});

export const videoTools: ToolMeta[] = [
  video("mpeg-to-avi-converter", MPEG_ACCEPT),
  video("mpg-to-avi-converter", MPG_ACCEPT),
  video("video-converter", VIDEO_ACCEPT, {
    from: ["audio", "video"],
    to: VIDEO_TARGETS,
    // an M4A to MP4 is a sound-only MP4 (the m4a-to-mp4 page's default)
    options: ["--resolution keep|1080|720|480  --quality auto|high|medium|low  --no-audio", ...MEDIA_CLI_OPTIONS],
  }),
  video("m4a-to-mp4-converter", M4A_ACCEPT),
];
