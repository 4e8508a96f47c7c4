// The frame with several files: one row per file with its name, size, status, progress, its own
// download and a Remove button. The tool's big preview is left out here; each row shows its summary.
import { CircleAlert, CircleCheck, Download, FileIcon, LoaderCircle, X } from "lucide-react";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import type { BatchRow, RowStatus } from "./file-tool-batch";
import { formatFileSize } from "./file-names";
import { ProgressBar } from "./file-tool-progress";
import type { ShownResult } from "./file-tool-types";

export interface RowListProps {
  rows: readonly BatchRow<ShownResult>[];
  /** the download name of each finished row, unique within the list (the same names as in the zip) */
  downloadNames: ReadonlyMap<number, string>;
  onRemove: (id: number) => void;
}

export function RowList({ rows, downloadNames, onRemove }: RowListProps) {
  return (
    <ul className="mt-4 space-y-2" aria-label="Chosen files" data-testid="batch-rows">
      {rows.map((row) => (
        <li key={row.id} className="flex items-start gap-3 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800" data-testid="batch-row">
          <StatusIcon status={row.status} />
          <div className="min-w-0 flex-1 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium break-all">{row.file.name}</span>
              <span className="text-slate-500 dark:text-slate-400">{formatFileSize(row.file.size)}</span>
            </p>
            <p className={statusClass(row.status)} data-testid="batch-row-status">
              {statusText(row.status, downloadNames.get(row.id))}
            </p>
            {row.status.kind === "converting" ? <ProgressBar percent={row.status.percent} label={`Progress of ${row.file.name}`} compact /> : null}
            {row.status.kind === "done" && row.status.result.summary ? (
              <p className="mt-0.5 text-xs break-words text-slate-600 dark:text-slate-400">{row.status.result.summary}</p>
            ) : null}
          </div>
          {row.status.kind === "done" ? (
            <a
              href={row.status.result.url}
              download={downloadNames.get(row.id) ?? row.status.result.fileName}
              aria-label={`Download ${downloadNames.get(row.id) ?? row.status.result.fileName}`}
              className={buttonClass("secondary", "shrink-0 px-2 sm:px-3")}
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              <span className="hidden sm:inline">Download</span>
            </a>
          ) : null}
          <Button variant="ghost" className="shrink-0 px-2" aria-label={`Remove ${row.file.name}`} onClick={() => onRemove(row.id)}>
            <X className="h-4 w-4" aria-hidden="true" />
          </Button>
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
      return `Failed: ${status.message}`;
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
