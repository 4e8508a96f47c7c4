import { afterAll, beforeAll, expect, it } from "vitest";
import { getCategoryBySlug, setPostCategories } from "#app/server/queries/categories.server.ts";
import { createPost, type PostFields } from "#app/server/queries/posts-admin.server.ts";
import { saveSettings } from "#app/server/queries/settings-admin.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { loader as feedLoader } from "#app/routes/seo/feed.ts";
import { bumpContentVersion, readContentStamp } from "#server/content-version.ts";
import { PageCache } from "#server/page-cache.ts";
import { steppingClock } from "../support/clock.ts";
import { readRss, xmllintRssErrors } from "../support/feeds/validate-feed.ts";
import { createTestServices, describeEachDialect, type TestServices } from "../support/test-db.ts";

// Issue 29, finding 11: there was no feed at any URL. The feeds must be valid RSS 2.0 (checked by
// xmllint against the schema, and read back as a feed reader would), list only published posts,
// carry the excerpt or the full post per the setting, and be served through the page cache.

const ORIGIN = "http://localhost:3999";

const post = (slug: string, extra: Partial<PostFields> = {}): PostFields => ({
  title: `Feed ${slug}`,
  slug,
  excerpt: `Excerpt of ${slug} & <friends>`,
  content: `<p>Body of ${slug} with <img src="/uploads/blog-images/x.png" alt="x"> and \u0001 a control character</p><script>alert(1)</script>`,
  thumbnail: "",
  keywords: "feedword",
  published: true,
  ...extra,
});

async function fetchFeed(path: string, params: Record<string, string> = {}): Promise<Response> {
  try {
    return (await feedLoader({ request: new Request(ORIGIN + path), params, context: {} } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const init = (thrown as { init?: { status?: number } }).init;
    return new Response(null, { status: init?.status ?? 500 });
  }
}

describeEachDialect("RSS feeds on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const clock = steppingClock("2030-01-01T00:00:00.000Z");
    for (const [fields, categories] of [
      [post("feed-older"), ["tutorials"]],
      [post("feed-draft", { published: false }), ["tutorials", "news"]],
      [post("feed-newer", { title: "Newest ]]> <b>post</b> \uFFFE" }), ["news"]],
    ] as const) {
      const result = await createPost(s.database.db, fields, clock);
      if (!result.ok) throw new Error(`could not create ${fields.slug}`);
      const ids = await Promise.all(categories.map(async (slug) => (await getCategoryBySlug(s.database.db, slug))!.id));
      await setPostCategories(s.database.db, result.id, ids);
    }
  });
  afterAll(() => s.cleanup());

  it("serves /rss.xml: valid RSS 2.0 by xmllint, newest first, never a draft, excerpts by default", async () => {
    const res = await fetchFeed("/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/\bpublic\b/);
    const xml = await res.text();
    expect(xmllintRssErrors(xml)).toEqual([]);
    const feed = readRss(xml);
    expect(feed.link).toBe(`${ORIGIN}/blog`);
    expect(feed.selfLink).toBe(`${ORIGIN}/rss.xml`);
    const slugs = feed.items.map((i) => i.link.replace(`${ORIGIN}/blog/`, ""));
    expect(slugs.slice(0, 2)).toEqual(["feed-newer", "feed-older"]);
    expect(slugs).not.toContain("feed-draft");
    const newest = feed.items[0]!;
    expect(newest).toMatchObject({ title: "Newest ]]> <b>post</b> ", guid: `${ORIGIN}/blog/feed-newer`, summary: "Excerpt of feed-newer & <friends>", content: undefined });
    expect(newest.categories).toEqual(["News"]);
    expect(newest.published.toISOString()).toBe("2030-01-01T00:00:02.000Z");
  });

  it("serves a feed per category with only its posts, and 404 for an unknown category", async () => {
    const res = await fetchFeed("/blog/category/tutorials/rss.xml", { category: "tutorials" });
    const xml = await res.text();
    expect(xmllintRssErrors(xml)).toEqual([]);
    const feed = readRss(xml);
    expect(feed.selfLink).toBe(`${ORIGIN}/blog/category/tutorials/rss.xml`);
    expect(feed.link).toBe(`${ORIGIN}/blog/category/tutorials`);
    expect(feed.items.map((i) => i.link)).toContain(`${ORIGIN}/blog/feed-older`);
    expect(feed.items.every((i) => i.categories.includes("Tutorials"))).toBe(true);
    expect(feed.items.map((i) => i.link)).not.toContain(`${ORIGIN}/blog/feed-draft`);
    expect((await fetchFeed("/blog/category/nope/rss.xml", { category: "nope" })).status).toBe(404);
  });

  it("carries the full, sanitized post with absolute URLs when the setting says so", async () => {
    await saveSettings(s.database.db, { feed_full_content: "true" });
    try {
      const xml = await (await fetchFeed("/rss.xml")).text();
      expect(xmllintRssErrors(xml)).toEqual([]);
      const item = readRss(xml).items.find((i) => i.link.endsWith("/feed-older"))!;
      expect(item.summary).toBe("Excerpt of feed-older & <friends>");
      expect(item.content).toContain(`src="${ORIGIN}/uploads/blog-images/x.png"`);
      expect(item.content).toContain("Body of feed-older");
      expect(item.content).not.toContain("<script");
    } finally {
      await saveSettings(s.database.db, { feed_full_content: "false" });
    }
  });

  it("goes through the page cache like the sitemap: rendered once, fresh after an admin write", async () => {
    const db = s.database.db;
    let renders = 0;
    const cache = new PageCache({ maxEntries: 10, currentVersion: () => readContentStamp(db, new Date().toISOString()) });
    const render = async (request: Request) => {
      renders++;
      return fetchFeed(new URL(request.url).pathname);
    };
    const get = () => cache.respond(new Request(`${ORIGIN}/rss.xml`), render);
    const first = await (await get()).text();
    expect(await (await get()).text()).toBe(first);
    expect(renders).toBe(1);
    const created = await createPost(db, post("feed-latest"), steppingClock("2031-01-01T00:00:00.000Z"));
    expect(created.ok).toBe(true);
    await bumpContentVersion(db);
    const after = readRss(await (await get()).text());
    expect(renders).toBe(2);
    expect(after.items[0]!.link).toBe(`${ORIGIN}/blog/feed-latest`);
  });
});
