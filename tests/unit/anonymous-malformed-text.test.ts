import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { UNSTORABLE_TEXT_MESSAGE } from "#app/server/http/text-safety.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { createTestServices, describeEachDialect, type TestServices } from "../support/test-db.ts";

// Issue 28, finding 4: text a database cannot hold (PostgreSQL's text has no U+0000) or that is not
// well-formed (a lone surrogate, bytes that are not UTF-8), sent by an anonymous visitor to the public
// pages and the auth API. None may answer 5xx: slugs are a 404, forms and API bodies a 400 with a message.

const ORIGIN = "http://localhost:3999";

type Outcome = { status: number; detail: string };

function read(value: unknown, fallback: number): Outcome {
  if (value instanceof Response) return { status: value.status, detail: value.headers.get("location") ?? "" };
  const init = (value as { type?: string; init?: { status?: number } | null } | null)?.init;
  return { status: init?.status ?? fallback, detail: "" };
}

/** What a loader or handler answered or threw; an exception that is no answer is a 500. */
async function outcome(run: () => unknown): Promise<Outcome> {
  try {
    return read(await run(), 200);
  } catch (thrown) {
    if (thrown instanceof Response || (thrown as { type?: string } | null)?.type === "DataWithResponseInit") return read(thrown, 500);
    return { status: 500, detail: `threw ${thrown instanceof Error ? thrown.stack : String(thrown)}` };
  }
}

/** Slugs as React Router hands them to a loader: decoded when the escape is valid UTF-8, else as sent. */
const BAD_SLUGS = ["\u0000", "a\u0000b", "%00", "\uD800", "x\uDFFFy", "%ff", "%c3%28", "%ed%a0%80"];

/** The URL a browser would request for the slug (a lone surrogate has no UTF-8 form: send the broken bytes instead). */
const inPath = (slug: string) => (slug.isWellFormed() ? encodeURIComponent(slug) : "%ED%A0%80");

const SLUG_ROUTES: { file: string; param: string; url: (slug: string) => string }[] = [
  { file: "routes/site/blog-post.tsx", param: "slug", url: (s) => `/blog/${inPath(s)}` },
  { file: "routes/site/page.tsx", param: "slug", url: (s) => `/page/${inPath(s)}` },
  { file: "routes/site/tool.tsx", param: "slug", url: (s) => `/tool/${inPath(s)}` },
  { file: "routes/site/blog-category.tsx", param: "category", url: (s) => `/blog/category/${inPath(s)}` },
];

type Loader = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
const loaderOf = async (file: string) => ((await import(/* @vite-ignore */ `#app/${file.replace(/\.tsx?$/, "")}`)) as { loader: Loader }).loader;

