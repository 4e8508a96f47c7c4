// The ffmpeg engine's Vorbis encode on several cores (issue 33, decision 067). libvorbis has no
// threads, so a long sound is cut into stretches (#codecs/media/audio-stretches.ts), each encoded by
// its own ffmpeg worker on the single-thread core, and the Ogg streams are joined where both encoders
// laid a block at the same sample (#codecs/media/vorbis-join.ts): one stream, gapless, with the
// single pass's sample count. Where no such block is found the caller encodes in one pass.
import { vorbisStretches, type AudioStretch } from "#codecs/media/audio-stretches.ts";
import type { ConversionPlan, MediaInfo, OutputSink } from "#codecs/media/media-types.ts";
import type { CallOptions } from "../shared/worker-bridge.ts";
import { ffmpegLaneClient } from "./ffmpeg-client.ts";
import type { MediaConvertResult } from "./media-job.ts";

export interface StretchJob {
  file: File;
  plan: ConversionPlan;
  info: MediaInfo;
  sink: OutputSink;
  /** ffmpeg workers at once (./encoder-lanes.ts) */
  lanes: number;
  /** told when every worker has its core */
  onLoaded?: () => void;
}

/** Share of the progress bar the stretches fill; the join and the write fill the rest. */
const ENCODE_SHARE = 0.98;

/** The conversion on `lanes` ffmpeg workers at once; null when the plan is not one for stretches, or no join was found. */
export async function convertInStretches({ file, plan, info, sink, lanes, onLoaded }: StretchJob, { signal, onProgress, stallMs }: CallOptions): Promise<MediaConvertResult | null> {
  const stretches = vorbisStretches(plan, info, lanes);
  const sampleRate = info.audio?.sampleRate;
  if (stretches === null || sampleRate === undefined) return null;
  await Promise.all(stretches.map((_, lane) => ffmpegLaneClient(lane).load({ threads: 1 }, { signal })));
  onLoaded?.();

  // each stretch's share of the bar: the samples its encoder reads (the last one's run to the end)
  const end = Math.max(...stretches.map((stretch) => stretch.to ?? 0), (info.durationSeconds ?? 0) * sampleRate);
  const lengths = stretches.map((stretch) => (stretch.to ?? end) - stretch.from);
  const sum = lengths.reduce((a, b) => a + b, 0);
  const done = stretches.map(() => 0);
  const report = () => onProgress?.((ENCODE_SHARE * done.reduce((a, fraction, lane) => a + fraction * (lengths[lane] ?? 0), 0)) / sum);

  // one stretch failing stops the others
  const failed = new AbortController();
  const lanesSignal = signal === undefined ? failed.signal : AbortSignal.any([signal, failed.signal]);
  const encode = async (stretch: AudioStretch, lane: number) => {
    // a lane encoded again (below) leaves the bar where it is
    const again = done[lane] === 1;
    const onLaneProgress = (fraction: number) => {
      if (again) return;
      done[lane] = fraction;
      report();
    };
    try {
      const { bytes } = await ffmpegLaneClient(lane).stretch({ file, plan, stretch, sampleRate }, { signal: lanesSignal, stallMs, onProgress: onLaneProgress });
      return { bytes, stretch };
    } catch (error) {
      failed.abort();
      throw error;
    }
  };
  const parts = await Promise.all(stretches.map(encode));
  // not moved to the worker: a lane encoded again is joined with the others once more
  const join = () => ffmpegLaneClient(0).join({ parts, sink, target: plan.target }, { signal, stallMs });
  let result = await join();
  // a lane whose long blocks lie off the grid of the one before (a run of short blocks before it
  // moved that one's grid): encoded again from a little earlier, once (decision 067)
  const retry = result.joined === null ? result.regrid : null;
  const moved = retry === null ? undefined : parts[retry.lane];
  if (retry !== null && moved !== undefined) {
    parts[retry.lane] = await encode({ ...moved.stretch, from: Math.max(0, moved.stretch.from - retry.shift) }, retry.lane);
    result = await join();
  }
  if (result.joined !== null) onProgress?.(1);
  return result.joined;
}
