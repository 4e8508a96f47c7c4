// The CLI as a user runs it, for the CLI's tests: a real Node process per call on the built bundle.
import { spawnSync } from "node:child_process";
import { beforeAll, expect } from "vitest";

/** Builds the CLI before the file's tests (cli/launch.js builds it when stale); not timed by them. */
export function buildCliFirst(): void {
  beforeAll(() => {
    expect(spawnSync(process.execPath, ["cli/launch.js", "--help"], { encoding: "utf8" }).status).toBe(0);
  }, 120_000);
}

/** `npm run convert -- ...args`: its exit status and output. */
export function convert(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ["cli/launch.js", ...args], { encoding: "utf8", timeout: 120_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
