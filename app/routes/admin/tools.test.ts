import { afterAll, beforeAll, expect, it } from "vitest";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import * as edit from "./tool-edit.tsx";
import * as list from "./tools.tsx";

// The /admin/tools and tool form loaders and actions, called as React Router would call them.

const ORIGIN = "http://localhost:3999";
type Args = { request: Request; params: Record<string, string>; context: unknown };
type Outcome = { status: number; location: string | null; body: unknown };

function read(value: unknown, fallback: number): Outcome {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), body: null };
  const withInit = value as { type?: string; data?: unknown; init?: { status?: number } } | null;
  if (withInit?.type === "DataWithResponseInit") return { status: withInit.init?.status ?? 200, location: null, body: withInit.data };
  return { status: fallback, location: null, body: value };
}

/** What a handler answered or threw: a Response, a data() result or a plain value. */
async function run(fn: (args: never) => unknown, args: Args): Promise<Outcome> {
  try {
    return read(await fn(args as never), 200);
  } catch (thrown) {
    return read(thrown, 500);
  }
}

const toolForm = (overrides: Record<string, string> = {}) => ({
  name: "Route Test Converter",
  slug: "route-test-converter",
  description: "For the route tests",
  category: "Document",
  icon: "",
  search_volume: "250",
  content: '<p>About <img src="x" onerror="alert(1)"></p>',
  blog_content: "<p>More</p>",
  meta_keywords: "route, test",
  meta_description: "A test tool.",
  ...overrides,
});

