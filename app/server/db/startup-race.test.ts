// Instances of a scaled-out site start together on one empty PostgreSQL database (issue 32): each
// migrates and seeds, in turns, and every one of them starts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/server/env.server.ts";
import { createServices, type Services } from "#app/server/services.server.ts";
import { createScratchDatabase } from "#tests/support/scratch-postgres.ts";
import { postgresSkipReason } from "#tests/support/test-db.ts";

const INSTANCES = 4;

describe.skipIf(postgresSkipReason !== null)(`instances starting at once${postgresSkipReason ? ` (skipped: ${postgresSkipReason})` : ""}`, () => {
  it(`${INSTANCES} on one empty PostgreSQL database all start, with the seed written once`, async () => {
    const database = await createScratchDatabase("t_startup");
    const dataDirs = Array.from({ length: INSTANCES }, () => fs.mkdtempSync(path.join(os.tmpdir(), "startup-race-")));
    const started: Services[] = [];
    try {
      const results = await Promise.allSettled(
        dataDirs.map((dataDir) =>
          createServices(parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3999", AUTH_SECRET: "test-secret-test-secret-test-secret-0123", DATABASE_URL: database.url })),
        ),
      );
      for (const result of results) if (result.status === "fulfilled") started.push(result.value);
      expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "started"))).toEqual(Array(INSTANCES).fill("started"));
      const db = started[0]!.database.db;
      const settings = await db.selectFrom("site_settings").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      const keys = await db.selectFrom("site_settings").select("setting_key").distinct().execute();
      expect(Number(settings.n)).toBe(keys.length);
      const slugs = await db.selectFrom("tools").select("slug").execute();
      expect(new Set(slugs.map((t) => t.slug)).size).toBe(slugs.length);
      expect(slugs.length).toBeGreaterThan(40);
    } finally {
      await Promise.all(started.map((s) => s.database.close()));
      await database.drop();
      for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
