// Placeholder while the editor upload is being built (issue 4).
import { requireAdmin } from "~/server/auth/session.server";
import type { Route } from "./+types/api.upload";

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return Response.json({ message: "Uploads are not available yet" }, { status: 501 });
}
