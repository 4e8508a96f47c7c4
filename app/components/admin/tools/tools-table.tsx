import { ChevronDown, ChevronUp, ExternalLink, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "#app/components/admin/page-header.tsx";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";

export interface ToolsTableRow {
  id: number;
  name: string;
  slug: string;
  category: string;
  icon: string;
  is_featured: number;
  /** the tool's place in the rank order, 1 = first */
  position: number;
  search_volume: number;
}

const iconButton =
  "inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-40";

const numberFormat = new Intl.NumberFormat("en-US");

/** The admin list of tools: a table that scrolls sideways on narrow screens. */
export function ToolsTable({ tools, total, onDelete }: { tools: ToolsTableRow[]; total: number; onDelete: (id: number) => void }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
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
            <ToolRow key={tool.id} tool={tool} total={total} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ToolRow({ tool, total, onDelete }: { tool: ToolsTableRow; total: number; onDelete: (id: number) => void }) {
  // the answer says where the tool went ("moved up to rank 3 of 20"), or that it was already first or last
  const { fetcher: rankFetcher, busy: moving } = useAdminForm();

  // show the new position at once; the list re-sorts when the loader has revalidated
  const pending = rankFetcher.formData?.get("intent");
  const rank = pending === "rank-up" ? Math.max(1, tool.position - 1) : pending === "rank-down" ? Math.min(total, tool.position + 1) : tool.position;
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
          <button
            type="button"
            className={iconButton}
            aria-label={`Rank up: ${tool.name}`}
            title="Rank up (swap with the tool above)"
            disabled={moving || rank <= 1}
            onClick={() => moveRank("rank-up")}
          >
            <ChevronUp className="h-4 w-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={`Rank down: ${tool.name}`}
            title="Rank down (swap with the tool below)"
            disabled={moving || rank >= total}
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
