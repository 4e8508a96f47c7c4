import { afterAll, beforeAll, expect, it } from "vitest";
import { steppingClock } from "#tests/support/clock.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { createPage, deletePage, updatePage } from "./pages-admin.server.ts";
import { createPost, deletePost, getAdminPost, updatePost, type PostFields } from "./posts-admin.server.ts";
import { getRevision, KEPT_REVISIONS, listRevisions } from "./revisions.server.ts";

// Issue 29, finding 6: every save of a post or page keeps a revision, the newest 20 of each stay,
// consecutive autosaves share one, an autosave over a newer version writes nothing, and a deleted
// post or page takes its revisions with it.

const post = (slug: string, title: string, extra: Partial<PostFields> = {}): PostFields => ({
  title,
  slug,
  excerpt: "",
  content: `<p>${title}</p>`,
  thumbnail: "",
  keywords: "k",
  published: false,
  ...extra,
});
const pageFields = (title: string) => ({ title, slug: "rev-page", excerpt: "", content: `<p>${title}</p>`, published: false });
const saved = { author: "ada@example.com", source: "save" as const };
const autosaved = { author: "ada@example.com", source: "autosave" as const };

describeEachDialect("content revisions on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());
  const db = () => s.database.db;

  it("keeps the newest 20 revisions of a post: the 21st save prunes the first in the same write", async () => {
    const clock = steppingClock("2030-01-01T00:00:00.000Z");
    const created = await createPost(db(), post("rev-prune", "Version 1"), clock, { revision: saved });
    if (!created.ok) throw new Error("create failed");
    for (let n = 2; n <= KEPT_REVISIONS; n++) await updatePost(db(), created.id, post("rev-prune", `Version ${n}`), clock, { revision: saved });
    expect(await listRevisions(db(), "post", created.id)).toHaveLength(20);
    expect((await listRevisions(db(), "post", created.id)).at(-1)?.title).toBe("Version 1");

    await updatePost(db(), created.id, post("rev-prune", "Version 21"), clock, { revision: saved });
    // the table itself holds 20: the oldest row is gone, not only left out of the list
    const stored = await db().selectFrom("content_revisions").select("title").where("kind", "=", "post").where("content_id", "=", created.id).execute();
    expect(stored).toHaveLength(20);
    expect(stored.map((r) => r.title)).not.toContain("Version 1");
    const kept = await listRevisions(db(), "post", created.id);
    expect(kept).toHaveLength(20);
    expect(kept[0]).toMatchObject({ title: "Version 21", author: "ada@example.com", source: "save" });
    expect(kept.at(-1)?.title).toBe("Version 2");
    expect(kept.map((r) => r.title)).not.toContain("Version 1");
  });

  it("stores each revision's fields, and only the owner's id finds it", async () => {
    const created = await createPost(db(), post("rev-fields", "Fields", { excerpt: "An excerpt", keywords: "a, b", thumbnail: "/t.png", seoTitle: "SEO fields", socialImage: "/card.png" }), undefined, { revision: saved });
    if (!created.ok) throw new Error("create failed");
    const [summary] = await listRevisions(db(), "post", created.id);
    expect(await getRevision(db(), "post", created.id, summary!.id)).toMatchObject({
      title: "Fields",
      slug: "rev-fields",
      excerpt: "An excerpt",
      content: "<p>Fields</p>",
      keywords: "a, b",
      thumbnail: "/t.png",
      seo_title: "SEO fields",
      social_image: "/card.png",
    });
    // a page's revision is not the post's, even with a matching id
    expect(await getRevision(db(), "page", created.id, summary!.id)).toBeUndefined();
    expect(await getRevision(db(), "post", created.id + 1000, summary!.id)).toBeUndefined();
  });

  it("folds consecutive autosaves into one revision; a save after them starts a new one", async () => {
    const created = await createPost(db(), post("rev-auto", "Start"), undefined, { revision: saved });
    if (!created.ok) throw new Error("create failed");
    await updatePost(db(), created.id, post("rev-auto", "Typing 1"), undefined, { revision: autosaved });
    await updatePost(db(), created.id, post("rev-auto", "Typing 2"), undefined, { revision: autosaved });
    expect((await listRevisions(db(), "post", created.id)).map((r) => [r.title, r.source])).toEqual([
      ["Typing 2", "autosave"],
      ["Start", "save"],
    ]);
    await updatePost(db(), created.id, post("rev-auto", "Saved"), undefined, { revision: saved });
    await updatePost(db(), created.id, post("rev-auto", "Typing 3"), undefined, { revision: autosaved });
    // another admin's autosave is their own revision
    await updatePost(db(), created.id, post("rev-auto", "Grace typing"), undefined, { revision: { ...autosaved, author: "grace@example.com" } });
    expect((await listRevisions(db(), "post", created.id)).map((r) => r.title)).toEqual(["Grace typing", "Typing 3", "Saved", "Typing 2", "Start"]);
  });

  it("writes nothing over a newer version (a save from another tab): a stale result, the row and its revisions unchanged", async () => {
    const clock = steppingClock("2031-01-01T00:00:00.000Z");
    const created = await createPost(db(), post("rev-stale", "Loaded"), clock, { revision: saved });
    if (!created.ok) throw new Error("create failed");
    const loadedVersion = (await getAdminPost(db(), created.id))!.updated_at;
    // the other tab saves
    await updatePost(db(), created.id, post("rev-stale", "Other tab"), clock, { revision: saved });
    const stale = await updatePost(db(), created.id, post("rev-stale", "This tab"), clock, { revision: autosaved, expectedVersion: loadedVersion });
    expect(stale).toEqual({ ok: false, reason: "stale" });
    expect((await getAdminPost(db(), created.id))?.title).toBe("Other tab");
    expect((await listRevisions(db(), "post", created.id)).map((r) => r.title)).toEqual(["Other tab", "Loaded"]);
    // with the current version it writes
    const current = (await getAdminPost(db(), created.id))!.updated_at;
    expect(await updatePost(db(), created.id, post("rev-stale", "This tab"), clock, { revision: autosaved, expectedVersion: current })).toEqual({ ok: true, id: created.id });
  });

  it("pages keep revisions the same way, and a stale page write is refused", async () => {
    const clock = steppingClock("2032-01-01T00:00:00.000Z");
    const created = await createPage(db(), pageFields("Page 1"), clock, { revision: saved });
    if (!created.ok) throw new Error("create failed");
    await updatePage(db(), created.id, pageFields("Page 2"), clock, { revision: saved });
    expect(await updatePage(db(), created.id, pageFields("Page 3"), clock, { revision: autosaved, expectedVersion: "2000-01-01T00:00:00.000Z" })).toEqual({ ok: false, reason: "stale" });
    expect((await listRevisions(db(), "page", created.id)).map((r) => r.title)).toEqual(["Page 2", "Page 1"]);
  });

  it("deleting a post or a page deletes its revisions, and no one else's", async () => {
    const a = await createPost(db(), post("rev-del-a", "A"), undefined, { revision: saved });
    const b = await createPost(db(), post("rev-del-b", "B"), undefined, { revision: saved });
    const page = await createPage(db(), { title: "P", slug: "rev-del-p", excerpt: "", content: "", published: false }, undefined, { revision: saved });
    if (!a.ok || !b.ok || !page.ok) throw new Error("create failed");
    await deletePost(db(), a.id);
    await deletePage(db(), page.id);
    expect(await listRevisions(db(), "post", a.id)).toEqual([]);
    expect(await listRevisions(db(), "page", page.id)).toEqual([]);
    expect(await listRevisions(db(), "post", b.id)).toHaveLength(1);
  });

  it("a save without an author stores no revision (seeding, imports)", async () => {
    const created = await createPost(db(), post("rev-none", "None"));
    if (!created.ok) throw new Error("create failed");
    expect(await listRevisions(db(), "post", created.id)).toEqual([]);
  });
});
