import type { Kysely } from "kysely";
import { categoryFeedPath, categoryPath } from "#app/lib/blog.ts";
import { nowIso, type Clock } from "../db/connection.server.ts";
import type { Database } from "../db/schema.ts";
import { isUniqueViolation } from "./pages-admin.server.ts";
import { recordAddressChange, releaseAddress } from "./redirects.server.ts";
import { visiblePosts } from "./visible-posts.server.ts";

// The blog's categories (decision 048): rows the owner adds, renames and deletes on the Categories
// screen, and which posts are in each (blog_post_categories, chosen in the post editor). The public
// pages, feeds, sidebar, related posts, menu picker and sitemap all read them here.

export interface Category {
  id: number;
  name: string;
  slug: string;
  description: string;
}

export interface CategoryFields {
  name: string;
  slug: string;
  description: string;
}

export type CategorySaveResult = { ok: true; id: number } | { ok: false; reason: "duplicate-slug" | "not-found" };

const COLUMNS = ["id", "name", "slug", "description"] as const;

const toCategory = (r: { id: number; name: string; slug: string; description: string }): Category => ({ ...r, id: Number(r.id) });

/** The public address of a category's page and of its feed. */

/** Every category, in the order they were added (the seeded four keep their sidebar order). */
export async function listCategories(db: Kysely<Database>): Promise<Category[]> {
  return (await db.selectFrom("blog_categories").select(COLUMNS).orderBy("id").execute()).map(toCategory);
}

/** Every category with how many posts (published or not) it holds: the Categories screen's table. */
export async function listCategoriesWithCounts(db: Kysely<Database>): Promise<(Category & { posts: number })[]> {
  const rows = await db
    .selectFrom("blog_categories as c")
    .leftJoin("blog_post_categories as pc", "pc.category_id", "c.id")
    .select(["c.id", "c.name", "c.slug", "c.description", (eb) => eb.fn.count<number>("pc.post_id").as("posts")])
    .groupBy(["c.id", "c.name", "c.slug", "c.description"])
    .orderBy("c.id")
    .execute();
  return rows.map((r) => ({ ...toCategory(r), posts: Number(r.posts) }));
}

export async function getCategoryBySlug(db: Kysely<Database>, slug: string): Promise<Category | undefined> {
  const row = await db.selectFrom("blog_categories").select(COLUMNS).where("slug", "=", slug).executeTakeFirst();
  return row && toCategory(row);
}

async function slugTaken(db: Kysely<Database>, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom("blog_categories").select("id").where("slug", "=", slug);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function guardSlug(write: () => Promise<CategorySaveResult>): Promise<CategorySaveResult> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-slug" };
    throw error;
  }
}

/** A new category; its addresses are its own from now on (a redirect there would hide its page). */
export async function createCategory(db: Kysely<Database>, input: CategoryFields, clock: Clock = nowIso): Promise<CategorySaveResult> {
  if (await slugTaken(db, input.slug)) return { ok: false, reason: "duplicate-slug" };
  return guardSlug(async () => {
    const row = await db
      .insertInto("blog_categories")
      .values({ name: input.name, slug: input.slug, description: input.description, created_at: clock() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await releaseAddress(db, categoryPath(input.slug));
    await releaseAddress(db, categoryFeedPath(input.slug));
    return { ok: true, id: Number(row.id) };
  });
}

/** Renames a category; a new slug leaves 301s from the old page and feed addresses (issue 29). */
export async function updateCategory(db: Kysely<Database>, id: number, input: CategoryFields): Promise<CategorySaveResult> {
  if (await slugTaken(db, input.slug, id)) return { ok: false, reason: "duplicate-slug" };
  return guardSlug(async () => {
    const before = await db.selectFrom("blog_categories").select("slug").where("id", "=", id).executeTakeFirst();
    if (!before) return { ok: false, reason: "not-found" };
    await db.updateTable("blog_categories").set({ name: input.name, slug: input.slug, description: input.description }).where("id", "=", id).execute();
    if (before.slug !== input.slug) {
      await recordAddressChange(db, categoryPath(before.slug), categoryPath(input.slug));
      await recordAddressChange(db, categoryFeedPath(before.slug), categoryFeedPath(input.slug));
    }
    return { ok: true, id };
  });
}

/** Deletes a category; its posts stay (only their link to it goes) and its page answers 404. */
export async function deleteCategory(db: Kysely<Database>, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("blog_post_categories").where("category_id", "=", id).execute();
    const result = await trx.deleteFrom("blog_categories").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** The ids of the categories a post is in. */
export async function postCategoryIds(db: Kysely<Database>, postId: number): Promise<number[]> {
  const rows = await db.selectFrom("blog_post_categories").select("category_id").where("post_id", "=", postId).orderBy("category_id").execute();
  return rows.map((r) => Number(r.category_id));
}

/** Puts the post in exactly these categories (ids that name no category are ignored). */
export async function setPostCategories(db: Kysely<Database>, postId: number, categoryIds: readonly number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("blog_post_categories").where("post_id", "=", postId).execute();
    if (categoryIds.length === 0) return;
    const existing = await trx.selectFrom("blog_categories").select("id").where("id", "in", [...new Set(categoryIds)]).execute();
    if (existing.length === 0) return;
    await trx
      .insertInto("blog_post_categories")
      .values(existing.map((c) => ({ post_id: postId, category_id: Number(c.id) })))
      .execute();
  });
}

/** The category names of each post (by post id), in category order: what a feed item lists. */
export async function categoryNamesOfPosts(db: Kysely<Database>, postIds: readonly number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (postIds.length === 0) return names;
  const rows = await db
    .selectFrom("blog_post_categories as pc")
    .innerJoin("blog_categories as c", "c.id", "pc.category_id")
    .select(["pc.post_id", "c.name"])
    .where("pc.post_id", "in", [...postIds])
    .orderBy("c.id")
    .execute();
  for (const r of rows) names.set(Number(r.post_id), [...(names.get(Number(r.post_id)) ?? []), r.name]);
  return names;
}

/** The categories whose slug is one of the post's keyword words: how the seed (and decision 048's migration) place a post. */
export async function categoryIdsFromKeywords(db: Kysely<Database>, words: readonly string[]): Promise<number[]> {
  if (words.length === 0) return [];
  const rows = await db.selectFrom("blog_categories").select("id").where("slug", "in", [...words]).execute();
  return rows.map((r) => Number(r.id));
}

/** Category pages for the sitemap: those with a post visible at `now`, dated by their newest such post's update. */
export async function listCategorySitemapEntries(db: Kysely<Database>, now: string): Promise<{ slug: string; updatedAt: string }[]> {
  const rows = await visiblePosts(db, now)
    .innerJoin("blog_post_categories as pc", "pc.post_id", "blog_posts.id")
    .innerJoin("blog_categories as c", "c.id", "pc.category_id")
    .select(["c.slug", (eb) => eb.fn.max("blog_posts.updated_at").as("updatedAt")])
    .groupBy("c.slug")
    .orderBy("c.slug")
    .execute();
  return rows.map((r) => ({ slug: r.slug, updatedAt: String(r.updatedAt) }));
}
