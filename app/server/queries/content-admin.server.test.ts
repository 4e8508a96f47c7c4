import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { createContentSection, deleteContentSection, getContentSection, listContentSections, updateContentSection } from "./content-admin.server.ts";
import { getPublishedSection } from "./site-content.server.ts";

describeEachDialect("content sections admin on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  it("lists every section ordered by page_key", async () => {
    const sections = await listContentSections(s.database.db);
    const keys = sections.map((x) => x.page_key);
    expect(keys).toEqual(keys.toSorted());
    expect(keys).toEqual(expect.arrayContaining(["home_seo", "tools_seo"]));
  });

  it("creates a section and returns the row", async () => {
    const row = await createContentSection(s.database.db, { page_key: "tools_seo", title: "New Section", content: "Add your content here...", published: true });
    expect(row).toMatchObject({ page_key: "tools_seo", title: "New Section", content: "Add your content here...", published: 1 });
    expect(typeof row.id).toBe("number");
    expect(await getContentSection(s.database.db, row.id)).toMatchObject({ id: row.id, title: "New Section" });
  });

  it("updates title, content and published by id, and the public read follows", async () => {
    const [home] = (await listContentSections(s.database.db)).filter((x) => x.page_key === "home_seo");
    expect(await updateContentSection(s.database.db, home!.id, { title: "Edited", content: "<p>Hi</p>", published: true })).toBe(true);
    expect(await getPublishedSection(s.database.db, "home_seo")).toEqual({ title: "Edited", content: "<p>Hi</p>" });
    await updateContentSection(s.database.db, home!.id, { title: "Edited", content: "<p>Hi</p>", published: false });
    expect((await getContentSection(s.database.db, home!.id))!.published).toBe(0);
    expect(await updateContentSection(s.database.db, 999_999, { title: "x", content: "", published: true })).toBe(false);
  });

  it("deletes by id", async () => {
    const row = await createContentSection(s.database.db, { page_key: "home_seo", title: "Gone", content: "", published: false });
    expect(await deleteContentSection(s.database.db, row.id)).toBe(true);
    expect(await getContentSection(s.database.db, row.id)).toBeUndefined();
    expect(await deleteContentSection(s.database.db, row.id)).toBe(false);
  });
});
