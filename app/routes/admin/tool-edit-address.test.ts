import { afterAll, beforeAll, expect, it } from "vitest";
import { BUILT_IN_SLUG_MESSAGE } from "#app/lib/admin/tool-address.ts";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { loadRedirectMap } from "#app/server/queries/redirects.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import * as edit from "./tool-edit.tsx";

// A tool's address through the tool form's action (issue 29, finding 1): a built-in tool's slug is
// fixed to its converter, and a custom tool's rename leaves a 301 behind.

const ORIGIN = "http://localhost:3999";

async function answer(run: () => unknown): Promise<{ status: number; body: unknown }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, body: null };
  const withInit = value as { type?: string; data?: unknown; init?: { status?: number } };
  return withInit?.type === "DataWithResponseInit" ? { status: withInit.init?.status ?? 200, body: withInit.data } : { status: 200, body: value };
}

describeEachDialect("a tool's address through the tool form (%s)", (dialect) => {
  let s: TestServices;
  let cookie: string;
  const db = () => s.database.db;
  const save = (id: number | undefined, fields: Record<string, string>) => {
    const body = new FormData();
    const all = { name: "X", slug: "x", description: "", category: "Audio", icon: "", search_volume: "0", content: "", blog_content: "", meta_keywords: "", meta_description: "", ...fields };
    for (const [k, v] of Object.entries(all)) body.set(k, v);
    const path = id === undefined ? "/admin/tools/new" : `/admin/tools/${id}`;
    const request = new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body });
    return answer(() => edit.action({ request, params: id === undefined ? {} : { id: String(id) }, context: {} } as never));
  };
  const tool = (slug: string) => db().selectFrom("tools").select(["id", "name", "slug"]).where("slug", "=", slug).executeTakeFirst();

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const res = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email: "addresses@example.com", password: "secret-pass-123", name: "a" }));
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });
  afterAll(() => s.cleanup());

  it("renames a built-in tool without moving it; a new slug for it is refused", async () => {
    const mp3 = (await tool("mp3-converter"))!;
    expect((await save(mp3.id, { name: "Free MP3 Converter", slug: "mp3-converter" })).status).toBe(302);
    expect(await tool("mp3-converter")).toMatchObject({ id: mp3.id, name: "Free MP3 Converter" });
    const moved = await save(mp3.id, { name: "Free MP3 Converter", slug: "free-mp3-converter" });
    expect(moved).toMatchObject({ status: 400, body: { fieldErrors: { slug: BUILT_IN_SLUG_MESSAGE } } });
    expect(await tool("free-mp3-converter")).toBeUndefined();
    expect((await loadRedirectMap(db())).size).toBe(0);
  });

  it("keeps a built-in tool's slugs and aliases from other tools", async () => {
    const taken = await save(undefined, { name: "Mine", slug: "dds-to-png-converter" });
    expect(taken).toMatchObject({ status: 400, body: { fieldErrors: { slug: expect.stringContaining("/tool/dds-to-png") } } });
  });

  it("a built-in renamed away by the old form gets its address and converter back, with a 301 from the name's slug", async () => {
    const ico = (await tool("jpg-to-ico"))!;
    await db().updateTable("tools").set({ slug: "free-ico-maker" }).where("id", "=", ico.id).execute();
    expect((await save(ico.id, { name: "Free ICO Maker", slug: "jpg-to-ico", category: "Image" })).status).toBe(302);
    expect(await tool("jpg-to-ico")).toMatchObject({ id: ico.id });
    expect((await loadRedirectMap(db())).get("/tool/free-ico-maker")?.to).toBe("/tool/jpg-to-ico");
  });

  it("a custom tool's rename leaves a 301 from its old address", async () => {
    expect((await save(undefined, { name: "My Tool", slug: "my-tool" })).status).toBe(302);
    const mine = (await tool("my-tool"))!;
    expect((await save(mine.id, { name: "My Better Tool", slug: "my-better-tool" })).status).toBe(302);
    expect((await loadRedirectMap(db())).get("/tool/my-tool")).toMatchObject({ to: "/tool/my-better-tool", status: 301 });
  });
});
