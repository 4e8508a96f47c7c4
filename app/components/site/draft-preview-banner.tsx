import { Eye } from "lucide-react";

/** Over a draft shown to an admin: this is not public, and where to edit it. */
export function DraftPreviewBanner({ editPath }: { editPath: string }) {
  return (
    <div role="note" data-testid="draft-preview-banner" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <p className="mx-auto flex max-w-3xl flex-wrap items-center gap-x-3 gap-y-1">
        <Eye className="h-4 w-4 shrink-0" aria-hidden="true" />
        <strong>Draft preview</strong>
        <span>Only signed-in admins see this draft; visitors get "not found" until it is published.</span>
        <a href={editPath} className="font-medium underline">
          Edit
        </a>
      </p>
    </div>
  );
}
