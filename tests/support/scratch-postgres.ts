// A new, empty PostgreSQL database beside another one's (TEST_DATABASE_URL's by default), for a
// test or benchmark that needs a database of its own: created through the base database's server,
// dropped (connections closed) when done.
import crypto from "node:crypto";
import pg from "pg";

export interface ScratchDatabase {
  name: string;
  /** the base URL with this database's name */
  url: string;
  drop: () => Promise<void>;
}

async function onServer(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `<prefix>_<random hex>`, created now. `prefix`: lower-case letters, digits and underscores. */
export async function createScratchDatabase(prefix: string, base = process.env.TEST_DATABASE_URL): Promise<ScratchDatabase> {
  if (!base) throw new Error("TEST_DATABASE_URL is not set: no PostgreSQL server to create a database on");
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`not a plain database name prefix: "${prefix}"`);
  const name = `${prefix}_${crypto.randomBytes(5).toString("hex")}`;
  await onServer(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(base, `drop database if exists ${name} with (force)`) };
}
