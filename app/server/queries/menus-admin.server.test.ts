import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { createPost } from "./posts-admin.server.ts";
import { addMenuItem, deleteMenuItem, listMenuItems, listMenuTargets, moveMenuItem, updateMenuItem } from "./menus-admin.server.ts";
import { listMenu } from "./site-content.server.ts";

describeEachDialect("menus admin on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  const footer = async () => (await listMenuItems(s.database.db)).footer;
  const orders = async () => (await footer()).map((i) => [i.label, i.order_index]);

  it("lists both menus in order, split by type", async () => {
    const menus = await listMenuItems(s.database.db);
    expect(menus.header.map((i) => i.label)).toEqual((await listMenu(s.database.db, "header")).map((i) => i.label));
    expect(menus.header.every((i) => i.menu_type === "header")).toBe(true);
    expect(menus.footer.length).toBeGreaterThan(0);
    expect(menus.footer.map((i) => i.order_index)).toEqual(menus.footer.map((_, n) => n + 1));
  });

  it("adds an item at count + 1 with an optional author URL", async () => {
    const count = (await footer()).length;
    const id = await addMenuItem(s.database.db, { menu_type: "footer", label: "Sitemap", url: "/sitemap.xml", author_url: null });
    const item = (await footer()).find((i) => i.id === id)!;
    expect(item).toMatchObject({ label: "Sitemap", url: "/sitemap.xml", author_url: null, order_index: count + 1 });
    const withAuthor = await addMenuItem(s.database.db, { menu_type: "footer", label: "Author", url: "https://e.com", author_url: "https://me.example" });
    expect((await footer()).at(-1)).toMatchObject({ id: withAuthor, author_url: "https://me.example", order_index: count + 2 });
    expect((await listMenu(s.database.db, "footer")).at(-1)).toEqual({ label: "Author", url: "https://e.com" });
  });

  it("moves items up and down by swapping with the neighbour", async () => {
    const list = await footer();
    const last = list.at(-1)!;
    expect(await moveMenuItem(s.database.db, last.id, "up")).toBe(true);
    const after = await footer();
    expect(after.at(-2)!.id).toBe(last.id);
    expect(after.at(-1)!.id).toBe(list.at(-2)!.id);
    expect(await moveMenuItem(s.database.db, last.id, "down")).toBe(true);
    expect((await footer()).map((i) => i.id)).toEqual(list.map((i) => i.id));
    // the first item cannot go further up
    expect(await moveMenuItem(s.database.db, list[0]!.id, "up")).toBe(true);
    expect((await footer()).map((i) => i.id)).toEqual(list.map((i) => i.id));
    expect(await moveMenuItem(s.database.db, 999_999, "up")).toBe(false);
  });

  it("repairs gaps: moving and adding renumber 1..n", async () => {
    const list = await footer();
    await s.database.db.updateTable("menus").set({ order_index: 50 }).where("id", "=", list[1]!.id).execute();
    await s.database.db.updateTable("menus").set({ order_index: 0 }).where("id", "=", list[2]!.id).execute();
    await moveMenuItem(s.database.db, list.at(-1)!.id, "up");
    expect((await footer()).map((i) => i.order_index)).toEqual(list.map((_, n) => n + 1));
    await s.database.db.updateTable("menus").set({ order_index: 99 }).where("id", "=", list[0]!.id).execute();
    const id = await addMenuItem(s.database.db, { menu_type: "footer", label: "Last", url: "/last", author_url: null });
    const now = await footer();
    expect(now.at(-1)!.id).toBe(id);
    expect(now.map((i) => i.order_index)).toEqual(now.map((_, n) => n + 1));
  });

  it("deletes an item and closes the gap, leaving the other menu alone", async () => {
    const header = (await listMenuItems(s.database.db)).header;
    const list = await footer();
    expect(await deleteMenuItem(s.database.db, list[1]!.id)).toBe(true);
    const after = await footer();
    expect(after.map((i) => i.id)).toEqual(list.filter((_, n) => n !== 1).map((i) => i.id));
    expect(after.map((i) => i.order_index)).toEqual(after.map((_, n) => n + 1));
    expect((await listMenuItems(s.database.db)).header).toEqual(header);
    expect(await deleteMenuItem(s.database.db, list[1]!.id)).toBe(false);
    expect(await orders()).toHaveLength(list.length - 1);
  });

  // issue 29: items could be moved or deleted but not edited
  it("edits an item's label and target in place; false for a missing item", async () => {
    const before = await footer();
    const item = before[1]!;
    expect(await updateMenuItem(s.database.db, item.id, { label: "Renamed", url: "/tool/dds-to-png" })).toBe(true);
    const after = await footer();
    expect(after[1]).toMatchObject({ id: item.id, label: "Renamed", url: "/tool/dds-to-png", menu_type: "footer", order_index: item.order_index });
    expect(after.map((i) => i.id)).toEqual(before.map((i) => i.id));
    expect(await updateMenuItem(s.database.db, 999_999, { label: "X", url: "/x" })).toBe(false);
  });

  it("offers the site's published pages and posts, its tools and categories to link to, never a draft", async () => {
    for (const [slug, published] of [["menu-target-live", true], ["menu-target-draft", false]] as const) {
      const created = await createPost(s.database.db, { title: `Post ${slug}`, slug, excerpt: "", content: "<p>x</p>", thumbnail: "", keywords: "", published });
      expect(created.ok).toBe(true);
    }
    const groups = Object.fromEntries((await listMenuTargets(s.database.db, new Date().toISOString())).map((g) => [g.label, g.targets.map((t) => t.url)]));
    expect(Object.keys(groups)).toEqual(["Site", "Pages", "Posts", "Tools", "Blog categories"]);
    expect(groups.Posts).toContain("/blog/menu-target-live");
    expect(groups.Posts).not.toContain("/blog/menu-target-draft");
    expect(groups.Tools).toContain("/tool/dds-to-png");
    expect(groups.Pages).toContain("/page/about");
    expect(groups["Blog categories"]).toContain("/blog/category/news");
  });
});
