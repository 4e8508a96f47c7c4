import { redirect } from "react-router";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import type { Route } from "./+types/index";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw redirect("/admin/dashboard");
}
