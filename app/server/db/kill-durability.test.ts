import { spawn } from "node:child_process";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "./connection.server.ts";
import { createTestServices, describeEachDialect, type TestServices } from "#tests/support/test-db.ts";

// Issue 28, finding 9: a write the database acknowledged survives the process being killed -9 in
// the middle of the next ones (five kills in a row, as the probe did). Power loss is FULL's job
// (database.test.ts checks the setting); this checks that nothing acknowledged is lost on the way.

/** Runs the writer until it has acknowledged `atLeast` more rows, kills it with SIGKILL, returns the ids it acknowledged. */
function writeUntilKilled(args: string[], atLeast: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["tests/support/db/acknowledged-writer.ts", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    const acknowledged: number[] = [];
    let buffered = "";
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) if (/^\d+$/.test(line)) acknowledged.push(Number(line));
      if (acknowledged.length >= atLeast) child.kill("SIGKILL");
    });
    child.on("exit", (_code, signal) => (signal === "SIGKILL" ? resolve(acknowledged) : reject(new Error(`writer stopped on its own: ${errors}`))));
  });
}

describeEachDialect("acknowledged writes across kill -9 on %s", (dialect) => {
  let s: TestServices;
  let url: string | undefined;
  beforeAll(async () => {
    s = await createTestServices(dialect);
    url = dialect === "postgres" ? s.env.DATABASE_URL : undefined;
    await s.database.close();
  });
  afterAll(() => s.cleanup());

  it("keeps every acknowledged insert through five kills", async () => {
    const acknowledged: number[] = [];
    for (let round = 0; round < 5; round++) {
      // each writer counts from its own million: a row committed but not yet printed never collides
      acknowledged.push(...(await writeUntilKilled([s.dataDir, String(round * 1_000_000 + 1), ...(url ? [url] : [])], 200)));
    }
    const { db, close } = openDatabase({ dataDir: s.dataDir, databaseUrl: url });
    try {
      const present = new Set((await sql<{ id: number }>`select id from kill_probe`.execute(db)).rows.map((r) => Number(r.id)));
      expect(acknowledged.length).toBeGreaterThanOrEqual(5 * 200);
      expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);
});
