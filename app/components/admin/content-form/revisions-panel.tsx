import { History } from "lucide-react";
import { useNavigate } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { clockTime } from "#app/lib/admin/autosave.ts";
import { formatPostDate } from "#app/lib/blog.ts";
import { REVISION_TEXTS, type RevisionItem } from "#app/lib/admin/revisions.ts";

/**
 * The editor's Revisions list (the last 20 saves: when, who); "Restore" loads one into the editor
 * after a confirmation (the edit address with ?revision=ID), where saving makes it current again.
 */
export function RevisionsPanel({ revisions, loadedId }: { revisions: RevisionItem[]; loadedId: number | null }) {
  const navigate = useNavigate();
  return (
    <Card className="p-4 sm:p-6" data-testid="revisions">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <History className="h-4 w-4" aria-hidden="true" /> {REVISION_TEXTS.title}
      </h2>
      {revisions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{REVISION_TEXTS.empty}</p>
      ) : (
        <ol className="mt-3 flex max-h-80 flex-col divide-y divide-slate-100 overflow-y-auto">
          {revisions.map((r) => (
            <li key={r.id} data-testid="revision" className="flex items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-800">
                  <time dateTime={r.savedAt}>
                    {formatPostDate(r.savedAt)}, {clockTime(r.savedAt, "UTC")}
                  </time>
                  {r.autosave ? <span className="ml-1 text-xs font-normal text-slate-500">(autosave)</span> : null}
                </p>
                <p className="truncate text-xs text-slate-500" title={`${r.title} · ${r.author}`}>
                  {r.author || "unknown"} · {r.title}
                </p>
              </div>
              {loadedId === r.id ? (
                <span className="shrink-0 text-xs font-medium text-brand-700">Loaded</span>
              ) : (
                <ConfirmDialog
                  title={REVISION_TEXTS.confirmTitle}
                  description={REVISION_TEXTS.confirmText}
                  confirmLabel={REVISION_TEXTS.confirmLabel}
                  onConfirm={() => void navigate(`?revision=${r.id}`, { replace: true })}
                  trigger={
                    <button type="button" className={buttonClass("secondary", "shrink-0 px-2.5 py-1 text-xs")} aria-label={`Restore the revision of ${formatPostDate(r.savedAt)}, ${clockTime(r.savedAt, "UTC")}`}>
                      Restore
                    </button>
                  }
                />
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
