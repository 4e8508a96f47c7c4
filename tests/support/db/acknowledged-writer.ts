// A child process for the kill -9 test (app/server/db/kill-durability.test.ts): opens the database
// the server's way (openDatabase: WAL, synchronous=FULL on SQLite; a pool on PostgreSQL), then
// inserts rows one after another and prints each id once its insert has been acknowledged, until
// it is killed. Usage: node tests/support/db/acknowledged-writer.ts <dataDir> <firstId> [postgres-url]
import { sql } from "kysely";
import { openDatabase } from "#app/server/db/connection.server.ts";

const [dataDir, firstId, databaseUrl] = process.argv.slice(2);
if (!dataDir || !firstId) throw new Error("usage: acknowledged-writer.ts <dataDir> <firstId> [postgres-url]");
const { db } = openDatabase({ dataDir, databaseUrl });
await sql`create table if not exists kill_probe (id integer primary key)`.execute(db);
process.stdout.write("ready\n");
for (let id = Number(firstId); ; id++) {
  await sql`insert into kill_probe (id) values (${id})`.execute(db);
  process.stdout.write(`${id}\n`);
}
