import { afterAll, beforeAll, expect, it } from "vitest";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { seedTools } from "#app/server/seed/tools.seed.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { getDashboardCounts, getQuickStats, getRecentActivity, RECENT_ACTIVITY_LIMIT } from "./dashboard.server.ts";

const T0 = "2030-01-01T00:00:00.000Z";
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

describeEachDialect("dashboard queries on %s", (dialect) => {
  let s: TestServices;
  const db = () => s.database.db;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  it("counts tools, posts, featured tools and the real number of users", async () => {
    expect(await getDashboardCounts(db())).toEqual({ tools: seedTools.length, posts: 3, featuredTools: 6, users: 0 });
    for (const email of ["dash-a@example.com", "dash-b@example.com"]) {
      const res = await handleAuthRequest(s.auth, db(), authRequest("/sign-up/email", { email, password: "secret-pass-123", name: "x" }));
      expect(res.status).toBe(200);
    }
    expect((await getDashboardCounts(db())).users).toBe(2);
  });

  it("lists the latest created and updated tools, posts and pages, newest first, with edit links", async () => {
    const tool = await db()
      .insertInto("tools")
      .values({ name: "Activity Tool", slug: "activity-tool", category: "Image", description: "", icon: "📄", search_volume: 0, is_featured: 0, content: "<p>x</p>", rank: 0, meta_keywords: "", meta_description: "", blog_content: "", created_at: at(1), updated_at: at(1) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const post = await db()
      .insertInto("blog_posts")
      .values({ title: "Activity Post", slug: "activity-post", excerpt: "", content: "", thumbnail: "", keywords: "", published: 0, created_at: at(2), updated_at: at(5) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const page = await db()
      .insertInto("pages")
      .values({ title: "Activity Page", slug: "activity-page", excerpt: "", content: "", published: 1, created_at: at(3), updated_at: at(3) })
      .returning("id")
      .executeTakeFirstOrThrow();

    const activity = await getRecentActivity(db());
    expect(activity).toHaveLength(RECENT_ACTIVITY_LIMIT);
    expect(activity.slice(0, 3)).toEqual([
      { type: "post", id: post.id, title: "Activity Post", action: "updated", at: at(5), href: `/admin/blog/${post.id}` },
      { type: "page", id: page.id, title: "Activity Page", action: "created", at: at(3), href: `/admin/pages/${page.id}` },
      { type: "tool", id: tool.id, title: "Activity Tool", action: "created", at: at(1), href: `/admin/tools/${tool.id}` },
    ]);
    for (let i = 1; i < activity.length; i++) expect(activity[i - 1]!.at >= activity[i]!.at).toBe(true);
    expect(new Set(activity.map((a) => a.type))).toEqual(new Set(["tool", "post", "page"]));

    expect(await getRecentActivity(db(), 2)).toHaveLength(2);
    await db().deleteFrom("tools").where("id", "=", tool.id).execute();
    await db().deleteFrom("blog_posts").where("id", "=", post.id).execute();
    await db().deleteFrom("pages").where("id", "=", page.id).execute();
  });

  it("sums up posts, pages, search volume, categories and tools missing content", async () => {
    const stats = await getQuickStats(db());
    expect(stats).toMatchObject({ publishedPosts: 3, draftPosts: 0, publishedPages: 4, draftPages: 0, toolsMissingContent: 0 });
    expect(stats.totalSearchVolume).toBe(seedTools.reduce((sum, t) => sum + t.searchVolume, 0));
    const expected = new Map<string, number>();
    for (const t of seedTools) expected.set(t.category, (expected.get(t.category) ?? 0) + 1);
    expect(new Map(stats.categories.map((c) => [c.category, c.tools]))).toEqual(expected);
    for (let i = 1; i < stats.categories.length; i++) expect(stats.categories[i - 1]!.tools).toBeGreaterThanOrEqual(stats.categories[i]!.tools);

    await db().insertInto("blog_posts").values({ title: "Draft", slug: "stats-draft", excerpt: "", content: "", thumbnail: "", keywords: "", published: 0, created_at: T0, updated_at: T0 }).execute();
    await db().updateTable("tools").set({ content: "<p></p>" }).where("slug", "=", "word-counter").execute();
    const after = await getQuickStats(db());
    expect(after.draftPosts).toBe(1);
    expect(after.toolsMissingContent).toBe(1);
  });
});
