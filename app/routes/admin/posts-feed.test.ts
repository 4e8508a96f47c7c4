import { afterAll, beforeAll, expect, it } from "vitest";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { siteSettings } from "#app/server/queries/settings.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { callRoute } from "#tests/support/route-call.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import * as posts from "./posts.tsx";

// Issue 29: the feed carries the excerpt or the full post per an admin setting (default: excerpt).
const ORIGIN = "http://localhost:3999";

describeEachDialect("the Posts screen's feed setting on %s", (dialect) => {
  let s: TestServices;
  let cookie: string;
  const post = (fields: Record<string, string>) =>
    callRoute(posts.action, new Request(`${ORIGIN}/admin/blog`, { method: "POST", headers: { cookie, origin: ORIGIN }, body: new URLSearchParams(fields) }));

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const res = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email: "feed-admin@example.com", password: "secret-pass-123", name: "a" }));
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });
  afterAll(() => s.cleanup());

  it("starts with excerpts, saves full posts, and refuses anything else", async () => {
    const loaded = await callRoute(posts.loader, new Request(`${ORIGIN}/admin/blog`, { headers: { cookie } }));
    expect(loaded.body).toMatchObject({ feedFullContent: false });
    expect(await post({ intent: "feed-content", feedContent: "full" })).toMatchObject({ status: 200, body: { ok: true, message: "Feed settings saved" } });
    expect((await siteSettings(s.database.db)).feedFullContent).toBe(true);
    expect(await post({ intent: "feed-content", feedContent: "everything" })).toMatchObject({ status: 400, body: { ok: false } });
    expect(await post({ intent: "feed-content", feedContent: "excerpt" })).toMatchObject({ status: 200 });
    expect((await siteSettings(s.database.db)).feedFullContent).toBe(false);
  });
});
