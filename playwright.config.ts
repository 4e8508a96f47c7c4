import { availableParallelism } from "node:os";
import { defineConfig, type PlaywrightTestConfig, type Project } from "@playwright/test";

// e2e runs against the production build (npm test builds first) in the system Chromium;
// Playwright never downloads a browser here. E2E_DEV=1 runs against the dev server instead (no
// build/ needed), which lets several people run their own specs at once from their own E2E_PORT.
//
// One project per area of the site (decision 039), each with its own server on its own port
// (E2E_PORT + the area's index) and its own data folder, so an area runs alone
// (`npx playwright test --project media`) and two areas run side by side. Within an area the
// specs share one database, so they run one at a time.
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const DEV = process.env.E2E_DEV === "1";

interface Area {
  name: string;
  /** the spec files of the area; "site" takes every spec no other area claims */
  specs?: RegExp;
  /** the server's database: SQLite in its data folder unless it says PostgreSQL */
  database?: "postgres";
  /** specs that start their own servers (no server of the area), from this folder */
  ownServers?: { testDir: string };
}

const PROBE = /(^|\/)server-probe\.spec\.ts$/;

// In this order the two workers start them: media (the longest, about as long as three other areas
// together) first on one worker while the others take turns on the second. The admin area runs last
// whatever its place: Playwright starts a project that depends on another (admin on admin-first)
// only when every project without dependencies is done.
export const AREAS: readonly Area[] = [
  { name: "media", specs: /(^|\/)(media-[^/]*|midi-converter)\.spec\.ts$/ },
  { name: "site" },
  { name: "admin", specs: /(^|\/)(auth|admin-[^/]*)\.spec\.ts$/ },
  { name: "images", specs: /(^|\/)(image-tools|avif-svg|batch-conversion)\.spec\.ts$/ },
  { name: "documents", specs: /(^|\/)(pdf-[^/]*|xml-converter)\.spec\.ts$/ },
  { name: "ebooks", specs: /(^|\/)ebook-[^/]*\.spec\.ts$/ },
  // every tool offline (issue 30): one visitor's device, every engine family stored in turn
  { name: "offline", specs: /(^|\/)pwa-offline-tools\.spec\.ts$/ },
  // the attacker's probe (issue 28) on each database, each server fresh: its first sign-up is the admin
  { name: "probe", specs: PROBE },
  { name: "probe-pg", specs: PROBE, database: "postgres" },
  // scaling out (issue 32): two production servers on PostgreSQL and S3 behind nginx, started by the specs
  { name: "scale", specs: /\.spec\.ts$/, ownServers: { testDir: "tests/scale" } },
];
/** Why the PostgreSQL area cannot run here (its tests are reported skipped), or null. */
const POSTGRES_SKIP = process.env.TEST_DATABASE_URL ? null : "TEST_DATABASE_URL is not set";
/** A fresh database per PostgreSQL area, beside TEST_DATABASE_URL's. */
function postgresUrlOf(index: number): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://localhost/test");
  url.pathname = `/e2e_${portOf(index)}`;
  return url.toString();
}
// The first account ever created becomes the admin: this spec must meet the admin area's empty
// database, so it is a project of its own that the rest of the admin area depends on.
const FIRST_ADMIN = /(^|\/)auth\.spec\.ts$/;

const portOf = (index: number) => BASE_PORT + index;
const urlOf = (index: number) => `http://localhost:${portOf(index)}`;
/** The data folder (SQLite, outbox, uploads) of an area's server; specs read it through e2eDataDir(). */
const dataDirOf = (index: number) => `.e2e-data/e2e-data-${portOf(index)}`;

/**
 * The areas this run needs a server for: those named by --project or matched by a spec path on
 * the command line; all of them otherwise. Playwright starts every webServer of the config whatever
 * the projects selected, so the list is filtered here.
 */
