// The frame's progress bar: real progress in whole percent, 0-100.
import { useId } from "react";

/** `note`: a short line beside the percentage, e.g. the time left */
export function ProgressBar({ percent, label = "Progress", compact = false, note }: { percent: number; label?: string; compact?: boolean; note?: string }) {
  const labelId = useId();
  return (
    <div className={compact ? "mt-1" : "mt-4"}>
      <div className={compact ? "sr-only" : "mb-1 flex justify-between text-sm"}>
        <span id={labelId}>{label}</span>
        <span className="tabular-nums" aria-hidden="true">
          {note ? <span className="mr-2 text-slate-500 dark:text-slate-400" data-testid="progress-note">{note}</span> : null}
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className={`${compact ? "h-1.5" : "h-2.5"} overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700`}
      >
        {/* scaled, not sized: a transform moves on the compositor, where a width transition would lay out,
            paint and hit-test the page every frame for as long as a conversion reports progress (issue 33:
            that was a second core's worth of a 2-core machine during a media conversion) */}
        <div className="h-full origin-left bg-brand-600 transition-transform duration-150 motion-reduce:transition-none" style={{ transform: `scaleX(${percent / 100})` }} />
      </div>
    </div>
  );
}
