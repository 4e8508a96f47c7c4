import { getMigrations } from "better-auth/db/migration";
import { Migrator, type MigrationProvider } from "kysely/migration";
import type { Auth } from "../auth/auth.server.ts";
import type { DatabaseHandle } from "./connection.server.ts";
import { buildMigrations } from "./migrations.server.ts";

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
