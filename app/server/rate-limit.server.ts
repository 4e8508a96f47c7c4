import { sql, type Kysely } from "kysely";
import type { Database } from "./db/schema.ts";

export interface RateLimitRule {
  windowMs: number;
  max: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
  /** start of the window the hit was counted in (for refundRateLimit); 0 when nothing is counted */
  windowStart: number;
}

/**
 * Count one hit against `key` in a fixed window, atomically (one upsert), so concurrent requests
 * and several app instances sharing the database see the same count.
 */
export async function hitRateLimit(
  db: Kysely<Database>,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitResult> {
  const expired = sql<boolean>`rate_limits.window_start <= ${now - rule.windowMs}`;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`case when ${expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql`case when ${expired} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(["window_start", "count"])
    .executeTakeFirstOrThrow();
  return toResult(Number(row.window_start), row.count, rule, now);
}

/** The current count for `key` without adding a hit. */
export async function peekRateLimit(
  db: Kysely<Database>,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitResult> {
  const row = await db.selectFrom("rate_limits").select(["window_start", "count"]).where("key", "=", key).executeTakeFirst();
  if (!row || Number(row.window_start) <= now - rule.windowMs) return { allowed: true, count: 0, retryAfterSeconds: 0, windowStart: 0 };
  // peek asks "may one more happen?", so the limit is reached at max
  return toResult(Number(row.window_start), row.count + 1, rule, now);
}

export async function clearRateLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/**
 * Give back one hit counted by `hitRateLimit` (an attempt that turned out fine), only while the
 * window it was counted in is still the current one.
 */
export async function refundRateLimit(db: Kysely<Database>, key: string, windowStart: number): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ count: sql`rate_limits.count - 1` })
    .where("key", "=", key)
    .where("window_start", "=", windowStart)
    .where("count", ">", 0)
    .execute();
}

function toResult(windowStart: number, count: number, rule: RateLimitRule, now: number): RateLimitResult {
  const allowed = count <= rule.max;
  const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
  return { allowed, count, retryAfterSeconds, windowStart };
}
