// `node tests/support/fresh-postgres-database.ts`: drops and creates the database DATABASE_URL names,
// so an e2e server on PostgreSQL (playwright.config.ts, area "probe-pg") starts from nothing, like
// the SQLite areas with their emptied data folders. Connects through TEST_DATABASE_URL's database.
import pg from "pg";

const target = new URL(process.env.DATABASE_URL ?? "");
const name = target.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`DATABASE_URL must name a plain database, not "${name}"`);
const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
await client.connect();
await client.query(`drop database if exists ${name} with (force)`);
await client.query(`create database ${name}`);
await client.end();
