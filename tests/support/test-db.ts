import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe } from "vitest";
import { parseEnv, type Env } from "#app/server/env.server.ts";
import { createServices, type Services } from "#app/server/services.server.ts";
import { createScratchDatabase } from "./scratch-postgres.ts";

export type TestDialect = "sqlite" | "postgres";

/** Why the PostgreSQL suites are skipped on this run, or null when they run. */
export const postgresSkipReason: string | null = process.env.TEST_DATABASE_URL ? null : "TEST_DATABASE_URL is not set";

/**
 * A DB suite on every database: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. Without it
 * the PostgreSQL suite still exists and is reported as skipped, its name saying why, so a run
 * without a database shows what it did not test. `%s` in the name becomes the dialect.
 */
export function describeEachDialect(name: string, body: (dialect: TestDialect) => void): void {
  describe(name.replace("%s", "sqlite"), () => body("sqlite"));
  const postgres = postgresSkipReason ? `postgres (skipped: ${postgresSkipReason})` : "postgres";
  describe.skipIf(postgresSkipReason !== null)(name.replace("%s", postgres), () => body("postgres"));
}

export interface TestServices extends Services {
  dataDir: string;
  cleanup(): Promise<void>;
}

/** A fresh, migrated and seeded set of services on its own database (a new SQLite file or a new PostgreSQL database). */
export async function createTestServices(dialect: TestDialect, overrides: Record<string, string> = {}): Promise<TestServices> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tools-site-test-"));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (dialect === "postgres") {
    const database = await createScratchDatabase("t");
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  const env: Env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3999",
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...overrides,
  });
  const services = await createServices(env);
  return {
    ...services,
    dataDir,
    async cleanup() {
      // queued mails read the site name from the database when they are written
      await services.mail.drain();
      await services.database.close();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON POST to better-auth as a browser on the site's origin would send it. */
export function authRequest(endpoint: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost:3999/api/auth${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3999", ...headers },
    body: JSON.stringify(body),
  });
}
