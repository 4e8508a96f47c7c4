import { acceptRule, type FileAccept } from "../shared/file-accept.ts";
import type { ToolMeta } from "../types.ts";
import { AUDIO_TARGETS, type MediaTarget } from "#codecs/media/media-types.ts";
import type { MediaToolConfig } from "../media/media-tools.ts";

// The audio tools. All but midi-converter are the one media page (../media/media-tool.tsx), told by
// their `media` facts what they make; midi-converter is its own page (../midi/midi-tool.tsx)
// with a synthesizer in its worker.

/**
 * Sound files a reference player (ffplay) plays and the ffmpeg core decodes (issue 26, decision 038):
 * the spec's seven first, then MP3/MPEG audio, Ogg, MP4 audio, raw Dolby/DTS/AMR, the PCM families,
 * the lossless compressors (TAK, Shorten, Monkey's, TTA, WavPack, Musepack; OptimFROG is let in so
 * the engine can say by name that it cannot decode it), DSD, Windows Media, Matroska and RealAudio.
 */
export const AUDIO_FILE_EXTENSIONS = [
  "mp3", "wav", "ogg", "webm", "m4a", "aac", "flac",
  "mp2", "mpa", "mp1", "mpga", "oga", "opus", "spx", "m4b", "m4r", "3ga", "adts",
  "ac3", "eac3", "ec3", "dts", "amr", "awb", "aif", "aiff", "aifc", "caf", "au", "snd", "voc", "w64", "rf64", "gsm",
  "tak", "shn", "ape", "tta", "wv", "mpc", "mp+", "ofr", "ofs", "dsf", "dff", "wma", "mka", "ra", "c2",
  // the rarer homes ffplay still plays: Amiga IFF, NIST SPHERE, Dolby TrueHD and MLP, Bluetooth aptX
  "8svx", "iff", "sph", "mlp", "thd", "aptx",
];

/**
 * Files with pictures that a video player plays (issue 26, decision 038). The audio tools take them
 * too (they convert the sound and leave the pictures); an animated GIF, which has no sound, only the
 * video converter.
 */
export const VIDEO_FILE_EXTENSIONS = [
  "mp4", "m4v", "mov", "qt", "mkv", "webm", "avi", "flv", "f4v", "mpg", "mpeg", "mpe", "m1v", "m2v", "mpv", "vob",
  "ts", "m2t", "m2ts", "mts", "3gp", "3g2", "wmv", "asf", "ogv", "ogg", "ogx", "mxf", "nut", "dv", "y4m", "ivf",
  "h264", "264", "hevc", "h265", "265", "rm", "rmvb",
];

/** Types Chromium gives sound and video files that are not under audio/ or video/ (from /etc/mime.types and its own table). */
const MEDIA_APPLICATION_TYPES = ["application/ogg", "application/vnd.rn-realmedia", "application/vnd.ms-asf", "application/mxf"];

/** Every sound file, and the sound of every video file. */
const ANY_AUDIO_EXTENSIONS = [...new Set([...AUDIO_FILE_EXTENSIONS, ...VIDEO_FILE_EXTENSIONS])];
const ANY_AUDIO_TYPES = ["audio/", "video/", ...MEDIA_APPLICATION_TYPES];
const ANY_AUDIO_LABEL = "MP3, WAV, OGG, FLAC, M4A, AAC, WMA, OPUS, AIFF, AMR, AC3, APE, WV, TAK, SHN and other audio files, or the sound of a video file";

/** Audio and MP3: the spec's "any audio type, or mp3, wav, ogg, webm, m4a, aac, flac", widened to every sound (decision 038). */
export const AUDIO_ACCEPT = acceptRule(
  ANY_AUDIO_EXTENSIONS,
  { invalidDescription: "Please select a valid audio file", noFileDescription: "Please select an audio file to convert", acceptedLabel: ANY_AUDIO_LABEL },
  ANY_AUDIO_TYPES,
);

/** The audio converter's own variant of the audio rule (its text lists MP3, WAV, OGG, WebM, M4A). */
export const AUDIO_CONVERTER_ACCEPT = acceptRule(
  ANY_AUDIO_EXTENSIONS,
  { invalidDescription: "Please select a valid audio file (MP3, WAV, OGG, WebM, M4A)", noFileDescription: "Please select an audio file to convert", acceptedLabel: ANY_AUDIO_LABEL },
  ANY_AUDIO_TYPES,
);

/** WAV: the spec's "audio type or mp3, wav, ogg, webm, m4a", widened like the audio rule. */
export const WAV_ACCEPT = acceptRule(
  ANY_AUDIO_EXTENSIONS,
  { invalidDescription: "Please select a valid audio file", noFileDescription: "Please select an audio file to convert", acceptedLabel: ANY_AUDIO_LABEL },
  ANY_AUDIO_TYPES,
);

export const MP3_TO_OGG_ACCEPT = acceptRule(["mp3"], { invalidDescription: "Please select an MP3 file", noFileDescription: "Please select an MP3 file to convert" });

