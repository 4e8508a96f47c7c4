import { data, redirect } from "react-router";
import { adminAliasTarget } from "#app/lib/admin-nav.ts";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import type { Route } from "./+types/nav-alias";

/** /admin/posts(/...) → /admin/blog(/...): a sidebar label's own address answers with its screen. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const target = adminAliasTarget(url.pathname.replace(/^\/admin\//, ""));
  if (target === null) throw data(null, { status: 404 });
  throw redirect(target + url.search);
}