/** A credential call as a script may send it: JSON text written by hand (so lone surrogates survive) or a form. */
function authCall(endpoint: string, body: string, type = "application/json", headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}/api/auth${endpoint}`, { method: "POST", headers: { "content-type": type, origin: ORIGIN, ...headers }, body });
}

const NUL = "\\u0000";
const LONE = "\\ud800";
const AUTH_CASES: { what: string; request: () => Request }[] = [
  ...["/sign-in/email", "/sign-up/email"].flatMap((endpoint) => [
    { what: `${endpoint}: NUL in the e-mail`, request: () => authCall(endpoint, `{"email":"a${NUL}@example.com","password":"long-enough-1","name":"a"}`) },
    { what: `${endpoint}: NUL alone as the e-mail`, request: () => authCall(endpoint, `{"email":"${NUL}","password":"long-enough-1","name":"a"}`) },
    { what: `${endpoint}: NUL in the password`, request: () => authCall(endpoint, `{"email":"nul-pass@example.com","password":"long${NUL}enough-1","name":"a"}`) },
    { what: `${endpoint}: NUL in the name`, request: () => authCall(endpoint, `{"email":"nul-name@example.com","password":"long-enough-1","name":"a${NUL}"}`) },
    { what: `${endpoint}: a lone surrogate in the e-mail`, request: () => authCall(endpoint, `{"email":"a${LONE}@example.com","password":"long-enough-1","name":"a"}`) },
    { what: `${endpoint}: form-encoded %00 in the e-mail`, request: () => authCall(endpoint, "email=a%00%40example.com&password=long-enough-1&name=a", "application/x-www-form-urlencoded") },
    { what: `${endpoint}: form-encoded text that is not UTF-8`, request: () => authCall(endpoint, "email=a%ff%40example.com&password=long-enough-1&name=a", "application/x-www-form-urlencoded") },
  ]),
  { what: "reset request: NUL in the e-mail", request: () => authCall("/request-password-reset", `{"email":"a${NUL}@example.com","redirectTo":"/auth"}`) },
  { what: "reset request: NUL in redirectTo", request: () => authCall("/request-password-reset", `{"email":"a@example.com","redirectTo":"/auth${NUL}"}`) },
  { what: "reset: NUL in the token", request: () => authCall("/reset-password", `{"token":"${NUL}","newPassword":"long-enough-1"}`) },
  { what: "reset: a lone surrogate in the new password", request: () => authCall("/reset-password", `{"token":"abc","newPassword":"long${LONE}enough"}`) },
  { what: "reset link: NUL in the token of the GET link", request: () => new Request(`${ORIGIN}/api/auth/reset-password/%00?callbackURL=%2Fauth`) },
  { what: "reset link: NUL in the callback URL", request: () => new Request(`${ORIGIN}/api/auth/reset-password/abc?callbackURL=%2Fauth%00`) },
  { what: "get-session: a NUL query parameter", request: () => new Request(`${ORIGIN}/api/auth/get-session?disableCookieCache=%00`) },
];

describeEachDialect("NUL bytes and broken text from anonymous visitors on %s", (dialect) => {
  let s: TestServices;
  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
  });
  afterAll(() => s.cleanup());

  for (const route of SLUG_ROUTES) {
    it.each(BAD_SLUGS.map((slug) => [JSON.stringify(slug), slug] as const))(`${route.url(":slug")} with %s answers 404`, async (_, slug) => {
      const loader = await loaderOf(route.file);
      const got = await outcome(() => loader({ request: new Request(`${ORIGIN}${route.url(slug)}`), params: { [route.param]: slug }, context: new RouterContextProvider() }));
      expect(got.status, got.detail).toBe(404);
    });
  }

  it.each(["%00", "%ff", "%c3%28", "1%00"])("the blog's ?page=%s answers no 5xx", async (page) => {
    for (const [file, params, path] of [
      ["routes/site/blog.tsx", {}, "/blog"],
      ["routes/site/blog-category.tsx", { category: "guides" }, "/blog/category/guides"],
      ["routes/site/tools.tsx", {}, "/tools"],
    ] as const) {
      const loader = await loaderOf(file);
      const got = await outcome(() => loader({ request: new Request(`${ORIGIN}${path}?page=${page}&q=${page}`), params, context: {} }));
      expect(got.status, `${path}: ${got.detail}`).toBeLessThan(500);
    }
  });

  it.each(AUTH_CASES)("/api/auth $what answers 4xx", async ({ request }) => {
    const res = await handleAuthRequest(s.auth, s.database.db, request(), { clientAddress: "203.0.113.80" });
    expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(400);
    expect(res.status, await res.clone().text()).toBeLessThan(500);
  });

  it.each(["%00.x", "a%00b.sig", "%ff.x"])("/api/auth/get-session with the session cookie %s answers no 5xx", async (value) => {
    const res = await handleAuthRequest(s.auth, s.database.db, new Request(`${ORIGIN}/api/auth/get-session`, { headers: { cookie: `better-auth.session_token=${value}` } }));
    expect(res.status, await res.clone().text()).toBeLessThan(500);
  });

  it("refuses such text in the body of an endpoint that is not a credential one (a signed-in user's /update-user)", async () => {
    const account = { email: "text-member@example.com", password: "long-enough-1" };
    expect((await handleAuthRequest(s.auth, s.database.db, authCall("/sign-up/email", JSON.stringify({ ...account, name: "m" })), { clientAddress: "203.0.113.81" })).status).toBe(200);
    const signIn = await handleAuthRequest(s.auth, s.database.db, authCall("/sign-in/email", JSON.stringify(account)), { clientAddress: "203.0.113.81" });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    for (const body of [`{"name":"a${NUL}b"}`, `{"name":"a${LONE}"}`, `{"image":"https://x.example/${NUL}"}`]) {
      const res = await handleAuthRequest(s.auth, s.database.db, authCall("/update-user", body, "application/json", { cookie }));
      expect(res.status, await res.clone().text()).toBe(400);
    }
    const fine = await handleAuthRequest(s.auth, s.database.db, authCall("/update-user", '{"name":"Member"}', "application/json", { cookie }));
    expect(fine.status).toBe(200);
  });

  it("names the problem in the answer to a credential body with a NUL byte", async () => {
    const res = await handleAuthRequest(s.auth, s.database.db, authCall("/sign-in/email", `{"email":"a${NUL}@example.com","password":"long-enough-1"}`));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "INVALID_TEXT", message: UNSTORABLE_TEXT_MESSAGE });
  });
});
