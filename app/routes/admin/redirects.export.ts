import { requireAdmin } from "#app/server/auth/session.server.ts";
import { listRedirects } from "#app/server/queries/redirects.server.ts";
import { redirectsToCsv } from "#app/server/redirects/rules.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/redirects.export";

/** The Redirects screen's export: every rule as CSV (the import reads it back as it is). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const csv = redirectsToCsv(await listRedirects(services().database.db));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="redirects.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
