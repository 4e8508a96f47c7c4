// The one frame every file converter uses (tool-catalogue.md §2 "File tools", §4 states): choose a
// file (button, drag and drop, or paste), check it against the tool's rule, convert with real
// progress and a Cancel button, then download the result. The conversion itself is the tool's
// `convert` function, which does its heavy work in a worker (./worker-bridge.ts) and honours the
// AbortSignal, so the page stays responsive.
import { CircleAlert, CircleCheck, Download, FileIcon, LoaderCircle, Upload, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { visitorMessage } from "../../../codecs/common/codec-failure.ts";
import { acceptAttribute, checkFile, type FileAccept } from "./file-accept";
import { formatFileSize } from "./file-names";
import { isAbortError } from "./worker-bridge";
import { clampFraction } from "./worker-protocol";

export { outputFileName } from "./file-names";

export interface FileToolResult {
  blob: Blob;
  /** the download's name, usually `outputFileName(file.name, "png")` */
  fileName: string;
  /** a URL to preview the output; a blob: URL is revoked by the frame with the result */
  previewUrl?: string;
  /** one line shown with the result ("512 × 512, 3 mipmaps") */
  summary?: string;
}

/** A result on screen: `url` is the object URL of `blob` (the download link), valid while it is shown. */
export type ShownResult = FileToolResult & { url: string };

export interface ConvertContext {
  signal: AbortSignal;
  /** real progress, a fraction in [0, 1]; never call it from a timer */
  onProgress: (fraction: number) => void;
}

export type ConvertFunction = (file: File, ctx: ConvertContext) => Promise<FileToolResult>;

export interface FileToolFrameProps {
  accept: FileAccept;
  convert: ConvertFunction;
  convertLabel?: string;
  /** the Convert button's text while converting (spec: 'Converting...') */
  busyLabel?: string;
  downloadLabel?: string;
  chooseLabel?: string;
  /** the tool's options (format choice, sizes...), shown above the Convert button */
  options?: ReactNode;
  /** a preview of the result shown above the Download button */
  renderPreview?: (result: ShownResult) => ReactNode;
  successTitle: string;
  successDescription: string | ((result: FileToolResult) => string);
  failureTitle?: string;
  failureDescription?: string;
  /** checked when Convert is pressed: a refusal is toasted and nothing runs (e.g. 'No Sizes Selected') */
  beforeConvert?: (file: File) => { title: string; description: string } | null | undefined;
  /** keeps Convert disabled (e.g. while the tool's engine loads) */
  convertDisabled?: boolean;
  /** told about every accepted file (or null when the choice is cleared or refused) */
  onFileChange?: (file: File | null) => void;
}

export const DEFAULT_FAILURE_TITLE = "Conversion failed";
export const DEFAULT_FAILURE_DESCRIPTION = "Unable to convert file. Please try again.";
export const CANCELLED_MESSAGE = "Conversion cancelled";

type Phase =
  | { kind: "idle" }
  | { kind: "converting"; percent: number }
  | { kind: "done"; result: ShownResult }
  | { kind: "failed"; message: string }
  | { kind: "cancelled" };

interface Run {
  id: number;
  controller: AbortController;
}

export function FileToolFrame({
  accept,
  convert,
  convertLabel = "Convert",
  busyLabel = "Converting...",
  downloadLabel = "Download",
  chooseLabel = "Choose File",
  options,
  renderPreview,
  successTitle,
  successDescription,
  failureTitle = DEFAULT_FAILURE_TITLE,
  failureDescription = DEFAULT_FAILURE_DESCRIPTION,
  beforeConvert,
  convertDisabled = false,
  onFileChange,
}: FileToolFrameProps) {
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<{ title: string; description: string } | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const runRef = useRef<Run | null>(null);
  const runCount = useRef(0);
  const urlsRef = useRef<string[]>([]);
  const ids = { input: useId(), hint: useId(), progress: useId() };

  const revokeUrls = useCallback(() => {
    for (const url of urlsRef.current) URL.revokeObjectURL(url);
    urlsRef.current = [];
  }, []);

  /** stops the running conversion without a word (a new file replaces it, or the page goes away) */
  const dropRun = useCallback(() => {
    const run = runRef.current;
    runRef.current = null;
    run?.controller.abort();
  }, []);

  useEffect(
    () => () => {
      dropRun();
      revokeUrls();
    },
    [dropRun, revokeUrls],
  );

  const selectFile = (chosen: File) => {
    dropRun();
    revokeUrls();
    setPhase({ kind: "idle" });
    const check = checkFile(chosen, accept);
    if (!check.ok) {
      setFile(null);
      setRefusal({ title: check.title, description: check.description });
      toast.error(check.title, { description: check.description });
      onFileChange?.(null);
      return;
    }
    setFile(chosen);
    setRefusal(null);
    onFileChange?.(chosen);
  };

  // Ctrl/Cmd+V of a file anywhere on the page chooses it (text pastes are left alone).
  const selectRef = useRef(selectFile);
  useEffect(() => {
    selectRef.current = selectFile;
  });
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const pasted = event.clipboardData?.files?.[0];
      if (!pasted) return;
      event.preventDefault();
      selectRef.current(pasted);
    };
    window.addEventListener("paste", onPaste);
    return () => window.removeEventListener("paste", onPaste);
  }, []);

  const clearFile = () => {
    dropRun();
    revokeUrls();
    setPhase({ kind: "idle" });
    setFile(null);
    setRefusal(null);
    onFileChange?.(null);
  };

  const start = async () => {
    if (runRef.current) return;
    const check = checkFile(file, accept);
    if (!file || !check.ok) {
      if (!check.ok) toast.error(check.title, { description: check.description });
      return;
    }
    const blocked = beforeConvert?.(file);
    if (blocked) {
      toast.error(blocked.title, { description: blocked.description });
      return;
    }
    revokeUrls();
    const run: Run = { id: ++runCount.current, controller: new AbortController() };
    runRef.current = run;
    setPhase({ kind: "converting", percent: 0 });
    const onProgress = (fraction: number) => {
      if (runRef.current !== run) return;
      const percent = Math.round(clampFraction(fraction) * 100);
      setPhase((p) => (p.kind === "converting" && p.percent !== percent ? { kind: "converting", percent } : p));
    };
    try {
      const result = await convert(file, { signal: run.controller.signal, onProgress });
      if (runRef.current !== run) {
        if (result.previewUrl?.startsWith("blob:")) URL.revokeObjectURL(result.previewUrl);
        return;
      }
      runRef.current = null;
      const url = URL.createObjectURL(result.blob);
      urlsRef.current = [url];
      if (result.previewUrl?.startsWith("blob:") && result.previewUrl !== url) urlsRef.current.push(result.previewUrl);
      setPhase({ kind: "done", result: { ...result, url } });
      toast.success(successTitle, { description: typeof successDescription === "function" ? successDescription(result) : successDescription });
    } catch (error) {
      // a cancelled or replaced run has already been dealt with
      if (runRef.current !== run) return;
      runRef.current = null;
      if (isAbortError(error)) {
        setPhase({ kind: "cancelled" });
        toast.message(CANCELLED_MESSAGE);
        return;
      }
      // only a CodecFailure's message is written for the visitor; anything else is for the console
      const detail = visitorMessage(error);
      if (detail === undefined) console.error(error);
      setPhase({ kind: "failed", message: detail ?? failureDescription });
      toast.error(failureTitle, { description: detail ? `${endSentence(failureDescription)} ${detail}` : failureDescription });
    }
  };

  const cancel = () => {
    if (!runRef.current) return;
    dropRun();
    setPhase({ kind: "cancelled" });
    toast.message(CANCELLED_MESSAGE);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) selectFile(dropped);
  };

  const converting = phase.kind === "converting";
  const accepted = accept.extensions.map((ext) => ext.toUpperCase()).join(", ");

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900" data-testid="file-tool-frame">
      <div
        data-testid="file-drop-zone"
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors ${
          dragging ? "border-brand-500 bg-brand-50 dark:bg-slate-800" : "border-slate-300 dark:border-slate-700"
        }`}
      >
        <Upload className="h-8 w-8 text-slate-400" aria-hidden="true" />
        <p id={ids.hint} className="text-sm text-slate-600 dark:text-slate-400">
          Drag and drop a file here, paste it (Ctrl+V), or choose one.
          <span className="mt-1 block text-xs">Accepted: {accepted}</span>
        </p>
        <input
          ref={inputRef}
          id={ids.input}
          type="file"
          accept={acceptAttribute(accept)}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (chosen) selectFile(chosen);
          }}
        />
        <Button variant="secondary" aria-describedby={ids.hint} onClick={() => inputRef.current?.click()}>
          <FileIcon className="h-4 w-4" aria-hidden="true" /> {chooseLabel}
        </Button>
      </div>

      {file ? (
        <div className="mt-4 flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800" data-testid="selected-file">
          <FileIcon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
          <p className="min-w-0 flex-1 text-sm">
            <span className="block font-medium break-all">{file.name}</span>
            <span className="text-slate-500 dark:text-slate-400">{formatFileSize(file.size)}</span>
          </p>
          <Button variant="ghost" className="shrink-0 px-2" aria-label={`Remove ${file.name}`} onClick={clearFile}>
            <X className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      ) : null}

      {refusal ? (
        <p role="alert" className="mt-4 flex items-start gap-2 text-sm text-red-600 dark:text-red-400" data-testid="file-refusal">
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-semibold">{refusal.title}:</span> {refusal.description}
          </span>
        </p>
      ) : null}

      {options ? <div className="mt-5">{options}</div> : null}

      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Button className="w-full sm:w-auto" disabled={!file || converting || convertDisabled} onClick={() => void start()}>
          {converting ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {converting ? busyLabel : convertLabel}
        </Button>
        {converting ? (
          <Button variant="secondary" className="w-full sm:w-auto" onClick={cancel}>
            Cancel
          </Button>
        ) : null}
      </div>

      {converting ? (
        <div className="mt-4">
          <div className="mb-1 flex justify-between text-sm">
            <span id={ids.progress}>Progress</span>
            <span className="tabular-nums" aria-hidden="true">
              {phase.percent}%
            </span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={ids.progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={phase.percent}
            className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width] duration-150" style={{ width: `${phase.percent}%` }} />
          </div>
        </div>
      ) : null}

      <div aria-live="polite" data-testid="conversion-status">
        {phase.kind === "cancelled" ? <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{CANCELLED_MESSAGE}</p> : null}
        {phase.kind === "failed" ? (
          <p className="mt-4 flex items-start gap-2 text-sm text-red-600 dark:text-red-400">
            <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              <span className="font-semibold">{failureTitle}:</span> {phase.message}
            </span>
          </p>
        ) : null}
        {phase.kind === "done" ? (
          <div className="mt-6 rounded-lg bg-brand-50 p-4 dark:bg-slate-800" data-testid="conversion-result">
            <p className="flex items-center gap-2 font-semibold">
              <CircleCheck className="h-5 w-5 shrink-0 text-green-600" aria-hidden="true" /> {successTitle}
            </p>
            {phase.result.summary ? <p className="mt-2 text-sm break-all">{phase.result.summary}</p> : null}
            {renderPreview ? <div className="mt-4">{renderPreview(phase.result)}</div> : null}
            <div className="mt-4 flex flex-col items-start gap-2 sm:flex-row sm:items-center">
              <a href={phase.result.url} download={phase.result.fileName} className={buttonClass("primary", "w-full sm:w-auto")}>
                <Download className="h-4 w-4" aria-hidden="true" /> {downloadLabel}
              </a>
              <span className="text-sm break-all text-slate-600 dark:text-slate-400">
                {phase.result.fileName} ({formatFileSize(phase.result.blob.size)})
              </span>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** A description followed by a reason reads as two sentences ("... your file" has no stop of its own in the spec). */
function endSentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text : `${text.trim()}.`;
}
