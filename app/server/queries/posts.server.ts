import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "../db/schema.ts";

export const RECENT_POSTS_LIMIT = 3;
// what a post list (and the Recent Posts sidebar) shows: never the content column
const LIST_COLUMNS = ["slug", "title", "excerpt", "thumbnail", "created_at"] as const;

export type PostSummary = Pick<Database["blog_posts"], (typeof LIST_COLUMNS)[number]>;

export interface PostListQuery {
  limit?: number;
  offset?: number;
  /** only posts in this blog category (its id; see inCategory) */
  category?: number;
}

/** Published posts, newest first (ties: newest id first, so pages never overlap or skip a post). */
export function listPublishedPosts(db: Kysely<Database>, { limit, offset = 0, category }: PostListQuery = {}): Promise<PostSummary[]> {
  let query = db
    .selectFrom("blog_posts")
    .select(LIST_COLUMNS)
    .where("published", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
  if (category !== undefined) query = query.where(inCategory(category));
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return query.execute();
}

/** How many posts are published (in the category, when given). */
export async function countPublishedPosts(db: Kysely<Database>, category?: number): Promise<number> {
  let query = db
    .selectFrom("blog_posts")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("published", "=", 1);
  if (category !== undefined) query = query.where(inCategory(category));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The post is in the category (blog_post_categories, decision 048; keywords no longer decide). */
function inCategory(categoryId: number): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from blog_post_categories pc where pc.post_id = ${sql.ref("blog_posts.id")} and pc.category_id = ${categoryId})`;
}

// Keywords are split on "," and ";" and then on whitespace. In SQL (the same on SQLite and
// PostgreSQL): lower-case the keywords, turn every separator into a space, pad with spaces and
// look for " word ".
const SEPARATORS = [",", ";", "\t", "\n", "\r", "\v", "\f", "\u00a0"];

function paddedKeywordsLike(pattern: string): Expression<SqlBool> {
  let words = sql<string>`lower(${sql.ref("keywords")})`;
  for (const separator of SEPARATORS) words = sql<string>`replace(${words}, ${separator}, ' ')`;
  return sql<SqlBool>`(' ' || ${words} || ' ') like ${pattern} escape '!'`;
}

/** The words of a keywords field, as related posts read them (lower case, no repeats). */
export function keywordWords(keywords: string): string[] {
  const words = keywords.toLowerCase().split(new RegExp(`[${SEPARATORS.join("")}\\s]+`, "u"));
  return [...new Set(words.filter((w) => w.length > 0))];
}

export const RELATED_POSTS_LIMIT = 3;
// a post with a long keyword list still makes one bounded query
const RELATED_WORDS_LIMIT = 20;

/**
 * Published posts that share a category or a keyword word with the post at `slug`, newest first,
 * never that post itself. Empty when nothing relates: the page falls back to the spec's fixed links.
 */
export async function listRelatedPosts(
  db: Kysely<Database>,
  post: { id: number; slug: string; keywords: string },
  limit = RELATED_POSTS_LIMIT,
): Promise<Pick<PostSummary, "slug" | "title">[]> {
  const words = keywordWords(post.keywords).slice(0, RELATED_WORDS_LIMIT);
  // user-typed words: escape LIKE's wildcards with "!" (standard SQL, the same on both databases)
  const patterns = words.map((w) => `% ${w.replace(/[!%_]/g, (c) => `!${c}`)} %`);
  const sharesCategory = sql<SqlBool>`exists (select 1 from blog_post_categories mine join blog_post_categories theirs on theirs.category_id = mine.category_id where mine.post_id = ${post.id} and theirs.post_id = ${sql.ref("blog_posts.id")})`;
  return db
    .selectFrom("blog_posts")
    .select(["slug", "title"])
    .where("published", "=", 1)
    .where("slug", "<>", post.slug)
    .where((eb) => eb.or([sharesCategory, ...patterns.map(paddedKeywordsLike)]))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function getPublishedPost(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom("blog_posts")
    .select(["id", "slug", "title", "excerpt", "content", "thumbnail", "keywords", "seo_title", "social_image", "created_at", "updated_at"])
    .where("slug", "=", slug)
    .where("published", "=", 1)
    .executeTakeFirst();
}

export function listPostSitemapEntries(db: Kysely<Database>) {
  return db.selectFrom("blog_posts").select(["slug", "updated_at as updatedAt"]).where("published", "=", 1).orderBy("slug").execute();
}

/** What a feed needs of the newest published posts (in the category, when given); never drafts. */
export function listFeedPosts(db: Kysely<Database>, { limit, category }: { limit: number; category?: number }) {
  let query = db
    .selectFrom("blog_posts")
    .select(["id", "slug", "title", "excerpt", "content", "created_at", "updated_at"])
    .where("published", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (category !== undefined) query = query.where(inCategory(category));
  return query.execute();
}
