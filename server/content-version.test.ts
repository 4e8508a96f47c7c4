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

  it("a clock sees its own bumps at once and other instances' bumps within its max age", async () => {
    let now = 0;
    const mine = new ContentVersionClock(() => s.database.db, 1000, () => now);
    const other = new ContentVersionClock(() => s.database.db, 1000, () => now);
    const v0 = await mine.current();
    expect(await other.current()).toBe(v0);
    await mine.bump();
    expect(await mine.current()).toBe(v0 + 1);
    expect(await other.current()).toBe(v0); // still within its second
    now += 1000;
    expect(await other.current()).toBe(v0 + 1);
  });
});
