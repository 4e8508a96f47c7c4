import { afterAll, beforeAll, expect, it } from "vitest";
import { toolFormSchema, type ToolFormInput } from "#app/lib/admin/tool-form-schema.ts";
import { getToolPage, listFeaturedTools } from "#app/server/queries/tools.server.ts";
import { seedTools } from "#app/server/seed/tools.seed.ts";
import { steppingClock } from "#tests/support/clock.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import {
  countToolsMissingContent,
  deleteTool,
  fillMissingSeoContent,
  findToolIdBySlug,
  getAdminTool,
  insertTool,
  isUniqueViolation,
  listAdminTools,
  moveToolRank,
  updateTool,
} from "./tools-admin.server.ts";

const form = (overrides: Partial<Record<string, string>> = {}): ToolFormInput =>
  toolFormSchema.parse({
    name: "Admin Test Tool",
    slug: "admin-test-tool",
    description: "Does admin things",
    category: "Image",
    icon: "",
    search_volume: "10",
    content: "<p>Hello</p>",
    blog_content: "",
    meta_keywords: "",
    meta_description: "",
    ...overrides,
  });

describeEachDialect("tools admin queries on %s", (dialect) => {
  let s: TestServices;
  const db = () => s.database.db;
  beforeAll(async () => {
    s = await createTestServices(dialect);
  });
  afterAll(() => s.cleanup());

  it("lists every tool in the four orders", async () => {
    const { rows: byName } = await listAdminTools(db(), "name");
    expect(byName).toHaveLength(seedTools.length);
    const lower = byName.map((t) => t.name.toLowerCase());
    expect(lower).toEqual(lower.toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(byName[0]!.name).toBe("Audio Converter");
    expect(Object.keys(byName[0]!).toSorted()).toEqual(
      ["id", "name", "slug", "category", "icon", "is_featured", "rank", "position", "search_volume", "created_at", "updated_at"].toSorted(),
    );

    const { rows: byRank } = await listAdminTools(db(), "rank");
    expect(byRank[0]!.slug).toBe("dds-to-png");
    for (let i = 1; i < byRank.length; i++) expect(byRank[i - 1]!.rank).toBeGreaterThanOrEqual(byRank[i]!.rank);
    // every row knows its place in the rank order, whatever the list's sort
    expect(byRank.map((t) => t.position)).toEqual(byRank.map((_, i) => i + 1));
    expect(Object.fromEntries(byName.map((t) => [t.id, t.position]))).toEqual(Object.fromEntries(byRank.map((t) => [t.id, t.position])));

    const { rows: byVolume } = await listAdminTools(db(), "search_volume");
    for (let i = 1; i < byVolume.length; i++) expect(byVolume[i - 1]!.search_volume).toBeGreaterThanOrEqual(byVolume[i]!.search_volume);

    const id = await insertTool(db(), form({ name: "Zzz Newest", slug: "zzz-newest" }));
    const { rows: byCreated } = await listAdminTools(db(), "created_at");
    expect(byCreated[0]!.id).toBe(id);
    await deleteTool(db(), id);
  });

  it("inserts a tool with rank 0, sanitised HTML and timestamps, and reads it back for the form", async () => {
    const id = await insertTool(
      db(),
      form({ content: '<p onclick="x()">Hi<script>alert(1)</script></p>', blog_content: '<a href="javascript:alert(1)">x</a>', is_featured: "on" }),
    );
    const tool = await getAdminTool(db(), id);
    expect(tool).toMatchObject({
      id,
      name: "Admin Test Tool",
      slug: "admin-test-tool",
      icon: "📄",
      search_volume: 10,
      is_featured: 1,
      rank: 0,
      content: "<p>Hi</p>",
      blog_content: "<a>x</a>",
    });
    expect(await findToolIdBySlug(db(), "admin-test-tool")).toBe(id);
    // an editor left empty posts <p></p>: stored as "", so the public page has no empty section
    expect(await updateTool(db(), id, form({ content: "<p></p>", blog_content: "<p><br></p>" }))).toBe(true);
    expect(await getAdminTool(db(), id)).toMatchObject({ content: "", blog_content: "" });
    const page = await getToolPage(db(), "admin-test-tool");
    expect(page?.name).toBe("Admin Test Tool");
    await deleteTool(db(), id);
  });

  it("updates the form's fields, sets updated_at and keeps rank and created_at", async () => {
    const clock = steppingClock("2026-01-01T00:00:00.000Z");
    const id = await insertTool(db(), form(), clock);
    await moveToolRank(db(), id, "up");
    const before = await db().selectFrom("tools").select(["created_at", "updated_at", "rank"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(await updateTool(db(), id, form({ name: "Renamed", slug: "renamed-tool", category: "Audio" }), clock)).toBe(true);
    const after = await db().selectFrom("tools").select(["name", "slug", "category", "created_at", "updated_at", "rank"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ name: "Renamed", slug: "renamed-tool", category: "Audio", rank: before.rank, created_at: before.created_at });
    expect(after.updated_at > before.updated_at).toBe(true);
    expect(await updateTool(db(), 999_999, form())).toBe(false);
    await deleteTool(db(), id);
  });

  it("refuses a duplicate slug with an error recognised as a unique violation", async () => {
    const error = await insertTool(db(), form({ slug: "dds-to-png" })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error("other"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  // issue 29: "Rank up" added 1 (creating ties) and changed nothing visible
  it("keeps rank an explicit order: a new tool comes last, up and down swap with the neighbour, never a tie", async () => {
    const order = async () => (await listAdminTools(db(), "rank", 1)).rows;
    const ranks = async () => (await db().selectFrom("tools").select("rank").execute()).map((r) => r.rank);
    const id = await insertTool(db(), form({ slug: "rank-test", name: "Rank Test" }));
    const total = (await order()).length;
    const start = await order();
    expect(start.at(-1)!.id).toBe(id);
    expect(await moveToolRank(db(), id, "down")).toEqual({ name: "Rank Test", position: total, total, moved: false });
    expect(await moveToolRank(db(), id, "up")).toEqual({ name: "Rank Test", position: total - 1, total, moved: true });
    // the seeded catalogue's ties are gone, and the swap changed only two places
    expect(new Set(await ranks()).size).toBe(total);
    expect(Math.min(...(await ranks()))).toBeGreaterThanOrEqual(0);
    const swapped = (await order()).map((t) => t.id);
    const expected = start.map((t) => t.id);
    [expected[total - 2], expected[total - 1]] = [expected[total - 1]!, expected[total - 2]!];
    expect(swapped).toEqual(expected);
    for (let i = 0; i < total; i++) await moveToolRank(db(), id, "up");
    expect((await order())[0]!.id).toBe(id);
    expect(await moveToolRank(db(), id, "up")).toMatchObject({ position: 1, moved: false });
    // the featured tools follow the same order
    await db().updateTable("tools").set({ is_featured: 1 }).where("id", "=", id).execute();
    expect((await listFeaturedTools(db()))[0]!.slug).toBe("rank-test");
    expect(await moveToolRank(db(), 999_999, "up")).toBeUndefined();
    await deleteTool(db(), id);
    expect(new Set(await ranks()).size).toBe(total - 1);
  });

  it("deletes a tool", async () => {
    const id = await insertTool(db(), form({ slug: "delete-me" }));
    expect(await deleteTool(db(), id)).toBe(true);
    expect(await getAdminTool(db(), id)).toBeUndefined();
    expect(await deleteTool(db(), id)).toBe(false);
  });

  it("fills only blank content, with the category's template, and reports the count", async () => {
    expect(await countToolsMissingContent(db())).toBe(0);
    expect(await fillMissingSeoContent(db())).toBe(0);

    const blank = await insertTool(db(), form({ slug: "blank-one", name: "Blank Audio", category: "Audio", content: "", description: "Plays <loud> sounds" }));
    const emptyTags = await insertTool(db(), form({ slug: "blank-two", name: "Blank Time", category: "Time", content: "<p></p>" }));
    const spaces = await db().insertInto("tools").values({
      name: "Spaces",
      slug: "blank-three",
      category: "Text",
      description: "",
      icon: "📄",
      search_volume: 0,
      is_featured: 0,
      content: "  \n ",
      rank: 0,
      meta_keywords: "",
      meta_description: "",
      blog_content: "",
      created_at: "2020-01-01T00:00:00.000Z",
      updated_at: "2020-01-01T00:00:00.000Z",
    }).returning("id").executeTakeFirstOrThrow();
    const full = await insertTool(db(), form({ slug: "full-one", content: "<p>Keep me</p>", meta_description: "Kept.", meta_keywords: "kept" }));
    expect(await countToolsMissingContent(db())).toBe(3);

    expect(await fillMissingSeoContent(db())).toBe(3);
    const read = async (id: number) => (await getAdminTool(db(), id))!.content;
    expect(await read(blank)).toContain("<h2>About the Blank Audio</h2>");
    expect(await read(blank)).toContain("Plays &lt;loud&gt; sounds.");
    expect(await read(blank)).toContain("audio");
    expect(await read(emptyTags)).toContain("time zone");
    expect(await read(spaces.id)).toContain("About the Spaces");
    expect(await read(full)).toBe("<p>Keep me</p>");
    const touched = await db().selectFrom("tools").select("updated_at").where("id", "=", spaces.id).executeTakeFirstOrThrow();
    expect(touched.updated_at > "2020-01-01T00:00:00.000Z").toBe(true);

    expect(await fillMissingSeoContent(db())).toBe(0);
    expect(await countToolsMissingContent(db())).toBe(0);
    for (const id of [blank, emptyTags, spaces.id, full]) await deleteTool(db(), id);
  });

  // issue 29: it answered "All tools already have SEO content" right after a meta description was emptied
  it("fills an emptied meta description or keywords, and keeps every field that has text", async () => {
    const id = await insertTool(db(), form({ slug: "meta-blank", name: "Meta Blank", meta_description: "Own words.", meta_keywords: "own" }));
    await fillMissingSeoContent(db());
    expect(await countToolsMissingContent(db())).toBe(0);
    await db().updateTable("tools").set({ meta_description: "  " }).where("id", "=", id).execute();
    expect(await countToolsMissingContent(db())).toBe(1);
    expect(await fillMissingSeoContent(db())).toBe(1);
    const filled = (await getAdminTool(db(), id))!;
    expect(filled.meta_description).toBe("Does admin things.");
    expect(filled.meta_keywords).toBe("own");
    expect(filled.content).toBe("<p>Hello</p>");
    await db().updateTable("tools").set({ meta_keywords: "" }).where("id", "=", id).execute();
    expect(await fillMissingSeoContent(db())).toBe(1);
    expect((await getAdminTool(db(), id))!.meta_keywords).toBe("meta blank, meta blank online, free meta blank, image converter, online image tools");
    expect(await fillMissingSeoContent(db())).toBe(0);
    await deleteTool(db(), id);
  });
});
