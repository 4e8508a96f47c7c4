import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleAuthRequest } from "#app/server/auth/guards.server.ts";
import { useServices } from "#app/server/services.server.ts";
import { ADMIN_ROUTES, importRoute } from "../support/admin-routes.ts";
import { authRequest, createTestServices, describeEachDialect, type TestServices } from "../support/test-db.ts";

const ORIGIN = "http://localhost:3999";
const PARAMS = { id: "999999" };

/** What a handler did: the Response it returned or threw, or a plain value (with any cookies it set). */
async function outcome(run: () => unknown): Promise<{ status: number; location: string | null; setCookie: string[] }> {
  try {
    const value = await run();
    if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), setCookie: value.headers.getSetCookie() };
    // data() results carry an init
    const init = (value as { init?: { status?: number; headers?: HeadersInit } } | null)?.init;
    return { status: init?.status ?? 200, location: null, setCookie: new Headers(init?.headers).getSetCookie() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), setCookie: thrown.headers.getSetCookie() };
    const init = (thrown as { init?: { status?: number; headers?: HeadersInit } } | null)?.init;
    if (init) {
      const headers = new Headers(init.headers);
      return { status: init.status ?? 500, location: headers.get("location"), setCookie: headers.getSetCookie() };
    }
    throw thrown;
  }
}

function request(method: "GET" | "POST", routePath: string, cookie?: string): Request {
  const url = `${ORIGIN}/${routePath.replace(":id", PARAMS.id)}`;
  const headers: Record<string, string> = { origin: ORIGIN };
  if (cookie) headers.cookie = cookie;
  return method === "GET" ? new Request(url, { headers }) : new Request(url, { method: "POST", headers, body: new FormData() });
}

describe("admin routes found in the route config", () => {
  it("include every screen of the sidebar and the upload API", () => {
    const paths = ADMIN_ROUTES.map((r) => r.path);
    for (const p of ["admin/dashboard", "admin/tools", "admin/blog", "admin/pages", "admin/menu", "admin/ads", "admin/seo", "admin/content", "admin/users", "admin/settings", "admin/password", "admin/api/upload"]) {
      expect(paths).toContain(p);
    }
  });

  it.each(ADMIN_ROUTES.map((r) => [r.path || "(layout)", r.file] as const))("%s starts every loader and action with requireAdmin", (_, file) => {
    const source = fs.readFileSync(path.join("app", file), "utf8");
    const handlers = [...source.matchAll(/export (?:async )?function (loader|action)\s*\([^)]*\)[^{]*\{\s*([^\n]*)/g)];
    const arrows = [...source.matchAll(/export const (loader|action)\s*=/g)];
    expect(arrows, `${file}: write loader/action as functions so the guard is visible`).toHaveLength(0);
    for (const [, name, firstLine] of handlers) {
      // requireAdminJson: the JSON API's form of the same guard (401/403 instead of redirects)
      expect(firstLine, `${file} ${name}`).toMatch(/^(const \w+ = )?await requireAdmin(Json)?\(request\)|^try \{$/);
    }
  });
});

describeEachDialect("admin authorization matrix on %s", (dialect) => {
  let s: TestServices;
  let adminCookie = "";
  const password = "matrix-pass-1";

  const signIn = async (email: string) => {
    const res = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-in/email", { email, password }));
    expect(res.status).toBe(200);
    return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  };

  beforeAll(async () => {
    s = await createTestServices(dialect);
    useServices(s);
    for (const email of ["matrix-admin@example.com", "matrix-user@example.com"]) {
      const res = await handleAuthRequest(s.auth, s.database.db, authRequest("/sign-up/email", { email, password, name: email }));
      expect(res.status).toBe(200);
    }
    adminCookie = await signIn("matrix-admin@example.com");
  });
  afterAll(() => s.cleanup());

  for (const route of ADMIN_ROUTES) {
    for (const kind of ["loader", "action"] as const) {
      it(`${kind} of /${route.path || "admin (layout)"}: anonymous → /auth, non-admin → Access Denied and still signed in, admin → allowed`, async () => {
        const mod = await importRoute(route.file);
        const handler = mod[kind];
        if (!handler) return;
        const method = kind === "loader" ? "GET" : "POST";
        const call = (cookie?: string) => outcome(() => handler({ request: request(method, route.path || "admin", cookie), params: PARAMS, context: {} }));

        const anonymous = await call();
        if (anonymous.location !== null) expect(anonymous.location).toBe("/auth");
        else expect(anonymous.status).toBe(401);

        const userCookie = await signIn("matrix-user@example.com");
        const nonAdmin = await call(userCookie);
        // 'Access Denied' (the admin layout draws the 403), never a redirect that signs out
        expect(nonAdmin).toEqual({ status: 403, location: null, setCookie: [] });
        // the non-admin's session is kept (issue 28: a link to an admin URL must not sign anyone out)
        const session = await s.auth.api.getSession({ headers: new Headers({ cookie: userCookie }) });
        expect(session?.user.email).toBe("matrix-user@example.com");

        const admin = await call(adminCookie);
        expect(admin.location === "/auth" || (admin.location ?? "").startsWith("/auth?")).toBe(false);
        expect([401, 403]).not.toContain(admin.status);
      });
    }
  }
});
