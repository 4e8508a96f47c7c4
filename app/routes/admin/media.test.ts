import { afterAll, beforeAll, expect, it } from "vitest";
import { encodePng } from "#codecs/png/index.ts";
import type { MediaListData } from "#app/lib/admin/media-form.ts";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { createPost } from "#app/server/queries/posts-admin.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { callRoute } from "#tests/support/route-call.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import { action, loader } from "./media.tsx";

// /admin/media: the form's upload with alt text, the alt/caption save (validated), the delete that
// refuses an image in use with 409 naming the post, and the searchable list.

const ORIGIN = "http://localhost:3999";
const PNG = new Uint8Array(encodePng({ width: 2, height: 3, data: new Uint8Array(2 * 3 * 4).fill(200) }));

describeEachDialect("/admin/media on %s", (dialect) => {
  let s: TestServices;
  let cookie: string;
  const post = (fields: Record<string, string | File>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return callRoute(action, new Request(`${ORIGIN}/admin/media`, { method: "POST", headers: { cookie, origin: ORIGIN }, body: form }));
  };
  const list = async (query = "") => (await callRoute(loader, new Request(`${ORIGIN}/admin/media${query}`, { headers: { cookie } }))).body as MediaListData;

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const res = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email: "media-admin@example.com", password: "secret-pass-123", name: "m" }));
    expect(res.status).toBe(200);
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });
  afterAll(() => s.cleanup());

  it("uploads with alt text, saves a caption, refuses a delete while a post uses it, then deletes it", async () => {
    const uploaded = await post({ intent: "upload", file: new File([PNG], "Harbour.png", { type: "image/png" }), alt: "Boats in a harbour", caption: "" });
    expect(uploaded).toMatchObject({ status: 200, body: { ok: true, message: "Image uploaded" } });
    const [item] = (await list("?q=HARBOUR")).items;
    expect(item).toMatchObject({ fileName: "Harbour.png", alt: "Boats in a harbour", width: 2, height: 3 });
    expect(item!.url).toMatch(/^\/uploads\/site-assets\/editor-images\/[0-9a-f]{12}-harbour\.png$/);

    expect(await post({ intent: "save", id: String(item!.id), alt: "x".repeat(301), caption: "" })).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { alt: "Alt text can be up to 300 characters." } },
    });
    expect(await post({ intent: "save", id: String(item!.id), alt: "Boats", caption: "Evening light" })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await list("?q=evening")).items.map((i) => i.caption)).toEqual(["Evening light"]);

    await createPost(s.database.db, { title: "Harbour walk", slug: "harbour-walk", excerpt: "", content: `<p><img src="${item!.url}" alt="Boats"></p>`, thumbnail: "", keywords: "", published: true });
    expect(await post({ intent: "delete", id: String(item!.id) })).toMatchObject({
      status: 409,
      body: { ok: false, message: "This image is in use (post “Harbour walk”). Remove it there first." },
    });
    await s.database.db.deleteFrom("blog_posts").where("slug", "=", "harbour-walk").execute();
    expect(await post({ intent: "delete", id: String(item!.id) })).toMatchObject({ status: 200, body: { ok: true, message: "Image deleted" } });
    expect((await list()).paging.total).toBe(0);
  });

  it("answers bad input with a 4xx message", async () => {
    expect(await post({ intent: "upload", alt: "" })).toMatchObject({ status: 400, body: { message: "Choose an image file to upload." } });
    expect(await post({ intent: "upload", file: new File(["text"], "a.png"), alt: "", caption: "" })).toMatchObject({ status: 400, body: { fieldErrors: { file: expect.stringContaining("Unsupported file type") } } });
    expect(await post({ intent: "delete", id: "abc" })).toMatchObject({ status: 400 });
    expect(await post({ intent: "delete", id: "99999" })).toMatchObject({ status: 404 });
    expect(await post({ intent: "save", id: "99999", alt: "", caption: "" })).toMatchObject({ status: 404 });
  });
});
