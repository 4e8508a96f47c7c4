import type { Kysely, Selectable } from "kysely";
import { nowIso, type Clock } from "../db/connection.server.ts";
import type { Database } from "../db/schema.ts";
import { countRows, readPage, type ListPage } from "./paging.server.ts";
import { keepAddress } from "./redirects.server.ts";
import { deleteRevisions, recordRevision, type RevisionStamp } from "./revisions.server.ts";

// Admin reads and writes of static pages: all rows newest first, one row for the edit
// form, insert/update with a unique slug, delete. Blog posts share the pattern and the helpers
// below (posts-admin.server.ts); the public reads stay in pages.server.ts.

export interface PageFields {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  published: boolean;
  /** "" for none (app/lib/seo/content-meta.ts); left out: unchanged (a new row gets "") */
  seoTitle?: string;
  socialImage?: string;
}

/** The SEO columns a save writes: only the fields it was given. */
export function seoValues(input: Pick<PageFields, "seoTitle" | "socialImage">): { seo_title?: string; social_image?: string } {
  return {
    ...(input.seoTitle !== undefined && { seo_title: input.seoTitle }),
    ...(input.socialImage !== undefined && { social_image: input.socialImage }),
  };
}

/** "stale": the row changed since `expectedVersion` was read (another tab saved): nothing was written. */
export type SaveResult = { ok: true; id: number } | { ok: false; reason: "duplicate-slug" | "not-found" | "stale" };

/** How a save is made: who saves (a revision is stored when given), and the version it was edited from. */
export interface SaveOptions {
  revision?: RevisionStamp;
  /** the updated_at the editor loaded: the write happens only while the row still has it */
  expectedVersion?: string;
}

/** A row of the admin lists (posts and pages). */
export interface AdminListRow {
  id: number;
  title: string;
  slug: string;
  published: number;
  /** posts only: the scheduled instant (UTC ISO), null when not scheduled */
  publish_at?: string | null;
  created_at: string;
  updated_at: string;
}

export const ADMIN_LIST_COLUMNS = ["id", "title", "slug", "published", "created_at", "updated_at"] as const;
const PAGE_COLUMNS = ["id", "title", "slug", "excerpt", "content", "published", "seo_title", "social_image", "created_at", "updated_at"] as const;

export type AdminPage = Pick<Selectable<Database["pages"]>, (typeof PAGE_COLUMNS)[number]>;

/** A unique-constraint violation from SQLite or PostgreSQL (a slug taken between our check and the write). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

/** Whether another row of the table already has this slug. */
export async function slugTaken(db: Kysely<Database>, table: "blog_posts" | "pages", slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom(table).select("id").where("slug", "=", slug);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Runs a write that may hit the slug's unique index; a duplicate becomes a result, not an error. */
export async function guardSlug(write: () => Promise<SaveResult>): Promise<SaveResult> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-slug" };
    throw error;
  }
}

/** One page of every static page, published or not, newest first. */
export function listAdminPages(db: Kysely<Database>, page = 1): Promise<ListPage<AdminListRow>> {
  return readPage(
    page,
    () => countRows(db, "pages"),
    (limit, offset) => db.selectFrom("pages").select(ADMIN_LIST_COLUMNS).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
  );
}

export function getAdminPage(db: Kysely<Database>, id: number): Promise<AdminPage | undefined> {
  return db.selectFrom("pages").select(PAGE_COLUMNS).where("id", "=", id).executeTakeFirst();
}

function pageValues(input: PageFields) {
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    content: input.content,
    published: input.published ? 1 : 0,
    ...seoValues(input),
  };
}

export async function createPage(db: Kysely<Database>, input: PageFields, clock: Clock = nowIso, options: SaveOptions = {}): Promise<SaveResult> {
  if (await slugTaken(db, "pages", input.slug)) return { ok: false, reason: "duplicate-slug" };
  return guardSlug(() =>
    db.transaction().execute(async (trx) => {
      const now = clock();
      const row = await trx
        .insertInto("pages")
        .values({ ...pageValues(input), created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await keepAddress(trx, "/page/", undefined, input.slug);
      if (options.revision) await recordRevision(trx, { kind: "page", contentId: Number(row.id) }, input, options.revision, now);
      return { ok: true, id: Number(row.id) };
    }),
  );
}

/** Updates every field and updated_at; created_at (the list order) stays. */
export async function updatePage(db: Kysely<Database>, id: number, input: PageFields, clock: Clock = nowIso, options: SaveOptions = {}): Promise<SaveResult> {
  if (await slugTaken(db, "pages", input.slug, id)) return { ok: false, reason: "duplicate-slug" };
  return guardSlug(() =>
    db.transaction().execute(async (trx): Promise<SaveResult> => {
      const before = await trx.selectFrom("pages").select("slug").where("id", "=", id).executeTakeFirst();
      if (!before) return { ok: false, reason: "not-found" };
      const now = clock();
      let update = trx.updateTable("pages").set({ ...pageValues(input), updated_at: now }).where("id", "=", id);
      // the version check is part of the write: a save from another tab in between makes it match nothing
      if (options.expectedVersion !== undefined) update = update.where("updated_at", "=", options.expectedVersion);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return { ok: false, reason: options.expectedVersion !== undefined ? "stale" : "not-found" };
      await keepAddress(trx, "/page/", before.slug, input.slug);
      if (options.revision) await recordRevision(trx, { kind: "page", contentId: id }, input, options.revision, now);
      return { ok: true, id };
    }),
  );
}

/** True when a row was deleted. */
export async function deletePage(db: Kysely<Database>, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await deleteRevisions(trx, "page", id);
    const result = await trx.deleteFrom("pages").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}
