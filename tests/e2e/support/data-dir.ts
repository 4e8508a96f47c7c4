import { test } from "@playwright/test";

/**
 * The data folder (site.db, outbox, uploads) of the server the running test's project talks to:
 * each area has its own (playwright.config.ts puts it in the project's metadata). Call it inside a
 * test or a hook.
 */
export function e2eDataDir(): string {
  const dir: unknown = test.info().project.metadata.dataDir;
  if (typeof dir !== "string") throw new Error(`project ${test.info().project.name} has no dataDir in its metadata`);
  return dir;
}
