import { Migrator, type MigrationProvider } from "kysely/migration";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as blog from "#app/routes/site/blog.tsx";
import * as categoryRoute from "#app/routes/site/blog-category.tsx";
import { callRoute } from "#tests/support/route-call.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { getCategoryBySlug } from "../queries/categories.server.ts";
import { listPublishedPosts } from "../queries/posts.server.ts";
import { createServices, useServices } from "../services.server.ts";
import { buildMigrations } from "./migrations.server.ts";
import { inCategoryOld, KEYWORD_CASES as OLD_KEYWORD_CASES } from "#tests/support/old-keyword-categories.ts";

// Decision 048: the four fixed blog categories (a post was in one when its keywords named it) become
// a table. A running site must show exactly what it showed: the same sidebar links in the same
// order, and every category page listing the same posts.

const BEFORE_CATEGORIES = "2026-11-28-redirects-001-table";
const ORIGIN = "http://localhost:3999";

/** What the sidebar showed before: the four fixed links, in this order. */
const OLD_SIDEBAR = [
  { slug: "productivity", name: "Productivity" },
  { slug: "tools", name: "Tools" },
  { slug: "tutorials", name: "Tutorials" },
  { slug: "news", name: "News" },
];

const at = (i: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString();

const KEYWORD_CASES = [...OLD_KEYWORD_CASES, "productivity, tutorials, news, tools"];

describeEachDialect("blog categories become a table on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  it("a running site keeps its sidebar and every category page lists the same posts", async () => {
    const { db } = s.database;
    const provider: MigrationProvider = { getMigrations: async () => buildMigrations(s.database.dialect) };
    // back to the schema of a site from before the table, with posts whose keywords name categories
    const { error } = await new Migrator({ db, provider }).migrateTo(BEFORE_CATEGORIES);
    expect(error).toBeUndefined();
    await db
      .insertInto("blog_posts")
      .values(
        KEYWORD_CASES.map((keywords, i) => ({ title: `Old ${i}`, slug: `old-${i}`, excerpt: "", content: "", thumbnail: "", keywords, published: i === 2 ? 0 : 1, created_at: at(i), updated_at: at(i) })),
      )
      .execute();
    const before = await db.selectFrom("blog_posts").select(["slug", "keywords", "published"]).execute();
    const oldPage = (category: string) =>
      before
        .filter((p) => p.published === 1 && inCategoryOld(p.keywords, category))
        .map((p) => p.slug)
        .toSorted();
    // the seeded posts are there too, and the cases put posts in every category
    for (const c of OLD_SIDEBAR) expect(oldPage(c.slug).length, c.slug).toBeGreaterThan(1);

    // the restart of the new release migrates (and seeds: no seeded post comes back twice)
    const restarted = await createServices(s.env);
    useServices(restarted);
    try {
      const rdb = restarted.database.db;
      const sidebar = ((await callRoute(blog.loader, new Request(`${ORIGIN}/blog`))).body as { categories: unknown }).categories;
      expect(sidebar).toEqual(OLD_SIDEBAR);
      for (const c of OLD_SIDEBAR) {
        const category = (await getCategoryBySlug(rdb, c.slug))!;
        const listed = (await listPublishedPosts(rdb, { category: category.id, now: new Date().toISOString() })).map((p) => p.slug).toSorted();
        expect(listed, c.slug).toEqual(oldPage(c.slug));
        const page = await callRoute(categoryRoute.loader, new Request(`${ORIGIN}/blog/category/${c.slug}`), { category: c.slug });
        expect(page.status).toBe(200);
        expect((page.body as { total: number }).total, c.slug).toBe(oldPage(c.slug).length);
      }
      // a draft is placed too (it shows once published), as its keywords said
      const draftCategories = await rdb
        .selectFrom("blog_post_categories as pc")
        .innerJoin("blog_posts as p", "p.id", "pc.post_id")
        .innerJoin("blog_categories as c", "c.id", "pc.category_id")
        .select("c.slug")
        .where("p.slug", "=", "old-2")
        .orderBy("c.slug")
        .execute();
      expect(draftCategories.map((r) => r.slug)).toEqual(["news", "tools"]);
    } finally {
      await restarted.database.close();
    }
  });

  it("a fresh site starts with the four categories and its seeded posts in the ones their keywords name", async () => {
    const fresh = await createTestServices(dialect);
    try {
      const { db } = fresh.database;
      const categories = await db.selectFrom("blog_categories").select(["slug", "name"]).orderBy("id").execute();
      expect(categories).toEqual(OLD_SIDEBAR);
      const posts = await db.selectFrom("blog_posts").select(["id", "slug", "keywords"]).execute();
      expect(posts.length).toBeGreaterThan(0);
      for (const c of OLD_SIDEBAR) {
        const id = (await getCategoryBySlug(db, c.slug))!.id;
        const listed = (await listPublishedPosts(db, { category: id, now: new Date().toISOString() })).map((p) => p.slug).toSorted();
        expect(listed, c.slug).toEqual(posts.filter((p) => inCategoryOld(p.keywords, c.slug)).map((p) => p.slug).toSorted());
      }
    } finally {
      await fresh.cleanup();
    }
  });
});
