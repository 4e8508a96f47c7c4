// The mediabunny output format for a plan's container name (the names of codecs/media/media-types.ts).
import {
  AdtsOutputFormat,
  FlacOutputFormat,
  MkvOutputFormat,
  MovOutputFormat,
  Mp3OutputFormat,
  Mp4OutputFormat,
  OggOutputFormat,
  WavOutputFormat,
  WebMOutputFormat,
  type OutputFormat,
} from "mediabunny";
import { MediaError } from "#codecs/media/media-error.ts";

/** Plain WAVE stops at 4 GiB; above this estimate we write RF64. */
const WAV_LIMIT_BYTES = 4_000_000_000;

export interface OutputFormatHints {
  /** estimated bytes of the PCM output, for WAV */
  wavBytes: number;
  /** for MP3: called with the final Xing frame (see lame-tag-stream.ts) */
  onXingFrame?: (data: Uint8Array, position: number) => void;
}

export function createOutputFormat(container: string, hints: OutputFormatHints): OutputFormat {
  switch (container) {
    // moov at the end: written once, no media held in memory for a fast start
    case "mp4":
    case "m4a":
      return new Mp4OutputFormat({ fastStart: false });
    case "mov":
      return new MovOutputFormat({ fastStart: false });
    case "matroska":
    case "mkv":
      return new MkvOutputFormat();
    case "webm":
      return new WebMOutputFormat();
    case "ogg":
      return new OggOutputFormat();
    case "mp3":
      return new Mp3OutputFormat(hints.onXingFrame === undefined ? {} : { onXingFrame: hints.onXingFrame });
    case "wav":
      return new WavOutputFormat({ large: hints.wavBytes > WAV_LIMIT_BYTES });
    case "adts":
    case "aac":
      return new AdtsOutputFormat();
    case "flac":
      return new FlacOutputFormat();
    default:
      throw new MediaError(`The WebCodecs engine cannot write ${container.toUpperCase()} files.`, "bad-option");
  }
}
