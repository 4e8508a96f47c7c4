import type { Kysely } from "kysely";
import { CONTENT_TEXTS, INTENT, type ContentKind } from "#app/lib/admin/content-form-schema.ts";
import { parseAdminPage } from "#app/lib/pagination.ts";
import type { Database } from "#app/server/db/schema.ts";
import type { AdminListRow } from "#app/server/queries/pages-admin.server.ts";
import type { ListPage } from "#app/server/queries/paging.server.ts";
import { services } from "#app/server/services.server.ts";
import { fail, INVALID_ID, ok, parseId } from "./form.server.ts";

// What /admin/pages and /admin/blog share: the paged list they show and their one action, delete.

/** One page of the list (?page= clamped to the pages that exist) as the ContentList component takes it. */
export async function loadContentList(request: Request, list: (db: Kysely<Database>, page: number) => Promise<ListPage<AdminListRow>>) {
  const listed = await list(services().database.db, parseAdminPage(new URL(request.url).searchParams.get("page")));
  return {
    items: listed.rows.map((r) => ({ id: r.id, title: r.title, slug: r.slug, published: r.published === 1, createdAt: r.created_at })),
    paging: { page: listed.page, pageCount: listed.pageCount, total: listed.total },
  };
}

/**
 * The list's action (run inside adminAction): delete the row whose id was posted. `remove` answers
 * false when there was no such row.
 */
export async function deleteContent(kind: ContentKind, form: FormData, remove: (id: number) => Promise<boolean>) {
  if (form.get("intent") !== INTENT.delete) return fail("Unknown action.");
  const id = parseId(form.get("id"));
  if (!id) return fail(INVALID_ID, undefined, 400, INTENT.delete);
  const texts = CONTENT_TEXTS[kind];
  return (await remove(id)) ? ok(texts.deleted, INTENT.delete) : fail(`${texts.notFound} not found`, undefined, 404, INTENT.delete);
}
