import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { MAX_SHORTCUTS } from "#app/lib/pwa/manifest.ts";

export const FEATURED_TOOLS_LIMIT = 6;

/** The one order by rank (higher first; ties, as a seeded catalogue has, by name then id): featured, related and the admin's "Rank" sort. */
export const RANK_ORDER = sql`${sql.ref("rank")} desc, lower(${sql.ref("name")}) asc, ${sql.ref("name")} asc, ${sql.ref("id")} asc`;
const CARD_COLUMNS = ["slug", "name", "description", "category", "icon"] as const;

export type ToolCard = Pick<Database["tools"], (typeof CARD_COLUMNS)[number]>;

export function listFeaturedTools(db: Kysely<Database>): Promise<ToolCard[]> {
  return db
    .selectFrom("tools")
    .select(CARD_COLUMNS)
    .where("is_featured", "=", 1)
    .orderBy(RANK_ORDER)
    .limit(FEATURED_TOOLS_LIMIT)
    .execute();
}

/** The web app manifest's shortcuts: the featured tools first, then by rank (MAX_SHORTCUTS of them). */
export function listManifestShortcutTools(db: Kysely<Database>, limit = MAX_SHORTCUTS) {
  return db
    .selectFrom("tools")
    .select(["slug", "name", "description"])
    .orderBy("is_featured", "desc")
    .orderBy(RANK_ORDER)
    .limit(limit)
    .execute();
}

/** All tools for /tools, ordered by name. */
export function listToolCards(db: Kysely<Database>): Promise<ToolCard[]> {
  return db.selectFrom("tools").select(CARD_COLUMNS).orderBy("name", "asc").execute();
}

/** The most searched tools (search volume, then name): what a lost visitor is most likely after. */
export function listPopularTools(db: Kysely<Database>, limit: number): Promise<ToolCard[]> {
  return db.selectFrom("tools").select(CARD_COLUMNS).orderBy("search_volume", "desc").orderBy("name", "asc").limit(limit).execute();
}

export type SearchableToolCard = ToolCard & { keywords: string; searchVolume: number };

/** Every tool's card with what the tool search ranks by (app/lib/tool-search.ts), by name. */
export async function listSearchableTools(db: Kysely<Database>): Promise<SearchableToolCard[]> {
  const rows = await db
    .selectFrom("tools")
    .select([...CARD_COLUMNS, "meta_keywords", "search_volume"])
    .orderBy("name", "asc")
    .execute();
  return rows.map(({ meta_keywords, search_volume, ...card }) => ({ ...card, keywords: meta_keywords, searchVolume: search_volume }));
}

/** The fields a tool page shows (name, content, blog_content, description, category, icon, meta_*). */
export function getToolPage(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom("tools")
    .select(["slug", "name", "description", "category", "icon", "content", "blog_content", "meta_description", "meta_keywords", "updated_at"])
    .where("slug", "=", slug)
    .executeTakeFirst();
}

/** Other tools of the same category, most prominent first. */
export function listRelatedTools(db: Kysely<Database>, tool: { slug: string; category: string }, limit = 4): Promise<ToolCard[]> {
  return db
    .selectFrom("tools")
    .select(CARD_COLUMNS)
    .where("category", "=", tool.category)
    .where("slug", "!=", tool.slug)
    .orderBy(RANK_ORDER)
    .limit(limit)
    .execute();
}

export function listToolSitemapEntries(db: Kysely<Database>) {
  return db.selectFrom("tools").select(["slug", "updated_at as updatedAt"]).orderBy("slug").execute();
}
