// Placeholder while this screen is being built (issue 4); replaced by the real screen.
import { requireAdmin } from "~/server/auth/session.server";
import type { Route } from "./+types/ads";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Placeholder() {
  return <p className="text-slate-600">This screen is being built.</p>;
}
