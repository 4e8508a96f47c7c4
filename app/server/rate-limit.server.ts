import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "./db/schema.ts";
import { metrics } from "./http/metrics.server.ts";

/** No stored key is longer: PostgreSQL refuses btree entries over ~2.7 KB, and keys may come from clients. */
export const STORED_KEY_MAX_LENGTH = 128;
/** Rows whose window has ended are deleted once every this many hits (from this process). */
export const PURGE_EVERY_HITS = 100;

/**
 * The key as stored: itself when short, otherwise its readable kind (`auth-failures:account:`)
 * followed by a SHA-256 of the whole key, so any key a client makes up has a bounded size.
 */
export function storedKey(key: string): string {
  if (key.length <= STORED_KEY_MAX_LENGTH) return key;
  const kindEnd = key.lastIndexOf(":", 63);
  return `${key.slice(0, kindEnd + 1)}sha256:${createHash("sha256").update(key).digest("base64url")}`;
}

let hitsSincePurge = 0;

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
  if (++hitsSincePurge >= PURGE_EVERY_HITS) {
    hitsSincePurge = 0;
    await purgeExpiredRateLimits(db, now);
  }
  const expired = sql<boolean>`rate_limits.window_start <= ${now - rule.windowMs}`;
  const row = await db
    .insertInto("rate_limits")
    .values({ key: storedKey(key), window_start: now, count: 1, expires_at: now + rule.windowMs })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`case when ${expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql`case when ${expired} then ${now} else rate_limits.window_start end`,
        expires_at: sql`case when ${expired} then ${now + rule.windowMs} else rate_limits.expires_at end`,
      }),
    )
    .returning(["window_start", "count"])
    .executeTakeFirstOrThrow();
  const result = toResult(Number(row.window_start), row.count, rule, now);
  if (!result.allowed) metrics.throttled();
  return result;
}

/** Delete every row whose window has ended (its count no longer matters); returns how many went. */
export async function purgeExpiredRateLimits(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The current count for `key` without adding a hit. */
export async function peekRateLimit(
  db: Kysely<Database>,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitResult> {
  const row = await db.selectFrom("rate_limits").select(["window_start", "count"]).where("key", "=", storedKey(key)).executeTakeFirst();
  if (!row || Number(row.window_start) <= now - rule.windowMs) return { allowed: true, count: 0, retryAfterSeconds: 0, windowStart: 0 };
  // peek asks "may one more happen?", so the limit is reached at max
  return toResult(Number(row.window_start), row.count + 1, rule, now);
}

export async function clearRateLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", storedKey(key)).execute();
}

/**
 * Give back one hit counted by `hitRateLimit` (an attempt that turned out fine), only while the
 * window it was counted in is still the current one.
 */
export async function refundRateLimit(db: Kysely<Database>, key: string, windowStart: number): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ count: sql`rate_limits.count - 1` })
    .where("key", "=", storedKey(key))
    .where("window_start", "=", windowStart)
    .where("count", ">", 0)
    .execute();
}

function toResult(windowStart: number, count: number, rule: RateLimitRule, now: number): RateLimitResult {
  const allowed = count <= rule.max;
  const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
  return { allowed, count, retryAfterSeconds, windowStart };
}
