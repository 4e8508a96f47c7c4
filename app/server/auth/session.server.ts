import { redirect } from "react-router";
import { ACCESS_DENIED_PARAM } from "#app/lib/auth-schemas.ts";
import { services } from "../services.server.ts";

export type SessionInfo = NonNullable<Awaited<ReturnType<ReturnType<typeof services>["auth"]["api"]["getSession"]>>>;

export async function getSession(request: Request): Promise<SessionInfo | null> {
  return services().auth.api.getSession({ headers: request.headers });
}

/**
 * First line of every admin loader, action and API: no session → /auth; a session without the
 * admin role is ended and the user lands on /auth with the 'Access Denied' toast.
 */
export async function requireAdmin(request: Request): Promise<SessionInfo> {
  const session = await getSession(request);
  if (!session) throw redirect("/auth");
  if (session.user.role !== "admin") {
    const { headers } = await services().auth.api.signOut({ headers: request.headers, returnHeaders: true });
    const out = new Headers();
    for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
    throw redirect(`/auth?error=${ACCESS_DENIED_PARAM}`, { headers: out });
  }
  return session;
}
