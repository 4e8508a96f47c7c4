import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { clearRateLimit, hitRateLimit, peekRateLimit, refundRateLimit } from "./rate-limit.server.ts";

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
