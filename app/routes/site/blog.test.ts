import { afterAll, beforeAll, expect, it } from "vitest";
import { SITE_LAYOUT_ROUTE_ID } from "#app/lib/seo/route-meta.ts";
import { getCategoryBySlug } from "#app/server/queries/categories.server.ts";
import { countPublishedPosts, listPublishedPosts } from "#app/server/queries/posts.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { insertPosts } from "#tests/support/bulk-rows.ts";
import { callRoute } from "#tests/support/route-call.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import * as blog from "./blog.tsx";
import * as categoryRoute from "./blog-category.tsx";
import { inCategoryOld, KEYWORD_CASES } from "#tests/support/old-keyword-categories.ts";

// /blog and /blog/category/:category with 100 published posts: loaders and head tags, called as
// React Router calls them.

const ORIGIN = "http://localhost:3999";
const run = (fn: (args: never) => unknown, path: string, params: Record<string, string> = {}) => callRoute(fn, new Request(ORIGIN + path), params);

interface ListData {
  posts: { slug: string }[];
  recent: { slug: string }[];
  page: number;
  pageCount: number;
  total: number;
}

const shell = { id: SITE_LAYOUT_ROUTE_ID, loaderData: { origin: ORIGIN, site: { name: "Site", homeTitle: "Site", titleTemplate: "{page} | {site}", description: "Site description", keywords: "", ogImage: "", twitterHandle: "" } } };

/** The head tags the route's meta() gives for its loader data. */
function head(route: { meta: (args: never) => unknown }, loaderData: unknown, pathname: string) {
  const tags = route.meta({ loaderData, matches: [shell], location: { pathname, search: "" }, params: {} } as never) as Record<string, string>[];
  const link = (rel: string) => tags.find((t) => t.tagName === "link" && t.rel === rel)?.href;
  return {
    title: tags.find((t) => "title" in t)?.title,
    description: tags.find((t) => t.name === "description")?.content,
    canonical: link("canonical"),
    prev: link("prev"),
    next: link("next"),
  };
}

/** The head tags of /blog page n. */
const blogHead = async (n: number) => head(blog, (await run(blog.loader, n === 1 ? "/blog" : `/blog?page=${n}`)).body, "/blog");

