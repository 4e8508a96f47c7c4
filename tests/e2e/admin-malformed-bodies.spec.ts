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
