import { afterAll, beforeAll, expect, it } from "vitest";
import { createPost } from "#app/server/queries/posts-admin.server.ts";
import { generateSitemapXml } from "#app/server/seo/sitemap-source.server.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { ContentVersionClock } from "./content-version.ts";
import { PageCache } from "./page-cache.ts";

// Issue 29 end to end below HTTP: two instances (each its own page cache and version clock, one
// database) serve a cached sitemap; a post scheduled for 09:00 is in neither copy before 09:00
// and in both from 09:00, with no write and no job in between: only the injected clock moves.

const ORIGIN = "https://tools.example";

describeEachDialect("scheduled publication through the page cache on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  it("every instance renders the page again at the scheduled instant", async () => {
    const db = s.database.db;
    let now = "2026-12-01T08:00:00.000Z";
    const created = await createPost(db, {
      title: "Morning news",
      slug: "morning-news",
      excerpt: "",
      content: "<p>x</p>",
      thumbnail: "",
      keywords: "news",
      published: true,
      publishAt: "2026-12-01T09:00:00.000Z",
    });
    expect(created.ok).toBe(true);
    let renders = 0;
    const render = async () => {
      renders++;
      const xml = await generateSitemapXml(db, ORIGIN, now);
      return new Response(xml, { headers: { "Content-Type": "application/xml", "Cache-Control": "public, max-age=0" } });
    };
    const instance = () => {
      const clock = new ContentVersionClock(() => db, () => now);
      const cache = new PageCache({ maxEntries: 10, currentVersion: () => clock.current() });
      return async () => (await cache.respond(new Request(`${ORIGIN}/sitemap.xml`), render)).text();
    };
    const [a, b] = [instance(), instance()];
    expect(await a()).not.toContain("/blog/morning-news");
    expect(await b()).not.toContain("/blog/morning-news");
    now = "2026-12-01T08:59:59.999Z";
    expect(await a()).not.toContain("/blog/morning-news");
    expect(await b()).not.toContain("/blog/morning-news");
    expect(renders).toBe(2); // one render per instance, then memory
    now = "2026-12-01T09:00:00.000Z";
    expect(await a()).toContain(`${ORIGIN}/blog/morning-news`);
    expect(await b()).toContain(`${ORIGIN}/blog/morning-news`);
    expect(await a()).toContain(`${ORIGIN}/blog/morning-news`);
    expect(renders).toBe(4);
  });
});
