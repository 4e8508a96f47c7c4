// How the file-tool frame says that something did not work: one line where the visitor looks (the
// file's line, its row, or under the buttons), the reason in plain words, and its technical part
// (a signature, an engine's name) folded into "Details" (issue 31, finding 1).
import { CircleAlert } from "lucide-react";
import type { Ref } from "react";
import type { Refusal } from "./file-tool-batch.ts";

/** The technical part of a reason (or of how a result was made), closed until asked for. */
export function TechnicalDetails({ detail }: { detail: string | null | undefined }) {
  if (!detail) return null;
  return (
    <details className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="reason-details">
      <summary className="cursor-pointer select-none">Details</summary>
      <p className="mt-1 break-words">{detail}</p>
    </details>
  );
}

interface ReasonLineProps {
  title: string;
  message: string;
  detail?: string | null | undefined;
  testId: string;
  /** an alert is read out as it appears (a refusal); a revealed line gets focus instead */
  alert?: boolean;
  /** the file it is about, named above the reason (one file: its own line is gone) */
  fileName?: string | undefined;
  lineRef?: Ref<HTMLDivElement>;
}

/** "Title: reason." in red with its icon, and the details under it. */
export function ReasonLine({ title, message, detail, testId, alert = false, lineRef, fileName }: ReasonLineProps) {
  return (
    <div
      ref={lineRef}
      {...(alert ? { role: "alert" } : {})}
      {...(lineRef ? { tabIndex: -1 } : {})}
      className="mt-4 flex items-start gap-2 text-sm text-red-600 outline-none dark:text-red-400"
      data-testid={testId}
    >
      <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        {fileName ? <p className="font-medium break-all text-slate-800 dark:text-slate-200">{fileName}</p> : null}
        <p className="break-words" data-testid="reason">
          <span className="font-semibold">{title}:</span> {message}
        </p>
        <TechnicalDetails detail={detail} />
      </div>
    </div>
  );
}

/** A file refused before converting (wrong type, empty, or read and found unconvertible). */
export function RefusalLine({ refusal, testId, fileName }: { refusal: Refusal; testId: string; fileName?: string }) {
  return <ReasonLine title={refusal.title} message={refusal.description} detail={refusal.detail} testId={testId} alert fileName={fileName} />;
}