function areasOfThisRun(argv: readonly string[]): Set<string> {
  const wanted = new Set<string>();
  const addProject = (project: string) => {
    const area = AREAS.find((a) => project === a.name || project === `${a.name}-first`);
    // a pattern or an unknown name: every server, Playwright says what it matched
    for (const a of area ? [area] : AREAS) wanted.add(a.name);
  };
  // --project takes every name up to the next option: `--project media images`, `--project=media`
  let inProjects = false;
  for (const arg of argv) {
    if (arg.startsWith("-")) {
      inProjects = arg === "--project";
      if (arg.startsWith("--project=")) addProject(arg.slice("--project=".length));
    } else if (inProjects) {
      addProject(arg);
    } else if (arg.endsWith(".spec.ts")) {
      const owners = AREAS.filter((a) => (a.ownServers ? arg.includes(a.ownServers.testDir) : a.specs?.test(arg)));
      for (const a of owners.length ? owners : [{ name: "site" }]) wanted.add(a.name);
    }
  }
  return wanted.size > 0 ? wanted : new Set(AREAS.map((a) => a.name));
}

const claimed = AREAS.flatMap((a) => (a.specs && !a.ownServers ? [a.specs] : []));
const projects: Project[] = AREAS.flatMap((area, index): Project[] => {
  const project: Project = {
    use: { baseURL: urlOf(index) },
    metadata: { dataDir: dataDirOf(index), ...(area.database === "postgres" && POSTGRES_SKIP ? { skipReason: POSTGRES_SKIP } : {}) },
    // one spec at a time per area (they share its database); areas run side by side
    workers: 1,
  };
  if (area.name === "admin") {
    return [
      { ...project, name: "admin-first", testMatch: FIRST_ADMIN },
      { ...project, name: "admin", testMatch: area.specs, testIgnore: FIRST_ADMIN, dependencies: ["admin-first"] },
    ];
  }
  if (area.ownServers) return [{ ...project, name: area.name, testDir: area.ownServers.testDir, testMatch: area.specs, use: {} }];
  return [{ ...project, name: area.name, ...(area.specs ? { testMatch: area.specs } : { testIgnore: claimed }) }];
});

const running = areasOfThisRun(process.argv);
const webServer: PlaywrightTestConfig["webServer"] = AREAS.flatMap((area, index) =>
  running.has(area.name) && !area.ownServers && !(area.database === "postgres" && POSTGRES_SKIP)
    ? [
        {
          name: area.name,
          // every run starts from an empty data folder (fresh SQLite, outbox and uploads)
          command:
            `node -e "require('fs').rmSync('${dataDirOf(index)}', { recursive: true, force: true })" && ` +
            (area.database === "postgres" ? "node tests/support/fresh-postgres-database.ts && node server.js" : "node server.js"),
          url: `${urlOf(index)}/healthz`,
          reuseExistingServer: false,
          timeout: 120_000,
          stdout: "ignore" as const,
          stderr: "pipe" as const,
          env: {
            NODE_ENV: DEV ? "development" : "production",
            PORT: String(portOf(index)),
            PUBLIC_URL: urlOf(index),
            DATA_DIR: dataDirOf(index),
            E2E_TEST_TOOLS: "1",
            ...(area.database === "postgres" ? { DATABASE_URL: postgresUrlOf(index) } : {}),
          },
        },
      ]
    : [],
);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/port-${BASE_PORT}`,
  fullyParallel: false,
  // two areas at once on a 2-core machine (E2E_WORKERS overrides); each area is one worker at most
  workers: Number(process.env.E2E_WORKERS ?? Math.min(2, availableParallelism())),
  // CI retries a failed test once: a pass on the retry is reported as flaky, by name, in the summary
  // of `npm test` (scripts/test.js), so it stays visible without one unexplained hang sinking a run
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: "test-reports/playwright.json" }]],
  timeout: DEV ? 60_000 : 30_000,
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    trace: "off",
  },
  projects,
  webServer,
});
