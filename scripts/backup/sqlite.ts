// The SQLite side: a consistent snapshot of the live file through SQLite's online backup API, never a
// file copy (a copy of a WAL database taken while the server writes can miss the log or tear pages).
import fs from "node:fs";
import SQLite from "better-sqlite3";
import { PRIVATE_FILE_MODE } from "#app/server/private-files.server.ts";
import { BackupError, messageOf } from "./errors.ts";
import type { MigrationsEntry } from "./manifest.ts";

/** Pages per backup step: all of them. The step holds one read transaction (WAL lets the server write
 * meanwhile), so the copy is one consistent state; small steps would restart at every write the
 * server commits between them and might never finish under load. */
const ALL_PAGES = 0x7fffffff;
const BUSY_ATTEMPTS = 5;

/** Writes a snapshot of the database `source` to `destination` (a new file, 0600, rollback journal). */
export async function snapshotSqlite(source: string, destination: string): Promise<void> {
  if (!fs.existsSync(source)) throw new BackupError("source-missing", `There is no database at ${source}: is DATA_DIR right? (The server creates it at its first start.)`);
  // read-only: the backup never writes to the live database, and closing it never checkpoints it
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    for (let attempt = 1; ; attempt++) {
      try {
        await db.backup(destination, { progress: () => ALL_PAGES });
        break;
      } catch (error) {
        // SQLITE_BUSY: the server held a lock longer than the busy timeout (a checkpoint); try again
        const code = (error as { code?: unknown }).code;
        if ((code !== "SQLITE_BUSY" && code !== "SQLITE_LOCKED") || attempt === BUSY_ATTEMPTS) throw error;
        fs.rmSync(destination, { force: true });
      }
    }
  } finally {
    db.close();
  }
  fs.chmodSync(destination, PRIVATE_FILE_MODE);
  // one self-contained file: no -wal beside it to lose when the folder is copied
  const copy = new SQLite(destination);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

/** `pragma integrity_check` of a database file: "ok", or SQLite's list of what is wrong. */
export function integrityCheck(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma("integrity_check") as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

/** Throws snapshot-damaged unless the file passes SQLite's integrity check. */
export function assertIntact(file: string): void {
  let result: string;
  try {
    result = integrityCheck(file);
  } catch (error) {
    throw new BackupError("snapshot-damaged", `${file} is not a readable SQLite database: ${messageOf(error)}`, { cause: error });
  }
  if (result !== "ok") throw new BackupError("snapshot-damaged", `${file} fails SQLite's integrity check: ${result.slice(0, 500)}`);
}

/** Kysely's migration table of a database file; null when there is none. */
export function sqliteMigrations(file: string): MigrationsEntry | null {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) return null;
    const names = (db.prepare("select name from kysely_migration order by name").all() as { name: string }[]).map((r) => r.name);
    return { count: names.length, latest: names.at(-1) ?? null };
  } finally {
    db.close();
  }
}
