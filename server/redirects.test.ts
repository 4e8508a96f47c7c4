import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { listRedirects, saveRedirect } from "#app/server/queries/redirects.server.ts";
import { RedirectServer } from "./redirects.ts";

describeEachDialect("the redirect table in memory (%s)", (dialect) => {
  let s: TestServices;
  beforeEach(async () => {
    s = await createTestServices(dialect);
  });
  afterEach(async () => {
    await s.cleanup();
  });

  it("reads the rules again only when the content version moves, and writes hits in one batch", async () => {
    const db = s.database.db;
    let version = 1;
    const server = new RedirectServer({ db: () => db, version: async () => version, now: () => new Date("2026-11-28T03:00:00Z") });
    expect(await server.find("/old")).toBeUndefined();
    await saveRedirect(db, { from: "/old", to: "/new", status: 301 });
    // same version: the table in memory still answers (no read per request)
    expect(await server.find("/old")).toBeUndefined();
    version = 2;
    const rule = await server.find("/OLD/");
    expect(rule).toMatchObject({ to: "/new", status: 301 });
    const spy = vi.spyOn(db, "updateTable");
    for (let i = 0; i < 50; i++) server.count(rule!.id);
    expect(spy).not.toHaveBeenCalled();
    await server.flush();
    expect(spy).toHaveBeenCalledTimes(1);
    expect((await listRedirects(db))[0]).toMatchObject({ hits: 50, lastHitAt: "2026-11-28T03:00:00.000Z" });
  });
});
