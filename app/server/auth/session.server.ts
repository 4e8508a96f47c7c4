import { data, redirect } from "react-router";
import type { AccessDenied } from "#app/lib/access-denied.ts";
import { services } from "../services.server.ts";

export type SessionInfo = NonNullable<Awaited<ReturnType<ReturnType<typeof services>["auth"]["api"]["getSession"]>>>;

export async function getSession(request: Request): Promise<SessionInfo | null> {
  return services().auth.api.getSession({ headers: request.headers });
}

/**
 * Whether a public page's request is a signed-in admin's (a draft preview's reader). Only a request
 * with a session cookie asks the database: the page cache answers the others without a render.
 */
export async function isAdminRequest(request: Request): Promise<boolean> {
  if (!/(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(request.headers.get("cookie") ?? "")) return false;
  return (await getSession(request))?.user.role === "admin";
}

/**
 * First line of every admin loader, action and API: no session → /auth; a session without the
 * admin role is a 403 the admin layout draws as 'Access Denied' (with a Sign Out button). The session
 * is kept: a link from another site to an admin URL must not sign anyone out.
 */
export async function requireAdmin(request: Request): Promise<SessionInfo> {
  const session = await getSession(request);
  if (!session) throw redirect("/auth");
  if (session.user.role !== "admin") {
    throw data({ accessDenied: true, email: session.user.email } satisfies AccessDenied, { status: 403, headers: { "Cache-Control": "private, no-store" } });
  }
  return session;
}
