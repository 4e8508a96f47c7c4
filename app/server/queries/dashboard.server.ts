import type { Kysely } from "kysely";
import { isBlankHtml } from "#app/lib/admin/seo-templates.ts";
import type { Database } from "../db/schema.ts";

export interface DashboardCounts {
  tools: number;
  posts: number;
  featuredTools: number;
  users: number;
}

const count = (q: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }) =>
  q.executeTakeFirstOrThrow().then((r) => Number(r.n));

export async function getDashboardCounts(db: Kysely<Database>): Promise<DashboardCounts> {
  const [tools, posts, featuredTools, users] = await Promise.all([
    count(db.selectFrom("tools").select((eb) => eb.fn.countAll().as("n"))),
    count(db.selectFrom("blog_posts").select((eb) => eb.fn.countAll().as("n"))),
    count(db.selectFrom("tools").where("is_featured", "=", 1).select((eb) => eb.fn.countAll().as("n"))),
    count(db.selectFrom("user").select((eb) => eb.fn.countAll().as("n"))),
  ]);
  return { tools, posts, featuredTools, users };
}

// ---------------------------------------------------------------- recent activity

export type ActivityType = "tool" | "post" | "page";

export interface ActivityItem {
  type: ActivityType;
  id: number;
  title: string;
  /** "created" when the row was never changed after it was created, else "updated". */
  action: "created" | "updated";
  /** ISO time of that event (updated_at). */
  at: string;
  /** The item's admin edit screen. */
  href: string;
}

export const RECENT_ACTIVITY_LIMIT = 8;

const EDIT_PATHS: Record<ActivityType, string> = { tool: "/admin/tools", post: "/admin/blog", page: "/admin/pages" };

/**
 * The latest created or updated tools, posts and pages, newest first. Each table gives its own
 * newest `limit` rows (by updated_at, which equals created_at until the first edit) and the lists
 * are merged, so the query stays an index-friendly top-N per table on both databases.
 */
export async function getRecentActivity(db: Kysely<Database>, limit = RECENT_ACTIVITY_LIMIT): Promise<ActivityItem[]> {
  const [tools, posts, pages] = await Promise.all([
    db.selectFrom("tools").select(["id", "name as title", "created_at", "updated_at"]).orderBy("updated_at", "desc").orderBy("id", "desc").limit(limit).execute(),
    db.selectFrom("blog_posts").select(["id", "title", "created_at", "updated_at"]).orderBy("updated_at", "desc").orderBy("id", "desc").limit(limit).execute(),
    db.selectFrom("pages").select(["id", "title", "created_at", "updated_at"]).orderBy("updated_at", "desc").orderBy("id", "desc").limit(limit).execute(),
  ]);
  const item =
    (type: ActivityType) =>
    (row: { id: number; title: string; created_at: string; updated_at: string }): ActivityItem => ({
      type,
      id: row.id,
      title: row.title,
      action: row.updated_at > row.created_at ? "updated" : "created",
      at: row.updated_at,
      href: `${EDIT_PATHS[type]}/${row.id}`,
    });
  return [...tools.map(item("tool")), ...posts.map(item("post")), ...pages.map(item("page"))]
    .toSorted((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1))
    .slice(0, limit);
}

// ---------------------------------------------------------------- quick stats

export interface QuickStats {
  publishedPosts: number;
  draftPosts: number;
  publishedPages: number;
  draftPages: number;
  /** Tools whose "About This Tool" content is blank ('Fill Missing SEO Content' fills them). */
  toolsMissingContent: number;
  totalSearchVolume: number;
  /** Tools per category, largest first, then by name. */
  categories: { category: string; tools: number }[];
}

/** Published and draft counts from rows grouped by `published`. */
function splitPublished(rows: { published: number; n: string | number | bigint }[]) {
  return {
    published: rows.filter((r) => Number(r.published) === 1).reduce((sum, r) => sum + Number(r.n), 0),
    drafts: rows.filter((r) => Number(r.published) !== 1).reduce((sum, r) => sum + Number(r.n), 0),
  };
}

export async function getQuickStats(db: Kysely<Database>): Promise<QuickStats> {
  const [posts, pages, categories, toolContents] = await Promise.all([
    db.selectFrom("blog_posts").select((eb) => ["published", eb.fn.countAll().as("n")]).groupBy("published").execute(),
    db.selectFrom("pages").select((eb) => ["published", eb.fn.countAll().as("n")]).groupBy("published").execute(),
    db
      .selectFrom("tools")
      .select((eb) => ["category", eb.fn.countAll().as("n"), eb.fn.sum<string | number | bigint | null>("search_volume").as("volume")])
      .groupBy("category")
      .execute(),
    db.selectFrom("tools").select("content").execute(),
  ]);
  const p = splitPublished(posts);
  const g = splitPublished(pages);
  return {
    publishedPosts: p.published,
    draftPosts: p.drafts,
    publishedPages: g.published,
    draftPages: g.drafts,
    toolsMissingContent: toolContents.filter((t) => isBlankHtml(t.content)).length,
    totalSearchVolume: categories.reduce((sum, c) => sum + Number(c.volume ?? 0), 0),
    categories: categories
      .map((c) => ({ category: c.category, tools: Number(c.n) }))
      .toSorted((a, b) => b.tools - a.tools || a.category.localeCompare(b.category)),
  };
}

// ---------------------------------------------------------------- scheduled posts

export const SCHEDULED_POSTS_LIMIT = 5;

/** Published posts whose scheduled instant is after `now`, soonest first: what goes public next. */
export function listScheduledPosts(db: Kysely<Database>, now: string, limit = SCHEDULED_POSTS_LIMIT) {
  return db
    .selectFrom("blog_posts")
    .select(["id", "title", "publish_at"])
    .where("published", "=", 1)
    .where("publish_at", ">", now)
    .orderBy("publish_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}
