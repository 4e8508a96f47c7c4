import { FilePlus2, Plus, Sparkles } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useSearchParams, useSubmit, type ShouldRevalidateFunctionArgs } from "react-router";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { Pager } from "#app/components/site/pager.tsx";
import { ToolsTable } from "#app/components/admin/tools/tools-table.tsx";
import { toastResult } from "#app/components/admin/use-action-toast.ts";
import { useAdminForm } from "#app/components/admin/use-admin-form.ts";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { DEFAULT_TOOL_SORT, parseToolSort, rankMoveMessage, RANK_HELP, savedMessage, TOOL_SORTS } from "#app/lib/admin/tools-list.ts";
import type { ActionResult } from "#app/lib/forms.ts";
import { parseAdminPage } from "#app/lib/pagination.ts";
import { adminAction, byIntent, fail, INVALID_ID, ok, parseId } from "#app/server/admin/form.server.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { deleteTool, fillMissingSeoContent, listAdminTools, moveToolRank } from "#app/server/queries/tools-admin.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/tools";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const sort = parseToolSort(url.searchParams.get("sort"));
  const list = await listAdminTools(services().database.db, sort, parseAdminPage(url.searchParams.get("page")));
  return { sort, tools: list.rows, paging: { page: list.page, pageCount: list.pageCount, total: list.total } };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return adminAction(request, handle, { failed: { byIntent: { "fill-seo": "Failed to fill content" } } });
}

/** Swap a tool with its neighbour in the rank order; both answer with the intent "rank". */
function moveRank(direction: "up" | "down") {
  return async (form: FormData) => {
    const id = parseId(form.get("id"));
    if (!id) return fail(INVALID_ID, undefined, 400, "rank");
    const move = await moveToolRank(services().database.db, id, direction);
    if (move === undefined) return fail("Tool not found", undefined, 404, "rank");
    return ok(rankMoveMessage(move, direction), "rank");
  };
}

/** The action after its guard; runs inside adminAction (the form read safely, failures answered as a toast). */
const handle = byIntent({
  delete: async (form, intent) => {
    const id = parseId(form.get("id"));
    if (!id) return fail(INVALID_ID, undefined, 400, intent);
    if (!(await deleteTool(services().database.db, id))) return fail("Tool not found", undefined, 404, intent);
    return ok("Tool deleted successfully", intent);
  },
  "rank-up": moveRank("up"),
  "rank-down": moveRank("down"),
  "fill-seo": async (_form, intent) => {
    const filled = await fillMissingSeoContent(services().database.db);
    return { ...ok(filled === 0 ? "Nothing to update" : `Filled SEO content for ${filled} ${filled === 1 ? "tool" : "tools"}`, intent), filled };
  },
});

export const meta: Route.MetaFunction = () => [{ title: "Tools · Admin" }];

/** Dropping ?saved= after its toast changes nothing on the list: no need to load it again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.has("saved") && !nextUrl.searchParams.has("saved")) {
    return parseToolSort(currentUrl.searchParams.get("sort")) !== parseToolSort(nextUrl.searchParams.get("sort"));
  }
  return defaultShouldRevalidate;
}

/** The toast for a save on the tool form, which redirects here with ?saved=added|updated. */
function useSavedToast() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const shownFor = useRef<string | null>(null);
  const message = savedMessage(params.get("saved"));
  useEffect(() => {
    if (!message || shownFor.current === location.key) return;
    shownFor.current = location.key;
    toast.success(message);
    // drop the flag so a reload or Back does not repeat the toast
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("saved");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [message, location.key, setParams]);
}

type FillSeoResult = ActionResult & { filled?: number };

/** "Nothing to update" when every tool had its SEO content already; the usual toast otherwise. */
function announceFillSeo(result: FillSeoResult) {
  if (result.ok && result.filled === 0) toast.message("Nothing to update", { description: "All tools already have SEO content." });
  else toastResult(result);
}

function FillSeoButton() {
  const { fetcher, busy } = useAdminForm<FillSeoResult>({ key: "fill-seo", announce: announceFillSeo });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="fill-seo" />
      <Button type="submit" variant="secondary" disabled={busy}>
        <Sparkles className="h-4 w-4" aria-hidden="true" />
        {busy ? "Filling..." : "Fill Missing SEO Content"}
      </Button>
    </fetcher.Form>
  );
}

export default function ManageTools({ loaderData }: Route.ComponentProps) {
  const { tools, sort, paging } = loaderData;
  const submit = useSubmit();
  const { fetcher: deleteFetcher, busy: deleteBusy } = useAdminForm({ key: "tool-delete" });
  useSavedToast();
  const deleting = deleteBusy ? Number(deleteFetcher.formData?.get("id")) : null;
  const visible = deleting ? tools.filter((t) => t.id !== deleting) : tools;

  return (
    <div>
      <PageHeader
        title="Manage Tools"
        subtitle={`${paging.total} ${paging.total === 1 ? "tool" : "tools"}`}
        actions={
          <>
            <FillSeoButton />
            <Link to="/admin/tools/new" className={buttonClass("primary")}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Tool
            </Link>
          </>
        }
      />

      <p className="mb-3 max-w-3xl text-sm text-slate-600" id="rank-help">
        {RANK_HELP}
      </p>
      <Form method="get" className="mb-4 flex flex-wrap items-center gap-2" onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}>
        <label htmlFor="tools-sort" className="text-sm font-medium text-slate-700">
          Sort by
        </label>
        <select
          id="tools-sort"
          name="sort"
          defaultValue={sort}
          key={sort}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        >
          {TOOL_SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <noscript>
          <Button type="submit" variant="secondary">
            Sort
          </Button>
        </noscript>
      </Form>

      {visible.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <FilePlus2 className="mx-auto h-8 w-8 text-slate-400" aria-hidden="true" />
          <p className="mt-2 text-slate-600">No tools yet.</p>
          <Link to="/admin/tools/new" className={buttonClass("primary", "mt-4")}>
            Add Tool
          </Link>
        </div>
      ) : (
        <ToolsTable tools={visible} total={paging.total} onDelete={(id) => deleteFetcher.submit({ intent: "delete", id }, { method: "post" })} />
      )}
      {/* the sort goes along from page to page; changing the sort starts again at page 1 */}
      <Pager path="/admin/tools" page={paging.page} pageCount={paging.pageCount} search={sort === DEFAULT_TOOL_SORT ? "" : `sort=${sort}`} label="Tool pages" />
    </div>
  );
}
