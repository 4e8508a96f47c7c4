import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createServices } from "#app/server/services.server.ts";
import { getDashboardCounts } from "#app/server/queries/dashboard.server.ts";
import { siteSettings } from "#app/server/queries/settings.server.ts";
import { listFeaturedTools } from "#app/server/queries/tools.server.ts";
import { seedDatabase } from "#app/server/seed/seed.server.ts";
import { seedTools } from "#app/server/seed/tools.seed.ts";
import { DEFAULT_SETTINGS } from "#app/server/seed/settings.data.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";

describeEachDialect("database on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  it("acknowledges a commit only once it is on disk (issue 28, finding 9)", async () => {
    if (dialect === "postgres") {
      // PostgreSQL's default: synchronous_commit on, fsync on
      const rows = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(s.database.db);
      expect(rows.rows[0]?.synchronous_commit).toBe("on");
      return;
    }
    // SQLite's FULL is 2 (NORMAL, WAL's usual setting, is 1 and may lose the last commits on power loss)
    const rows = await sql<{ synchronous: number }>`pragma synchronous`.execute(s.database.db);
    expect(rows.rows[0]?.synchronous).toBe(2);
  });

  it("creates every table of the spec and better-auth's", async () => {
    const tables = (await s.database.db.introspection.getTables()).map((t) => t.name);
    for (const t of ["tools", "blog_posts", "pages", "content_sections", "menus", "site_settings", "user", "session", "account", "verification"]) {
      expect(tables).toContain(t);
    }
  });

  it("seeds one row per catalogue tool with six featured, dds-to-png first", async () => {
    const { db } = s.database;
    const rows = await db.selectFrom("tools").select(["slug", "is_featured"]).execute();
    expect(rows).toHaveLength(seedTools.length);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    const featured = await listFeaturedTools(db);
    expect(featured).toHaveLength(6);
    expect(featured[0]?.slug).toBe("dds-to-png");
  });

  it("seeds published posts, pages, content sections, menus and every setting", async () => {
    const { db } = s.database;
    const posts = await db.selectFrom("blog_posts").select(["slug", "published", "content"]).orderBy("created_at", "desc").execute();
    expect(posts.map((p) => p.slug)).toEqual(["security-best-practices", "tool-comparison", "productivity-tips"]);
    for (const p of posts) {
      expect(p.published).toBe(1);
      const words = p.content.replace(/<[^>]+>/g, " ").split(/\s+/).filter(Boolean).length;
      expect(words).toBeGreaterThanOrEqual(300);
    }
    const pages = await db.selectFrom("pages").select("slug").where("published", "=", 1).execute();
    expect(pages.map((p) => p.slug).toSorted()).toEqual(["about", "contact", "privacy-policy", "terms"]);
    const sections = await db.selectFrom("content_sections").select("page_key").execute();
    expect(sections.map((r) => r.page_key).toSorted()).toEqual(["home_seo", "tools_seo"]);
    const menus = await db.selectFrom("menus").select(["menu_type", "order_index"]).orderBy("order_index").execute();
    expect(menus.some((m) => m.menu_type === "header")).toBe(true);
    expect(menus.some((m) => m.menu_type === "footer")).toBe(true);
    const settings = await siteSettings(db);
    const stored = await db.selectFrom("site_settings").select("setting_key").execute();
    expect(stored.map((r) => r.setting_key).toSorted()).toEqual(Object.keys(DEFAULT_SETTINGS).toSorted());
    expect(settings.siteName).toBe("DDS to PNG Converter");
    expect(settings.sidebarBgColor).toBe("#f8f9fa");
    expect(settings.sidebarTextColor).toBe("#000000");
  });

  it("does not overwrite admin edits or bring back deleted items when seeding again", async () => {
    const { db } = s.database;
    await db.updateTable("tools").set({ name: "Edited by admin" }).where("slug", "=", "dds-to-png").execute();
    await db.updateTable("site_settings").set({ setting_value: "My Site" }).where("setting_key", "=", "site_name").execute();
    await db.deleteFrom("blog_posts").where("slug", "=", "tool-comparison").execute();
    expect(await seedDatabase(db)).toBe(0);
    const tool = await db.selectFrom("tools").select("name").where("slug", "=", "dds-to-png").executeTakeFirstOrThrow();
    expect(tool.name).toBe("Edited by admin");
    expect((await siteSettings(db)).siteName).toBe("My Site");
    const gone = await db.selectFrom("blog_posts").select("id").where("slug", "=", "tool-comparison").executeTakeFirst();
    expect(gone).toBeUndefined();
  });

  it("keeps data across a restart on the same database", async () => {
    const { db } = s.database;
    await db.updateTable("pages").set({ title: "About the team" }).where("slug", "=", "about").execute();
    const restarted = await createServices(s.env);
    try {
      const page = await restarted.database.db.selectFrom("pages").select("title").where("slug", "=", "about").executeTakeFirstOrThrow();
      expect(page.title).toBe("About the team");
      const settings = await siteSettings(restarted.database.db);
      expect(settings.siteName).toBe("My Site");
    } finally {
      await restarted.database.close();
    }
  });

  it("enforces unique slugs and setting keys", async () => {
    const { db } = s.database;
    const now = new Date().toISOString();
    await expect(
      db.insertInto("tools").values({ name: "Dup", slug: "dds-to-png", category: "Image", description: "", icon: "📄", search_volume: 0, is_featured: 0, content: "", rank: 0, meta_keywords: "", meta_description: "", blog_content: "", created_at: now, updated_at: now }).execute(),
    ).rejects.toThrow();
    await expect(db.insertInto("site_settings").values({ setting_key: "site_name", setting_value: "x", updated_at: now }).execute()).rejects.toThrow();
  });

  it("counts for the dashboard, users included", async () => {
    const counts = await getDashboardCounts(s.database.db);
    expect(counts.tools).toBe(seedTools.length);
    expect(counts.featuredTools).toBe(6);
    expect(counts.posts).toBe(2); // one deleted above
    expect(counts.users).toBe(0);
    const one = await sql<{ one: number }>`select 1 as one`.execute(s.database.db);
    expect(Number(one.rows[0]?.one)).toBe(1);
  });
});
