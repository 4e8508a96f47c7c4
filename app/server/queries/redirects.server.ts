import type { Kysely } from "kysely";
import { findTool } from "#app/tools/registry.ts";
import { nowIso, type Clock } from "../db/connection.server.ts";
import type { Database } from "../db/schema.ts";
import { routePath } from "../http/site-paths.server.ts";
import { normaliseSource, ruleProblem, type RedirectRule, type RedirectStatus, type RuleProblem } from "../redirects/rules.server.ts";

// The redirects table (issue 29): the Redirects screen's rules and the 301s every slug change
// records. The server answers them from an in-memory map (server/redirects.ts) that it reloads
// when the content version moves; every write here happens in an admin action, which bumps it.

export interface RedirectRow {
  id: number;
  from: string;
  to: string;
  status: RedirectStatus;
  hits: number;
  lastHitAt: string | null;
}

const toRow = (r: { id: number; from_path: string; to_path: string; status: number; hits: number; last_hit_at: string | null }): RedirectRow => ({
  id: Number(r.id),
  from: r.from_path,
  to: r.to_path,
  status: r.status === 302 ? 302 : 301,
  hits: Number(r.hits),
  lastHitAt: r.last_hit_at,
});

/** Every rule, by source address. */
export async function listRedirects(db: Kysely<Database>): Promise<RedirectRow[]> {
  const rows = await db.selectFrom("redirects").selectAll().orderBy("from_path").execute();
  return rows.map(toRow);
}

/** source → target of every rule (what the loop check follows). */
async function ruleTargets(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom("redirects").select(["from_path", "to_path"]).execute();
  return new Map(rows.map((r) => [r.from_path, r.to_path]));
}

/** Paths the router answers itself, whatever the content: a redirect there would hide a live page or an area. */
const FIXED_ROUTES = /^\/(?:tools|blog|licenses|sitemap\.xml|robots\.txt|search-index\.json|healthz|__manifest)$|^\/(?:admin|auth|api|uploads|__test)(?:[/.]|$)/;

/**
 * What a live page answers at a source address (a redirect there would shadow it), or null. A tool,
 * post or page counts whether or not it is published: its address is taken.
 */
export async function liveAnswerAt(db: Kysely<Database>, from: string): Promise<string | null> {
  if (from === "/" || FIXED_ROUTES.test(from)) return "a page of the site itself";
  const match = /^\/(tool|blog|page)\/([^/]+)$/.exec(from);
  const category = /^\/blog\/category\/([^/]+)$/.exec(from);
  if (category) return (await db.selectFrom("blog_categories").select("id").where("slug", "=", category[1] ?? "").executeTakeFirst()) ? "a blog category" : null;
  if (!match) return null;
  const [, kind, slug = ""] = match;
  if (kind === "tool") {
    if (findTool(slug)) return "a built-in tool";
    return (await db.selectFrom("tools").select("id").where("slug", "=", slug).executeTakeFirst()) ? "a tool" : null;
  }
  const table = kind === "blog" ? "blog_posts" : "pages";
  const row = await db.selectFrom(table).select("id").where("slug", "=", slug).executeTakeFirst();
  return row ? (kind === "blog" ? "a blog post" : "a page") : null;
}

export type SaveRedirectResult = { ok: true } | ({ ok: false } & (RuleProblem | { reason: "duplicate"; message: string }));

/**
 * Adds a rule (or, with `replaceId`, changes that one), refused when it would loop, when a live
 * page answers its source, or when another rule has its source.
 */
