// The frame with several files: one row per file with its name, size, status, progress and its
// buttons (./file-tool-row-actions.tsx). The tool's big preview is left out here; each row shows its
// summary. While a combined job exists, the accepted rows say they are part of it. Where the tool
// shows a file's facts, a row's name picks the file they describe (outlined).
import { CircleAlert, CircleCheck, FileIcon, Layers, LoaderCircle } from "lucide-react";
import type { BatchRow, JobStatus, RowStatus } from "./file-tool-batch.ts";
import { formatFileSize } from "./file-names.ts";
import { TechnicalDetails } from "./file-tool-messages.tsx";
import { ProgressBar } from "./file-tool-progress.tsx";
import { RowActions } from "./file-tool-row-actions.tsx";
import type { ShownResult } from "./file-tool-types.ts";

export interface RowListProps {
  rows: readonly BatchRow<ShownResult>[];
  /** the download name of each finished row, unique within the list (the same names as in the zip) */
  downloadNames: ReadonlyMap<number, string>;
  /** the combined job, when Convert made (or makes) one result of the list */
  combined: JobStatus<ShownResult> | null;
  /** a conversion runs: the order cannot change */
  busy: boolean;
  onMove: (id: number, by: -1 | 1) => void;
  onRemove: (id: number) => void;
  /**
   * The tool describes one file at a time (its facts panel): the row it describes, and how to pick
   * another (the file's name becomes a button). Absent: the tool shows no facts.
   */
  inspection?: { id: number | undefined; onInspect: (id: number) => void } | undefined;
}

export function RowList({ rows, downloadNames, combined, busy, onMove, onRemove, inspection }: RowListProps) {
  return (
    <ul className="mt-4 space-y-2" aria-label="Chosen files" data-testid="batch-rows">
      {rows.map((row, index) => (
        // wraps on a narrow screen: the buttons go under the name rather than squeezing it
        <li
          key={row.id}
          className={`flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800 ${inspection?.id === row.id ? "ring-2 ring-brand-500" : ""}`}
          data-testid="batch-row"
        >
          {combined && row.status.kind !== "refused" ? <Layers className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" /> : <StatusIcon status={row.status} />}
          <div className="min-w-0 flex-1 basis-28 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2">
              {inspection && row.status.kind !== "refused" ? (
                <button
                  type="button"
                  className="cursor-pointer text-left font-medium break-all underline decoration-dotted underline-offset-4 hover:text-brand-700 dark:hover:text-brand-300"
                  aria-pressed={inspection.id === row.id}
                  title="Show this file's information"
                  onClick={() => inspection.onInspect(row.id)}
                >
                  {row.file.name}
                </button>
              ) : (
                <span className="font-medium break-all">{row.file.name}</span>
              )}
              <span className="text-slate-500 dark:text-slate-400">{formatFileSize(row.file.size)}</span>
            </p>
            <p className={statusClass(row.status)} data-testid="batch-row-status">
              {combined && row.status.kind !== "refused" ? combinedText(combined) : statusText(row.status, downloadNames.get(row.id))}
            </p>
            {combined ? null : <TechnicalDetails detail={row.status.kind === "failed" ? row.status.detail : row.status.kind === "refused" ? row.status.refusal.detail : null} />}
            {row.status.kind === "converting" ? <ProgressBar percent={row.status.percent} label={`Progress of ${row.file.name}`} compact /> : null}
            {row.status.kind === "done" && row.status.result.summary ? (
              <p className="mt-0.5 text-xs break-words text-slate-600 dark:text-slate-400">{row.status.result.summary}</p>
            ) : null}
          </div>
          <RowActions
            row={row}
            downloadName={downloadNames.get(row.id)}
            first={index === 0}
            last={index === rows.length - 1}
            busy={busy}
            onMove={onMove}
            onRemove={onRemove}
          />
        </li>
      ))}
    </ul>
  );
}

function statusText(status: RowStatus<ShownResult>, downloadName: string | undefined): string {
  switch (status.kind) {
    case "refused":
      return `${status.refusal.title}: ${status.refusal.description}`;
    case "ready":
      return "Ready";
    case "queued":
      return "Waiting";
    case "converting":
      return `Converting ${status.percent}%`;
    case "done":
      return `Done: ${downloadName ?? status.result.fileName} (${formatFileSize(status.result.blob.size)})`;
    case "failed":
      return `Could not be converted: ${status.message}`;
    case "cancelled":
      return "Cancelled";
  }
}

/** An accepted row's part in the combined job. */
function combinedText(combined: JobStatus<ShownResult>): string {
  switch (combined.kind) {
    case "queued":
    case "converting":
      return "Going into the combined file";
    case "done":
      return "In the combined file";
    case "failed":
      return "Not combined: the conversion failed";
    case "cancelled":
      return "Cancelled";
  }
}

function statusClass(status: RowStatus<ShownResult>): string {
  const failed = status.kind === "failed" || status.kind === "refused";
  return `mt-0.5 break-words ${failed ? "text-red-600 dark:text-red-400" : "text-slate-600 dark:text-slate-400"}`;
}

function StatusIcon({ status }: { status: RowStatus<ShownResult> }) {
  const className = "mt-0.5 h-5 w-5 shrink-0";
  if (status.kind === "done") return <CircleCheck className={`${className} text-green-600`} aria-hidden="true" />;
  if (status.kind === "failed" || status.kind === "refused") return <CircleAlert className={`${className} text-red-600`} aria-hidden="true" />;
  if (status.kind === "converting") return <LoaderCircle className={`${className} animate-spin text-brand-600`} aria-hidden="true" />;
  return <FileIcon className={`${className} text-brand-600`} aria-hidden="true" />;
}
