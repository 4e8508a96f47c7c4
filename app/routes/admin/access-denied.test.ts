import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { cookieFrom, whoIs } from "#tests/support/accounts.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";
import * as layout from "./layout.tsx";

// Issue 28, sessions: a signed-in account without the admin role on an admin URL gets the admin
// layout's 'Access Denied' screen (403) with a Sign Out button, and its session lives on.

const ORIGIN = "http://localhost:3999";

/** The admin layout served as React Router serves it: its loader, then its component or boundary, to HTML. */
async function renderAdmin(cookie: string): Promise<{ status: number; html: string }> {
  // the boundary is what this checks: no component is needed (an admin's render needs the framework's props)
  const routes = [{ id: "admin", path: "/admin/*", loader: layout.loader, Component: () => null, ErrorBoundary: layout.ErrorBoundary }];
  const handler = createStaticHandler(routes as never);
  const context = await handler.query(new Request(`${ORIGIN}/admin/dashboard`, { headers: { cookie } }));
  if (context instanceof Response) return { status: context.status, html: "" };
  const router = createStaticRouter(handler.dataRoutes, context);
  return { status: context.statusCode, html: renderToString(createElement(StaticRouterProvider, { router, context })) };
}

describeEachDialect("Access Denied on %s", (dialect) => {
  let s: TestServices;
  let userCookie = "";
  const password = "denied-pass-1";
  const signIn = async (email: string) => cookieFrom((await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-in/email", { email, password }))).headers);

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    for (const email of ["denied-admin@example.com", "denied-user@example.com"]) {
      expect((await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email, password, name: "x" }))).status).toBe(200);
    }
    userCookie = await signIn("denied-user@example.com");
  });
  afterAll(() => s.cleanup());

  it("shows a plain user 'Access Denied' with a Sign Out button, and keeps the session", async () => {
    const { status, html } = await renderAdmin(userCookie);
    expect(status).toBe(403);
    expect(html).toContain("Access Denied");
    expect(html).toContain("You don&#x27;t have admin privileges.");
    expect(html).toContain("denied-user@example.com");
    expect(html).toMatch(/<form[^>]*action="\/auth\/sign-out"[^>]*method="post"><button type="submit"[^>]*>Sign Out<\/button><\/form>/);
    expect((await whoIs(s, userCookie))?.role).toBe("user");
    // a second visit: still signed in, still denied
    expect((await renderAdmin(userCookie)).status).toBe(403);
  });
});