export async function saveRedirect(db: Kysely<Database>, rule: RedirectRule, options: { replaceId?: number; clock?: Clock } = {}): Promise<SaveRedirectResult> {
  const from = normaliseSource(rule.from);
  if (!from) return { ok: false, reason: "invalid-from", message: "The old address must be a path of this site, starting with /." };
  const rules = await ruleTargets(db);
  const existing = await db.selectFrom("redirects").select("id").where("from_path", "=", from).executeTakeFirst();
  if (existing && Number(existing.id) !== options.replaceId) return { ok: false, reason: "duplicate", message: `There is already a redirect from ${from}.` };
  if (options.replaceId !== undefined) {
    const old = await db.selectFrom("redirects").select("from_path").where("id", "=", options.replaceId).executeTakeFirst();
    if (old) rules.delete(old.from_path);
  }
  const problem = ruleProblem(rules, from, rule.to);
  if (problem) return { ok: false, ...problem };
  const live = await liveAnswerAt(db, from);
  if (live) return { ok: false, reason: "shadows", message: `${from} is ${live}: a redirect there would hide it.` };
  if (options.replaceId !== undefined) {
    await db.updateTable("redirects").set({ from_path: from, to_path: rule.to, status: rule.status }).where("id", "=", options.replaceId).execute();
  } else {
    await db
      .insertInto("redirects")
      .values({ from_path: from, to_path: rule.to, status: rule.status, hits: 0, last_hit_at: null, created_at: (options.clock ?? nowIso)() })
      .execute();
  }
  return { ok: true };
}

/** True when a rule was deleted. */
export async function deleteRedirect(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("redirects").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A live page now answers `path` (created or renamed there): a rule from it would hide the page, so it goes. */
export async function releaseAddress(db: Kysely<Database>, path: string): Promise<void> {
  await db.deleteFrom("redirects").where("from_path", "=", routePath(path)).execute();
}

/**
 * A page's address moved from `oldPath` to `newPath` (a slug change): a 301 from the old address,
 * rules that led to the old one now lead straight to the new one (no chains), and no rule stays
 * on the new address (the page lives there). Nothing can loop: the new address has no rule.
 */
export async function recordAddressChange(db: Kysely<Database>, oldPath: string, newPath: string, clock: Clock = nowIso): Promise<void> {
  const from = routePath(oldPath);
  const to = routePath(newPath);
  if (from === to) return;
  // inside a save's transaction (a post's rename with its revision), the rules join that one
  const inTransaction = (write: (trx: Kysely<Database>) => Promise<void>) => (db.isTransaction ? write(db) : db.transaction().execute(write));
  await inTransaction(async (trx) => {
    await trx.deleteFrom("redirects").where("from_path", "=", to).execute();
    const leadingToOld = (await trx.selectFrom("redirects").select(["id", "to_path"]).execute()).filter((r) => r.to_path.startsWith("/") && routePath(r.to_path) === from);
    for (const r of leadingToOld) await trx.updateTable("redirects").set({ to_path: newPath }).where("id", "=", r.id).execute();
    const existing = await trx.selectFrom("redirects").select("id").where("from_path", "=", from).executeTakeFirst();
    if (existing) await trx.updateTable("redirects").set({ to_path: newPath, status: 301 }).where("id", "=", existing.id).execute();
    else await trx.insertInto("redirects").values({ from_path: from, to_path: newPath, status: 301, hits: 0, last_hit_at: null, created_at: clock() }).execute();
  });
}

/**
 * After a save, the address follows the slug (issue 29): a rename leaves a 301 from the old address,
 * and a new address is the page's own (a redirect from it would hide the page).
 */
export async function keepAddress(db: Kysely<Database>, prefix: "/blog/" | "/page/" | "/tool/", oldSlug: string | undefined, newSlug: string): Promise<void> {
  if (oldSlug !== undefined && oldSlug !== newSlug) await recordAddressChange(db, prefix + oldSlug, prefix + newSlug);
  else await releaseAddress(db, prefix + newSlug);
}

/** The server's lookup table: normalised source → target and status, with the id hits are counted under. */
export async function loadRedirectMap(db: Kysely<Database>): Promise<Map<string, { id: number; to: string; status: RedirectStatus }>> {
  const rows = await db.selectFrom("redirects").select(["id", "from_path", "to_path", "status"]).execute();
  return new Map(rows.map((r) => [r.from_path, { id: Number(r.id), to: r.to_path, status: r.status === 302 ? 302 : 301 }]));
}

/** Adds counted hits (one write per rule per batch, never one per request). */
export async function addRedirectHits(db: Kysely<Database>, hits: ReadonlyMap<number, { count: number; last: string }>): Promise<void> {
  for (const [id, { count, last }] of hits) {
    await db
      .updateTable("redirects")
      .set((eb) => ({ hits: eb("hits", "+", count), last_hit_at: last }))
      .where("id", "=", id)
      .execute();
  }
}
