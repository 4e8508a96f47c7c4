// Which files each file tool accepts (tool-catalogue.md §5 "File types"), as pure data and one
// check. The texts in quotes in the spec are used as written; where it says "not shown" the text
// is ours, in the same style.

export interface FileAccept {
  /** lower-case extensions without the dot ("dds", "tar.gz"); the name must end in one of them */
  extensions: string[];
  /** MIME type prefixes that are accepted whatever the name ("audio/", "image/avif") */
  mimePrefixes?: string[];
  invalidTitle: string;
  invalidDescription: string;
  noFileTitle: string;
  noFileDescription: string;
}

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export type FileCheck = { ok: true } | { ok: false; title: string; description: string };

export const INVALID_FILE_TITLE = "Invalid file type";
export const NO_FILE_TITLE = "No File Selected";
export const EMPTY_FILE_TITLE = "Empty file";
export const EMPTY_FILE_DESCRIPTION = "The selected file is empty (0 bytes). Please select a file with content.";

/** Is the file one the tool accepts? A missing file gets the tool's "no file" texts, an empty one a clear refusal. */
export function checkFile(file: FileLike | null | undefined, accept: FileAccept): FileCheck {
  if (!file) return { ok: false, title: accept.noFileTitle, description: accept.noFileDescription };
  if (!matchesAccept(file, accept)) return { ok: false, title: accept.invalidTitle, description: accept.invalidDescription };
  if (file.size <= 0) return { ok: false, title: EMPTY_FILE_TITLE, description: EMPTY_FILE_DESCRIPTION };
  return { ok: true };
}

export function matchesAccept(file: Pick<FileLike, "name" | "type">, accept: Pick<FileAccept, "extensions" | "mimePrefixes">): boolean {
  const name = file.name.toLowerCase();
  if (accept.extensions.some((ext) => name.endsWith(`.${ext.toLowerCase()}`))) return true;
  const type = file.type.toLowerCase();
  return type !== "" && (accept.mimePrefixes ?? []).some((prefix) => type.startsWith(prefix.toLowerCase()));
}

/** The value for `<input type="file" accept>`: ".mp3,.wav,audio/*". */
export function acceptAttribute(accept: Pick<FileAccept, "extensions" | "mimePrefixes">): string {
  const mimes = (accept.mimePrefixes ?? []).map((prefix) => (prefix.endsWith("/") ? `${prefix}*` : prefix));
  return [...accept.extensions.map((ext) => `.${ext}`), ...mimes].join(",");
}

interface AcceptTexts {
  invalidDescription: string;
  noFileDescription: string;
  invalidTitle?: string;
  noFileTitle?: string;
}

function rule(extensions: string[], texts: AcceptTexts, mimePrefixes?: string[]): FileAccept {
  return {
    extensions,
    ...(mimePrefixes ? { mimePrefixes } : {}),
    invalidTitle: texts.invalidTitle ?? INVALID_FILE_TITLE,
    invalidDescription: texts.invalidDescription,
    noFileTitle: texts.noFileTitle ?? NO_FILE_TITLE,
    noFileDescription: texts.noFileDescription,
  };
}

const AUDIO_EXTENSIONS = ["mp3", "wav", "ogg", "webm", "m4a", "aac", "flac"];

/** Audio and MP3: any audio type, or mp3, wav, ogg, webm, m4a, aac, flac. */
export const AUDIO_ACCEPT = rule(
  AUDIO_EXTENSIONS,
  { invalidDescription: "Please select a valid audio file", noFileDescription: "Please select an audio file to convert" },
  ["audio/"],
);

/** The audio converter's own variant of the audio rule (its text lists MP3, WAV, OGG, WebM, M4A). */
export const AUDIO_CONVERTER_ACCEPT = rule(
  AUDIO_EXTENSIONS,
  { invalidDescription: "Please select a valid audio file (MP3, WAV, OGG, WebM, M4A)", noFileDescription: "Please select an audio file to convert" },
  ["audio/"],
);

/** WAV: any audio type, or mp3, wav, ogg, webm, m4a. */
export const WAV_ACCEPT = rule(
  ["mp3", "wav", "ogg", "webm", "m4a"],
  { invalidDescription: "Please select a valid audio file", noFileDescription: "Please select an audio file to convert" },
  ["audio/"],
);

export const MP3_TO_OGG_ACCEPT = rule(["mp3"], { invalidDescription: "Please select an MP3 file", noFileDescription: "Please select an MP3 file to convert" });

export const MP4_ACCEPT = rule(["mp4"], { invalidDescription: "Please select an MP4 file", noFileDescription: "Please select an MP4 file to convert" });

export const FLV_ACCEPT = rule(["flv"], { invalidDescription: "Please select an FLV file", noFileDescription: "Please select an FLV file to convert" });

export const MPEG_ACCEPT = rule(["mpeg", "mpg"], {
  invalidDescription: "Please select an MPEG or MPG file",
  noFileDescription: "Please select an MPEG file to convert",
});

