import { afterAll, beforeAll, expect, it } from "vitest";
import { AUTOSAVE_TEXTS } from "#app/lib/admin/autosave.ts";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { getAdminPage } from "#app/server/queries/pages-admin.server.ts";
import { createPost, getAdminPost } from "#app/server/queries/posts-admin.server.ts";
import { listRevisions } from "#app/server/queries/revisions.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { cookieFrom } from "#tests/support/accounts.ts";
import { callRoute } from "#tests/support/route-call.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import * as pageEdit from "./page-edit.tsx";
import * as postEdit from "./post-edit.tsx";

// Issue 29, finding 6, through the edit routes' loaders and actions: autosave keeps drafts only and
// never writes over a newer version, every save stores a revision with its author, and
// ?revision=ID loads one revision of this post (another's is a 404).

const ORIGIN = "http://localhost:3999";
const ADMIN = "drafts-admin@example.com";
const postFields = (title: string, extra: Record<string, string> = {}) => ({ title, slug: "draft-post", excerpt: "", content: `<p>${title}</p>`, keywords: "", ...extra });

describeEachDialect("drafts, autosave and revisions in the editors on %s", (dialect) => {
  let s: TestServices;
  let cookie = "";
  const db = () => s.database.db;
  const send = (route: typeof postEdit | typeof pageEdit, path: string, id: string | undefined, fields: Record<string, string>) =>
    callRoute(route.action, new Request(ORIGIN + path, { method: "POST", headers: { cookie, origin: ORIGIN }, body: new URLSearchParams(fields) }), id ? { id } : {});
  const load = (route: typeof postEdit | typeof pageEdit, path: string, id: string) => callRoute(route.loader, new Request(ORIGIN + path, { headers: { cookie } }), { id });

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const password = "secret-pass-123";
    expect((await handleAuthRequest(s.auth, db(), authRequest("/sign-up/email", { email: ADMIN, password, name: "a" }))).status).toBe(200);
    cookie = cookieFrom((await handleAuthRequest(s.auth, db(), authRequest("/sign-in/email", { email: ADMIN, password }))).headers);
  });
  afterAll(() => s.cleanup());

  it("creates a new post as a draft at its first autosave, then autosaves it at its version; never publishes", async () => {
    const first = await send(postEdit, "/admin/blog/new", undefined, { intent: "autosave", version: "", published: "on", ...postFields("Typed") });
    expect(first).toMatchObject({ status: 200, body: { ok: true, message: AUTOSAVE_TEXTS.saved, intent: "autosave" } });
    const { id, version } = first.body as { id: number; version: string };
    expect(await getAdminPost(db(), id)).toMatchObject({ title: "Typed", published: 0, updated_at: version });

    const second = await send(postEdit, `/admin/blog/${id}`, String(id), { intent: "autosave", version, published: "on", ...postFields("Typed more") });
    expect(second).toMatchObject({ status: 200, body: { ok: true, id } });
    expect(await getAdminPost(db(), id)).toMatchObject({ title: "Typed more", published: 0, updated_at: (second.body as { version: string }).version });
    // the autosaves share one revision, by the admin who typed
    expect((await listRevisions(db(), "post", id)).map((r) => [r.title, r.source, r.author])).toEqual([["Typed more", "autosave", ADMIN]]);
    // and the answer carries that list, for the editor's Revisions panel (it does not reload)
    expect((second.body as { revisions: { title: string; autosave: boolean }[] }).revisions.map((r) => [r.title, r.autosave])).toEqual([["Typed more", true]]);
  });

  it("answers a stale autosave (another tab saved since) with a 409 conflict and writes nothing", async () => {
    const created = await createPost(db(), { ...postFields("Loaded"), slug: "draft-stale", thumbnail: "", published: false });
    if (!created.ok) throw new Error("create failed");
    const loaded = await load(postEdit, `/admin/blog/${created.id}`, String(created.id));
    const version = (loaded.body as { version: string }).version;
    // the other tab's Save
    expect(await send(postEdit, `/admin/blog/${created.id}`, String(created.id), { ...postFields("Other tab"), slug: "draft-stale" })).toMatchObject({ status: 200 });
    const stale = await send(postEdit, `/admin/blog/${created.id}`, String(created.id), { intent: "autosave", version, ...postFields("This tab"), slug: "draft-stale" });
    expect(stale).toMatchObject({ status: 409, body: { ok: false, message: AUTOSAVE_TEXTS.stale, intent: "autosave" } });
    expect((await getAdminPost(db(), created.id))?.title).toBe("Other tab");
  });

  it("refuses to autosave a published post (its live text changes only with Save) and an autosave without a version", async () => {
    const live = await createPost(db(), { ...postFields("Live"), slug: "draft-live", thumbnail: "", published: true });
    const draft = await createPost(db(), { ...postFields("Draft"), slug: "draft-noversion", thumbnail: "", published: false });
    if (!live.ok || !draft.ok) throw new Error("create failed");
    const before = await getAdminPost(db(), live.id);
    const refused = await send(postEdit, `/admin/blog/${live.id}`, String(live.id), { intent: "autosave", version: before!.updated_at, ...postFields("Changed"), slug: "draft-live" });
    expect(refused).toMatchObject({ status: 409, body: { ok: false, message: AUTOSAVE_TEXTS.publishedOnly } });
    expect(await getAdminPost(db(), live.id)).toEqual(before);
    expect(await send(postEdit, `/admin/blog/${draft.id}`, String(draft.id), { intent: "autosave", ...postFields("X"), slug: "draft-noversion" })).toMatchObject({ status: 400 });
  });

  it("stores a revision at each Save, lists them in the editor, and loads one with ?revision=ID (another post's is a 404)", async () => {
    const made = await send(pageEdit, "/admin/pages/new", undefined, { title: "First words", slug: "draft-page", excerpt: "", content: "<p>one</p>" });
    expect(made.status).toBe(200);
    const page = (await db().selectFrom("pages").select("id").where("slug", "=", "draft-page").executeTakeFirstOrThrow()).id;
    await send(pageEdit, `/admin/pages/${page}`, String(page), { title: "Second words", slug: "draft-page", excerpt: "", content: "<p>two</p>" });
    const editor = await load(pageEdit, `/admin/pages/${page}`, String(page));
    const revisions = (editor.body as { revisions: { id: number; title: string; author: string; autosave: boolean }[] }).revisions;
    expect(revisions.map((r) => [r.title, r.author, r.autosave])).toEqual([
      ["Second words", ADMIN, false],
      ["First words", ADMIN, false],
    ]);
    const oldest = revisions[1]!.id;
    const restoring = await load(pageEdit, `/admin/pages/${page}?revision=${oldest}`, String(page));
    expect(restoring.body).toMatchObject({ revision: { id: oldest, title: "First words", content: "<p>one</p>" }, initial: { title: "Second words" } });
    // restoring = saving the loaded text: the page has it again, as a third revision
    await send(pageEdit, `/admin/pages/${page}`, String(page), { title: "First words", slug: "draft-page", excerpt: "", content: "<p>one</p>" });
    expect(await getAdminPage(db(), page)).toMatchObject({ title: "First words", content: "<p>one</p>" });
    expect(await listRevisions(db(), "page", page)).toHaveLength(3);

    const post = await createPost(db(), { ...postFields("Elsewhere"), slug: "draft-elsewhere", thumbnail: "", published: false });
    if (!post.ok) throw new Error("create failed");
    expect((await load(postEdit, `/admin/blog/${post.id}?revision=${oldest}`, String(post.id))).status).toBe(404);
    expect((await load(pageEdit, `/admin/pages/${page}?revision=abc`, String(page))).status).toBe(404);
  });
});
