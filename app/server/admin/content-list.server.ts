import type { Kysely } from "kysely";
import { CONTENT_TEXTS, INTENT, type ContentKind } from "#app/lib/admin/content-form-schema.ts";
import { parseAdminPage } from "#app/lib/pagination.ts";
import { formatInZone, isScheduled } from "#app/lib/schedule.ts";
import { publishNow } from "#app/server/blog/publish-clock.server.ts";
import type { Database } from "#app/server/db/schema.ts";
import type { AdminListRow } from "#app/server/queries/pages-admin.server.ts";
import type { ListPage } from "#app/server/queries/paging.server.ts";
import { siteSettings } from "#app/server/queries/settings.server.ts";
import { services } from "#app/server/services.server.ts";
import { fail, INVALID_ID, ok, parseId } from "./form.server.ts";

// What /admin/pages and /admin/blog share: the paged list they show and their one action, delete.

/** One page of the list (?page= clamped to the pages that exist) as the ContentList component takes it. */
export async function loadContentList(request: Request, list: (db: Kysely<Database>, page: number) => Promise<ListPage<AdminListRow>>) {
  const { db } = services().database;
  const listed = await list(db, parseAdminPage(new URL(request.url).searchParams.get("page")));
  return {
    items: await withScheduleLabels(db, listed.rows),
    paging: { page: listed.page, pageCount: listed.pageCount, total: listed.total },
  };
}

/** The rows as the list shows them; a post scheduled for later says when, in the site time zone. */
async function withScheduleLabels(db: Kysely<Database>, rows: AdminListRow[]) {
  const now = publishNow();
  const scheduledAt = (r: AdminListRow) => (isScheduled({ published: r.published, publishAt: r.publish_at ?? null }, now) ? r.publish_at! : null);
  const zone = rows.some(scheduledAt) ? (await siteSettings(db)).siteTimeZone : null;
  return rows.map((r) => {
    const at = scheduledAt(r);
    return { id: r.id, title: r.title, slug: r.slug, published: r.published === 1, createdAt: r.created_at, scheduledFor: at && zone ? formatInZone(at, zone) : null };
  });
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
