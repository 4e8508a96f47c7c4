import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN_PAGE_SIZE } from "#app/lib/pagination.ts";
import { insertPages, insertPosts, insertTools, insertUsers } from "#tests/support/bulk-rows.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { handleAuthRequest } from "../auth/guards.server.ts";
import { listAdminPages } from "./pages-admin.server.ts";
import { countRows } from "./paging.server.ts";
import { listAdminPosts } from "./posts-admin.server.ts";
import { listPostSitemapEntries } from "./posts.server.ts";
import { listAdminTools } from "./tools-admin.server.ts";
import { listUsersWithRoles } from "./users-admin.server.ts";

// The admin lists at 10,000 rows: each read is one page (LIMIT/OFFSET plus a count), in order,
// with pages that neither overlap nor skip; the sitemap still lists every post.

const BULK = 10_000;

describeEachDialect("admin list pages at 10,000 rows on %s", (dialect) => {
  let s: TestServices;
  const db = () => s.database.db;
  beforeAll(async () => {
    s = await createTestServices(dialect);
    const signUp = await handleAuthRequest(s.auth, db(), authRequest("/sign-up/email", { email: "lists-admin@example.com", password: "secret-pass-123", name: "a" }));
    expect(signUp.status).toBe(200);
    const template = await db().selectFrom("user").selectAll().where("email", "=", "lists-admin@example.com").executeTakeFirstOrThrow();
    await insertPosts(db(), BULK, { published: true });
    await insertPages(db(), BULK);
    await insertTools(db(), BULK);
    await insertUsers(db(), BULK, template);
  }, 120_000);
  afterAll(() => s.cleanup());

  it("posts: one page of 50, newest first, the last page clamped", async () => {
    const total = await countRows(db(), "blog_posts");
    expect(total).toBeGreaterThanOrEqual(BULK);
    const first = await listAdminPosts(db(), 1);
    expect(first.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first).toMatchObject({ page: 1, total, pageCount: Math.ceil(total / ADMIN_PAGE_SIZE) });
    // the seeded sample posts are dated now, so they come first; then the bulk rows, newest first
    const second = await listAdminPosts(db(), 2);
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0]!.id);
    const bulkFirst = [...first.rows, ...second.rows].find((r) => r.slug.startsWith("bulk-post-"));
    expect(bulkFirst?.slug).toBe(`bulk-post-${BULK - 1}`);
    const past = await listAdminPosts(db(), 1_000_000);
    expect(past.page).toBe(first.pageCount);
    expect(past.rows.at(-1)?.slug).toBe("bulk-post-0");
  });

  it("pages: one page, pages in sequence without overlap", async () => {
    const one = await listAdminPages(db(), 1);
    const two = await listAdminPages(db(), 2);
    expect(one.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(two.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(one.total).toBeGreaterThanOrEqual(BULK);
    const ids = new Set([...one.rows, ...two.rows].map((r) => r.id));
    expect(ids.size).toBe(2 * ADMIN_PAGE_SIZE);
    expect(one.rows.at(-1)!.created_at >= two.rows[0]!.created_at).toBe(true);
  });

  it("tools: one page in each sort, the sort holding across pages", async () => {
    for (const sort of ["created_at", "name", "rank", "search_volume"] as const) {
      const one = await listAdminTools(db(), sort, 1);
      const two = await listAdminTools(db(), sort, 2);
      expect(one.rows, sort).toHaveLength(ADMIN_PAGE_SIZE);
      expect(one.total).toBeGreaterThanOrEqual(BULK);
      expect(new Set([...one.rows, ...two.rows].map((r) => r.id)).size, sort).toBe(2 * ADMIN_PAGE_SIZE);
      const boundary = [one.rows.at(-1)!, two.rows[0]!];
      if (sort === "name") expect(boundary[0]!.name.toLowerCase() <= boundary[1]!.name.toLowerCase()).toBe(true);
      if (sort === "rank") expect(boundary[0]!.rank).toBeGreaterThanOrEqual(boundary[1]!.rank);
      if (sort === "search_volume") expect(boundary[0]!.search_volume).toBeGreaterThanOrEqual(boundary[1]!.search_volume);
      if (sort === "created_at") expect(boundary[0]!.created_at >= boundary[1]!.created_at).toBe(true);
    }
    expect((await listAdminTools(db(), "search_volume", 1)).rows[0]!.slug).toBe(`bulk-tool-${BULK - 1}`);
  });

  it("users: one page, newest account first", async () => {
    const one = await listUsersWithRoles(db(), 1);
    expect(one.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(one.total).toBe(BULK + 1);
    // the real account signed up just now is the newest
    expect(one.rows[0]!.email).toBe("lists-admin@example.com");
    expect(one.rows[1]!.email).toBe(`bulk-user-${BULK - 1}@example.com`);
    const last = await listUsersWithRoles(db(), one.pageCount);
    expect(last.rows.at(-1)!.email).toBe("bulk-user-0@example.com");
  });

  it("the sitemap still lists every published post, reading only slug and date", async () => {
    const entries = await listPostSitemapEntries(db(), new Date().toISOString());
    const published = Number(
      (
        await db()
          .selectFrom("blog_posts")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("published", "=", 1)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(entries).toHaveLength(published);
    expect(entries.filter((e) => e.slug.startsWith("bulk-post-"))).toHaveLength(BULK);
    expect(Object.keys(entries[0]!).toSorted()).toEqual(["slug", "updatedAt"]);
  });
});
