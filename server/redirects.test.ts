import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { listRedirects, saveRedirect } from "#app/server/queries/redirects.server.ts";
import { RedirectServer } from "./redirects.ts";

/** The middleware's answer to a GET of `url`: a redirect, React Router's data redirect, or next(). */
async function answerOf(server: RedirectServer, url: string) {
  return new Promise<{ next: true } | { status: number; headers: Record<string, string>; location?: string }>((resolve) => {
    const headers: Record<string, string> = {};
    let status = 200;
    const res = {
      set(h: string | Record<string, string>, v?: string) {
        Object.assign(headers, typeof h === "string" ? { [h]: v } : h);
        return res;
      },
      status(s: number) {
        status = s;
        return res;
      },
      redirect(s: number, location: string) {
        resolve({ status: s, headers, location });
      },
      end() {
        resolve({ status, headers });
      },
    };
    server.middleware({ method: "GET", originalUrl: url } as never, res as never, () => resolve({ next: true }));
  });
}

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

  it("answers a page request with the redirect, a client navigation's data request with React Router's, and leaves the rest", async () => {
    const db = s.database.db;
    await saveRedirect(db, { from: "/old", to: "/new", status: 301 });
    await saveRedirect(db, { from: "/away", to: "https://example.org/x", status: 302 });
    const server = new RedirectServer({ db: () => db, version: async () => 1, now: () => new Date("2026-11-28T04:00:00Z") });
    await saveRedirect(db, { from: "/find", to: "/tools", status: 301 });
    // one hop: the target in its canonical form, with only the query its page reads
    expect(await answerOf(server, "/Old/?utm=1")).toMatchObject({ status: 301, location: "/new" });
    expect(await answerOf(server, "/find?q=png&utm=1")).toMatchObject({ status: 301, location: "/tools?q=png" });
    expect(await answerOf(server, "/old.data?_routes=routes/site/page")).toMatchObject({ status: 204, headers: { "X-Remix-Redirect": "/new", "X-Remix-Status": "301" } });
    expect(await answerOf(server, "/away.data")).toMatchObject({ status: 204, headers: { "X-Remix-Redirect": "https://example.org/x", "X-Remix-Reload-Document": "true" } });
    expect(await answerOf(server, "/elsewhere")).toEqual({ next: true });
    expect(await answerOf(server, "/admin/old")).toEqual({ next: true });
    // the three hits counted above go out now, not from a timer after the database is gone
    await server.flush();
    expect((await listRedirects(db)).map((r) => [r.from, r.hits])).toEqual(expect.arrayContaining([["/old", 2], ["/away", 1], ["/find", 1]]));
  });
});
