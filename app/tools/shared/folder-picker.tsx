// "Choose folder" under the frame's drop zone (decision 050): the directory picker where the browser
// has it, a `webkitdirectory` input otherwise; then what will convert and what is skipped, the
// choice of destination (a folder where the browser can write one, else one zip), the progress in
// files and bytes with Cancel, and the list of skipped files with their reasons.
import { CircleAlert, CircleCheck, FolderArchive, FolderInput, FolderOpen, LoaderCircle } from "lucide-react";
import { useRef, useSyncExternalStore } from "react";
import { Button } from "#app/components/ui/button.tsx";
import type { FileAccept } from "./file-accept.ts";
import { formatFileSize } from "./file-names.ts";
import { RefusalLine } from "./file-tool-messages.tsx";
import { ProgressBar } from "./file-tool-progress.tsx";
import type { ConvertFunction } from "./file-tool-types.ts";
import { folderProgress, type SkippedFile } from "./folder-batch.ts";
import { hasDirectoryPicker } from "./folder-output.ts";
import { useFolderBatch, type FolderState } from "./use-folder-batch.ts";

/** whether the browser has the directory picker never changes while the page is open */
const noSubscription = () => () => {};

/** The skipped files listed on the page; the rest are counted ("and 1,234 more"). */
const MAX_LISTED = 200;

export interface FolderConversionProps {
  accept: FileAccept;
  convert: ConvertFunction;
  beforeConvert?: ((file: File) => { title: string; description: string } | null | undefined) | undefined;
  failureDescription: string;
  /** the tool's own reason to keep Convert off (invalid options) */
  disabled?: boolean;
}

export function FolderConversion({ accept, convert, beforeConvert, failureDescription, disabled = false }: FolderConversionProps) {
  const folder = useFolderBatch({ accept, convert, beforeConvert, failureDescription });
  const inputRef = useRef<HTMLInputElement>(null);
  // known only in the browser: the server renders the input fallback
  const canPick = useSyncExternalStore(noSubscription, hasDirectoryPicker, () => false);
  const { state } = folder;
  const running = state.phase === "running";

  return (
    <section className="mt-4 rounded-lg border border-slate-200 px-3 py-3 text-sm dark:border-slate-700" aria-label="Convert a whole folder" data-testid="folder-conversion">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-600 dark:text-slate-400">Or convert every file in a folder and its sub-folders, keeping the structure.</p>
        <input
          ref={(element) => {
            inputRef.current = element;
            // not a React attribute: set on the element itself
            if (element) element.webkitdirectory = true;
          }}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="folder-input"
          onChange={(event) => {
            const chosen = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            if (chosen.length > 0) folder.chooseFiles(chosen);
          }}
        />
        <Button variant="secondary" className="shrink-0" disabled={running || state.phase === "reading"} onClick={() => (canPick ? void folder.pickFolder() : inputRef.current?.click())}>
          <FolderOpen className="h-4 w-4" aria-hidden="true" /> Choose folder
        </Button>
      </div>
      {folder.notice ? <RefusalLine refusal={folder.notice} testId="folder-notice" /> : null}
      <FolderBody state={state} canWrite={canPick} disabled={disabled} onStart={(to) => void folder.start(to)} onCancel={folder.cancel} />
    </section>
  );
}

function FolderBody({ state, canWrite, disabled, onStart, onCancel }: { state: FolderState; canWrite: boolean; disabled: boolean; onStart: (to: "folder" | "zip") => void; onCancel: () => void }) {
  if (state.phase === "idle") return null;
  if (state.phase === "reading") {
    return (
      <p className="mt-3 flex items-center gap-2 text-slate-600 dark:text-slate-400">
        <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> Reading the folder…
      </p>
    );
  }
  const { plan } = state;
  const count = plan.jobs.length;
  const skipped = state.phase === "chosen" ? plan.skipped : [...plan.skipped, ...state.failures];
  const running = state.phase === "running";
  return (
    <div className="mt-3 space-y-3" data-testid="folder-plan">
      <p className="break-words" data-testid="folder-summary">
        <span className="font-medium">{plan.root}</span>: {count} {count === 1 ? "file" : "files"} to convert ({formatFileSize(plan.totalBytes)})
        {plan.skipped.length > 0 ? `, ${plan.skipped.length} skipped` : ""}.
      </p>
      {count > 0 && !running ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          {canWrite ? (
            <Button className="w-full sm:w-auto" disabled={disabled} onClick={() => onStart("folder")}>
              <FolderInput className="h-4 w-4" aria-hidden="true" /> Convert into a folder…
            </Button>
          ) : null}
          <Button variant={canWrite ? "secondary" : "primary"} className="w-full sm:w-auto" disabled={disabled} onClick={() => onStart("zip")}>
            <FolderArchive className="h-4 w-4" aria-hidden="true" /> Convert to a zip
          </Button>
        </div>
      ) : null}
      {state.phase === "chosen" ? null : <RunStatus state={state} onCancel={onCancel} />}
      {skipped.length > 0 ? <SkippedList skipped={skipped} /> : null}
    </div>
  );
}

function RunStatus({ state, onCancel }: { state: Extract<FolderState, { counts: unknown }>; onCancel: () => void }) {
  const { percent, text } = folderProgress(state.plan, state.counts);
  const where = state.kind === "zip" ? state.destination : `the folder ${state.destination}`;
  const written = `${state.counts.written} ${state.counts.written === 1 ? "file" : "files"}`;
  return (
    <div data-testid="folder-run">
      {state.phase === "running" ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <ProgressBar percent={percent} label={`Converting into ${where}`} />
          </div>
          <Button variant="secondary" className="w-full sm:w-auto" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      ) : null}
      <p aria-live="polite" className="mt-2 text-slate-600 dark:text-slate-400" data-testid="folder-status">
        {state.phase === "running" ? `${text}.` : null}
        {state.phase === "done" ? (
          <span className="flex items-start gap-2 text-green-700 dark:text-green-400">
            <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {state.kind === "zip" ? `Done: ${written} in ${state.destination} (saved to your downloads).` : `Done: ${written} written to ${where}.`}
          </span>
        ) : null}
        {state.phase === "cancelled" ? state.message : null}
        {state.phase === "stopped" ? (
          <span className="flex items-start gap-2 text-red-700 dark:text-red-400">
            <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            Stopped after {written}: {state.message}
          </span>
        ) : null}
      </p>
    </div>
  );
}

function SkippedList({ skipped }: { skipped: readonly SkippedFile[] }) {
  const shown = skipped.slice(0, MAX_LISTED);
  return (
    <div>
      <p className="font-medium">Skipped ({skipped.length})</p>
      <ul className="mt-1 max-h-64 space-y-1 overflow-y-auto text-xs" data-testid="folder-skipped">
        {shown.map(({ path, reason }) => (
          <li key={path} className="break-words">
            <span className="font-medium">{path}</span>: <span className="text-slate-600 dark:text-slate-400">{reason}</span>
          </li>
        ))}
      </ul>
      {skipped.length > shown.length ? <p className="mt-1 text-xs text-slate-500">and {(skipped.length - shown.length).toLocaleString("en")} more.</p> : null}
    </div>
  );
}
