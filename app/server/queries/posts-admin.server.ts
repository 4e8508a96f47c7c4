import type { Kysely, Selectable } from "kysely";
import { nowIso, type Clock } from "../db/connection.server.ts";
import type { Database } from "../db/schema.ts";
import type { Storage } from "../storage/storage.server.ts";
import { countRows, readPage, type ListPage } from "./paging.server.ts";
import { isLibraryKey } from "./media.server.ts";
import { keepAddress } from "./redirects.server.ts";
import { ADMIN_LIST_COLUMNS, guardSlug, seoValues, slugTaken, type AdminListRow, type PageFields, type SaveOptions, type SaveResult } from "./pages-admin.server.ts";
import { deleteRevisions, recordRevision } from "./revisions.server.ts";

// Admin reads and writes of blog posts: all rows newest first, one row for the edit form,
// insert/update with a unique slug, delete. The public reads stay in posts.server.ts.

export type { AdminListRow, SaveOptions, SaveResult } from "./pages-admin.server.ts";

export interface PostFields extends PageFields {
  thumbnail: string;
  keywords: string;
  /** UTC ISO instant it goes public (scheduled), null for as soon as published; absent: unchanged */
  publishAt?: string | null;
}

const POST_COLUMNS = ["id", "title", "slug", "excerpt", "content", "thumbnail", "keywords", "published", "publish_at", "seo_title", "social_image", "created_at", "updated_at"] as const;

export type AdminPost = Pick<Selectable<Database["blog_posts"]>, (typeof POST_COLUMNS)[number]>;

/** One page of every post, published or not, newest first. */
export function listAdminPosts(db: Kysely<Database>, page = 1): Promise<ListPage<AdminListRow>> {
  return readPage(
    page,
    () => countRows(db, "blog_posts"),
    (limit, offset) => db.selectFrom("blog_posts").select([...ADMIN_LIST_COLUMNS, "publish_at"]).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
  );
}

export function getAdminPost(db: Kysely<Database>, id: number): Promise<AdminPost | undefined> {
  return db.selectFrom("blog_posts").select(POST_COLUMNS).where("id", "=", id).executeTakeFirst();
}

function postValues(input: PostFields) {
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    content: input.content,
    thumbnail: input.thumbnail,
    keywords: input.keywords,
    published: input.published ? 1 : 0,
    // undefined leaves the stored schedule as it is (Kysely skips undefined values)
    publish_at: input.publishAt,
    ...seoValues(input),
  };
}

export async function createPost(db: Kysely<Database>, input: PostFields, clock: Clock = nowIso, options: SaveOptions = {}): Promise<SaveResult> {
  if (await slugTaken(db, "blog_posts", input.slug)) return { ok: false, reason: "duplicate-slug" };
  return guardSlug(() =>
    db.transaction().execute(async (trx) => {
      const now = clock();
      const row = await trx
        .insertInto("blog_posts")
        .values({ ...postValues(input), created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await keepAddress(trx, "/blog/", undefined, input.slug);
      if (options.revision) await recordRevision(trx, { kind: "post", contentId: Number(row.id) }, input, options.revision, now);
      return { ok: true, id: Number(row.id) };
    }),
  );
}

/** Updates every field and updated_at; created_at (the list order) stays. */
export async function updatePost(db: Kysely<Database>, id: number, input: PostFields, clock: Clock = nowIso, options: SaveOptions = {}): Promise<SaveResult> {
  if (await slugTaken(db, "blog_posts", input.slug, id)) return { ok: false, reason: "duplicate-slug" };
  return guardSlug(() =>
    db.transaction().execute(async (trx): Promise<SaveResult> => {
      const before = await trx.selectFrom("blog_posts").select("slug").where("id", "=", id).executeTakeFirst();
      if (!before) return { ok: false, reason: "not-found" };
      const now = clock();
      let update = trx
        .updateTable("blog_posts")
        .set({ ...postValues(input), updated_at: now })
        .where("id", "=", id);
      // the version check is part of the write: a save from another tab in between makes it match nothing
      if (options.expectedVersion !== undefined) update = update.where("updated_at", "=", options.expectedVersion);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return { ok: false, reason: options.expectedVersion !== undefined ? "stale" : "not-found" };
      await keepAddress(trx, "/blog/", before.slug, input.slug);
      if (options.revision) await recordRevision(trx, { kind: "post", contentId: id }, input, options.revision, now);
      return { ok: true, id };
    }),
  );
}

/** Deletes the post; answers its thumbnail URL ("" for none), or undefined when there was no such post. */
export async function deletePost(db: Kysely<Database>, id: number): Promise<{ thumbnail: string } | undefined> {
  return db.transaction().execute(async (trx) => {
    await deleteRevisions(trx, "post", id);
    return trx.deleteFrom("blog_posts").where("id", "=", id).returning("thumbnail").executeTakeFirst();
  });
}

/**
 * Deletes a thumbnail file we stored under blog-thumbnails/ once no post uses it (the post was
 * deleted, or its thumbnail replaced or removed). Any other URL, and any image of the media
 * library, is left alone. A file that cannot
 * be deleted is only logged: the post is already saved.
 */
export async function deleteStoredThumbnail(storage: Storage, url: string, db?: Kysely<Database>): Promise<void> {
  const key = /(?:^|\/)(blog-thumbnails\/[^/?#]+)$/.exec(url)?.[1];
  if (!key) return;
  try {
    if ((await storage.disk.getUrl(decodeURIComponent(key))) !== url) return;
    // a library image may be used elsewhere: it stays until it is deleted, unused, on the Media screen
    if (db && (await isLibraryKey(db, decodeURIComponent(key)))) return;
    await storage.disk.delete(decodeURIComponent(key));
  } catch (error) {
    console.warn(`[posts] could not delete the old thumbnail ${key}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
