// The visitor's choices, checked and normalised against what the probe read: out-of-range values are
// refused with a message the visitor can act on; options that do not apply to the target are reset
// to their defaults (ignored, not refused), and a choice equal to the source ("48 kHz" for a 48 kHz
// file, 1080p for a 720p file) becomes "keep", so the planner can copy the stream.
import { MediaError } from "./media-error.ts";
import type { AudioOptions, ConversionChoice, MediaInfo, MediaTarget, TrimRange, VideoOptions } from "./media-types.ts";
import { isLossless, isMediaTarget, isVideoTarget, targetSpec, WAV_CODECS } from "./targets.ts";

export const MIN_KBPS = 64;
export const MAX_KBPS = 320;
export const SAMPLE_RATES = [22050, 32000, 44100, 48000] as const;
export const RESOLUTIONS = [1080, 720, 480] as const;
/** The shortest trimmed output accepted, in seconds. */
export const MIN_TRIM_SECONDS = 0.1;

const DEFAULT_AUDIO: AudioOptions = { bitrate: { mode: "auto" }, sampleRate: "keep", channels: "keep", wavBitDepth: 16 };
const NO_TRIM: TrimRange = { startSeconds: 0, endSeconds: null };
const DEFAULT_VIDEO: VideoOptions = { resolution: "keep", quality: "auto", noAudio: false, webmCodec: "vp9" };

/** The WAV depth that copies a PCM source unchanged, if it is one of the three. */
function wavDepthOf(codec: string | undefined): AudioOptions["wavBitDepth"] | null {
  for (const depth of [16, 24, 32] as const) if (WAV_CODECS[depth] === codec) return depth;
  return null;
}

/** The page's starting choice for `target`; with `info`, the WAV depth matches a PCM source. */
export function defaultChoice(target: MediaTarget, info?: MediaInfo): ConversionChoice {
  const wavBitDepth = wavDepthOf(info?.audio?.codec) ?? 16;
  return {
    target,
    audio: { ...DEFAULT_AUDIO, bitrate: { mode: "auto" }, wavBitDepth },
    video: { ...DEFAULT_VIDEO },
    trim: { ...NO_TRIM },
    picture: { kind: "none" },
  };
}

function refuse(message: string): never {
  throw new MediaError(message, "bad-option");
}