/** MP4 tools: an MP4 or one of its siblings in the same ISO family (M4V, M4A, MOV, 3GP). */
export const MP4_ACCEPT = acceptRule(
  ["mp4", "m4v", "m4a", "m4b", "mov", "qt", "3gp", "3g2"],
  { invalidDescription: "Please select an MP4 file (MP4, M4V, M4A, MOV or 3GP)", noFileDescription: "Please select an MP4 file to convert" },
  ["video/mp4", "audio/mp4", "audio/x-m4a", "video/quicktime", "video/3gpp", "video/3gpp2"],
);

/** FLV: Flash video, old (FLV) and new (F4V, an MP4 inside). */
export const FLV_ACCEPT = acceptRule(
  ["flv", "f4v"],
  { invalidDescription: "Please select an FLV file (FLV or F4V)", noFileDescription: "Please select an FLV file to convert" },
  ["video/x-flv", "video/flv"],
);

/** M4A tools (the audio one here, m4a-to-mp4 in ../video): M4A and the same MP4 audio under its other names. */
export const M4A_ACCEPT = acceptRule(
  ["m4a", "m4b", "m4r", "mp4"],
  { invalidDescription: "Please select an M4A file (M4A, M4B, M4R or MP4)", noFileDescription: "Please select an M4A file to convert" },
  ["audio/mp4", "audio/x-m4a", "audio/m4a"],
);

export const MIDI_ACCEPT = acceptRule(["mid", "midi"], {
  invalidDescription: "Please select a MIDI file (.mid or .midi)",
  noFileDescription: "Please select a MIDI file to convert",
});

/** The packages the media engines' workers import (../media/*.worker.ts). */
export const MEDIA_WORKER_PACKAGES = ["mediabunny", "@mediabunny/mp3-encoder", "@mediabunny/aac-encoder", "@mediabunny/flac-encoder"];

/** The packages the MIDI converter's worker imports (../midi/midi.worker.ts). */
export const MIDI_WORKER_PACKAGES = ["spessasynth_core", "mediabunny", "@mediabunny/mp3-encoder", "wasm-media-encoders"];

/** The CLI's audio and video options (cli/media-convert.ts): the media page's fields. */
export const MEDIA_CLI_OPTIONS = [
  "--bitrate auto|64-320|vbr-0 to vbr-9  --sample-rate keep|22050|32000|44100|48000  --channels keep|1|2",
  "--start 12.5  --end 60 (seconds: a cut)",
];

/** An audio tool with one output; `noun` is what the success text says was converted. */
const audioTo = (target: MediaTarget, noun = "Audio"): MediaToolConfig => ({ family: "audio", targets: [target], noun });

const audio = (slug: string, accept: FileAccept, media: MediaToolConfig, cli?: ToolMeta["cli"]): Omit<ToolMeta, "order"> => ({
  slug,
  aliases: [],
  category: "Audio",
  kind: "file",
  accept,
  page: "media/media-tool.tsx",
  media,
  workerPackages: MEDIA_WORKER_PACKAGES,
  threads: true,
  ...(cli ? { cli } : {}),
});

const AUDIO_TOOLS: Omit<ToolMeta, "order">[] = [
  audio("audio-converter", AUDIO_CONVERTER_ACCEPT, { family: "audio", targets: AUDIO_TARGETS, noun: "Audio" }, { from: ["audio", "video"], to: AUDIO_TARGETS, options: MEDIA_CLI_OPTIONS }),
  audio("mp3-converter", AUDIO_ACCEPT, audioTo("mp3")),
  audio("wav-converter", WAV_ACCEPT, audioTo("wav")),
  audio("mp3-to-ogg-converter", MP3_TO_OGG_ACCEPT, audioTo("ogg", "MP3")),
  audio("mp4-to-mp3-converter", MP4_ACCEPT, audioTo("mp3", "MP4")),
  audio("mp4-to-wav-converter", MP4_ACCEPT, audioTo("wav", "MP4")),
  audio("flv-to-mp3-converter", FLV_ACCEPT, audioTo("mp3", "FLV")),
  audio("m4a-to-mp3-converter", M4A_ACCEPT, audioTo("mp3", "M4A")),
  {
    slug: "midi-converter",
    aliases: [],
    category: "Audio",
    kind: "file",
    accept: MIDI_ACCEPT,
    page: "midi/midi-tool.tsx",
    workerPackages: MIDI_WORKER_PACKAGES,
    cli: {
      from: ["midi"],
      to: ["wav", "mp3", "ogg"],
      options: ["--bitrate 128|160|192|256|320 (MP3)  --bits 16|24 (WAV)  --vorbis-quality 3|5|6|8 (OGG)  --sample-rate 44100|48000", "--normalise peak|lufs|off  --tail 3  --no-reverb  --no-chorus  --soundfont my.sf2"],
    },
  },
];

/** The catalogue lists them in this order. */
export const tools: ToolMeta[] = AUDIO_TOOLS.map((tool, i) => ({ ...tool, order: i + 1 }));
