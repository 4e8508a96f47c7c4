import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "../db/schema.ts";
import { hiddenPosts, shownDate, visiblePosts } from "./visible-posts.server.ts";

export const RECENT_POSTS_LIMIT = 3;
// what a post list (and the Recent Posts sidebar) shows: never the content column
const LIST_COLUMNS = ["slug", "title", "excerpt", "thumbnail"] as const;

// Every read here is a visitor's: it starts from visiblePosts (published, and its scheduled time
// passed at `now`), and a post's date is the one it went public on (shownDate, as created_at).

export type PostSummary = Pick<Database["blog_posts"], (typeof LIST_COLUMNS)[number] | "created_at">;

export interface PostListQuery {
  /** the publishing clock's instant (publishNow): scheduled posts after it are not listed */
  now: string;
  limit?: number;
  offset?: number;
  /** only posts in this blog category (its id; see inCategory) */
  category?: number;
}

/** Visible posts, newest first (ties: newest id first, so pages never overlap or skip a post). */
export function listPublishedPosts(db: Kysely<Database>, { limit, offset = 0, category, now }: PostListQuery): Promise<PostSummary[]> {
  let query = visiblePosts(db, now)
    .select([...LIST_COLUMNS, shownDate.as("created_at")])
    .orderBy(shownDate, "desc")
    .orderBy("id", "desc");
  if (category !== undefined) query = query.where(inCategory(category));
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return query.execute();
}

/** How many posts are visible at `now` (in the category, when given). */
export async function countPublishedPosts(db: Kysely<Database>, now: string, category?: number): Promise<number> {
  let query = visiblePosts(db, now).select((eb) => eb.fn.countAll().as("n"));
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
  now: string,
  limit = RELATED_POSTS_LIMIT,
): Promise<Pick<PostSummary, "slug" | "title">[]> {
  const words = keywordWords(post.keywords).slice(0, RELATED_WORDS_LIMIT);
  // user-typed words: escape LIKE's wildcards with "!" (standard SQL, the same on both databases)
  const patterns = words.map((w) => `% ${w.replace(/[!%_]/g, (c) => `!${c}`)} %`);
  const sharesCategory = sql<SqlBool>`exists (select 1 from blog_post_categories mine join blog_post_categories theirs on theirs.category_id = mine.category_id where mine.post_id = ${post.id} and theirs.post_id = ${sql.ref("blog_posts.id")})`;
  return visiblePosts(db, now)
    .select(["slug", "title"])
    .where("slug", "<>", post.slug)
    .where((eb) => eb.or([sharesCategory, ...patterns.map(paddedKeywordsLike)]))
    .orderBy(shownDate, "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The post at `slug` when a visitor may see it at `now`. */
export function getPublishedPost(db: Kysely<Database>, slug: string, now: string) {
  return visiblePosts(db, now)
    .select(["id", "slug", "title", "excerpt", "content", "thumbnail", "keywords", "seo_title", "social_image", shownDate.as("created_at"), "updated_at"])
    .where("slug", "=", slug)
    .executeTakeFirst();
}

/** A post visitors cannot see (a draft or a scheduled post) by its slug, for an admin's preview (the route checks the admin first). */
export function getDraftPost(db: Kysely<Database>, slug: string, now: string) {
  return hiddenPosts(db, now)
    .select(["id", "slug", "title", "excerpt", "content", "thumbnail", "keywords", "seo_title", "social_image", "created_at", "updated_at"])
    .where("slug", "=", slug)
    .executeTakeFirst();
}

/** Sitemap rows; a scheduled post's lastmod is never before the instant it went public. */
export async function listPostSitemapEntries(db: Kysely<Database>, now: string): Promise<{ slug: string; updatedAt: string }[]> {
  const rows = await visiblePosts(db, now).select(["slug", "updated_at", "publish_at"]).orderBy("slug").execute();
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.publish_at && r.publish_at > r.updated_at ? r.publish_at : r.updated_at }));
}

/** What a feed needs of the newest visible posts (in the category, when given); never drafts or scheduled ones. */
export function listFeedPosts(db: Kysely<Database>, { limit, category, now }: { limit: number; category?: number; now: string }) {
  let query = visiblePosts(db, now)
    .select(["id", "slug", "title", "excerpt", "content", shownDate.as("created_at"), "updated_at"])
    .orderBy(shownDate, "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (category !== undefined) query = query.where(inCategory(category));
  return query.execute();
}
