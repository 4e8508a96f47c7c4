import type { ToolMeta } from "./types";

// The file converters of tool-catalogue.md §2 (slugs and aliases). Each gets its `load` when its
// codec family is built (image, audio/video, ebook, document issues); until then its page is the
// generic tool page with the tool's texts — no pretend converter.
const file = (slug: string, category: ToolMeta["category"], aliases: string[] = [], load?: ToolMeta["load"]): ToolMeta => ({
  slug,
  aliases,
  category,
  kind: "file",
  ...(load ? { load } : {}),
});

export const fileTools: ToolMeta[] = [
  file("dds-to-png", "Image", ["dds-to-png-converter"], () => import("./dds/dds-to-png-tool")),
  file("jfif-to-png", "Image", ["jfif-to-png-converter"], () => import("./jfif/jfif-to-png-tool")),
  file("jpg-to-ico", "Image", ["jpg-to-ico-converter"], () => import("./ico/jpg-to-ico-tool")),
  file("avif-to-svg-converter", "Image", [], () => import("./avif-svg/avif-to-svg-tool")),
  file("png-to-dds-converter", "Image", [], () => import("./png-dds/png-to-dds-tool")),
  file("psb-to-pdf-converter", "Image", [], () => import("./pdf-images/psb-to-pdf-tool")),
  file("tiff-to-pdf-converter", "Image", [], () => import("./pdf-images/tiff-to-pdf-tool")),
  file("audio-converter", "Audio"),
  file("mp3-converter", "Audio"),
  file("wav-converter", "Audio"),
  file("mp3-to-ogg-converter", "Audio"),
  file("mp4-to-mp3-converter", "Audio"),
  file("mp4-to-wav-converter", "Audio"),
  file("flv-to-mp3-converter", "Audio"),
  file("m4a-to-mp3-converter", "Audio"),
  file("midi-converter", "Audio"),
  file("mpeg-to-avi-converter", "Video"),
  file("mpg-to-avi-converter", "Video"),
  file("video-converter", "Video"),
  file("m4a-to-mp4-converter", "Video"),
  file("epub-converter", "Ebook"),
  file("epub-to-azw3-converter", "Ebook"),
  file("epub-to-mobi-converter", "Ebook"),
  file("fb2-to-epub-converter", "Ebook"),
  file("pdf-converter", "Document"),
  file("xml-converter", "Document"),
];
