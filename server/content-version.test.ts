import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { bumpContentVersion, ContentVersionClock, getContentVersion } from "./content-version.ts";

describeEachDialect("content version on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  it("starts at 1 and counts bumps", async () => {
    const db = s.database.db;
    const start = await getContentVersion(db);
    expect(start).toBeGreaterThanOrEqual(1);
    await bumpContentVersion(db);
    await bumpContentVersion(db);
    expect(await getContentVersion(db)).toBe(start + 2);
  });

  it("a clock sees every instance's bumps at once (issue 28, finding 1: across instances too)", async () => {
    const mine = new ContentVersionClock(() => s.database.db);
    const other = new ContentVersionClock(() => s.database.db);
    const v0 = (await mine.current()).version;
    expect((await other.current()).version).toBe(v0);
    await mine.bump();
    expect((await mine.current()).version).toBe(v0 + 1);
    expect((await other.current()).version).toBe(v0 + 1);
  });

  it("never answers a caller with a read that started before the call", async () => {
    const clock = new ContentVersionClock(() => s.database.db);
    const before = clock.current(); // in flight
    const v0 = await getContentVersion(s.database.db);
    await bumpContentVersion(s.database.db);
    const after = clock.current(); // arrives after the bump while the first read may still run
    const together = await Promise.all([after, clock.current(), clock.current()]);
    expect((await before).version).toBeGreaterThanOrEqual(v0);
    expect(together.map((stamp) => stamp.version)).toEqual([v0 + 1, v0 + 1, v0 + 1]);
  });
});
