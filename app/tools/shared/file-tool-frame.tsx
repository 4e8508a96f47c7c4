// The one frame every file converter uses: choose
// files (button, drag and drop, or paste), check each against the tool's rule, convert with real
// progress and a Cancel button, then download the results. The conversion itself is the tool's
// `convert` function, which does its heavy work in a worker (./worker-bridge.ts) and honours the
// AbortSignal, so the page stays responsive.
//
// One file looks and behaves as the frame always did. Several files (chosen, dropped or pasted
// together; a new choice replaces the list) get one row each; Convert runs them one after another
// (or `concurrency` at once) with the options on the page, a failed or refused file does not stop
// the others, Cancel stops the running one and the queue, and "Download all" makes one zip. Each row
// can move up or down: that order is the order of the queue. A tool with `combine` also offers a
// checkbox that makes Convert run ONE job over all the accepted files in that order (several images
// → one PDF), with one progress bar, one Cancel and one result, shown as a single file's is.
import { CircleAlert, CircleCheck, FolderDown, LoaderCircle } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useIncomingFiles } from "#app/lib/pwa/incoming-files.ts";
import type { FileAccept } from "./file-accept.ts";
import { batchSummary, combineOffered, convertibleRows, doneResults, inspectedRow, isBusy, tally, type BatchState } from "./file-tool-batch.ts";
import { CombineChoice } from "./file-tool-combine.tsx";
import { DropZone } from "./file-tool-drop-zone.tsx";
import { downloadNames } from "./file-tool-outputs.ts";
import { FolderConversion } from "./folder-picker.tsx";
import { RefusalLine } from "./file-tool-messages.tsx";
import { RowList } from "./file-tool-rows.tsx";
import { SingleFileChoice, SingleFileOutcome } from "./file-tool-single.tsx";
import { DEFAULT_FAILURE_DESCRIPTION, DEFAULT_FAILURE_TITLE, type CombineOption, type ConvertFunction, type FileToolResult, type ShownResult } from "./file-tool-types.ts";
import { useFileBatch, type Unconvertible } from "./use-file-batch.ts";

export { outputFileName } from "./file-names.ts";
export type { Unconvertible } from "./use-file-batch.ts";
export { filesOfZip, type OutputFile } from "./file-tool-zip.ts";
export {
  CANCELLED_MESSAGE,
  DEFAULT_FAILURE_DESCRIPTION,
  DEFAULT_FAILURE_TITLE,
  type CombineFunction,
  type CombineOption,
  type ConvertContext,
  type ConvertFunction,
  type FileToolResult,
  type ShownResult,
} from "./file-tool-types.ts";

export interface FileToolFrameProps {
  accept: FileAccept;
  /** called once per file, in list order, with the options the page shows at that moment */
  convert: ConvertFunction;
  /**
   * files converted at once; more than 1 only when the tool's work is safe to run side by side (a
   * tool with one worker bridge gains nothing: the bridge runs its jobs one after another anyway)
   */
  concurrency?: number;
  convertLabel?: string;
  /** the Convert button's text while converting (spec: 'Converting...') */
  busyLabel?: string;
  downloadLabel?: string;
  chooseLabel?: string;
  /** the name of "Download all"'s zip */
  zipName?: string;
  /** the tool's options (format choice, sizes...), shown above the Convert button; they apply to every file */
  options?: ReactNode;
  /** a preview of the result shown above the Download button (one file only; rows show the summary) */
  renderPreview?: (result: ShownResult) => ReactNode;
  successTitle: string;
  successDescription: string | ((result: FileToolResult) => string);
  failureTitle?: string;
  failureDescription?: string;
  /** checked for each file when Convert is pressed: a refusal is shown beside the button and nothing runs (e.g. 'No Sizes Selected') */
  beforeConvert?: (file: File) => { title: string; description: string } | null | undefined;
  /** keeps Convert disabled (e.g. while the tool's engine loads) */
  convertDisabled?: boolean;
  /** shown beside the progress percentage of a single file while it converts (e.g. "about 12 s left") */
  progressNote?: string;
  /**
   * told about the file to describe (null when there is none) whenever it changes: the first
   * accepted file of the list, or the row whose name the visitor clicked
   */
  onFileChange?: (file: File | null) => void;
  /**
   * A file the tool read (after onFileChange) and found it cannot convert: its line or row says
   * why, once, and Convert passes it by (the tool shows no message of its own for it).
   */
  unconvertible?: Unconvertible | null;
  /**
   * Offers to make ONE result of two or more accepted files, in the list's order (a checkbox with
   * `label`, off by default); `successDescription` and `renderPreview` apply to it as to
   * a single file's result. Absent: files always convert one by one.
   */
  combine?: CombineOption;
}

