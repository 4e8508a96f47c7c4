// The media page's option controls hold strings (a <select>'s value, a number input's text); this
// turns them into the `ConversionChoice` the planner checks (codecs/media/options.ts does the range
// checks against the file; here only the shape: is it a number at all).
export { RESOLUTIONS, SAMPLE_RATES } from "#codecs/media/options.ts";
import type { AudioBitrate, AudioOptions, ConversionChoice, MediaTarget, PictureTrack, VideoOptions } from "#codecs/media/media-types.ts";

export const CBR_KBPS = [64, 96, 128, 160, 192, 224, 256, 320] as const;
export const VBR_QUALITIES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export interface ChoiceFields {
  target: MediaTarget;
  /** "auto", "192" (CBR kbps) or "vbr-2" (VBR quality) */
  bitrate: string;
  /** "keep" or Hz */
  sampleRate: string;
  /** "keep", "1" or "2" */
  channels: string;
  wavBitDepth: "16" | "24" | "32";
  /** seconds, "" for the start / the end */
  trimStart: string;
  trimEnd: string;
  resolution: string;
  quality: VideoOptions["quality"];
  noAudio: boolean;
  webmCodec: VideoOptions["webmCodec"];
  picture: PictureTrack["kind"];
}

export function defaultFields(target: MediaTarget): ChoiceFields {
  return {
    target,
    bitrate: "auto",
    sampleRate: "keep",
    channels: "keep",
    wavBitDepth: "16",
    trimStart: "",
    trimEnd: "",
    resolution: "keep",
    quality: "auto",
    noAudio: false,
    webmCodec: "vp9",
    picture: "none",
  };
}

function bitrateOf(text: string): AudioBitrate {
  if (text.startsWith("vbr-")) return { mode: "vbr", quality: Number(text.slice(4)) };
  if (text === "auto") return { mode: "auto" };
  return { mode: "cbr", kbps: Number(text) };
}

/** Seconds from a number field: "" is `empty`, anything else must be a finite number. */
function secondsOf(text: string, label: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed.replace(",", "."));
  if (!Number.isFinite(value)) throw new RangeError(`${label} must be a number of seconds.`);
  return value;
}

export type FieldsOutcome = { ok: true; choice: ConversionChoice } | { ok: false; message: string };

/** The choice the fields describe; `pictureFile` is the picture chosen for "file". */
export function choiceFromFields(fields: ChoiceFields, pictureFile: File | null): FieldsOutcome {
  let startSeconds: number | null;
  let endSeconds: number | null;
  try {
    startSeconds = secondsOf(fields.trimStart, "Trim start");
    endSeconds = secondsOf(fields.trimEnd, "Trim end");
  } catch (error) {
    return { ok: false, message: (error as RangeError).message };
  }
  if (fields.picture === "file" && !pictureFile) return { ok: false, message: "Choose a picture for the video track, or pick another picture option." };
  const audio: AudioOptions = {
    bitrate: bitrateOf(fields.bitrate),
    sampleRate: fields.sampleRate === "keep" ? "keep" : (Number(fields.sampleRate) as AudioOptions["sampleRate"]),
    channels: fields.channels === "keep" ? "keep" : (Number(fields.channels) as 1 | 2),
    wavBitDepth: Number(fields.wavBitDepth) as AudioOptions["wavBitDepth"],
  };
  const video: VideoOptions = {
    resolution: fields.resolution === "keep" ? "keep" : (Number(fields.resolution) as VideoOptions["resolution"]),
    quality: fields.quality,
    noAudio: fields.noAudio,
    webmCodec: fields.webmCodec,
  };
  const picture: PictureTrack =
    fields.picture === "file" && pictureFile ? { kind: "file", file: pictureFile } : fields.picture === "cover" ? { kind: "cover" } : { kind: "none" };
  return { ok: true, choice: { target: fields.target, audio, video, trim: { startSeconds: startSeconds ?? 0, endSeconds }, picture } };
}
