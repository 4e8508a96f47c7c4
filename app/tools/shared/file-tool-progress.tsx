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
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-150" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