export function FileToolFrame({
  accept,
  convert,
  concurrency = 1,
  convertLabel = "Convert",
  busyLabel = "Converting...",
  downloadLabel = "Download",
  chooseLabel = "Choose File",
  zipName = "converted-files.zip",
  options,
  renderPreview,
  successTitle,
  successDescription,
  failureTitle = DEFAULT_FAILURE_TITLE,
  failureDescription = DEFAULT_FAILURE_DESCRIPTION,
  beforeConvert,
  convertDisabled = false,
  progressNote,
  onFileChange,
  unconvertible = null,
  combine,
}: FileToolFrameProps) {
  const batch = useFileBatch({ accept, convert, concurrency, failureDescription, beforeConvert, onFileChange, zipName, combine });
  const { refuse } = batch;
  useEffect(() => {
    if (unconvertible) refuse(unconvertible);
  }, [unconvertible, refuse]);
  // files the launch page (/open) handed over, or the installed app was launched with: as if dropped
  useIncomingFiles(batch.select);
  const { state } = batch;
  const busy = isBusy(state);
  const several = state.rows.length > 1;
  const done = doneResults(state);
  const outcomeTexts = { successTitle, successDescription, failureTitle, downloadLabel, renderPreview, progressNote };

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900" data-testid="file-tool-frame">
      <DropZone accept={accept} chooseLabel={chooseLabel} onFiles={batch.select} />
      <FolderConversion accept={accept} convert={convert} beforeConvert={beforeConvert} failureDescription={failureDescription} disabled={convertDisabled} />

      {several ? (
        <RowList
          rows={state.rows}
          downloadNames={downloadNames(done)}
          combined={state.combined}
          busy={busy}
          onMove={batch.move}
          onRemove={batch.remove}
          inspection={onFileChange ? { id: inspectedRow(state)?.id, onInspect: batch.inspect } : undefined}
        />
      ) : (
        <SingleFileChoice row={state.rows[0]} onRemove={batch.remove} />
      )}

      {combine && combineOffered(state, combine) ? <CombineChoice label={combine.label} checked={state.combine} disabled={busy} onChange={batch.setCombine} /> : null}

      {options ? <div className="mt-5">{options}</div> : null}

      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Button className="w-full sm:w-auto" disabled={convertibleRows(state).length === 0 || busy || convertDisabled} onClick={batch.start}>
          {busy ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {busy ? busyLabel : convertLabel}
        </Button>
        {busy ? (
          <Button variant="secondary" className="w-full sm:w-auto" onClick={batch.cancel}>
            Cancel
          </Button>
        ) : null}
        {several && done.length > 0 ? (
          <Button variant="secondary" className="w-full sm:w-auto" disabled={batch.zipping} onClick={() => void batch.downloadAll()}>
            {batch.zipping ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : <FolderDown className="h-4 w-4" aria-hidden="true" />}
            Download all
          </Button>
        ) : null}
      </div>
      {batch.blocked ? <RefusalLine refusal={batch.blocked} testId="convert-refusal" /> : null}
      {batch.zipFailed ? <RefusalLine refusal={{ title: "Download failed", description: "The zip could not be made. Please try again." }} testId="zip-failure" /> : null}

      {several && !state.combined ? <BatchStatus state={state} busy={busy} /> : null}
      {several && state.combined ? <SingleFileOutcome status={state.combined} texts={outcomeTexts} /> : null}
      {several ? null : <SingleFileOutcome status={state.rows[0]?.status} texts={outcomeTexts} />}
    </div>
  );
}

/**
 * How far the list has come while it converts, and once it is over, how it went: "6 of 12
 * converted — 6 could not be." with the names of those files (each row says why).
 */
function BatchStatus({ state, busy }: { state: BatchState<ShownResult>; busy: boolean }) {
  const summary = batchSummary(state);
  const { done, failed, cancelled } = tally(state);
  const total = convertibleRows(state).length;
  return (
    <div aria-live="polite" className="mt-4 text-sm" data-testid="conversion-status">
      {busy ? <p className="text-slate-600 dark:text-slate-400">{`${done} of ${total} converted${failed > 0 ? `, ${failed} could not be` : ""}${cancelled > 0 ? `, ${cancelled} cancelled` : ""}.`}</p> : null}
      {summary ? (
        <div className={`rounded-lg p-3 ${summary.outcome === "all" ? "bg-green-50 dark:bg-green-950" : "bg-amber-50 dark:bg-amber-950"}`} data-testid="batch-summary">
          <p className="flex items-start gap-2 font-semibold text-slate-900 dark:text-slate-100">
            {summary.outcome === "all" ? (
              <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
            ) : (
              <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
            )}
            {summary.text}
          </p>
          {summary.notConverted.length > 0 ? (
            <p className="mt-1 break-words text-slate-700 dark:text-slate-300">Not converted (the list above says why): {summary.notConverted.join(", ")}.</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
