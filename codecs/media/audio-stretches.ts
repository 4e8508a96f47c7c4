// Where a sound is cut for several encoders at once (issue 33, decision 067): the ffmpeg engine's
// Vorbis encode runs one ffmpeg core per stretch. Each stretch is encoded from a little before its own
// part (the pre-roll, so its encoder has settled when its part begins) to a little past it (the
// post-roll, where the join with the next one is looked for: #codecs/media/vorbis-join.ts). Parts
// begin on a grid of samples, so both encoders around a join lay their blocks on the same grid.
// Pure: samples in, stretches out.
import type { ConversionPlan, MediaInfo } from "./media-types.ts";

export interface AudioStretch {
  /** the first sample this stretch's encoder reads */
  from: number;
  /** where its own part of the whole begins, and ends (null: at the end of the sound) */
  partStart: number;
  partEnd: number | null;
  /** the sample past the last one its encoder reads (null: to the end of the sound) */
  to: number | null;
}

export interface StretchSettings {
  /** parts begin on multiples of this many samples; the pre-roll and post-roll are multiples too */
  grid: number;
  preRoll: number;
  postRoll: number;
  /** a part shorter than this many seconds is not worth an encoder of its own */
  minPartSeconds: number;
}

/**
 * The Vorbis stretches (decision 067). 2048 is a multiple of half of libvorbis's long block at every
 * rate (2048 samples from 32 kHz up, 1024 and 512 below), so the encoders around a join lay their long
 * blocks on one grid. About a second either side (at 44.1 kHz): a stretch's packets are the single
 * pass's own bytes within 0.03–0.7 s of its start (measured on native libvorbis).
 */
export const VORBIS_STRETCHES: StretchSettings = { grid: 2048, preRoll: 2048 * 24, postRoll: 2048 * 24, minPartSeconds: 10 };

/** `lanes` stretches over `totalSamples`, or null when there are fewer than 2 parts of `minPartSeconds`. */
export function audioStretches(totalSamples: number, sampleRate: number, lanes: number, settings: StretchSettings): AudioStretch[] | null {
  const { grid, preRoll, postRoll, minPartSeconds } = settings;
  const count = Math.min(Math.floor(lanes), Math.floor(totalSamples / (minPartSeconds * sampleRate)));
  if (count < 2) return null;
  const starts = Array.from({ length: count }, (_, k) => Math.round((k * totalSamples) / count / grid) * grid);
  return starts.map((partStart, k) => {
    const partEnd = starts[k + 1] ?? null;
    return { from: Math.max(0, partStart - preRoll), partStart, partEnd, to: partEnd === null ? null : partEnd + postRoll };
  });
}

/**
 * The stretches of a plan the ffmpeg engine may encode in parallel: a whole sound (no cut, no
 * pictures) to Ogg Vorbis at its own sample rate; null otherwise, or when too short for two parts.
 */
export function vorbisStretches(plan: ConversionPlan, info: MediaInfo, lanes: number): AudioStretch[] | null {
  const { audio } = plan;
  const source = info.audio;
  if (plan.engine !== "ffmpeg" || plan.container !== "ogg" || audio.action !== "encode" || audio.codec !== "vorbis" || plan.video.action !== "drop") return null;
  if (plan.trim.startSeconds > 0 || plan.trim.endSeconds !== null || source === null || info.durationSeconds === null) return null;
  // a resample would move the samples off the grid the stretches were cut on
  if (audio.sampleRate !== undefined && audio.sampleRate !== source.sampleRate) return null;
  return audioStretches(Math.floor(info.durationSeconds * source.sampleRate), source.sampleRate, lanes, VORBIS_STRETCHES);
}
