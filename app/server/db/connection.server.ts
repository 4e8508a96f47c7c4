import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { ensurePrivateDir, makeFilesPrivate } from "../private-files.server.ts";
import type { Database } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// bigint columns (rate-limit windows) come back as strings from pg; they fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** PostgreSQL when a postgres URL is given, otherwise the SQLite file `<dataDir>/site.db`. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string; synchronous?: "FULL" | "NORMAL" }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on("error", (error) => console.warn(`[db] idle PostgreSQL connection lost: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  ensurePrivateDir(options.dataDir);
  const dbPath = path.join(options.dataDir, "site.db");
  const file = new SQLite(dbPath);
  file.pragma("journal_mode = WAL");
  file.pragma("foreign_keys = ON");
  file.pragma("busy_timeout = 5000");
  // FULL (the default): a commit is on disk before it is acknowledged, also when the machine (not
  // only the process) dies; WAL's NORMAL could lose the last commits (issue 28, finding 9)
  file.pragma(`synchronous = ${options.synchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
  // password hashes and session tokens: the file and its journal are the server user's alone
  makeFilesPrivate([dbPath, `${dbPath}-wal`, `${dbPath}-shm`]);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/** Where a write reads the time for its timestamp columns; tests pass their own to set times, not sleep. */
export type Clock = () => string;

/** Current time as stored in our timestamp columns. */
export const nowIso: Clock = () => new Date().toISOString();
