import { sql, type Kysely } from "kysely";
import { FILLED_SEO_FIELDS, isBlankHtml, missingSeoValues, type FilledSeoField } from "#app/lib/admin/seo-templates.ts";
import type { ToolFormInput } from "#app/lib/admin/tool-form-schema.ts";
import type { ToolSort } from "#app/lib/admin/tools-list.ts";
import { nowIso, type Clock } from "../db/connection.server.ts";
import type { Database } from "../db/schema.ts";
import { sanitizeHtml } from "../html/sanitize.server.ts";
import { countRows, readPage, type ListPage } from "./paging.server.ts";
import { RANK_ORDER } from "./tools.server.ts";

// Admin queries for the tools table (/admin/tools and the tool form). The public site's queries
// stay in tools.server.ts.

const LIST_COLUMNS = ["id", "name", "slug", "category", "icon", "is_featured", "rank", "search_volume", "created_at", "updated_at"] as const;
/** A row of the admin list, with its position in the rank order (1 = first) whatever the list's sort. */
export type AdminToolRow = Pick<Database["tools"], Exclude<(typeof LIST_COLUMNS)[number], "id">> & { id: number; position: number };

/** One page of the tools in the chosen order (newest, rank, search volume or name). */
export function listAdminTools(db: Kysely<Database>, sort: ToolSort, page = 1): Promise<ListPage<AdminToolRow>> {
  return readPage(
    page,
    () => countRows(db, "tools"),
    (limit, offset) => sortedTools(db, sort).limit(limit).offset(offset).execute(),
  );
}

/** Every tool in the chosen order; ties fall back to the name, then id, so the order is stable (and pages never overlap). */
function sortedTools(db: Kysely<Database>, sort: ToolSort) {
  // the window runs over every tool before the page is cut, so each row knows its rank position
  let query = db
    .selectFrom("tools")
    .select(LIST_COLUMNS)
    .select(sql<number>`cast(row_number() over (order by ${RANK_ORDER}) as integer)`.as("position"));
  switch (sort) {
    case "rank":
      query = query.orderBy("rank", "desc");
      break;
    case "search_volume":
      query = query.orderBy("search_volume", "desc");
      break;
    case "name":
      break;
    default:
      query = query.orderBy("created_at", "desc").orderBy("id", "desc");
  }
  // names compare case-insensitively ("Audio" before "AVIF") on both databases
  return query.orderBy(sql`lower(${sql.ref("name")})`, "asc").orderBy("name", "asc").orderBy("id", "asc");
}

const EDIT_COLUMNS = [
  "id",
  "name",
  "slug",
  "description",
  "category",
  "icon",
  "search_volume",
  "is_featured",
  "content",
  "blog_content",
  "meta_keywords",
  "meta_description",
  "rank",
] as const;