export const MPG_ACCEPT = rule(["mpg"], { invalidDescription: "Please select an MPG file", noFileDescription: "Please select an MPG file to convert" });

export const VIDEO_ACCEPT = rule(["mp4", "webm", "ogg", "avi", "mov", "flv", "mkv"], {
  invalidDescription: "Please select a valid video file",
  noFileDescription: "Please select a video file to convert",
});

export const M4A_ACCEPT = rule(["m4a"], { invalidDescription: "Please select an M4A file", noFileDescription: "Please select an M4A file to convert" });

export const MIDI_ACCEPT = rule(["mid", "midi"], {
  invalidDescription: "Please select a MIDI file (.mid or .midi)",
  noFileDescription: "Please select a MIDI file to convert",
});

export const PNG_TO_DDS_ACCEPT = rule(["png"], { invalidDescription: "Please select a PNG file", noFileDescription: "Please select a PNG file to convert" });

export const PSB_ACCEPT = rule(["psb"], { invalidDescription: "Please select a PSB file", noFileDescription: "Please select a PSB file to convert" });

export const TIFF_ACCEPT = rule(["tiff", "tif"], { invalidDescription: "Please select a TIFF file", noFileDescription: "Please select a TIFF file to convert" });

export const EPUB_ACCEPT = rule(["epub"], { invalidDescription: "Please select an EPUB file", noFileDescription: "Please select an EPUB file to convert" });

export const FB2_ACCEPT = rule(["fb2"], { invalidDescription: "Please select an FB2 file", noFileDescription: "Please select an FB2 file to convert" });

export const DOCUMENT_ACCEPT = rule(["pdf", "doc", "docx", "txt", "jpg", "jpeg", "png"], {
  invalidDescription: "Please select a valid document or image file",
  noFileDescription: "Please select a document or image file to convert",
});

export const DATA_ACCEPT = rule(["xml", "json", "csv", "html", "txt"], {
  invalidDescription: "Please select a valid file (XML, JSON, CSV, HTML, TXT)",
  noFileDescription: "Please select a file to convert",
});

/** {product}: DDS to PNG. */
export const DDS_ACCEPT = rule(["dds"], {
  invalidTitle: "Invalid File",
  invalidDescription: "Please select a DDS file",
  noFileDescription: "Please select a DDS file to convert",
});

export const JFIF_ACCEPT = rule(["jfif", "jpg", "jpeg"], {
  invalidDescription: "Please select a JFIF, JPG, or JPEG file",
  noFileDescription: "Please select a JFIF file to convert",
});

export const ICO_ACCEPT = rule(["jpg", "jpeg", "png"], {
  invalidDescription: "Please select a JPG, JPEG, or PNG file",
  noFileDescription: "Please select an image file to convert",
});

export const AVIF_ACCEPT = rule(
  ["avif"],
  { invalidDescription: "Please select an AVIF file", noFileDescription: "Please select an AVIF file to convert" },
  ["image/avif"],
);

/** The rule each file tool (canonical slug, see ../file-tools.ts) uses. */
export const FILE_ACCEPT_BY_SLUG: Readonly<Record<string, FileAccept>> = {
  "dds-to-png": DDS_ACCEPT,
  "jfif-to-png": JFIF_ACCEPT,
  "jpg-to-ico": ICO_ACCEPT,
  "avif-to-svg-converter": AVIF_ACCEPT,
  "png-to-dds-converter": PNG_TO_DDS_ACCEPT,
  "psb-to-pdf-converter": PSB_ACCEPT,
  "tiff-to-pdf-converter": TIFF_ACCEPT,
  "audio-converter": AUDIO_CONVERTER_ACCEPT,
  "mp3-converter": AUDIO_ACCEPT,
  "wav-converter": WAV_ACCEPT,
  "mp3-to-ogg-converter": MP3_TO_OGG_ACCEPT,
  "mp4-to-mp3-converter": MP4_ACCEPT,
  "mp4-to-wav-converter": MP4_ACCEPT,
  "flv-to-mp3-converter": FLV_ACCEPT,
  "m4a-to-mp3-converter": M4A_ACCEPT,
  "midi-converter": MIDI_ACCEPT,
  "mpeg-to-avi-converter": MPEG_ACCEPT,
  "mpg-to-avi-converter": MPG_ACCEPT,
  "video-converter": VIDEO_ACCEPT,
  "m4a-to-mp4-converter": M4A_ACCEPT,
  "epub-converter": EPUB_ACCEPT,
  "epub-to-azw3-converter": EPUB_ACCEPT,
  "epub-to-mobi-converter": EPUB_ACCEPT,
  "fb2-to-epub-converter": FB2_ACCEPT,
  "pdf-converter": DOCUMENT_ACCEPT,
  "xml-converter": DATA_ACCEPT,
};
