import { acceptRule, type FileAccept } from "../shared/file-accept";
import type { ToolMeta } from "../types";
import { AUDIO_TARGETS } from "#codecs/media/media-types.ts";

// The audio tools. All but midi-converter are the one media page (../media/media-tool.tsx), told by
// slug what it makes (../media/media-tools.ts); midi-converter is its own page (../midi/midi-tool.tsx)
// with a synthesizer in its worker.

const AUDIO_EXTENSIONS = ["mp3", "wav", "ogg", "webm", "m4a", "aac", "flac"];

/** Audio and MP3: any audio type, or mp3, wav, ogg, webm, m4a, aac, flac. */
export const AUDIO_ACCEPT = acceptRule(
  AUDIO_EXTENSIONS,
  { invalidDescription: "Please select a valid audio file", noFileDescription: "Please select an audio file to convert" },
  ["audio/"],
);

/** The audio converter's own variant of the audio rule (its text lists MP3, WAV, OGG, WebM, M4A). */
export const AUDIO_CONVERTER_ACCEPT = acceptRule(
  AUDIO_EXTENSIONS,
  { invalidDescription: "Please select a valid audio file (MP3, WAV, OGG, WebM, M4A)", noFileDescription: "Please select an audio file to convert" },
  ["audio/"],
);

/** WAV: any audio type, or mp3, wav, ogg, webm, m4a. */
export const WAV_ACCEPT = acceptRule(
  ["mp3", "wav", "ogg", "webm", "m4a"],
  { invalidDescription: "Please select a valid audio file", noFileDescription: "Please select an audio file to convert" },
  ["audio/"],
);

export const MP3_TO_OGG_ACCEPT = acceptRule(["mp3"], { invalidDescription: "Please select an MP3 file", noFileDescription: "Please select an MP3 file to convert" });

export const MP4_ACCEPT = acceptRule(["mp4"], { invalidDescription: "Please select an MP4 file", noFileDescription: "Please select an MP4 file to convert" });

export const FLV_ACCEPT = acceptRule(["flv"], { invalidDescription: "Please select an FLV file", noFileDescription: "Please select an FLV file to convert" });

/** M4A tools (the audio one here, m4a-to-mp4 in ../video). */
export const M4A_ACCEPT = acceptRule(["m4a"], { invalidDescription: "Please select an M4A file", noFileDescription: "Please select an M4A file to convert" });

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

const audio = (slug: string, accept: FileAccept, cli?: ToolMeta["cli"]): ToolMeta => ({
  slug,
  aliases: [],
  category: "Audio",
  kind: "file",
  accept,
  load: () => import("../media/media-tool"),
  workerPackages: MEDIA_WORKER_PACKAGES,
  ...(cli ? { cli } : {}),
});

export const audioTools: ToolMeta[] = [
  audio("audio-converter", AUDIO_CONVERTER_ACCEPT, { from: ["audio", "video"], to: AUDIO_TARGETS, options: MEDIA_CLI_OPTIONS }),
  audio("mp3-converter", AUDIO_ACCEPT),
  audio("wav-converter", WAV_ACCEPT),
  audio("mp3-to-ogg-converter", MP3_TO_OGG_ACCEPT),
  audio("mp4-to-mp3-converter", MP4_ACCEPT),
  audio("mp4-to-wav-converter", MP4_ACCEPT),
  audio("flv-to-mp3-converter", FLV_ACCEPT),
  audio("m4a-to-mp3-converter", M4A_ACCEPT),
  {
    slug: "midi-converter",
    aliases: [],
    category: "Audio",
    kind: "file",
    accept: MIDI_ACCEPT,
    load: () => import("../midi/midi-tool"),
    workerPackages: MIDI_WORKER_PACKAGES,
    cli: {
      from: ["midi"],
      to: ["wav", "mp3", "ogg"],
      options: ["--bitrate 128|160|192|256|320 (MP3)  --bits 16|24 (WAV)  --vorbis-quality 3|5|6|8 (OGG)  --sample-rate 44100|48000", "--normalise peak|lufs|off  --tail 3  --no-reverb  --no-chorus  --soundfont my.sf2"],
    },
  },
];
