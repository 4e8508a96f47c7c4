import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { ACTION_FAILED, FORM_UNREADABLE } from "#app/server/admin/form.server.ts";
import { UNSTORABLE_TEXT_MESSAGE } from "#app/server/http/text-safety.server.ts";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { ADMIN_ROUTES, importRoute, type RouteModule } from "../support/admin-routes.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "../support/test-db.ts";

// Every admin action (found in app/routes.ts), called as a signed-in admin with malformed bodies:
// none may answer 5xx or throw; each answers the 4xx the case calls for, with a message for the toast.

const ORIGIN = "http://localhost:3999";
const MB = 1024 * 1024;
const enc = new TextEncoder();

type Outcome = { status: number; message: unknown };

const readAnswer = async (value: unknown, fallback: number): Promise<Outcome> => {
  if (value instanceof Response) {
    const body = (await value.json().catch(() => null)) as { message?: unknown } | null;
    return { status: value.status, message: body?.message };
  }
  const withInit = value as { type?: string; data?: { message?: unknown }; init?: { status?: number } | null; message?: unknown } | null;
  if (withInit?.type === "DataWithResponseInit") return { status: withInit.init?.status ?? 200, message: withInit.data?.message };
  return { status: fallback, message: withInit?.message };
};

/** What an action answered or threw: a Response, a data() result or a plain value; anything else thrown is a 500. */
async function outcome(run: () => unknown): Promise<Outcome> {
  try {
    return await readAnswer(await run(), 200);
  } catch (thrown) {
    if (thrown instanceof Response || (thrown as { type?: string } | null)?.type === "DataWithResponseInit") return readAnswer(thrown, 500);
    return { status: 500, message: `threw ${thrown instanceof Error ? thrown.stack : String(thrown)}` };
  }
}

