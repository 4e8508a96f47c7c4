import { VIDEO_TARGETS } from "#codecs/media/media-types.ts";
import type { MediaToolConfig } from "../media/media-tools.ts";
import { M4A_ACCEPT, MEDIA_CLI_OPTIONS, MEDIA_WORKER_PACKAGES, VIDEO_FILE_EXTENSIONS } from "../audio/meta.ts";
import { acceptRule, type FileAccept } from "../shared/file-accept.ts";
import type { ToolMeta } from "../types.ts";

// The video tools: the one media page (../media/media-tool.tsx), told by their `media` facts what
// they make.

/** MPEG program and transport streams under their usual names (DVD VOB, camcorder MOD/TOD, Blu-ray M2TS...), decision 038. */
const MPEG_EXTENSIONS = ["mpg", "mpeg", "mpe", "m1v", "m2v", "mpv", "m2p", "vob", "mod", "tod", "ts", "m2t", "m2ts", "mts"];
const MPEG_TYPES = ["video/mpeg", "video/mp2t", "video/mp2p"];

export const MPEG_ACCEPT = acceptRule(
  MPEG_EXTENSIONS,
  { invalidDescription: "Please select an MPEG or MPG file (MPG, MPEG, VOB, TS or M2TS)", noFileDescription: "Please select an MPEG file to convert" },
  MPEG_TYPES,
);

export const MPG_ACCEPT = acceptRule(
  MPEG_EXTENSIONS,
  { invalidDescription: "Please select an MPG file (MPG, MPEG, VOB, TS or M2TS)", noFileDescription: "Please select an MPG file to convert" },
  MPEG_TYPES,
);

/** Video: the spec's "mp4, webm, ogg, avi, mov, flv, mkv", widened to every video file and animated GIF (decision 038). */
export const VIDEO_ACCEPT = acceptRule(
  [...VIDEO_FILE_EXTENSIONS, "gif"],
  { invalidDescription: "Please select a valid video file", noFileDescription: "Please select a video file to convert",
    acceptedLabel: "MP4, MOV, MKV, WEBM, AVI, FLV, MPG, TS, 3GP, WMV, OGV, animated GIF and other video files",
  },
  ["video/", "image/gif", "application/ogg", "application/vnd.rn-realmedia", "application/vnd.ms-asf", "application/mxf"],
);

const video = (slug: string, accept: FileAccept, media: MediaToolConfig, cli?: ToolMeta["cli"]): Omit<ToolMeta, "order"> => ({
  slug,
  aliases: [],
  category: "Video",
  kind: "file",
  accept,
  page: "media/media-tool.tsx",
  media,
  workerPackages: MEDIA_WORKER_PACKAGES,
  threads: true,
  ...(cli ? { cli } : {}),
});

const VIDEO_TOOLS: Omit<ToolMeta, "order">[] = [
  video("mpeg-to-avi-converter", MPEG_ACCEPT, { family: "video", targets: ["avi"], noun: "MPEG" }),
  video("mpg-to-avi-converter", MPG_ACCEPT, { family: "video", targets: ["avi"], noun: "MPG" }),
  video("video-converter", VIDEO_ACCEPT, { family: "video", targets: VIDEO_TARGETS, noun: "Video" }, {
    from: ["audio", "video"],
    to: VIDEO_TARGETS,
    // an M4A to MP4 is a sound-only MP4 (the m4a-to-mp4 page's default)
    options: ["--resolution keep|1080|720|480  --quality auto|high|medium|low  --no-audio", ...MEDIA_CLI_OPTIONS],
  }),
  video("m4a-to-mp4-converter", M4A_ACCEPT, { family: "video", targets: ["mp4"], noun: "M4A", pictureOption: true }),
];

/** The catalogue lists them in this order. */
export const tools: ToolMeta[] = VIDEO_TOOLS.map((tool, i) => ({ ...tool, order: i + 1 }));
