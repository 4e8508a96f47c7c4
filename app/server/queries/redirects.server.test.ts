import { afterEach, beforeEach, expect, it } from "vitest";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { createPost, updatePost } from "./posts-admin.server.ts";
import { createPage, updatePage } from "./pages-admin.server.ts";
import { addRedirectHits, listRedirects, loadRedirectMap, recordAddressChange, saveRedirect } from "./redirects.server.ts";

const post = (slug: string) => ({ title: "T", slug, excerpt: "", content: "<p>x</p>", thumbnail: "", keywords: "", published: true });

describeEachDialect("redirects (%s)", (dialect) => {
  let s: TestServices;
  beforeEach(async () => {
    s = await createTestServices(dialect);
  });
  afterEach(async () => {
    await s.cleanup();
  });

  it("a post's slug change records a 301 from the old address; renaming it back leaves no loop", async () => {
    const db = s.database.db;
    const created = await createPost(db, post("first-slug"));
    if (!created.ok) throw new Error("create failed");
    await updatePost(db, created.id, post("second-slug"));
    expect((await loadRedirectMap(db)).get("/blog/first-slug")).toMatchObject({ to: "/blog/second-slug", status: 301 });
    await updatePost(db, created.id, post("third-slug"));
    // no chains: both old addresses lead straight to the current one
    const map = await loadRedirectMap(db);
    expect(map.get("/blog/first-slug")?.to).toBe("/blog/third-slug");
    expect(map.get("/blog/second-slug")?.to).toBe("/blog/third-slug");
    // back to the first slug: the live page wins its address back, nothing loops
    await updatePost(db, created.id, post("first-slug"));
    const back = await loadRedirectMap(db);
    expect(back.has("/blog/first-slug")).toBe(false);
    expect(back.get("/blog/third-slug")?.to).toBe("/blog/first-slug");
  });

  it("a page's slug change records a 301 too", async () => {
    const db = s.database.db;
    const created = await createPage(db, { title: "T", slug: "old-page", excerpt: "", content: "", published: true });
    if (!created.ok) throw new Error("create failed");
    await updatePage(db, created.id, { title: "T", slug: "new-page", excerpt: "", content: "", published: true });
    expect((await loadRedirectMap(db)).get("/page/old-page")?.to).toBe("/page/new-page");
  });

  it("refuses a loop, a duplicate source and a source a live page answers", async () => {
    const db = s.database.db;
    expect(await saveRedirect(db, { from: "/a", to: "/b", status: 301 })).toEqual({ ok: true });
    expect(await saveRedirect(db, { from: "/b", to: "/c", status: 302 })).toEqual({ ok: true });
    expect(await saveRedirect(db, { from: "/C", to: "/a", status: 301 })).toMatchObject({ ok: false, reason: "loop" });
    expect(await saveRedirect(db, { from: "/A/", to: "/z", status: 301 })).toMatchObject({ ok: false, reason: "duplicate" });
    expect(await saveRedirect(db, { from: "/tool/mp3-converter", to: "/z", status: 301 })).toMatchObject({ ok: false, reason: "shadows" });
    expect(await saveRedirect(db, { from: "/tools", to: "/z", status: 301 })).toMatchObject({ ok: false, reason: "shadows" });
    expect(await saveRedirect(db, { from: "/admin/users", to: "/z", status: 301 })).toMatchObject({ ok: false, reason: "shadows" });
    await createPost(db, post("live-post"));
    expect(await saveRedirect(db, { from: "/blog/live-post", to: "/z", status: 301 })).toMatchObject({ ok: false, reason: "shadows" });
    expect((await listRedirects(db)).map((r) => r.from)).toEqual(["/a", "/b"]);
  });

  it("a recorded address change never makes a loop with the screen's rules", async () => {
    const db = s.database.db;
    await saveRedirect(db, { from: "/blog/gone", to: "/blog/old", status: 301 });
    await recordAddressChange(db, "/blog/old", "/blog/gone");
    const map = await loadRedirectMap(db);
    expect(map.has("/blog/gone")).toBe(false);
    expect(map.get("/blog/old")?.to).toBe("/blog/gone");
  });

  it("adds batched hits and the last hit", async () => {
    const db = s.database.db;
    await saveRedirect(db, { from: "/a", to: "/b", status: 301 });
    const id = (await loadRedirectMap(db)).get("/a")!.id;
    await addRedirectHits(db, new Map([[id, { count: 3, last: "2026-11-28T01:00:00.000Z" }]]));
    await addRedirectHits(db, new Map([[id, { count: 2, last: "2026-11-28T02:00:00.000Z" }]]));
    expect((await listRedirects(db))[0]).toMatchObject({ hits: 5, lastHitAt: "2026-11-28T02:00:00.000Z" });
  });
});
