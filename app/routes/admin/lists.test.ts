import { afterAll, beforeAll, expect, it } from "vitest";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { insertPages, insertPosts, insertTools, insertUsers } from "#tests/support/bulk-rows.ts";
import { callRoute } from "#tests/support/route-call.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import * as pages from "./pages.tsx";
import * as posts from "./posts.tsx";
import * as tools from "./tools.tsx";
import * as users from "./users.tsx";

// The loaders of /admin/blog, /admin/pages, /admin/tools and /admin/users with 10,000 rows each
// answer one page of 50 and where it sits (the old loaders sent every row).

const ORIGIN = "http://localhost:3999";
const BULK = 10_000;
type Paged = { paging: { page: number; pageCount: number; total: number } };

describeEachDialect("admin list loaders at 10,000 rows on %s", (dialect) => {
  let s: TestServices;
  let cookie: string;
  const get = (fn: (args: never) => unknown, path: string) => callRoute(fn, new Request(ORIGIN + path, { headers: { cookie } }));

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const db = s.database.db;
    const res = await handleAuthRequest(s.auth, db, authRequest("/sign-up/email", { email: "lists-loader@example.com", password: "secret-pass-123", name: "a" }));
    expect(res.status).toBe(200);
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const template = await db.selectFrom("user").selectAll().where("email", "=", "lists-loader@example.com").executeTakeFirstOrThrow();
    await insertPosts(db, BULK, { published: false });
    await insertPages(db, BULK);
    await insertTools(db, BULK);
    await insertUsers(db, BULK, template);
  }, 120_000);
  afterAll(() => s.cleanup());

  it("/admin/blog and /admin/pages send one page of 50 rows", async () => {
    for (const [fn, path, key] of [
      [posts.loader, "/admin/blog", "posts"],
      [pages.loader, "/admin/pages", "pages"],
    ] as const) {
      const first = await get(fn, path);
      expect(first.status).toBe(200);
      const body = first.body as Paged & Record<string, unknown[]>;
      expect(body[key], path).toHaveLength(50);
      expect(body.paging.page).toBe(1);
      expect(body.paging.total).toBeGreaterThanOrEqual(BULK);
      expect(body.paging.pageCount).toBe(Math.ceil(body.paging.total / 50));
      const third = (await get(fn, `${path}?page=3`)).body as Paged & Record<string, { id: number }[]>;
      expect(third.paging.page).toBe(3);
      expect(third[key]).toHaveLength(50);
      // a page past the end shows the last one, garbage shows the first
      expect(((await get(fn, `${path}?page=999999`)).body as Paged).paging.page).toBe(body.paging.pageCount);
      expect(((await get(fn, `${path}?page=abc`)).body as Paged).paging.page).toBe(1);
    }
  });

  it("/admin/tools sends one page in the chosen sort", async () => {
    const byVolume = (await get(tools.loader, "/admin/tools?sort=search_volume&page=2")).body as Paged & { sort: string; tools: { slug: string }[] };
    expect(byVolume.sort).toBe("search_volume");
    expect(byVolume.paging.page).toBe(2);
    expect(byVolume.tools).toHaveLength(50);
    expect(byVolume.tools[0]!.slug).toBe(`bulk-tool-${BULK - 51}`);
  });

  it("/admin/users sends one page, newest account first", async () => {
    const list = (await get(users.loader, "/admin/users")).body as Paged & { users: { email: string }[] };
    expect(list.users).toHaveLength(50);
    expect(list.paging.total).toBe(BULK + 1);
    expect(list.users[0]!.email).toBe("lists-loader@example.com");
  });

  it("still refuses a visitor without a session", async () => {
    expect(await callRoute(posts.loader, new Request(`${ORIGIN}/admin/blog?page=2`))).toMatchObject({ status: 302, location: "/auth" });
  });
});
