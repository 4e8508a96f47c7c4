// Turns a ConversionPlan's track plans into mediabunny Conversion options. Pure: no file is read.
import { AUDIO_CODECS, Quality, VIDEO_CODECS, type AudioCodec, type ConversionAudioOptions, type ConversionVideoOptions, type VideoCodec } from "mediabunny";
import { MediaError } from "#codecs/media/media-error.ts";
import type { TrackPlan } from "#codecs/media/media-types.ts";

/** The codecs the targets use: what the probe asks the encoders about. */
export const TARGET_AUDIO_CODECS = ["aac", "mp3", "opus", "vorbis", "flac", "pcm-s16", "pcm-s24", "pcm-f32"] as const satisfies readonly AudioCodec[];
export const TARGET_VIDEO_CODECS = ["avc", "vp8", "vp9", "av1", "hevc"] as const satisfies readonly VideoCodec[];

/** LAME's -V scale as average kbps (V0 ≈ 245 … V9 ≈ 65): the target of a VBR encode for every encoder. */
const VBR_KBPS = [245, 225, 190, 175, 165, 130, 115, 100, 85, 65] as const;

export function vbrKbps(quality: number): number {
  const index = Math.round(quality);
  const kbps = VBR_KBPS[index];
  if (kbps === undefined) throw new MediaError(`VBR quality must be 0 to 9, not ${quality}.`, "bad-option");
  return kbps;
}

function audioCodec(codec: string): AudioCodec {
  const known = AUDIO_CODECS.find((name) => name === codec);
  if (known === undefined) throw new MediaError(`The WebCodecs engine has no audio codec named "${codec}".`, "bad-option");
  return known;
}

function videoCodec(codec: string): VideoCodec {
  const known = VIDEO_CODECS.find((name) => name === codec);
  if (known === undefined) throw new MediaError(`The WebCodecs engine has no video codec named "${codec}".`, "bad-option");
  return known;
}

/** The audio options of the plan's first audio track. */
export function audioOptions(plan: TrackPlan): ConversionAudioOptions {
  if (plan.action === "drop") return { discard: true };
  if (plan.action === "copy") return { codec: audioCodec(plan.codec) };
  const options: ConversionAudioOptions = { codec: audioCodec(plan.codec), forceTranscode: true };
  if (plan.vbrQuality !== undefined) {
    options.quality = new Quality({ bitrate: vbrKbps(plan.vbrQuality) * 1000, bitrateMode: "variable" });
  } else if (plan.bitrate !== undefined) {
    options.quality = new Quality({ bitrate: plan.bitrate, bitrateMode: "constant" });
  }
  if (plan.sampleRate !== undefined) options.sampleRate = plan.sampleRate;
  if (plan.channels !== undefined) options.numberOfChannels = plan.channels;
  return options;
}

/** The video options of the plan's first video track; `resizeInEncoder`: the size is left to the encoder (./scaling-encoder.ts). */
export function videoOptions(plan: TrackPlan, { resizeInEncoder = false } = {}): ConversionVideoOptions {
  if (plan.action === "drop") return { discard: true };
  if (plan.action === "copy") return { codec: videoCodec(plan.codec) };
  const options: ConversionVideoOptions = { codec: videoCodec(plan.codec), forceTranscode: true };
  options.quality = plan.bitrate !== undefined ? new Quality({ bitrate: plan.bitrate }) : new Quality("medium");
  if (resizeInEncoder) return options;
  if (plan.width !== undefined) options.width = even(plan.width);
  if (plan.height !== undefined) options.height = even(plan.height);
  // both given: keep the picture's shape inside the box instead of stretching it
  if (plan.width !== undefined && plan.height !== undefined) options.fit = "contain";
  return options;
}

/** Encoders want even dimensions (4:2:0 chroma). */
function even(pixels: number): number {
  return Math.max(2, Math.round(pixels / 2) * 2);
}

/** Copy is all-or-nothing in mediabunny: force it only when no track is encoded, so a wrong plan fails instead of transcoding. */
export function copyMode(audio: TrackPlan, video: TrackPlan): "forced" | "preferred" {
  return audio.action === "encode" || video.action === "encode" ? "preferred" : "forced";
}

/** The Conversion trim, or undefined for the whole file. */
export function trimOption(trim: { startSeconds: number; endSeconds: number | null }): { start?: number; end?: number } | undefined {
  if (trim.startSeconds < 0 || (trim.endSeconds !== null && trim.endSeconds <= trim.startSeconds)) {
    throw new MediaError("The trim's end must come after its start.", "bad-option");
  }
  if (trim.startSeconds === 0 && trim.endSeconds === null) return undefined;
  const range: { start?: number; end?: number } = {};
  if (trim.startSeconds > 0) range.start = trim.startSeconds;
  if (trim.endSeconds !== null) range.end = trim.endSeconds;
  return range;
}