/** A multipart body written by hand, so it can be broken on purpose. */
const multipart = (boundary: string, parts: [name: string, value: string, filename?: string][], close = true) =>
  parts.map(([name, value, filename]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : ""}\r\n\r\n${value}\r\n`).join("") +
  (close ? `--${boundary}--\r\n` : "");

/** A body streamed in 1 MB chunks without Content-Length, larger than every admin limit (16 MB). */
function hugeField(): ReadableStream<Uint8Array> {
  const head = enc.encode(`--b\r\nContent-Disposition: form-data; name="title"\r\n\r\n`);
  const filler = new Uint8Array(MB).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(head);
      if (sent >= 20 * MB) return controller.close();
      sent += MB;
      controller.enqueue(filler);
    },
  });
}

type Case = {
  what: string;
  headers: Record<string, string>;
  body: () => BodyInit | null;
  /**
   * the exact status; "4xx" where the route decides (its own field or intent messages); "not 5xx" for a
   * form that may be valid for some route (a known intent whose other fields are optional)
   */
  expect: number | "4xx" | "not 5xx";
  message?: string | RegExp;
};

const URLENCODED = { "Content-Type": "application/x-www-form-urlencoded" };
/** The text refusal, or (the upload API takes multipart only) the refusal of the encoding. */
const UNSTORED_OR_NOT_A_FORM = new RegExp(`^(${UNSTORABLE_TEXT_MESSAGE.replace(/[().]/g, "\\$&")}|Unsupported Content-Type.*)$`);
const CASES: Case[] = [
  { what: "a JSON body", headers: { "Content-Type": "application/json" }, body: () => '{"intent":"delete","id":"1"}', expect: 415, message: /Unsupported Content-Type "application\/json"/ },
  { what: "a text/plain body", headers: { "Content-Type": "text/plain;charset=UTF-8" }, body: () => "intent=delete&id=1", expect: 415, message: /text\/plain/ },
  { what: "a body without Content-Type", headers: {}, body: () => enc.encode("intent=delete&id=1"), expect: 415, message: /no Content-Type/ },
  { what: "an empty body without Content-Type", headers: {}, body: () => null, expect: 415, message: /no Content-Type/ },
  { what: "an XML body", headers: { "Content-Type": "application/xml" }, body: () => "<a/>", expect: 415 },
  { what: "a gzip-encoded form", headers: { "Content-Type": "multipart/form-data; boundary=b", "Content-Encoding": "gzip" }, body: () => multipart("b", [["intent", "delete"]]), expect: 415, message: /Compressed/ },
  { what: "multipart without a boundary", headers: { "Content-Type": "multipart/form-data" }, body: () => multipart("b", [["intent", "delete"]]), expect: 400, message: FORM_UNREADABLE },
  { what: "multipart with the wrong boundary", headers: { "Content-Type": "multipart/form-data; boundary=other" }, body: () => multipart("b", [["intent", "delete"]]), expect: 400, message: FORM_UNREADABLE },
  { what: "truncated multipart", headers: { "Content-Type": "multipart/form-data; boundary=b" }, body: () => multipart("b", [["intent", "delete"], ["id", "1"]], false).slice(0, -5), expect: 400, message: FORM_UNREADABLE },
  { what: "an empty multipart body", headers: { "Content-Type": "multipart/form-data; boundary=b" }, body: () => "", expect: 400, message: FORM_UNREADABLE },
  {
    what: "a body cut off mid-way",
    headers: { "Content-Type": "multipart/form-data; boundary=b" },
    body: () =>
      new ReadableStream({
        start(controller) {
          controller.enqueue(enc.encode(multipart("b", [["intent", "delete"]], false)));
          controller.error(new Error("aborted"));
        },
      }),
    expect: 400,
    message: FORM_UNREADABLE,
  },
  { what: "a huge field (20 MB, no Content-Length)", headers: { "Content-Type": "multipart/form-data; boundary=b" }, body: hugeField, expect: 413, message: /too large/ },
  { what: "a declared Content-Length of 1 GB", headers: { "Content-Type": "multipart/form-data; boundary=b", "Content-Length": String(1024 * MB) }, body: () => multipart("b", [["intent", "delete"]]), expect: 413, message: /too large/ },
  { what: "URL-encoded text that is not UTF-8", headers: URLENCODED, body: () => "intent=delete&title=%FF%FE", expect: "4xx" },
  { what: "an empty form", headers: URLENCODED, body: () => "", expect: "4xx" },
  { what: "a form without intent", headers: URLENCODED, body: () => "id=1&title=x", expect: "4xx" },
  { what: "a form with a garbage intent", headers: URLENCODED, body: () => `intent=${encodeURIComponent("<script>x</script>")}&id=1`, expect: "4xx" },
  { what: "an intent repeated with other values", headers: URLENCODED, body: () => "intent=delete&intent=save&id=abc&id=1", expect: "4xx" },
  ...["abc", "-1", "0", "1.5", "1e3", "999999999999999", "99999999999999999999", ""].map(
    (id): Case => ({ what: `garbage id "${id}"`, headers: URLENCODED, body: () => `intent=delete&id=${id}&userId=${id}&direction=up&role=root`, expect: "4xx" }),
  ),
  ...["delete", "save", "set-role", "reset-password", "delete-user", "rank-up", "move"].map(
    (intent): Case => ({ what: `intent "${intent}" with a garbage id`, headers: URLENCODED, body: () => `intent=${intent}&id=%00&userId=%00&password=x`, expect: "not 5xx" }),
  ),
  // issue 28, finding 4: PostgreSQL's text holds no U+0000; every field of every form is refused alike
  {
    what: "a NUL byte in every text field",
    headers: URLENCODED,
    body: () =>
      ["title", "name", "slug", "category", "description", "content", "excerpt", "label", "url", "site_name", "home_title", "email", "password", "meta_title", "meta_description", "code", "role"]
        .map((f) => `${f}=a%00b`)
        .join("&") + "&search_volume=1&intent=save",
    expect: "4xx",
    message: UNSTORED_OR_NOT_A_FORM,
  },
  { what: "a NUL byte as a field name", headers: URLENCODED, body: () => "intent=save&%00=x", expect: "4xx", message: UNSTORED_OR_NOT_A_FORM },
  // the multipart reader itself refuses a NUL in a part: 400 either way
  { what: "a NUL byte in a multipart field", headers: { "Content-Type": "multipart/form-data; boundary=b" }, body: () => multipart("b", [["title", "a\u0000b"], ["name", "a\u0000b"]]), expect: 400 },
  { what: "a NUL byte in an uploaded file's name", headers: { "Content-Type": "multipart/form-data; boundary=b" }, body: () => multipart("b", [["file", "x", "a\u0000.png"]]), expect: 400, message: UNSTORABLE_TEXT_MESSAGE },
  { what: "URL-encoded UTF-8 that is broken (%c3%28, %ed%a0%80)", headers: URLENCODED, body: () => "intent=save&title=%c3%28&name=%ed%a0%80", expect: "4xx" },
  {
    what: "multipart with files where text is expected",
    headers: { "Content-Type": "multipart/form-data; boundary=b" },
    body: () => multipart("b", [["intent", "delete"], ["id", "1", "id.txt"], ["title", "x", "t.bin"], ["name", "x", "n.bin"], ["password", "x", "p.bin"], ["userId", "x", "u.bin"]]),
    expect: "4xx",
  },
];

/** The table behind an edit route's :id, so the sweep posts to a row that exists. */
const ID_TABLES: Record<string, "tools" | "blog_posts" | "pages"> = { "admin/tools/:id": "tools", "admin/blog/:id": "blog_posts", "admin/pages/:id": "pages" };

describeEachDialect("malformed bodies to every admin action on %s", (dialect) => {
  let s: TestServices;
  let cookie = "";
  const modules = new Map<string, RouteModule>();
  const params = new Map<string, Record<string, string>>();

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const email = "sweep-admin@example.com";
    const password = "sweep-pass-1";
    expect((await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email, password, name: "Sweep" }))).status).toBe(200);
    const res = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-in/email", { email, password }));
    cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    for (const route of ADMIN_ROUTES) {
      modules.set(route.path, await importRoute(route.file));
      if (!route.path.includes(":id")) continue;
      const table = ID_TABLES[route.path];
      if (!table) throw new Error(`${route.path}: name the table behind its :id in ID_TABLES`);
      const row = await s.database.db.selectFrom(table).select("id").orderBy("id").executeTakeFirstOrThrow();
      params.set(route.path, { id: String(row.id) });
    }
  });
  afterAll(() => s.cleanup());

  it("finds the admin actions in the route config", () => {
    const withAction = ADMIN_ROUTES.filter((r) => modules.get(r.path)?.action).map((r) => r.path);
    for (const p of ["admin/users", "admin/password", "admin/tools/new", "admin/tools/:id", "admin/settings", "admin/api/upload"]) expect(withAction).toContain(p);
  });

  // a URL id that is no row (even one past PostgreSQL's integer range) is a 404, on the page and the form
  for (const route of ADMIN_ROUTES.filter((r) => r.path.includes(":id"))) {
    it.each(["abc", "0", "-1", "1.5", "2147483648", "99999999999", "9007199254740993"])(`/${route.path} with id %s answers 404`, async (id) => {
      const mod = modules.get(route.path)!;
      const url = `${ORIGIN}/${route.path.replace(":id", id)}`;
      for (const [kind, request] of [
        ["loader", new Request(url, { headers: { cookie } })],
        ["action", new Request(url, { method: "POST", headers: { cookie, origin: ORIGIN, ...URLENCODED }, body: "title=x" })],
      ] as const) {
        const handler = mod[kind];
        if (!handler) continue;
        const got = await outcome(() => handler({ request, params: { id }, context: {} }));
        expect(got.status, `${kind}: ${String(got.message)}`).toBe(404);
      }
    });
  }

  for (const route of ADMIN_ROUTES) {
    it.each(CASES)(`/${route.path} answers $what with no 5xx`, async (c) => {
      const action = modules.get(route.path)?.action;
      if (!action) return;
      const request = new Request(`${ORIGIN}/${route.path.replace(":id", params.get(route.path)?.id ?? "1")}`, {
        method: "POST",
        headers: { ...c.headers, cookie, origin: ORIGIN },
        body: c.body(),
        duplex: "half",
      } as RequestInit);
      const got = await outcome(() => action({ request, params: params.get(route.path) ?? {}, context: {} }));
      expect(got.status, `${String(got.message)}`).toBeLessThan(500);
      if (c.expect !== "not 5xx") expect(got.status, `${String(got.message)}`).toBeGreaterThanOrEqual(400);
      if (typeof c.expect === "number") expect(got.status, String(got.message)).toBe(c.expect);
      expect(typeof got.message === "string" && got.message.length > 0, `a message for the toast, got ${String(got.message)}`).toBe(true);
      if (c.message) expect(got.message).toMatch(c.message);
    });
  }
});

describeEachDialect("an admin action whose database work fails, on %s", (dialect) => {
  let s: TestServices;
  let cookie = "";
  let toolId = "";
  let postId = "";

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    const email = "failing-admin@example.com";
    const password = "failing-pass-1";
    expect((await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email, password, name: "Failing" }))).status).toBe(200);
    const res = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-in/email", { email, password }));
    cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    toolId = String((await s.database.db.selectFrom("tools").select("id").executeTakeFirstOrThrow()).id);
    postId = String((await s.database.db.selectFrom("blog_posts").select("id").executeTakeFirstOrThrow()).id);
    // the failure: tables the actions write to are gone (the session tables stay, so the guard passes)
    await s.database.db.schema.dropTable("tools").execute();
    // (its category links first: PostgreSQL refuses to drop a table another one references)
    await s.database.db.schema.dropTable("blog_post_categories").execute();
    await s.database.db.schema.dropTable("blog_posts").execute();
  });
  afterAll(() => s.cleanup());

  it.each([
    ["admin/tools", () => `intent=rank-up&id=${toolId}`, "rank-up"],
    ["admin/tools/new", () => "name=Broken&slug=broken&category=Document&description=x&search_volume=1", undefined],
    ["admin/tools/:id", () => "name=Broken&slug=broken&category=Document&description=x&search_volume=1", undefined],
    ["admin/blog", () => `intent=delete&id=${postId}`, "delete"],
  ])("/%s answers the failure toast (500 ActionResult) instead of throwing to the error page", async (path, body, intent) => {
    const route = ADMIN_ROUTES.find((r) => r.path === path)!;
    const action = (await importRoute(route.file)).action!;
    const params: Record<string, string> = path.includes(":id") ? { id: toolId } : {};
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const request = new Request(`${ORIGIN}/${path.replace(":id", toolId)}`, { method: "POST", headers: { cookie, origin: ORIGIN, ...URLENCODED }, body: body() });
      const answer = await action({ request, params, context: {} });
      expect(answer).toMatchObject({ type: "DataWithResponseInit", data: { ok: false, message: ACTION_FAILED, intent }, init: { status: 500 } });
      expect(log).toHaveBeenCalledOnce();
    } finally {
      log.mockRestore();
    }
  });
});