const cookieFrom = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describeEachDialect("admin tool routes on %s", (dialect) => {
  let s: TestServices;
  let cookie: string;
  const db = () => s.database.db;

  const get = (path: string, params: Record<string, string> = {}) => ({ request: new Request(`${ORIGIN}${path}`, { headers: { cookie, origin: ORIGIN } }), params, context: {} });
  const post = (path: string, fields: Record<string, string>, params: Record<string, string> = {}) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return { request: new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body }), params, context: {} };
  };
  const bySlug = (slug: string) =>
    db().selectFrom("tools").select(["id", "name", "slug", "category", "icon", "rank", "search_volume", "is_featured", "content", "created_at", "updated_at"]).where("slug", "=", slug).executeTakeFirst();

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const res = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email: "tools-admin@example.com", password: "secret-pass-123", name: "a" }));
    expect(res.status).toBe(200);
    cookie = cookieFrom(res);
  });
  afterAll(() => s.cleanup());

  it("sends a visitor without a session to /auth", async () => {
    const anonymous = { request: new Request(`${ORIGIN}/admin/tools`), params: {}, context: {} };
    expect(await run(list.loader, anonymous)).toMatchObject({ status: 302, location: "/auth" });
    expect(await run(edit.action, { ...anonymous, request: new Request(`${ORIGIN}/admin/tools/new`, { method: "POST", body: new FormData() }) })).toMatchObject({
      status: 302,
      location: "/auth",
    });
  });

  it("lists tools in the order of ?sort=, with unknown orders falling back to newest first", async () => {
    const ranked = await run(list.loader, get("/admin/tools?sort=rank"));
    const body = ranked.body as { sort: string; tools: { slug: string }[] };
    expect(body.sort).toBe("rank");
    expect(body.tools[0]!.slug).toBe("dds-to-png");
    expect(((await run(list.loader, get("/admin/tools?sort=drop%20table"))).body as { sort: string }).sort).toBe("created_at");
    expect(((await run(list.loader, get("/admin/tools"))).body as { sort: string }).sort).toBe("created_at");
  });

  it("adds a tool: normalised slug, default icon, rank 0, sanitised HTML, then back to the list", async () => {
    const res = await run(edit.action, post("/admin/tools/new", toolForm({ slug: "  Route Test Converter  ", is_featured: "on" })));
    expect(res).toMatchObject({ status: 302, location: "/admin/tools?saved=added" });
    const tool = await bySlug("route-test-converter");
    expect(tool).toMatchObject({ name: "Route Test Converter", category: "Document", icon: "📄", rank: 0, search_volume: 250, is_featured: 1 });
    expect(tool!.content).toBe('<p>About <img src="x" loading="lazy" /></p>');
  });

  it("answers field errors for missing name, slug and category and an unknown category", async () => {
    const res = await run(edit.action, post("/admin/tools/new", toolForm({ name: " ", slug: "", category: "" })));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, fieldErrors: { name: "Name is required", slug: "Slug is required", category: "Category is required" } });
    const bad = await run(edit.action, post("/admin/tools/new", toolForm({ slug: "x-cat", category: "Games" })));
    expect(bad.body).toMatchObject({ ok: false, fieldErrors: { category: "Choose one of the listed categories" } });
    expect(await bySlug("x-cat")).toBeUndefined();
  });

  it("refuses a slug another tool has, on add and on edit", async () => {
    const add = await run(edit.action, post("/admin/tools/new", toolForm({ name: "Copy", slug: "DDS to PNG" })));
    expect(add.status).toBe(409);
    expect(add.body).toMatchObject({ ok: false, message: "A tool with this slug already exists.", fieldErrors: { slug: "A tool with this slug already exists." } });
    const mine = (await bySlug("route-test-converter"))!;
    const change = await run(edit.action, post(`/admin/tools/${mine.id}`, toolForm({ slug: "word-counter" }), { id: String(mine.id) }));
    expect(change.body).toMatchObject({ fieldErrors: { slug: "A tool with this slug already exists." } });
    expect((await bySlug("word-counter"))!.name).toBe("Word Counter");
  });

  it("loads a tool for editing and 404s an unknown or malformed id", async () => {
    const mine = (await bySlug("route-test-converter"))!;
    const res = await run(edit.loader, get(`/admin/tools/${mine.id}`, { id: String(mine.id) }));
    expect((res.body as { tool: { name: string; meta_keywords: string } }).tool).toMatchObject({ name: "Route Test Converter", meta_keywords: "route, test" });
    expect(((await run(edit.loader, get("/admin/tools/new"))).body as { tool: null }).tool).toBeNull();
    for (const id of ["999999", "abc", "1.5", "-1", "0"]) {
      expect((await run(edit.loader, get(`/admin/tools/${id}`, { id }))).status, id).toBe(404);
      expect((await run(edit.action, post(`/admin/tools/${id}`, toolForm({ slug: `ghost-${id}` }), { id }))).status, id).toBe(404);
    }
  });

  it("updates a tool, keeping its own slug, rank and created_at and setting updated_at", async () => {
    const mine = (await bySlug("route-test-converter"))!;
    await db().updateTable("tools").set({ rank: 7 }).where("id", "=", mine.id).execute();
    const res = await run(edit.action, post(`/admin/tools/${mine.id}`, toolForm({ name: "Route Test Converter 2", category: "Unit", icon: "🧪" }), { id: String(mine.id) }));
    expect(res).toMatchObject({ status: 302, location: "/admin/tools?saved=updated" });
    const after = (await bySlug("route-test-converter"))!;
    expect(after).toMatchObject({ name: "Route Test Converter 2", category: "Unit", icon: "🧪", rank: 7, is_featured: 0, created_at: mine.created_at });
    expect(after.updated_at >= mine.updated_at).toBe(true);
  });

  it("swaps a tool with its neighbour in the rank order and says where it went", async () => {
    const mine = (await bySlug("route-test-converter"))!;
    const total = Number((await db().selectFrom("tools").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    await db().updateTable("tools").set({ rank: -1 }).where("id", "=", mine.id).execute();
    const move = (intent: string) => run(list.action, post("/admin/tools", { intent, id: String(mine.id) }));
    const name = "Route Test Converter 2";
    expect((await move("rank-down")).body).toMatchObject({ ok: true, message: `“${name}” is already last (rank ${total} of ${total})` });
    expect((await move("rank-up")).body).toMatchObject({ ok: true, message: `“${name}” moved up to rank ${total - 1} of ${total}` });
    expect((await move("rank-up")).body).toMatchObject({ ok: true, message: `“${name}” moved up to rank ${total - 2} of ${total}` });
    expect((await move("rank-down")).body).toMatchObject({ ok: true, message: `“${name}” moved down to rank ${total - 1} of ${total}` });
    const listed = (await run(list.loader, get("/admin/tools?sort=rank"))).body as { tools: { slug: string; position: number }[] };
    expect(listed.tools.find((t) => t.slug === "route-test-converter")?.position).toBe(total - 1);
    expect((await run(list.action, post("/admin/tools", { intent: "rank-up", id: "999999" }))).status).toBe(404);
    expect((await run(list.action, post("/admin/tools", { intent: "rank-up", id: "x" }))).status).toBe(400);
  });

  it("fills missing SEO content and says when there is nothing to fill", async () => {
    const mine = (await bySlug("route-test-converter"))!;
    await db().updateTable("tools").set({ content: "<p><br></p>" }).where("id", "=", mine.id).execute();
    const filled = await run(list.action, post("/admin/tools", { intent: "fill-seo" }));
    expect(filled.body).toMatchObject({ ok: true, message: "Filled SEO content for 1 tool", filled: 1 });
    expect((await bySlug("route-test-converter"))!.content).toContain("<h2>About the Route Test Converter 2</h2>");
    const none = await run(list.action, post("/admin/tools", { intent: "fill-seo" }));
    expect(none.body).toMatchObject({ ok: true, message: "Nothing to update", filled: 0 });
  });

  it("deletes a tool with the spec's message, and 404s a second delete", async () => {
    const mine = (await bySlug("route-test-converter"))!;
    const res = await run(list.action, post("/admin/tools", { intent: "delete", id: String(mine.id) }));
    expect(res.body).toMatchObject({ ok: true, message: "Tool deleted successfully" });
    expect(await bySlug("route-test-converter")).toBeUndefined();
    expect((await run(list.action, post("/admin/tools", { intent: "delete", id: String(mine.id) }))).status).toBe(404);
    expect((await run(list.action, post("/admin/tools", { intent: "nope" }))).status).toBe(400);
  });
});
