// The page's side of one media conversion: read the file (mediabunny first; the ffmpeg engine when
// mediabunny cannot read the container), plan it (codecs/media/plan.ts decides copy or re-encode and
// which engine), then run the plan in that engine's worker. Both workers start lazily and only on
// media tool pages; the ffmpeg core (32 MB of wasm) loads only when a plan or a probe needs it.
import { CodecFailure } from "#codecs/common/codec-failure.ts";
import { dataStart, undecodableMessage, unreadableFormat } from "#codecs/media/codec-names.ts";
import { MediaError } from "#codecs/media/media-error.ts";
import type { ConversionPlan, EncoderSupport, MediaInfo, OutputSink } from "#codecs/media/media-types.ts";
import { threadCap } from "../shared/thread-cap.ts";
import { encoderLaneCount } from "./encoder-lanes.ts";
import { vorbisStretches } from "#codecs/media/audio-stretches.ts";
import { ffmpegClient, ffmpegLaneClient } from "./ffmpeg-client.ts";
import { convertInStretches } from "./ffmpeg-stretches.ts";
import { ffmpegThreads } from "./ffmpeg-threads.ts";
import { videoScalerSetting } from "./video-scaler-setting.ts";
import { webcodecsClient } from "./webcodecs-client.ts";

export interface ProbedFile {
  info: MediaInfo;
  /** what the browser encodes; null when only the ffmpeg engine could read the file */
  encoders: EncoderSupport | null;
}

export type EnginePhase = "loading" | "converting";

interface RunOptions {
  signal: AbortSignal;
  /** what the probe read: a long sound to Vorbis is then encoded in stretches on several cores */
  info?: MediaInfo;
  /** told when the ffmpeg engine starts and stops loading */
  onPhase?: (phase: EnginePhase) => void;
}

const needsFfmpeg = (error: unknown) => error instanceof CodecFailure && error.code === "needs-ffmpeg";

/**
 * The watchdog (issue 26): a probe or conversion whose engine sends nothing this long (no progress,
 * no log line, no read of the file, no packet written) is stuck, and its worker is terminated. Both
 * engines report far more often than this while they work, even on a slow, shared machine.
 */
export const ENGINE_STALL_MS = 45_000;

export async function probeMedia(file: File, { signal, onPhase }: RunOptions): Promise<ProbedFile> {
  try {
    const { info, encoders } = await webcodecsClient.probe({ file }, { signal, stallMs: ENGINE_STALL_MS });
    return { info, encoders };
  } catch (error) {
    if (!needsFfmpeg(error)) throw error;
  }
  await refuseUnreadable(file);
  const threads = threadsFor(file);
  onPhase?.("loading");
  await ffmpegClient.load({ threads }, { signal });
  onPhase?.("converting");
  const { info } = await ffmpegClient.probe({ file, threads }, { signal, stallMs: ENGINE_STALL_MS });
  return { info, encoders: null };
}

/** A format no ffmpeg reads (OptimFROG) is named before the 32 MB core loads only to call it damaged. */
async function refuseUnreadable(file: File): Promise<void> {
  const read = async (start: number) => new Uint8Array(await file.slice(start, start + 16).arrayBuffer());
  const head = await read(0);
  const start = dataStart(head);
  const format = unreadableFormat(start === 0 ? head : await read(start));
  if (format) throw new MediaError(undecodableMessage(format.kind, format.codec), "no-decoder");
}

export async function runPlan(
  file: File,
  plan: ConversionPlan,
  sink: OutputSink,
  picture: File | null,
  { signal, onPhase, onProgress, info }: RunOptions & { onProgress: (fraction: number) => void },
): Promise<Blob> {
  const call = { signal, onProgress, stallMs: ENGINE_STALL_MS };
  if (plan.engine !== "ffmpeg") {
    onPhase?.("converting");
    const videoScaler = videoScalerSetting();
    const cap = threadCap();
    return (await webcodecsClient.convert({ file, plan, sink, picture, ...(videoScaler === undefined ? {} : { videoScaler }), ...(cap === undefined ? {} : { threadCap: cap }) }, call)).output;
  }
  const threads = threadsFor(file);
  onPhase?.("loading");
  const lanes = lanesHere();
  if (info !== undefined && lanes > 1) {
    // null: not a plan for stretches, or no join found (then one pass, below)
    const joined = await convertInStretches({ file, plan, info, sink, lanes, onLoaded: () => onPhase?.("converting") }, call);
    if (joined !== null) return joined.output;
  }
  await ffmpegClient.load({ threads }, { signal });
  onPhase?.("converting");
  return (await ffmpegClient.convert({ file, plan, sink, picture, threads }, call)).output;
}

/**
 * Loads the ffmpeg core a plan needs while the visitor still looks at the options (issue 33): the
 * WebCodecs worker read the file, and Convert would otherwise wait seconds for the 32 MB core to
 * compile. Settles when the engine is loaded; a failure is left for Convert, which loads again and
 * reports it.
 */
export async function prepareEngine(file: File, plan: ConversionPlan, info: MediaInfo): Promise<void> {
  if (plan.engine !== "ffmpeg") return;
  const lanes = lanesHere();
  const stretches = lanes > 1 ? vorbisStretches(plan, info, lanes) : null;
  const loads = stretches === null ? [ffmpegClient.load({ threads: threadsFor(file) })] : stretches.map((_, lane) => ffmpegLaneClient(lane).load({ threads: 1 }));
  await Promise.allSettled(loads);
}

/** Encoders of one sound at once on this page (./encoder-lanes.ts). */
const lanesHere = () => encoderLaneCount(navigator.hardwareConcurrency || 1, threadCap());

/** The ffmpeg engine's threads for this file on this page. */
const threadsFor = (file: File) => ffmpegThreads(file, { isolated: globalThis.crossOriginIsolated, cores: navigator.hardwareConcurrency || 1, cap: threadCap() });
