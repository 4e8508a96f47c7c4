import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export const RECENT_POSTS_LIMIT = 3;
const LIST_COLUMNS = ["slug", "title", "excerpt", "thumbnail", "keywords", "created_at"] as const;

export type PostSummary = Pick<Database["blog_posts"], (typeof LIST_COLUMNS)[number]>;

/** Published posts, newest first. */
export function listPublishedPosts(db: Kysely<Database>, limit?: number): Promise<PostSummary[]> {
  let query = db.selectFrom("blog_posts").select(LIST_COLUMNS).where("published", "=", 1).orderBy("created_at", "desc");
  if (limit) query = query.limit(limit);
  return query.execute();
}

/** Published posts whose keywords contain the category word (case-insensitive, whole word). */
export async function listPublishedPostsInCategory(db: Kysely<Database>, category: string): Promise<PostSummary[]> {
  const posts = await listPublishedPosts(db);
  const word = category.toLowerCase();
  return posts.filter((p) =>
    p.keywords
      .toLowerCase()
      .split(/[,;]/)
      .some((k) => k.trim().split(/\s+/).includes(word)),
  );
}

export function getPublishedPost(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom("blog_posts")
    .select(["slug", "title", "excerpt", "content", "thumbnail", "keywords", "created_at", "updated_at"])
    .where("slug", "=", slug)
    .where("published", "=", 1)
    .executeTakeFirst();
}

export function listPostSitemapEntries(db: Kysely<Database>) {
  return db.selectFrom("blog_posts").select(["slug", "updated_at as updatedAt"]).where("published", "=", 1).orderBy("slug").execute();
}
