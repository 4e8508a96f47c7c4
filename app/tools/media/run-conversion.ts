// The page's side of one media conversion: read the file (mediabunny first; the ffmpeg engine when
// mediabunny cannot read the container), plan it (codecs/media/plan.ts decides copy or re-encode and
// which engine), then run the plan in that engine's worker. Both workers start lazily and only on
// media tool pages; the ffmpeg core (32 MB of wasm) loads only when a plan or a probe needs it.
import { CodecFailure } from "#codecs/common/codec-failure.ts";
import type { ConversionPlan, EncoderSupport, MediaInfo, OutputSink } from "#codecs/media/media-types.ts";
import { ffmpegEngine, webcodecsEngine } from "./engines";

export interface ProbedFile {
  info: MediaInfo;
  /** what the browser encodes; null when only the ffmpeg engine could read the file */
  encoders: EncoderSupport | null;
}

export type EnginePhase = "loading" | "converting";

interface RunOptions {
  signal: AbortSignal;
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
    const { info, encoders } = await webcodecsEngine().probe({ file }, { signal, stallMs: ENGINE_STALL_MS });
    return { info, encoders };
  } catch (error) {
    if (!needsFfmpeg(error)) throw error;
  }
  const ffmpeg = ffmpegEngine();
  onPhase?.("loading");
  await ffmpeg.load({}, { signal });
  onPhase?.("converting");
  const { info } = await ffmpeg.probe({ file }, { signal, stallMs: ENGINE_STALL_MS });
  return { info, encoders: null };
}

export async function runPlan(
  file: File,
  plan: ConversionPlan,
  sink: OutputSink,
  picture: File | null,
  { signal, onPhase, onProgress }: RunOptions & { onProgress: (fraction: number) => void },
): Promise<Blob> {
  if (plan.engine === "ffmpeg") {
    onPhase?.("loading");
    await ffmpegEngine().load({}, { signal });
  }
  onPhase?.("converting");
  const engine = plan.engine === "ffmpeg" ? ffmpegEngine() : webcodecsEngine();
  const { output } = await engine.convert({ file, plan, sink, picture }, { signal, onProgress, stallMs: ENGINE_STALL_MS });
  return output;
}
