// The chosen file's facts as the page read them (./use-file-probe.ts): a spinner while reading, the
// tool's text when it could not be read for no stated reason, else a panel of labelled lines.
import { CircleAlert, LoaderCircle, type LucideIcon } from "lucide-react";
import type { FileProbe } from "./use-file-probe.ts";

import type { FactLine } from "#codecs/common/fact-line.ts";

export type { FactLine };

export interface ProbeStatusProps<T> {
  probe: FileProbe<T>;
  /** the panel's lines for what was read */
  facts: (result: T) => FactLine[];
  icon: LucideIcon;
  /** shown while an engine loads before the file can be read */
  loadingEngineText?: string;
  testId: string;
}

export function ProbeStatus<T>({ probe, facts, icon: Icon, loadingEngineText, testId }: ProbeStatusProps<T>) {
  if (probe.kind === "none") return null;
  if (probe.kind === "reading") {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" data-testid={testId}>
        <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
        {probe.loadingEngine && loadingEngineText ? loadingEngineText : "Reading the file..."}
      </p>
    );
  }
  // a reason the reader gave is said on the file's own line by the frame (see useFileProbe)
  if (probe.kind === "failed" && probe.reason) return null;
  if (probe.kind === "failed") {
    return (
      <p role="alert" className="flex items-start gap-2 text-sm text-red-600 dark:text-red-400" data-testid={testId}>
        <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {probe.message}
      </p>
    );
  }
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800" data-testid={testId}>
      {/* named: with several files chosen, the panel reads the first (issue 31, finding 7) */}
      <p className="flex items-center gap-2 font-medium">
        <Icon className="h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" /> <span className="min-w-0 break-all">What {probe.file.name} holds</span>
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
        {facts(probe.result).map(({ label, value }) => (
          <div key={label} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="min-w-0 break-words text-slate-800 dark:text-slate-200">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
