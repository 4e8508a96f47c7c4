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
  /** only posts in this blog category (see keywordsContain) */
  category?: string;
}

/** Visible posts, newest first (ties: newest id first, so pages never overlap or skip a post). */
export function listPublishedPosts(db: Kysely<Database>, { limit, offset = 0, category, now }: PostListQuery): Promise<PostSummary[]> {
  let query = visiblePosts(db, now)
    .select([...LIST_COLUMNS, shownDate.as("created_at")])
    .orderBy(shownDate, "desc")
    .orderBy("id", "desc");
  if (category !== undefined) query = query.where(keywordsContain(category));
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return query.execute();
}

/** How many posts are visible at `now` (in the category, when given). */
export async function countPublishedPosts(db: Kysely<Database>, now: string, category?: string): Promise<number> {
  let query = visiblePosts(db, now).select((eb) => eb.fn.countAll().as("n"));
  if (category !== undefined) query = query.where(keywordsContain(category));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

// Keywords are split on "," and ";" and then on whitespace; a post is in a category when one of
// those words equals the category word, ignoring case. In SQL (the same on SQLite and PostgreSQL):
// lower-case the keywords, turn every separator into a space, pad with spaces and look for
// " word ". Category words are our own fixed slugs (letters only), so no LIKE escaping is needed.
const SEPARATORS = [",", ";", "\t", "\n", "\r", "\v", "\f", "\u00a0"];

function keywordsContain(category: string): Expression<SqlBool> {
  const word = category.toLowerCase();
  if (!/^[a-z0-9-]+$/.test(word)) throw new Error(`not a category word: ${category}`);
  return paddedKeywordsLike(`% ${word} %`);
}

function paddedKeywordsLike(pattern: string): Expression<SqlBool> {
  let words = sql<string>`lower(${sql.ref("keywords")})`;
  for (const separator of SEPARATORS) words = sql<string>`replace(${words}, ${separator}, ' ')`;
  return sql<SqlBool>`(' ' || ${words} || ' ') like ${pattern} escape '!'`;
}

/** The words of a keywords field, as the category rule reads them (lower case, no repeats). */
export function keywordWords(keywords: string): string[] {
  const words = keywords.toLowerCase().split(new RegExp(`[${SEPARATORS.join("")}\\s]+`, "u"));
  return [...new Set(words.filter((w) => w.length > 0))];
}

export const RELATED_POSTS_LIMIT = 3;
// a post with a long keyword list still makes one bounded query
const RELATED_WORDS_LIMIT = 20;

/**
 * Published posts that share a keyword word (categories are keyword words too) with the post at
 * `slug`, newest first, never that post itself. Empty when nothing relates: the page falls back
 * to the spec's fixed links.
 */
export async function listRelatedPosts(
  db: Kysely<Database>,
  post: { slug: string; keywords: string },
  now: string,
  limit = RELATED_POSTS_LIMIT,
): Promise<Pick<PostSummary, "slug" | "title">[]> {
  const words = keywordWords(post.keywords).slice(0, RELATED_WORDS_LIMIT);
  if (words.length === 0) return [];
  // user-typed words: escape LIKE's wildcards with "!" (standard SQL, the same on both databases)
  const patterns = words.map((w) => `% ${w.replace(/[!%_]/g, (c) => `!${c}`)} %`);
  return visiblePosts(db, now)
    .select(["slug", "title"])
    .where("slug", "<>", post.slug)
    .where((eb) => eb.or(patterns.map(paddedKeywordsLike)))
    .orderBy(shownDate, "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The post at `slug` when a visitor may see it at `now`. */
export function getPublishedPost(db: Kysely<Database>, slug: string, now: string) {
  return visiblePosts(db, now)
    .select(["slug", "title", "excerpt", "content", "thumbnail", "keywords", shownDate.as("created_at"), "updated_at"])
    .where("slug", "=", slug)
    .executeTakeFirst();
}

/** A post visitors cannot see (a draft or a scheduled post) by its slug, for an admin's preview (the route checks the admin first). */
export function getDraftPost(db: Kysely<Database>, slug: string, now: string) {
  return hiddenPosts(db, now)
    .select(["id", "slug", "title", "excerpt", "content", "thumbnail", "keywords", "created_at", "updated_at"])
    .where("slug", "=", slug)
    .executeTakeFirst();
}

export function listPostSitemapEntries(db: Kysely<Database>, now: string) {
  return visiblePosts(db, now).select(["slug", "updated_at as updatedAt"]).orderBy("slug").execute();
}

/** What a feed needs of the newest visible posts (in the category, when given); never drafts or scheduled ones. */
export function listFeedPosts(db: Kysely<Database>, { limit, category, now }: { limit: number; category?: string; now: string }) {
  let query = visiblePosts(db, now)
    .select(["slug", "title", "excerpt", "content", "keywords", shownDate.as("created_at"), "updated_at"])
    .orderBy(shownDate, "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (category !== undefined) query = query.where(keywordsContain(category));
  return query.execute();
}
