// The PostgreSQL side: pg_dump and pg_restore (PostgreSQL's own tools, which know every object type
// and take a consistent snapshot in one transaction), and a few questions asked through `pg`.
import { spawn } from "node:child_process";
import pg from "pg";
import { BackupError, messageOf } from "./errors.ts";
import type { MigrationsEntry } from "./manifest.ts";
import { pgConnection, redactUrl } from "./plan.ts";

const INSTALL_HINT = "install the PostgreSQL client tools of the server's major version or newer (Debian: postgresql-client)";

/** Runs pg_dump or pg_restore; its error output goes into the message when it fails. */
export function runPgTool(tool: "pg_dump" | "pg_restore", args: readonly string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new BackupError("pg-tool-missing", `${tool} was not found on PATH: ${INSTALL_HINT}.`)
          : new BackupError("pg-tool-failed", `${tool} could not start: ${error.message}`, { cause: error }),
      );
    });
    child.once("close", (code, signal) => {
      if (code === 0) return resolve(stdout);
      const said = stderr.trim().split("\n").slice(-8).join("\n") || "(no message)";
      reject(new BackupError("pg-tool-failed", `${tool} failed (${signal ?? `exit ${code}`}):\n${said}`));
    });
  });
}

/** `pg_dump --format=custom` of the database into `file`: compressed, and pg_restore can pick from it. */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = pgConnection(url);
  await runPgTool("pg_dump", ["--format=custom", "--no-password", `--file=${file}`, `--dbname=${dbname}`], env);
}

/**
 * Loads a dump into the database of `url`, in one transaction (a failure leaves it as it was).
 * --no-owner and --no-acl: the target's roles need not be the source's; the restoring user owns it all.
 * `clean` (--force over a database with tables): the dump's objects are dropped first.
 */
export async function restorePostgres(file: string, url: string, clean: boolean): Promise<void> {
  const { dbname, env } = pgConnection(url);
  const args = ["--no-owner", "--no-acl", "--exit-on-error", "--single-transaction", "--no-password", `--dbname=${dbname}`];
  if (clean) args.push("--clean", "--if-exists");
  await runPgTool("pg_restore", [...args, file], env);
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError("database-failed", `Could not connect to ${redactUrl(url)}: ${messageOf(error)}`, { cause: error });
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Tables outside PostgreSQL's own schemas: 0 for a fresh database. */
export function postgresTableCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_catalog.pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
    return rows[0]?.n ?? 0;
  });
}

/** Kysely's migration table; null when there is none. */
export function postgresMigrations(url: string): Promise<MigrationsEntry | null> {
  return withClient(url, async (client) => {
    const { rows: found } = await client.query<{ present: boolean }>("select to_regclass('kysely_migration') is not null as present");
    if (!found[0]?.present) return null;
    const { rows } = await client.query<{ name: string }>("select name from kysely_migration order by name");
    return { count: rows.length, latest: rows.at(-1)?.name ?? null };
  });
}
