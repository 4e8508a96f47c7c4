import { sql, type Kysely } from "kysely";
import type { Database } from "#app/server/db/schema.ts";
import { checkStorage, type Storage } from "#app/server/storage/storage.server.ts";

/** Whether the database answers a query. */
const databaseAnswers = (db: Kysely<Database>) => sql`select 1`.execute(db).then(
  () => true,
  () => false,
);

/**
 * /readyz: whether this instance can serve everything, for a load balancer deciding where to send
 * requests: the database answers and the upload storage (the S3 bucket, or the local folder) does.
 * Each part says "ok" or why not; the reasons name no secret.
 */
export async function checkReadiness(db: Kysely<Database>, storage: Storage): Promise<{ status: 200 | 503; body: Record<string, string> }> {
  const [database, files] = await Promise.all([
    databaseAnswers(db).then((answers) => (answers ? "ok" : "unreachable")),
    checkStorage(storage, 2000).then((check) => (check.ok ? "ok" : check.message)),
  ]);
  const ready = database === "ok" && files === "ok";
  return { status: ready ? 200 : 503, body: { status: ready ? "ok" : "unavailable", database, storage: files } };
}
