// The frame's progress bar: real progress in whole percent, 0-100.
import { useId } from "react";

export function ProgressBar({ percent, label = "Progress", compact = false }: { percent: number; label?: string; compact?: boolean }) {
  const labelId = useId();
  return (
    <div className={compact ? "mt-1" : "mt-4"}>
      <div className={compact ? "sr-only" : "mb-1 flex justify-between text-sm"}>
        <span id={labelId}>{label}</span>
        <span className="tabular-nums" aria-hidden="true">
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
