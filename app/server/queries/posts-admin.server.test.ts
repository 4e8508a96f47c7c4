import { afterAll, beforeAll, expect, it } from "vitest";
import { postFields } from "#tests/support/post-fields.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { uploadImage } from "../storage/uploads.server.ts";
import { createPost, deletePost, deleteStoredThumbnail, getAdminPost, listAdminPosts, updatePost, type PostFields } from "./posts-admin.server.ts";
import { steppingClock } from "#tests/support/clock.ts";

const post = (slug: string, extra: Partial<PostFields> = {}): PostFields => postFields(slug, { keywords: "tools, news", published: false, ...extra });

describeEachDialect("blog post admin queries on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());
  const db = () => s.database.db;

  it("creates a post with every field and 0/1 published", async () => {
    const result = await createPost(db(), post("admin-first", { thumbnail: "/uploads/blog-thumbnails/a.png", published: true }));
    if (!result.ok) throw new Error("create failed");
    const row = await getAdminPost(db(), result.id);
    expect(row).toMatchObject({
      id: result.id,
      title: "Title admin-first",
      slug: "admin-first",
      excerpt: "An excerpt",
      content: "<p>Body</p>",
      thumbnail: "/uploads/blog-thumbnails/a.png",
      keywords: "tools, news",
      published: 1,
    });
    expect(row!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(row!.updated_at).toBe(row!.created_at);
  });

  it("refuses a duplicate slug on create and on update, and allows keeping its own slug", async () => {
    expect(await createPost(db(), post("admin-first"))).toEqual({ ok: false, reason: "duplicate-slug" });
    const other = await createPost(db(), post("admin-second"));
    if (!other.ok) throw new Error("create failed");
    expect(await updatePost(db(), other.id, post("admin-first"))).toEqual({ ok: false, reason: "duplicate-slug" });
    expect(await updatePost(db(), other.id, post("admin-second", { title: "Renamed" }))).toEqual({ ok: true, id: other.id });
  });

  it("updates fields and updated_at but keeps created_at", async () => {
    const clock = steppingClock("2026-01-01T00:00:00.000Z");
    const created = await createPost(db(), post("admin-update"), clock);
    if (!created.ok) throw new Error("create failed");
    const before = (await getAdminPost(db(), created.id))!;
    const result = await updatePost(db(), created.id, post("admin-update-2", { title: "New", published: true, keywords: "news", thumbnail: "/x.png" }), clock);
    expect(result).toEqual({ ok: true, id: created.id });
    const after = (await getAdminPost(db(), created.id))!;
    expect(after).toMatchObject({ title: "New", slug: "admin-update-2", published: 1, keywords: "news", thumbnail: "/x.png", created_at: before.created_at });
    expect(after.updated_at > before.updated_at).toBe(true);
  });

  it("answers not-found when updating a missing row", async () => {
    expect(await updatePost(db(), 999_999, post("admin-ghost"))).toEqual({ ok: false, reason: "not-found" });
    expect(await getAdminPost(db(), 999_999)).toBeUndefined();
  });

  it("lists every post, drafts too, newest first, with the list columns only", async () => {
    // later than every row the other tests write, so the newest of the table is b
    const clock = steppingClock("2100-01-01T00:00:00.000Z");
    const a = await createPost(db(), post("admin-order-a"), clock);
    const b = await createPost(db(), post("admin-order-b", { published: true }), clock);
    if (!a.ok || !b.ok) throw new Error("create failed");
    const { rows } = await listAdminPosts(db());
    const ids = rows.map((r) => r.id);
    expect(rows[0]!.id).toBe(b.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    const sorted = rows.toSorted((x, y) => (x.created_at < y.created_at ? 1 : x.created_at > y.created_at ? -1 : y.id - x.id));
    expect(ids).toEqual(sorted.map((r) => r.id));
    expect(Object.keys(rows[0]!).toSorted()).toEqual(["created_at", "id", "publish_at", "published", "slug", "title", "updated_at"]);
    expect(rows.some((r) => r.published === 0)).toBe(true);
  });

  it("deletes by id, answers the thumbnail it had, and frees the slug", async () => {
    const created = await createPost(db(), post("admin-delete", { thumbnail: "/uploads/blog-thumbnails/gone.png" }));
    if (!created.ok) throw new Error("create failed");
    expect(await deletePost(db(), created.id)).toEqual({ thumbnail: "/uploads/blog-thumbnails/gone.png" });
    expect(await getAdminPost(db(), created.id)).toBeUndefined();
    expect(await deletePost(db(), created.id)).toBeUndefined();
    expect((await createPost(db(), post("admin-delete"))).ok).toBe(true);
  });

  it("deletes a stored thumbnail file, and leaves other URLs and missing files alone", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const file = new File([png], "thumb.png", { type: "image/png" });
    const kept = await uploadImage(s.storage, { prefix: "site-assets/", file });
    const thumb = await uploadImage(s.storage, { prefix: "blog-thumbnails/", file });
    expect(await s.storage.disk.exists(thumb.key)).toBe(true);

    await deleteStoredThumbnail(s.storage, "https://elsewhere.example/blog-thumbnails/x.png");
    await deleteStoredThumbnail(s.storage, kept.url);
    await deleteStoredThumbnail(s.storage, "");
    expect(await s.storage.disk.exists(kept.key)).toBe(true);

    await deleteStoredThumbnail(s.storage, thumb.url);
    expect(await s.storage.disk.exists(thumb.key)).toBe(false);
    await deleteStoredThumbnail(s.storage, thumb.url); // already gone: no error
  });
});
