import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import type { Auth } from "../auth/auth.server.ts";
import type { DatabaseHandle } from "./connection.server.ts";
import { buildMigrations } from "./migrations.server.ts";

/** Any fixed number: the key of the PostgreSQL advisory lock instances take while they prepare the database. */
const STARTUP_LOCK_KEY = 3_200_032_026;

/**
 * Runs `work` (migrations and seeding) while no other instance on the same database does: instances
 * of a scaled-out site start together on one PostgreSQL database, and two CREATE TABLEs of one name
 * at once fail the second start ("duplicate key ... pg_type_typname_nsp_index"). The lock is held by
 * one pooled connection for the whole of `work`, which runs on the others. SQLite has one instance.
 */
export async function underStartupLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== "postgres") return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}

/** Apply our migrations, then better-auth's tables (user, session, account, verification). */
export async function migrateDatabase(database: DatabaseHandle, auth: Auth): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => buildMigrations(database.dialect) };
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") console.error(`[db] migration ${r.migrationName} failed`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
}
