import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { clearRateLimit, hitRateLimit, peekRateLimit, PURGE_EVERY_HITS, purgeExpiredRateLimits, refundRateLimit, STORED_KEY_MAX_LENGTH, storedKey } from "./rate-limit.server.ts";

describeEachDialect("rate limits on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  const rule = { windowMs: 60_000, max: 2 };

  it("counts hits in a fixed window and tells how long to wait", async () => {
    const db = s.database.db;
    const t0 = 1_000_000;
    expect(await hitRateLimit(db, "k", rule, t0)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0, windowStart: t0 });
    expect((await hitRateLimit(db, "k", rule, t0 + 1000)).allowed).toBe(true);
    const third = await hitRateLimit(db, "k", rule, t0 + 10_000);
    expect(third).toEqual({ allowed: false, count: 3, retryAfterSeconds: 50, windowStart: t0 });
    expect((await peekRateLimit(db, "k", rule, t0 + 10_000)).allowed).toBe(false);
  });

  it("starts a new window once the old one has passed", async () => {
    const db = s.database.db;
    const t1 = 1_000_000 + 60_000;
    expect((await peekRateLimit(db, "k", rule, t1)).allowed).toBe(true);
    expect(await hitRateLimit(db, "k", rule, t1)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0, windowStart: t1 });
  });

  it("is atomic under concurrent hits", async () => {
    const db = s.database.db;
    const results = await Promise.all(Array.from({ length: 10 }, () => hitRateLimit(db, "burst", { windowMs: 60_000, max: 1 }, 5_000_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(1);
    expect(results.map((r) => r.count).toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await clearRateLimit(db, "burst");
    expect((await peekRateLimit(db, "burst", rule, 5_000_000)).count).toBe(0);
  });

  it("refunds one hit only within the window it was counted in", async () => {
    const db = s.database.db;
    const first = await hitRateLimit(db, "refund", rule, 9_000_000);
    await hitRateLimit(db, "refund", rule, 9_000_001);
    await refundRateLimit(db, "refund", first.windowStart);
    expect((await peekRateLimit(db, "refund", rule, 9_000_002)).count).toBe(2);
    // a refund for an old window leaves the new window's count alone
    const next = await hitRateLimit(db, "refund", rule, 9_000_000 + 60_000);
    await refundRateLimit(db, "refund", first.windowStart);
    expect(next.count).toBe(1);
    expect((await peekRateLimit(db, "refund", rule, 9_000_000 + 60_001)).count).toBe(2);
  });
});

describeEachDialect("rate-limit storage on %s (issue 28, finding 3)", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  const rule = { windowMs: 60_000, max: 2 };

  it("stores a 60 KB key as a short one, and still counts it as one key", async () => {
    const db = s.database.db;
    const huge = `auth-failures:account:${"a".repeat(60_000)}@example.com`;
    expect((await hitRateLimit(db, huge, rule, 1_000)).count).toBe(1);
    expect((await hitRateLimit(db, huge, rule, 1_001)).count).toBe(2);
    const keys = (await db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key);
    expect(keys).toHaveLength(1);
    expect(keys[0]!.length).toBeLessThanOrEqual(STORED_KEY_MAX_LENGTH);
    expect(keys[0]!.startsWith("auth-failures:account:")).toBe(true);
    expect(storedKey("short:key")).toBe("short:key");
  });

  it("purges rows whose window has ended, every few hits, with an injected clock", async () => {
    const db = s.database.db;
    await db.deleteFrom("rate_limits").execute();
    const t0 = 50_000_000;
    for (let i = 0; i < 5; i++) await hitRateLimit(db, `old-${i}`, rule, t0);
    await hitRateLimit(db, "long-window", { windowMs: 3_600_000, max: 2 }, t0);
    const later = t0 + 60_001;
    // rows in their window stay, ended ones go
    expect(await purgeExpiredRateLimits(db, later)).toBe(5);
    const left = (await db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key);
    expect(left).toContain("long-window");
    expect(left.filter((k) => k.startsWith("old-"))).toEqual([]);

    for (let i = 0; i < 5; i++) await hitRateLimit(db, `again-${i}`, rule, later);
    const purgeAt = later + 60_001;
    // the purge also runs by itself, once every PURGE_EVERY_HITS hits
    for (let i = 0; i < PURGE_EVERY_HITS; i++) await hitRateLimit(db, "busy", { windowMs: 3_600_000, max: 1_000_000 }, purgeAt);
    const after = (await db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key);
    expect(after.filter((k) => k.startsWith("again-"))).toEqual([]);
    expect(after).toContain("busy");
  });
});