/** The fields the tool form edits, or undefined. */
export function getAdminTool(db: Kysely<Database>, id: number) {
  return db.selectFrom("tools").select(EDIT_COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** The id of the tool that owns a slug, if any. */
export async function findToolIdBySlug(db: Kysely<Database>, slug: string): Promise<number | undefined> {
  const row = await db.selectFrom("tools").select("id").where("slug", "=", slug).executeTakeFirst();
  return row?.id;
}

/** True when the error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const code = (error as { code?: unknown }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || (code === "SQLITE_CONSTRAINT" && /UNIQUE/i.test(String((error as Error).message)));
}

/** Rich text as stored: sanitised, and "" when the editor left only empty tags such as <p></p>. */
function storedHtml(html: string): string {
  const clean = sanitizeHtml(html);
  return isBlankHtml(clean) ? "" : clean;
}

/** The stored values of a parsed form: HTML sanitised, booleans as 0/1. */
function toolValues(input: ToolFormInput) {
  return {
    name: input.name,
    slug: input.slug,
    description: input.description,
    category: input.category,
    icon: input.icon,
    search_volume: input.search_volume,
    is_featured: input.is_featured ? 1 : 0,
    content: storedHtml(input.content),
    blog_content: storedHtml(input.blog_content),
    meta_keywords: input.meta_keywords,
    meta_description: input.meta_description,
  };
}

/**
 * A new tool, last in the rank order (rank 0, every other tool one up so none shares its rank);
 * returns its id. Throws on a duplicate slug (see isUniqueViolation).
 */
export async function insertTool(db: Kysely<Database>, input: ToolFormInput, clock: Clock = nowIso): Promise<number> {
  const now = clock();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("tools")
      .values({ ...toolValues(input), rank: 0, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("tools")
      .set({ rank: sql<number>`${sql.ref("rank")} + 1` })
      .where("id", "<>", row.id)
      .execute();
    return Number(row.id);
  });
}

/** Save the form's fields; rank and created_at stay. False when the tool does not exist. */
export async function updateTool(db: Kysely<Database>, id: number, input: ToolFormInput, clock: Clock = nowIso): Promise<boolean> {
  const result = await db
    .updateTable("tools")
    .set({ ...toolValues(input), updated_at: clock() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// Rank is an explicit order (issue 29): a higher rank comes first, and a tool's position is its
// place in that order (1 = first), ties broken by name then id as every list does. A move swaps the
// tool with its neighbour, so no two tools share a rank after the first move (a seeded or imported
// catalogue may start with ties: the first move renumbers it without changing its order).

/** Renumber every tool total..1 in today's rank order when two share a rank (or one is below 1). */
async function untieRanks(trx: Kysely<Database>): Promise<void> {
  const stats = await trx
    .selectFrom("tools")
    .select((eb) => [eb.fn.countAll().as("n"), sql<number>`count(distinct ${sql.ref("rank")})`.as("distinct"), eb.fn.min("rank").as("lowest")])
    .executeTakeFirstOrThrow();
  if (Number(stats.n) === Number(stats.distinct) && Number(stats.lowest ?? 1) >= 1) return;
  await sql`update tools set rank = ordered.position
    from (select id, cast(row_number() over (order by ${sql.ref("rank")} asc, lower(${sql.ref("name")}) desc, ${sql.ref("name")} desc, ${sql.ref("id")} desc) as integer) as position from tools) as ordered
    where ordered.id = tools.id`.execute(trx);
}

export type RankMove = { name: string; position: number; total: number; moved: boolean };

/**
 * Swap a tool with its neighbour above ("up") or below ("down") in the rank order. Returns where it
 * now is, and whether it moved (not when already first or last), or undefined when there is no such
 * tool. updated_at stays: the rank orders lists, it is not the tool page's content.
 */
export async function moveToolRank(db: Kysely<Database>, id: number, direction: "up" | "down"): Promise<RankMove | undefined> {
  return db.transaction().execute(async (trx) => {
    const exists = await trx.selectFrom("tools").select("id").where("id", "=", id).executeTakeFirst();
    if (!exists) return undefined;
    await untieRanks(trx);
    const me = await trx.selectFrom("tools").select(["name", "rank"]).where("id", "=", id).executeTakeFirstOrThrow();
    const neighbour = await trx
      .selectFrom("tools")
      .select(["id", "rank"])
      .where("rank", direction === "up" ? ">" : "<", me.rank)
      .orderBy("rank", direction === "up" ? "asc" : "desc")
      .limit(1)
      .executeTakeFirst();
    if (neighbour) {
      await trx.updateTable("tools").set({ rank: neighbour.rank }).where("id", "=", id).execute();
      await trx.updateTable("tools").set({ rank: me.rank }).where("id", "=", neighbour.id).execute();
    }
    const rank = neighbour ? neighbour.rank : me.rank;
    const counts = await trx
      .selectFrom("tools")
      .select((eb) => [eb.fn.countAll().as("total"), eb.fn.sum<number>(sql`case when ${sql.ref("rank")} > ${rank} then 1 else 0 end`).as("above")])
      .executeTakeFirstOrThrow();
    return { name: me.name, position: Number(counts.above ?? 0) + 1, total: Number(counts.total), moved: neighbour !== undefined };
  });
}

/** Delete a tool; false when it did not exist. */
export async function deleteTool(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("tools").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * 'Fill Missing SEO Content': every blank SEO field of every tool (the content: empty, whitespace or
 * only empty tags; the meta description and keywords: empty or whitespace) gets its template from
 * the tool's category or name; fields with text stay. Returns how many tools were filled.
 */
export async function fillMissingSeoContent(db: Kysely<Database>, clock: Clock = nowIso): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const tools = await trx.selectFrom("tools").select(["id", "name", "description", "category", ...FILLED_SEO_FIELDS]).execute();
    const now = clock();
    let filled = 0;
    for (const tool of tools) {
      const values = missingSeoValues(tool);
      if (Object.keys(values).length === 0) continue;
      let update = trx
        .updateTable("tools")
        .set({ ...values, ...(values.content === undefined ? {} : { content: sanitizeHtml(values.content) }), updated_at: now })
        .where("id", "=", tool.id);
      // only if nobody saved other text in those fields in the meantime
      for (const field of Object.keys(values) as FilledSeoField[]) update = update.where(field, "=", tool[field]);
      filled += Number((await update.executeTakeFirst()).numUpdatedRows);
    }
    return filled;
  });
}

/** How many tools have a blank SEO field (what 'Fill Missing SEO Content' would fill). */
export async function countToolsMissingContent(db: Kysely<Database>): Promise<number> {
  const tools = await db.selectFrom("tools").select(["name", "description", "category", ...FILLED_SEO_FIELDS]).execute();
  return tools.filter((t) => Object.keys(missingSeoValues(t)).length > 0).length;
}
