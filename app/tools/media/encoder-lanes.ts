// How many encoders of one sound run at once (issue 33): the MP3 lanes of the WebCodecs engine
// (./webcodecs/parallel-mp3.ts, decision 066) and the Vorbis stretches of the ffmpeg engine
// (./ffmpeg-stretches.ts, decision 067) count them the same way.

/** Encoders of one sound at once, at most. */
export const MAX_ENCODER_LANES = 4;
/**
 * Without a thread cap, lanes only from this many cores. On 2 cores the reading and the one encoder
 * already keep both busy (measured: 3.0–3.5 s either way for 3 min of WAV to MP3, decision 066).
 */
export const MIN_PARALLEL_CORES = 4;

/** Encoders to run at once: the thread cap when one is set, else the device's cores from MIN_PARALLEL_CORES; at most MAX_ENCODER_LANES. */
export function encoderLaneCount(cores: number, cap: number | undefined): number {
  const wanted = cap ?? (cores >= MIN_PARALLEL_CORES ? cores : 1);
  return Math.max(1, Math.min(MAX_ENCODER_LANES, Math.floor(wanted)));
}
