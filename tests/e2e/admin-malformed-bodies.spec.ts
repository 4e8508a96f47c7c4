import { expect, test } from "./support/test.ts";
import { adminContext } from "./support/admin.ts";

// Malformed bodies through the real server (Express limits, React Router, the actions) as a signed-in
// admin: a clear 4xx for the page POST and for the fetcher's .data POST, never a 5xx. The unit sweep
// (tests/unit/admin-malformed-bodies.test.ts) covers every action; this checks the answers reach the wire.

const ROUTES = ["/admin/users", "/admin/password", "/admin/tools/new", "/admin/tools/1", "/admin/settings", "/admin/blog"];
const UNREADABLE = "The form could not be read. Please try again.";

test("malformed bodies to admin actions get 415/400/413 with a message, never a 500", async ({ browser, baseURL }) => {
  const { context } = await adminContext(browser, baseURL!, "bodies-admin@example.com");
  const origin = baseURL!;
  const cases: { what: string; headers: Record<string, string>; data: string | Buffer; status: number; text: string }[] = [
    { what: "JSON", headers: { "content-type": "application/json" }, data: '{"intent":"set-role"}', status: 415, text: 'Unsupported Content-Type \\"application/json\\"' },
    { what: "text/plain", headers: { "content-type": "text/plain" }, data: "intent=delete", status: 415, text: "text/plain" },
    // Playwright labels a Buffer application/octet-stream (the unit sweep sends none at all)
    { what: "raw bytes", headers: {}, data: Buffer.from("intent=delete"), status: 415, text: "application/octet-stream" },
    { what: "broken multipart", headers: { "content-type": "multipart/form-data; boundary=zzz" }, data: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', status: 400, text: UNREADABLE },
  ];
  for (const route of ROUTES) {
    for (const c of cases) {
      for (const url of [route, `${route}.data`]) {
        const res = await context.request.post(url, { headers: { origin, ...c.headers }, data: c.data, maxRedirects: 0 });
        expect(res.status(), `${c.what} to ${url}`).toBe(c.status);
        // the .data answer carries the ActionResult the screen toasts
        if (url.endsWith(".data")) expect(await res.text(), `${c.what} to ${url}`).toContain(c.text);
      }
    }
    // over the 16 MB admin limit: the HTTP layer refuses it before anything reads it
    const huge = await context.request.post(route, { headers: { origin }, multipart: { title: "x".repeat(17 * 1024 * 1024) }, maxRedirects: 0 });
    expect(huge.status(), `huge form to ${route}`).toBe(413);
  }
  await context.close();
});

// Issue 28, finding 4: text no database can hold (U+0000 fails a PostgreSQL query) or that is not UTF-8,
// through the real server. The unit sweeps (tests/unit/anonymous-malformed-text.test.ts and
// admin-malformed-bodies.test.ts) cover every route on both databases; this checks the wire.
test("NUL bytes and broken text in slugs, credentials and admin forms get 404/400, never a 500", async ({ browser, baseURL, request }) => {
  const origin = baseURL!;
  for (const path of ["/blog/%00", "/page/%00", "/tool/%00", "/blog/category/%00", "/blog/a%00b", "/blog/%ff", "/blog/%c3%28", "/tool/%ed%a0%80", "/page/%00.data"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect([400, 404], path).toContain(res.status());
  }
  for (const endpoint of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/request-password-reset"]) {
    const res = await request.post(endpoint, {
      headers: { origin, "content-type": "application/json" },
      data: '{"email":"a\\u0000@example.com","password":"long-enough-1","name":"x","redirectTo":"/auth"}',
    });
    expect(res.status(), endpoint).toBe(400);
    expect(await res.json(), endpoint).toMatchObject({ code: "INVALID_TEXT" });
  }
  const { context } = await adminContext(browser, origin, "text-admin@example.com");
  for (const url of ["/admin/tools/new", "/admin/tools/new.data", "/admin/settings.data"]) {
    const res = await context.request.post(url, { headers: { origin }, form: { name: "a\u0000b", slug: "nul-tool", category: "Document", title: "a\u0000b" }, maxRedirects: 0 });
    expect(res.status(), url).toBe(400);
    if (url.endsWith(".data")) expect(await res.text(), url).toContain("cannot be stored");
  }
  await context.close();
});
