// The buttons at the end of a row of the several-files list: Move up / Move down (the order the
// files convert in, and the order of a combined result), the row's own download, and Remove.
import { ChevronDown, ChevronUp, Download, X } from "lucide-react";
import { buttonClass } from "#app/components/ui/button.tsx";
import type { BatchRow } from "./file-tool-batch.ts";
import type { ShownResult } from "./file-tool-types.ts";

export interface RowActionsProps {
  row: BatchRow<ShownResult>;
  /** the row's download name when it has its own result */
  downloadName: string | undefined;
  first: boolean;
  last: boolean;
  /** a conversion runs: the order cannot change */
  busy: boolean;
  onMove: (id: number, by: -1 | 1) => void;
  onRemove: (id: number) => void;
}

// Square icon buttons of their own (the shared Button's px-4 would win over a px-2 and widen them):
// three fit beside the file's name on a 375 px screen. At either end a move button is aria-disabled
// rather than disabled, so the keyboard focus stays on it when its row reaches the top or the bottom.
const iconClass =
  "inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-slate-700 transition-colors hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-700";

export function RowActions({ row, downloadName, first, last, busy, onMove, onRemove }: RowActionsProps) {
  const name = row.file.name;
  const move = (by: -1 | 1, atEnd: boolean) => {
    if (!atEnd) onMove(row.id, by);
  };
  return (
    <div className="ml-auto flex shrink-0 items-center gap-1">
      {row.status.kind === "done" ? (
        <a
          href={row.status.result.url}
          download={downloadName ?? row.status.result.fileName}
          aria-label={`Download ${downloadName ?? row.status.result.fileName}`}
          className={buttonClass("secondary", "shrink-0 px-2 sm:px-3")}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Download</span>
        </a>
      ) : null}
      <button type="button" className={iconClass} aria-label={`Move up ${name}`} title="Move up" disabled={busy} aria-disabled={first || undefined} onClick={() => move(-1, first)}>
        <ChevronUp className="h-4 w-4" aria-hidden="true" />
      </button>
      <button type="button" className={iconClass} aria-label={`Move down ${name}`} title="Move down" disabled={busy} aria-disabled={last || undefined} onClick={() => move(1, last)}>
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </button>
      <button type="button" className={iconClass} aria-label={`Remove ${name}`} title="Remove" onClick={() => onRemove(row.id)}>
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
