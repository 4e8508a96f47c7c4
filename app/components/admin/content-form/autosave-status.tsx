import { autosaveStatusText, clockTime, type AutosaveStatus } from "#app/lib/admin/autosave.ts";

/** The editor's save line: "Unsaved changes", "Saved at 10:42", "Saving…" or why it was not saved (announced politely). */
export function AutosaveStatusLine({ status, enabled, dirty }: { status: AutosaveStatus; enabled: boolean; dirty: boolean }) {
  const text = autosaveStatusText(dirty && (status.state === "idle" || status.state === "saved") ? { state: "pending" } : status, clockTime);
  const error = status.state === "error";
  return (
    <p role="status" data-testid="autosave-status" className={`min-h-5 text-sm ${error ? "text-red-600" : "text-slate-500"}`}>
      {text || (enabled ? "Drafts save automatically while you type." : "Published: changes go live only with Save Changes.")}
    </p>
  );
}
