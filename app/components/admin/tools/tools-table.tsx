import { ChevronDown, ChevronUp, ExternalLink, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "#app/components/admin/page-header.tsx";
import { toastResult } from "#app/components/admin/use-action-toast.ts";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import type { ActionResult } from "#app/lib/forms.ts";

export interface ToolsTableRow {
  id: number;
  name: string;
  slug: string;
  category: string;
  icon: string;
  is_featured: number;
  rank: number;
  search_volume: number;
}

const iconButton =
  "inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-40";

const numberFormat = new Intl.NumberFormat("en-US");

/** The admin list of tools: a table that scrolls sideways on narrow screens. */
export function ToolsTable({ tools, onDelete }: { tools: ToolsTableRow[]; onDelete: (id: number) => void }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[760px] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Category
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Rank
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Search Volume
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tools.map((tool) => (
            <ToolRow key={tool.id} tool={tool} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A rank move shows itself in the list; only a failure is toasted. */
function toastFailure(result: ActionResult) {
  if (!result.ok) toastResult(result);
}

function ToolRow({ tool, onDelete }: { tool: ToolsTableRow; onDelete: (id: number) => void }) {
  const { fetcher: rankFetcher, busy: moving } = useAdminForm({ announce: toastFailure });

  // show the new rank at once; the list re-sorts when the loader has revalidated
  const pending = rankFetcher.formData?.get("intent");
  const rank = pending === "rank-up" ? tool.rank + 1 : pending === "rank-down" ? Math.max(0, tool.rank - 1) : tool.rank;
  const moveRank = (intent: "rank-up" | "rank-down") => rankFetcher.submit({ intent, id: tool.id }, { method: "post" });

  return (
    <tr data-testid="tool-row" data-slug={tool.slug} className="align-middle hover:bg-slate-50/60">
      <td className="px-4 py-3">
        <div className="flex items-center gap-3">
          <span className="text-xl" aria-hidden="true">
            {tool.icon}
          </span>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <Link to={`/admin/tools/${tool.id}`} className="font-medium text-slate-900 hover:underline">
                {tool.name}
              </Link>
              {tool.is_featured ? <Badge tone="brand">Featured</Badge> : null}
            </div>
            <div className="font-mono text-xs text-slate-500">{tool.slug}</div>
          </div>
        </div>
      </td>
      <td className="px-4 py-3">
        <Badge>{tool.category}</Badge>
      </td>
      <td className="px-4 py-3">
        <div className="flex items-center gap-1">
          <span className="w-8 tabular-nums font-medium" data-testid="tool-rank">
            {rank}
          </span>
          <button type="button" className={iconButton} aria-label="Rank up" title="Rank up" disabled={moving} onClick={() => moveRank("rank-up")}>
            <ChevronUp className="h-4 w-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label="Rank down"
            title="Rank down"
            disabled={moving || rank <= 0}
            onClick={() => moveRank("rank-down")}
          >
            <ChevronDown className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{numberFormat.format(tool.search_volume)}</td>
      <td className="px-4 py-3">
        <div className="flex items-center justify-end gap-1">
          <Link to={`/admin/tools/${tool.id}`} className={iconButton} aria-label="Edit" title="Edit">
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </Link>
          <a href={`/tool/${tool.slug}`} target="_blank" rel="noopener noreferrer" className={iconButton} aria-label="View tool page" title="View tool page (new tab)">
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
          </a>
          <ConfirmDialog
            title="Are you sure you want to delete this tool?"
            description={`“${tool.name}” and its page /tool/${tool.slug} will be removed. This cannot be undone.`}
            onConfirm={() => onDelete(tool.id)}
            trigger={
              <button type="button" className={`${iconButton} hover:bg-red-50 hover:text-red-700`} aria-label="Delete" title="Delete">
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
            }
          />
        </div>
      </td>
    </tr>
  );
}
