import { sql, type Kysely } from "kysely";
import type { Database } from "#app/server/db/schema.ts";

/** /healthz: 200 when the database answers a query, 503 otherwise. */
export async function checkHealth(db: Kysely<Database>): Promise<{ status: 200 | 503; body: Record<string, string> }> {
  try {
    await sql`select 1`.execute(db);
    return { status: 200, body: { status: "ok" } };
  } catch {
    return { status: 503, body: { status: "unavailable", reason: "database unreachable" } };
  }
}
