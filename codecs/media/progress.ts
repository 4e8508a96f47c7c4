// Honest progress: seconds of media written ÷ seconds the output will hold. Engines report media
// time, not bytes; the ffmpeg core's own ratio divides by the whole input's length, which is wrong
// for a trim, so the page computes it here from the plan.
import type { ConversionPlan } from "./media-types.ts";

/** The time left is not guessed before this fraction of the work and this much time have passed. */
export const ETA_MIN_FRACTION = 0.03;
export const ETA_MIN_MS = 1000;

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * The fraction done (0–1) after `processedSeconds` of output, counted from the trim start (0 at the
 * start of the trimmed part). Null when the length is unknown: the page shows an indeterminate bar.
 */
export function progressOf(processedSeconds: number, plan: Pick<ConversionPlan, "outputSeconds">): number | null {
  const total = plan.outputSeconds;
  if (total === null || !Number.isFinite(processedSeconds)) return null;
  if (total <= 0) return 1;
  return clamp01(processedSeconds / total);
}

/** The same for an engine that reports the source's own timestamp (trim start not yet subtracted). */
export function progressAtSourceTime(sourceSeconds: number, plan: Pick<ConversionPlan, "outputSeconds" | "trim">): number | null {
  return progressOf(sourceSeconds - plan.trim.startSeconds, plan);
}

/** Seconds left at this rate, or null until 3 % and 1 s have passed (earlier guesses swing wildly). */
export function etaSeconds(fraction: number, elapsedMs: number): number | null {
  if (!Number.isFinite(fraction) || !Number.isFinite(elapsedMs)) return null;
  if (fraction < ETA_MIN_FRACTION || elapsedMs < ETA_MIN_MS) return null;
  if (fraction >= 1) return 0;
  return ((elapsedMs / 1000) * (1 - fraction)) / fraction;
}

/** "about 12 s left", "about 3 min left", "about 1 h 5 min left". */
export function formatEta(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "";
  if (seconds < 59.5) return `about ${Math.max(1, Math.round(seconds))} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h left` : `about ${hours} h ${rest} min left`;
}