describeEachDialect("the paged blog lists on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const { db } = s.database;
    await db.deleteFrom("blog_posts").execute();
    // bulk-post-99 is the newest; every third post is in Tutorials; 5 drafts that must never show
    await insertPosts(db, 100, { keywords: (i) => (i % 3 === 0 ? "guide, Tutorials" : "news") });
    await insertPosts(db, 5, { prefix: "draft", published: false, start: 1000, keywords: () => "tutorials" });
  });
  afterAll(() => s.cleanup());

  it("shows 12 posts a page, newest first, over 9 pages, and the 3 newest in the sidebar on every page", async () => {
    const first = await run(blog.loader, "/blog");
    expect(first.status).toBe(200);
    const data = first.body as ListData;
    expect(data.posts).toHaveLength(12);
    expect(data.posts.map((p) => p.slug)).toEqual(Array.from({ length: 12 }, (_, i) => `bulk-post-${99 - i}`));
    expect(data).toMatchObject({ page: 1, pageCount: 9, total: 100 });
    expect(data.recent.map((p) => p.slug)).toEqual(["bulk-post-99", "bulk-post-98", "bulk-post-97"]);

    const seen: string[] = [];
    for (let page = 1; page <= 9; page++) {
      const { body } = await run(blog.loader, page === 1 ? "/blog" : `/blog?page=${page}`);
      const list = body as ListData;
      expect(list.page).toBe(page);
      expect(list.recent.map((p) => p.slug)).toEqual(["bulk-post-99", "bulk-post-98", "bulk-post-97"]);
      seen.push(...list.posts.map((p) => p.slug));
    }
    // every published post exactly once, no draft
    expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => `bulk-post-${99 - i}`));
    expect(((await run(blog.loader, "/blog?page=9")).body as ListData).posts).toHaveLength(4);
  });

  it("gives each page its own canonical URL, rel prev/next and a numbered title", async () => {
    expect(await blogHead(1)).toEqual({
      title: "Blog | Site",
      description: "Guides, comparisons and tips for converting files and working faster.",
      canonical: `${ORIGIN}/blog`,
      prev: undefined,
      next: `${ORIGIN}/blog?page=2`,
    });
    expect(await blogHead(2)).toMatchObject({ canonical: `${ORIGIN}/blog?page=2`, prev: `${ORIGIN}/blog`, next: `${ORIGIN}/blog?page=3` });
    const middle = await blogHead(3);
    expect(middle).toMatchObject({ title: "Blog – Page 3 of 9 | Site", canonical: `${ORIGIN}/blog?page=3`, prev: `${ORIGIN}/blog?page=2`, next: `${ORIGIN}/blog?page=4` });
    expect(middle.description).toContain("Page 3 of 9");
    expect(await blogHead(9)).toMatchObject({ title: "Blog – Page 9 of 9 | Site", canonical: `${ORIGIN}/blog?page=9`, prev: `${ORIGIN}/blog?page=8`, next: undefined });
  });

  it("sends ?page=1 to the bare URL and answers 404 for pages that do not exist", async () => {
    expect(await run(blog.loader, "/blog?page=1")).toMatchObject({ status: 301, location: "/blog" });
    for (const bad of ["0", "-1", "10", "abc", "2.5", "02", "", "99999999999"]) {
      expect((await run(blog.loader, `/blog?page=${bad}`)).status, `?page=${bad}`).toBe(404);
    }
    expect((await run(blog.loader, "/blog?page=2&page=3")).status).toBe(404);
    // other parameters (tracking tags) do not change the page
    expect(await run(blog.loader, "/blog?utm_source=x")).toMatchObject({ status: 200 });
  });

  it("pages a category the same way, filtered in SQL like before (case-insensitive whole keyword)", async () => {
    const path = "/blog/category/tutorials";
    const params = { category: "tutorials" };
    const first = await run(categoryRoute.loader, path, params);
    const data = first.body as ListData;
    // posts 0, 3, ... 99: 34 of them, 3 pages
    expect(data).toMatchObject({ page: 1, pageCount: 3, total: 34 });
    expect(data.posts.map((p) => p.slug).slice(0, 3)).toEqual(["bulk-post-99", "bulk-post-96", "bulk-post-93"]);
    expect(data.recent.map((p) => p.slug)).toEqual(["bulk-post-99", "bulk-post-98", "bulk-post-97"]);
    const last = (await run(categoryRoute.loader, `${path}?page=3`, params)).body as ListData;
    expect(last.posts).toHaveLength(10);
    expect(last.posts.map((p) => p.slug).slice(-2)).toEqual(["bulk-post-3", "bulk-post-0"]);

    expect(head(categoryRoute, data, path)).toMatchObject({ canonical: `${ORIGIN}${path}`, prev: undefined, next: `${ORIGIN}${path}?page=2` });
    expect(head(categoryRoute, (await run(categoryRoute.loader, `${path}?page=2`, params)).body, path)).toMatchObject({
      title: "Blog: Tutorials – Page 2 of 3 | Site",
      canonical: `${ORIGIN}${path}?page=2`,
      prev: `${ORIGIN}${path}`,
      next: `${ORIGIN}${path}?page=3`,
    });
    expect(await run(categoryRoute.loader, `${path}?page=1`, params)).toMatchObject({ status: 301, location: path });
    expect((await run(categoryRoute.loader, `${path}?page=4`, params)).status).toBe(404);
    expect((await run(categoryRoute.loader, `${path}?page=x`, params)).status).toBe(404);
    expect(await run(categoryRoute.loader, "/blog/category/gardening", { category: "gardening" })).toMatchObject({ status: 404, body: { missing: "category" } });
    // a category with no posts still has its (empty) first page
    expect((await run(categoryRoute.loader, "/blog/category/productivity", { category: "productivity" })).body).toMatchObject({ posts: [], pageCount: 1, total: 0 });
  });

  it("lists a category's posts from the table, placed as the old in-memory keyword filter placed them", async () => {
    const { db } = s.database;
    const cases = KEYWORD_CASES;
    await insertPosts(db, cases.length, { prefix: "kw", start: -1000, keywords: (i) => cases[i]! });
    for (const word of ["tools", "tutorials", "news", "productivity"]) {
      const expected = cases.flatMap((k, i) => (inCategoryOld(k, word) ? [`kw-${i}`] : [])).toSorted();
      const category = (await getCategoryBySlug(db, word))!.id;
      const rows = await listPublishedPosts(db, { category, now: new Date().toISOString() });
      expect(rows.map((r) => r.slug).filter((slug) => slug.startsWith("kw-")).toSorted(), word).toEqual(expected);
      expect(await countPublishedPosts(db, new Date().toISOString(), category)).toBe(rows.length);
    }
    await db.deleteFrom("blog_posts").where("slug", "like", "kw-%").execute();
  });

  it("reads only the list columns (never the post body)", async () => {
    const [row] = await listPublishedPosts(s.database.db, { limit: 1, now: new Date().toISOString() });
    expect(Object.keys(row!).toSorted()).toEqual(["created_at", "excerpt", "slug", "thumbnail", "title"]);
  });
});
