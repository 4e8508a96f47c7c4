import { Pencil, Plus, Trash2 } from "lucide-react";
import { PublicLink } from "#app/components/admin/public-link.tsx";
import { Link } from "react-router";
import { Badge, PageHeader } from "#app/components/admin/page-header.tsx";
import { Pager } from "#app/components/site/pager.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { CONTENT_TEXTS, INTENT, type ContentKind } from "#app/lib/admin/content-form-schema.ts";
import { formatPostDate } from "#app/lib/blog.ts";
import type { Paging } from "#app/lib/pagination.ts";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import type { ContentListItem } from "./types.ts";

const smallButton = (variant: "secondary" | "ghost" | "danger") => buttonClass(variant, "px-3 py-1.5");

function DeleteButton({ kind, item, busy, onConfirm }: { kind: ContentKind; item: ContentListItem; busy: boolean; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      title={CONTENT_TEXTS[kind].confirmDelete}
      description={`"${item.title}" will be removed. This cannot be undone.`}
      onConfirm={onConfirm}
      trigger={
        <button type="button" className={smallButton("danger")} disabled={busy} aria-label={`Delete ${item.title}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {busy ? "Deleting…" : "Delete"}
        </button>
      }
    />
  );
}

/**
 * The Manage Blog Posts / Manage Pages list: rows newest first, one page of them at a
 * time, with the Published or Draft label and date; Edit, View (published) or Preview (draft, an
 * admin-only render) in a new tab, and
 * Delete after confirmation. A table on wide screens, stacked cards on phones.
 */
export function ContentList({ kind, items, paging }: { kind: ContentKind; items: ContentListItem[]; paging: Paging }) {
  const texts = CONTENT_TEXTS[kind];
  // One fetcher for the whole list: a row's own fetcher would unmount with the row before its toast.
  const { fetcher, busy } = useAdminForm();
  const deletingId = busy ? fetcher.formData?.get("id") : null;
  return (
    <div>
      <PageHeader
        title={texts.listTitle}
        subtitle={texts.listSubtitle}
        actions={
          <Link to={`${texts.listPath}/new`} className={buttonClass("primary")}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {texts.addLabel}
          </Link>
        }
      />
      <Card className="overflow-hidden">
        {items.length === 0 ? (
          <p className="p-6 text-sm text-slate-600">{texts.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="content-list">
            <li className="hidden grid-cols-[minmax(0,1fr)_6rem_9rem_auto] gap-4 bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500 md:grid">
              <span>Title</span>
              <span>Status</span>
              <span>Created</span>
              <span className="text-right">Actions</span>
            </li>
            {items.map((item) => (
              <li
                key={item.id}
                data-testid="content-row"
                data-slug={item.slug}
                className="flex flex-col gap-3 px-4 py-3 md:grid md:grid-cols-[minmax(0,1fr)_6rem_9rem_auto] md:items-center md:gap-4"
              >
                <div className="min-w-0">
                  <Link to={`${texts.listPath}/${item.id}`} className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline">
                    {item.title}
                  </Link>
                  <p className="truncate font-mono text-xs text-slate-500">{texts.publicPath(item.slug)}</p>
                  {item.scheduledFor ? (
                    <p className="text-xs text-amber-800" data-testid="scheduled-for">
                      Scheduled for {item.scheduledFor}
                    </p>
                  ) : null}
                </div>
                <div className="flex items-center gap-2 text-sm text-slate-600 md:contents">
                  <span>{item.scheduledFor ? <Badge tone="brand">Scheduled</Badge> : item.published ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}</span>
                  <time dateTime={item.createdAt} className="text-sm text-slate-600">
                    {formatPostDate(item.createdAt)}
                  </time>
                </div>
                <div className="flex flex-wrap gap-2 md:justify-end">
                  <Link to={`${texts.listPath}/${item.id}`} className={smallButton("secondary")} aria-label={`Edit ${item.title}`}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    Edit
                  </Link>
                  <PublicLink href={texts.publicPath(item.slug)} published={item.published && !item.scheduledFor} name={item.title} className={smallButton("secondary")} />
                  <DeleteButton
                    kind={kind}
                    item={item}
                    busy={deletingId === String(item.id)}
                    onConfirm={() => void fetcher.submit({ intent: INTENT.delete, id: String(item.id) }, { method: "post" })}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Pager path={texts.listPath} page={paging.page} pageCount={paging.pageCount} label={`${texts.listTitle} pages`} />
    </div>
  );
}
