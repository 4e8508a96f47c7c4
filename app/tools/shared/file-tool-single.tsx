// The frame with one file, exactly as it has always looked: the chosen file (or why it was
// refused) above the options, and the progress, failure or result below the buttons. A combined
// job over several files shows its progress and result the same way.
import { CircleCheck, Download, FileIcon, X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import type { BatchRow, RowStatus } from "./file-tool-batch.ts";
import { formatFileSize } from "./file-names.ts";
import { ProgressBar } from "./file-tool-progress.tsx";
import { ReasonLine, RefusalLine } from "./file-tool-messages.tsx";
import { CANCELLED_MESSAGE, type FileToolResult, type ShownResult } from "./file-tool-types.ts";

export function SingleFileChoice({ row, onRemove }: { row: BatchRow<ShownResult> | undefined; onRemove: (id: number) => void }) {
  if (!row) return null;
  if (row.status.kind === "refused") return <RefusalLine refusal={row.status.refusal} testId="file-refusal" fileName={row.file.name} />;
  return (
    <div className="mt-4 flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800" data-testid="selected-file">
      <FileIcon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm">
        <span className="block font-medium break-all">{row.file.name}</span>
        <span className="text-slate-500 dark:text-slate-400">{formatFileSize(row.file.size)}</span>
      </p>
      <Button variant="ghost" className="shrink-0 px-2" aria-label={`Remove ${row.file.name}`} onClick={() => onRemove(row.id)}>
        <X className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}

export interface OutcomeTexts {
  successTitle: string;
  /** the line under the title ("Your DDS file has been converted to PNG") */
  successDescription: string | ((result: FileToolResult) => string);
  failureTitle: string;
  downloadLabel: string;
  renderPreview: ((result: ShownResult) => ReactNode) | undefined;
  /** shown beside the percentage while converting (the time left) */
  progressNote?: string;
}

/** The outcome of the one job: the one file's conversion, or the combined one of several files. */
export function SingleFileOutcome({ status, texts }: { status: RowStatus<ShownResult> | undefined; texts: OutcomeTexts }) {
  const busy = status?.kind === "queued" || status?.kind === "converting";
  return (
    <>
      {busy ? <ProgressBar percent={status.kind === "converting" ? status.percent : 0} note={texts.progressNote} /> : null}
      <div aria-live="polite" data-testid="conversion-status">
        {status?.kind === "cancelled" ? <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{CANCELLED_MESSAGE}</p> : null}
        {status?.kind === "failed" ? <FailureLine title={texts.failureTitle} message={status.message} detail={status.detail} /> : null}
        {status?.kind === "done" ? <ResultPanel result={status.result} texts={texts} /> : null}
      </div>
    </>
  );
}

/**
 * Brings a conversion's outcome to the visitor when it appears (issue 31, finding 6): on a phone
 * it is a screen or more below the file picker. Focus moves there for screen readers; the page
 * scrolls only as far as needed, so on a desktop where it is already in view nothing moves.
 */
function useRevealed<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, []);
  return ref;
}

function FailureLine({ title, message, detail }: { title: string; message: string; detail: string | null }) {
  const ref = useRevealed<HTMLDivElement>();
  return <ReasonLine lineRef={ref} title={title} message={message} detail={detail} testId="conversion-failure" />;
}

function ResultPanel({ result, texts }: { result: ShownResult; texts: OutcomeTexts }) {
  const ref = useRevealed<HTMLDivElement>();
  return (
    <div ref={ref} tabIndex={-1} className="mt-6 rounded-lg bg-brand-50 p-4 outline-none dark:bg-slate-800" data-testid="conversion-result">
      <p className="flex items-center gap-2 font-semibold">
        <CircleCheck className="h-5 w-5 shrink-0 text-green-600" aria-hidden="true" /> {texts.successTitle}
      </p>
      <p className="mt-1 text-sm break-words" data-testid="conversion-description">
        {typeof texts.successDescription === "function" ? texts.successDescription(result) : texts.successDescription}
      </p>
      {result.summary ? <p className="mt-2 text-sm break-all">{result.summary}</p> : null}
      {texts.renderPreview ? <div className="mt-4">{texts.renderPreview(result)}</div> : null}
      <div className="mt-4 flex flex-col items-start gap-2 sm:flex-row sm:items-center">
        <a href={result.url} download={result.fileName} className={buttonClass("primary", "w-full sm:w-auto")}>
          <Download className="h-4 w-4" aria-hidden="true" /> {texts.downloadLabel}
        </a>
        <span className="text-sm break-all text-slate-600 dark:text-slate-400">
          {result.fileName} ({formatFileSize(result.blob.size)})
        </span>
      </div>
    </div>
  );
}
