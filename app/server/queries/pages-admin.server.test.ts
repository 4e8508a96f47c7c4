import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { createPage, deletePage, getAdminPage, guardSlug, isUniqueViolation, listAdminPages, updatePage, type PageFields } from "./pages-admin.server.ts";
import { createPost } from "./posts-admin.server.ts";
import { steppingClock } from "#tests/support/clock.ts";

const page = (slug: string, extra: Partial<PageFields> = {}): PageFields => ({ title: `Page ${slug}`, slug, excerpt: "", content: "<p>Hi</p>", published: false, ...extra });

describe("isUniqueViolation", () => {
  it("recognises SQLite and PostgreSQL unique errors only", () => {
    expect(isUniqueViolation({ code: "SQLITE_CONSTRAINT_UNIQUE" })).toBe(true);
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
    expect(isUniqueViolation({ code: "23503" })).toBe(false);
    expect(isUniqueViolation(new Error("x"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

describeEachDialect("page admin queries on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());
  const db = () => s.database.db;

  it("creates a page with every field", async () => {
    const created = await createPage(db(), page("admin-page-a", { published: true, excerpt: "About" }));
    if (!created.ok) throw new Error("create failed");
    const row = (await getAdminPage(db(), created.id))!;
    expect(row).toMatchObject({ slug: "admin-page-a", title: "Page admin-page-a", excerpt: "About", content: "<p>Hi</p>", published: 1 });
    expect(row.updated_at).toBe(row.created_at);
    expect(await getAdminPage(db(), 999_999)).toBeUndefined();
  });

  it("refuses a duplicate slug on create and update; a post may use a page's slug", async () => {
    expect(await createPage(db(), page("admin-page-a"))).toEqual({ ok: false, reason: "duplicate-slug" });
    const other = await createPage(db(), page("admin-page-dup"));
    if (!other.ok) throw new Error("create failed");
    expect(await updatePage(db(), other.id, page("admin-page-a"))).toEqual({ ok: false, reason: "duplicate-slug" });
    expect(await updatePage(db(), other.id, page("admin-page-dup", { title: "Same slug" }))).toEqual({ ok: true, id: other.id });
    const post = await createPost(db(), { ...page("admin-page-a"), thumbnail: "", keywords: "" });
    expect(post.ok).toBe(true);
  });

  it("turns a unique violation that slips past the check into duplicate-slug", async () => {
    const raced = await guardSlug(async () => {
      await db().insertInto("pages").values({ title: "x", slug: "admin-page-a", excerpt: "", content: "", published: 0, created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z" }).execute();
      return { ok: true, id: 0 };
    });
    expect(raced).toEqual({ ok: false, reason: "duplicate-slug" });
    await expect(guardSlug(() => Promise.reject(new Error("other")))).rejects.toThrow("other");
  });

  it("updates fields and updated_at but keeps created_at; not-found for a missing row", async () => {
    const clock = steppingClock("2026-01-01T00:00:00.000Z");
    const created = await createPage(db(), page("admin-page-b"), clock);
    if (!created.ok) throw new Error("create failed");
    const before = (await getAdminPage(db(), created.id))!;
    expect(await updatePage(db(), created.id, page("admin-page-b2", { title: "About us", published: true, content: "<p>New</p>" }), clock)).toEqual({ ok: true, id: created.id });
    const after = (await getAdminPage(db(), created.id))!;
    expect(after).toMatchObject({ title: "About us", slug: "admin-page-b2", published: 1, content: "<p>New</p>", created_at: before.created_at });
    expect(after.updated_at > before.updated_at).toBe(true);
    expect(await updatePage(db(), 999_999, page("admin-page-z"))).toEqual({ ok: false, reason: "not-found" });
  });

  it("lists every page, drafts too, newest first", async () => {
    // later than every row the other tests write, so the newest of the table is b
    const clock = steppingClock("2100-01-01T00:00:00.000Z");
    const a = await createPage(db(), page("admin-page-order-a"), clock);
    const b = await createPage(db(), page("admin-page-order-b", { published: true }), clock);
    if (!a.ok || !b.ok) throw new Error("create failed");
    const { rows } = await listAdminPages(db());
    const ids = rows.map((r) => r.id);
    expect(ids[0]).toBe(b.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    const sorted = rows.toSorted((x, y) => (x.created_at < y.created_at ? 1 : x.created_at > y.created_at ? -1 : y.id - x.id));
    expect(ids).toEqual(sorted.map((r) => r.id));
    expect(rows.some((r) => r.published === 0) && rows.some((r) => r.published === 1)).toBe(true);
  });

  it("deletes by id and reports whether a row went", async () => {
    const created = await createPage(db(), page("admin-page-delete"));
    if (!created.ok) throw new Error("create failed");
    expect(await deletePage(db(), created.id)).toBe(true);
    expect(await deletePage(db(), created.id)).toBe(false);
    expect((await listAdminPages(db())).rows.map((r) => r.id)).not.toContain(created.id);
  });
});