/** "1:02.5" for 62.5 s; hundredths only where a clip's length needs them ("0:00.05"). */
function seconds(value: number): string {
  const hundredths = Math.round(value * 100);
  const whole = Math.floor(hundredths / 100);
  const part = hundredths % 100;
  const fraction = part === 0 ? "" : part % 10 === 0 ? `.${part / 10}` : `.${String(part).padStart(2, "0")}`;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}${fraction}`;
}

function checkAudio(audio: AudioOptions, target: MediaTarget, info: MediaInfo): AudioOptions {
  const codec = targetSpec(target).encode.audio;
  let bitrate = audio.bitrate;
  if (isLossless(codec)) bitrate = { mode: "auto" };
  else if (bitrate.mode === "cbr") {
    if (!Number.isInteger(bitrate.kbps) || bitrate.kbps < MIN_KBPS || bitrate.kbps > MAX_KBPS) {
      refuse(`Choose a bitrate between ${MIN_KBPS} and ${MAX_KBPS} kbps.`);
    }
  } else if (bitrate.mode === "vbr") {
    if (!Number.isInteger(bitrate.quality) || bitrate.quality < 0 || bitrate.quality > 9) refuse("Choose a VBR quality from 0 (best) to 9 (smallest).");
  } else if (bitrate.mode !== "auto") refuse("Choose a bitrate.");

  let sampleRate = audio.sampleRate;
  if (sampleRate !== "keep" && !(SAMPLE_RATES as readonly number[]).includes(sampleRate)) {
    refuse("Choose a sample rate of 22.05, 32, 44.1 or 48 kHz.");
  }
  if (sampleRate === info.audio?.sampleRate) sampleRate = "keep";

  let channels = audio.channels;
  if (channels !== "keep" && channels !== 1 && channels !== 2) refuse("Choose mono or stereo.");
  if (channels === info.audio?.channels) channels = "keep";

  let wavBitDepth = audio.wavBitDepth;
  if (target === "wav") {
    if (wavBitDepth !== 16 && wavBitDepth !== 24 && wavBitDepth !== 32) refuse("Choose a WAV bit depth of 16, 24 or 32-bit float.");
  } else wavBitDepth = 16;
  return { bitrate, sampleRate, channels, wavBitDepth };
}

function checkVideo(video: VideoOptions, target: MediaTarget, info: MediaInfo): VideoOptions {
  let resolution = video.resolution;
  if (resolution !== "keep" && !(RESOLUTIONS as readonly number[]).includes(resolution)) refuse("Choose a resolution of 1080p, 720p or 480p.");
  // never upscale: "720p" is the shorter side, so portrait video is measured the same way
  const shortSide = info.video ? Math.min(info.video.width, info.video.height) : null;
  if (resolution !== "keep" && (shortSide === null || shortSide <= resolution)) resolution = "keep";

  const quality = video.quality;
  if (!["auto", "high", "medium", "low"].includes(quality)) refuse("Choose a quality of high, medium or low.");
  const noAudio = video.noAudio === true;
  let webmCodec = video.webmCodec;
  if (target === "webm") {
    if (webmCodec !== "vp9" && webmCodec !== "vp8") refuse("Choose VP9 or VP8 for WebM.");
  } else webmCodec = "vp9";
  return { resolution: info.video ? resolution : "keep", quality, noAudio, webmCodec };
}

/**
 * The trim, checked against the file's length where the probe read one. No trim asked (start 0,
 * no end) is never refused and never needs the length: a clip of a few milliseconds, or a file
 * whose length the probe could not read (null, or 0 when its header gives none), converts whole.
 */
function checkTrim(trim: TrimRange, duration: number | null): TrimRange {
  const start = trim.startSeconds;
  let end = trim.endSeconds;
  if (!Number.isFinite(start) || start < 0) refuse("The trim start must be 0 or later.");
  if (end !== null) {
    if (!Number.isFinite(end)) refuse("The trim end must be a time in the file.");
    if (end <= start) refuse("The trim end must be after the trim start.");
  }
  const length = duration !== null && duration > 0 ? duration : null;
  if (length !== null) {
    if (start >= length) refuse(`The trim start (${seconds(start)}) is past the end of the file (${seconds(length)}).`);
    // an end at or past the file's end means "to the end"
    if (end !== null && end >= length) end = null;
  }
  if (start === 0 && end === null) return { ...NO_TRIM };
  // with no length known, only an asked end can be measured; the engine stops at the real end
  const until = end ?? length;
  if (until !== null && until - start < MIN_TRIM_SECONDS) refuse(`The trimmed part must be at least ${MIN_TRIM_SECONDS} s long.`);
  return { startSeconds: start, endSeconds: end };
}

/**
 * Checks `choice` against the file `info` describes and returns it normalised. Throws MediaError
 * "bad-option" with the visitor's message when a value is out of range.
 */
export function normalizeChoice(choice: ConversionChoice, info: MediaInfo): ConversionChoice {
  if (!isMediaTarget(choice.target)) refuse("Choose one of the listed formats.");
  const target = choice.target;
  const video = isVideoTarget(target);
  const defaults = defaultChoice(target, info);

  let picture = choice.picture;
  if (!video || info.video !== null) picture = { kind: "none" };
  else if (picture.kind === "cover" && !info.tags.hasCover) refuse("This file has no cover art: choose a picture instead.");
  else if (picture.kind === "file" && picture.file.size === 0) refuse("The chosen picture is empty: choose another one.");

  const videoOptions = video ? checkVideo(choice.video, target, info) : defaults.video;
  const hasAudioOut = info.audio !== null && !videoOptions.noAudio;
  return {
    target,
    audio: hasAudioOut ? checkAudio(choice.audio, target, info) : defaults.audio,
    video: videoOptions,
    trim: checkTrim(choice.trim, info.durationSeconds),
    picture,
  };
}
